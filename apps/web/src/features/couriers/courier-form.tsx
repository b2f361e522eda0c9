/**
 * The full-page courier form with Back (docs/requirements/back-office.md §2 Couriers, §5, §8). On edit it shows
 * the Pricing Regions section: add, edit and delete the prices that the checkout offers as
 * local same-day options in the store's city.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  COURIER_STATUSES,
  COURIER_TYPES,
  courierInputSchema,
  courierMessages,
  courierPriceInputSchema,
  courierStatusLabels,
  courierTypeLabels,
  type Courier,
  type CourierInput,
  type CourierPrice,
  type CourierPriceInput,
} from '@pasar/core/couriers';
import { formatRupiah } from '@pasar/core/money';
import { deleteRow, ListBanners } from '../../components/admin/row-actions';
import { AdminPageHeader, AdminTable, buttonStyles, confirmAction } from '../../components/admin/admin-ui';
import { discardChangesMessage } from '../../components/confirm';
import { draftRestoredMessage, failureMessage, Field, LabelledOptions, NamedOptions, setServerErrors, useFormDraft, useUnsavedChanges, useZodForm } from '../../components/form';
import { useCities, useDistricts } from '../../lib/locations-api';
import { useDeletePrice, useSaveCourier, useSavePrice, useStoreLocation } from './api/couriers-api';
import { submitClearing } from '../../components/form/submit-clearing';

interface CourierFormState {
  courier_name: string;
  logo: string;
  type: string;
  status: string;
  phone_number: string;
  email: string;
  address: string;
  vehicle_number: string;
  license_number: string;
  city_id: string;
  notes: string;
  is_active: boolean;
}

const toForm = (c: Courier | null): CourierFormState => ({
  courier_name: c?.courier_name ?? '',
  logo: c?.logo ?? '',
  type: c?.type ?? 'motorcycle',
  status: c?.status ?? 'active',
  phone_number: c?.phone_number ?? '',
  email: c?.email ?? '',
  address: c?.address ?? '',
  vehicle_number: c?.vehicle_number ?? '',
  license_number: c?.license_number ?? '',
  city_id: c?.city_id ? String(c.city_id) : '',
  notes: c?.notes ?? '',
  is_active: c?.is_active ?? true,
});

export function CourierForm({ courier, onDone }: { courier: Courier | null; onDone: (notice: string, createdId?: number) => void }) {
  const location = useLocation();
  const form = useZodForm(courierInputSchema, { defaultValues: toForm(courier) });
  const { errors } = form.formState;
  // Issue 31 item 18: a session that runs out keeps the courier's typed fields (the page's path names the courier).
  const draft = useFormDraft(form, 'courier', courier?.id ?? null);
  const [restored] = useState(() => draft !== null && draft.recordId === (courier?.id ?? null));
  useEffect(() => {
    if (restored && draft) form.reset(draft.values, { keepDefaultValues: true });
    // Once, when the form is mounted (with its courier loaded).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Issue 31 item 15: an unsaved price row below holds the page as well as the courier's own fields.
  const [priceDirty, setPriceDirty] = useState(false);
  const guard = useUnsavedChanges(form.formState.isDirty || priceDirty);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(() => (restored ? draftRestoredMessage : ((location.state as { notice?: string } | null)?.notice ?? null)));
  const store = useStoreLocation();
  const cities = useCities(store.data?.province_id);
  const save = useSaveCourier();
  const field = (name: Exclude<keyof CourierFormState, 'is_active'>) => ({ error: errors[name]?.message, ...form.register(name) });

  const submit = async (input: CourierInput) => {
    try {
      const result = await save.mutateAsync({ ...(courier ? { id: courier.id, version: courier.version } : {}), body: input });
      guard.release();
      onDone(result.message ?? courierMessages.created, courier ? undefined : result.data.id);
    } catch (error) {
      setServerErrors(error, form.setError);
      // The spec: save shows the server's error field, or 'Failed to save courier'.
      setBanner(failureMessage(error, courierMessages.saveFailed));
    }
  };

  return (
    <div>
      <Link to="/admin/couriers" className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-green-800 hover:underline">
        ← Back
      </Link>
      <AdminPageHeader title={courier ? `Edit kurir: ${courier.courier_name}` : 'Tambah kurir'} />
      <ListBanners banner={banner} notice={notice} page={{ setBanner, setNotice }} />
      <form
        onSubmit={submitClearing(() => setBanner(null), form.handleSubmit(submit))}
        noValidate
        aria-label="Data kurir" className="grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-2">
        <Field id="courier-name" label="Nama kurir" maxLength={100} {...field('courier_name')} />
        <Field id="courier-phone" label="Nomor telepon" type="tel" maxLength={30} {...field('phone_number')} />
        <Field as="select" id="courier-type" label="Jenis" {...field('type')}>
          <LabelledOptions values={COURIER_TYPES} labels={courierTypeLabels} />
        </Field>
        <Field as="select" id="courier-status" label="Status" {...field('status')}>
          <LabelledOptions values={COURIER_STATUSES} labels={courierStatusLabels} />
        </Field>
        <Field id="courier-email" label="Email" type="email" {...field('email')} />
        <Field id="courier-vehicle" label="Nomor kendaraan" {...field('vehicle_number')} />
        <Field id="courier-license" label="Nomor SIM" {...field('license_number')} />
        {/* Controlled: the cities arrive after the form, and a stored city must show once they do. */}
        <Field as="select" id="courier-city" label="Kota layanan" hint="Kosongkan bila kurir melayani semua kota." value={form.watch('city_id')} {...field('city_id')}>
          <option value="">Semua kota</option>
          <NamedOptions items={cities.data} />
        </Field>
        <div className="sm:col-span-2">
          <Field as="textarea" id="courier-address" label="Alamat" {...field('address')} />
        </div>
        <Field id="courier-logo" label="Logo (URL)" {...field('logo')} />
        <Field id="courier-notes" label="Catatan" {...field('notes')} />
        <Field id="courier-active" type="checkbox" label="Aktif (dipakai di checkout)" {...form.register('is_active')} />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Link to="/admin/couriers" className={buttonStyles.secondary}>
            Batal
          </Link>
          <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
            {save.isPending ? 'Menyimpan…' : 'Simpan kurir'}
          </button>
        </div>
      </form>
      {courier && <PricingRegions courier={courier} onDirtyChange={setPriceDirty} />}
    </div>
  );
}

interface PriceFormState {
  region: string;
  district_id: string;
  base_price: string;
  price_per_km: string;
  min_price: string;
  notes: string;
  is_active: boolean;
}

const toPriceForm = (p: CourierPrice | null): PriceFormState => ({
  region: p?.region ?? '',
  district_id: p?.district_id ? String(p.district_id) : '',
  base_price: p ? String(p.base_price) : '',
  price_per_km: p ? String(p.price_per_km) : '0',
  min_price: p ? String(p.min_price) : '0',
  notes: p?.notes ?? '',
  is_active: p?.is_active ?? true,
});

function PricingRegions({ courier, onDirtyChange }: { courier: Courier; onDirtyChange: (dirty: boolean) => void }) {
  const store = useStoreLocation();
  const districts = useDistricts(store.data?.city_id);
  const save = useSavePrice();
  const remove = useDeletePrice();
  const [editing, setEditing] = useState<CourierPrice | null | undefined>(undefined);
  const form = useZodForm(courierPriceInputSchema, { defaultValues: toPriceForm(null) });
  const { errors } = form.formState;
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const field = (name: Exclude<keyof PriceFormState, 'is_active'>) => ({ error: errors[name]?.message, ...form.register(name) });
  // The page's one guard (a router holds one blocker) learns of a half-typed price row from here.
  const dirty = editing !== undefined && form.formState.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const open = (price: CourierPrice | null) => {
    if (dirty && !confirmAction(discardChangesMessage)) return;
    setEditing(price);
    form.reset(toPriceForm(price));
    setBanner(null);
  };

  const submit = async (input: CourierPriceInput) => {
    try {
      const result = await save.mutateAsync({ courierId: courier.id, body: input, ...(editing ? { id: editing.id, version: editing.version } : {}) });
      setNotice(result.message ?? courierMessages.priceCreated);
      setEditing(undefined);
    } catch (error) {
      setServerErrors(error, form.setError);
      setBanner(failureMessage(error, courierMessages.priceSaveFailed));
    }
  };

  const del = (price: CourierPrice) => deleteRow({ setBanner, setNotice }, courierMessages.priceDeleteConfirm, () => remove.mutateAsync(price.id), { deleted: courierMessages.priceDeleted, failed: courierMessages.priceDeleteFailed });

  const pickDistrict = (value: string) => {
    const name = districts.data?.find((d) => String(d.id) === value)?.name;
    const region = form.getValues('region');
    // The region name follows the chosen district unless the admin typed their own.
    if (name && (!region || districts.data?.some((d) => d.name === region))) form.setValue('region', name);
  };

  return (
    <section aria-labelledby="pricing-title" className="mt-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="pricing-title" className="text-lg font-bold">
            Pricing Regions
          </h2>
          <p className="text-sm text-stone-600">
            Harga antar di {store.data?.city_name ?? 'kota toko'}. Harga untuk satu kecamatan mengalahkan harga seluruh kota. Pembeli membayar nilai terbesar dari harga dasar dan harga minimum.
          </p>
        </div>
        <button type="button" className={buttonStyles.primary} onClick={() => open(null)}>
          Tambah harga
        </button>
      </div>
      <ListBanners banner={banner} notice={notice} page={{ setBanner, setNotice }} />
      {editing !== undefined && (
        <form
          onSubmit={submitClearing(() => { setBanner(null); setNotice(null); }, form.handleSubmit(submit))}
          noValidate
          aria-label={editing ? 'Ubah harga wilayah' : 'Tambah harga wilayah'} className="mb-4 grid gap-3 rounded-xl bg-stone-50 p-3 sm:grid-cols-3">
          {/* Controlled: the districts arrive after the form, and a stored district must show once they do. */}
          <Field as="select" id="price-district" label="Kecamatan" value={form.watch('district_id')} error={errors.district_id?.message} {...form.register('district_id', { onChange: (e: { target: { value: string } }) => pickDistrict(e.target.value) })}>
            <option value="">Seluruh {store.data?.city_name ?? 'kota'}</option>
            <NamedOptions items={districts.data} />
          </Field>
          <Field id="price-region" label="Wilayah" maxLength={120} {...field('region')} />
          {/* Whole rupiah, step 1 (docs/decisions/011): the spec's step 0.01 would invite decimals money never has. */}
          <Field id="price-base" label="Harga dasar (Rp)" hint="Rupiah bulat, tanpa desimal" type="number" min={0} step={1} inputMode="numeric" {...field('base_price')} />
          <Field id="price-per-km" label="Harga per km (Rp)" type="number" min={0} step={1} inputMode="numeric" {...field('price_per_km')} />
          <Field id="price-min" label="Harga minimum (Rp)" type="number" min={0} step={1} inputMode="numeric" {...field('min_price')} />
          <Field id="price-notes" label="Catatan" {...field('notes')} />
          <Field id="price-active" type="checkbox" label="Aktif" {...form.register('is_active')} />
          <div className="flex justify-end gap-2 sm:col-span-2">
            <button type="button" className={buttonStyles.secondary} onClick={() => (!dirty || confirmAction(discardChangesMessage)) && setEditing(undefined)}>
              Batal
            </button>
            <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
              {save.isPending ? 'Menyimpan…' : 'Simpan harga'}
            </button>
          </div>
        </form>
      )}
      {courier.prices.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-4 text-center text-sm text-stone-600">{courierMessages.pricingMissing}</p>
      ) : (
        <AdminTable label="Harga wilayah">
          <thead className="bg-stone-50 text-left">
            <tr>
              <th className="px-3 py-2">Wilayah</th>
              <th className="px-3 py-2">Kecamatan</th>
              <th className="px-3 py-2 text-right">Dasar</th>
              <th className="px-3 py-2 text-right">Per km</th>
              <th className="px-3 py-2 text-right">Minimum</th>
              <th className="px-3 py-2">Status</th>
              {/* Positioned, so the visually hidden label stays inside the scrolling table box: unpositioned it
                  is placed against the page and widens a phone's page to the table's width (issue 31). */}
              <th className="relative px-3 py-2">
                <span className="sr-only">Aksi</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {courier.prices.map((p) => (
              <tr key={p.id}>
                <td className="px-3 py-2 font-semibold">{p.region}</td>
                <td className="px-3 py-2">{p.district_id ? (p.district_name ?? `#${p.district_id}`) : 'Seluruh kota'}</td>
                <td className="px-3 py-2 text-right">{formatRupiah(p.base_price)}</td>
                <td className="px-3 py-2 text-right">{formatRupiah(p.price_per_km)}</td>
                <td className="px-3 py-2 text-right">{formatRupiah(p.min_price)}</td>
                <td className="px-3 py-2">{p.is_active ? 'Aktif' : 'Nonaktif'}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  <button type="button" className={buttonStyles.small} onClick={() => open(p)} aria-label={`Ubah harga ${p.region}`}>
                    Ubah
                  </button>{' '}
                  <button type="button" className={buttonStyles.danger} onClick={() => void del(p)} disabled={remove.isPending} aria-label={`Hapus harga ${p.region}`}>
                    Hapus
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </section>
  );
}
