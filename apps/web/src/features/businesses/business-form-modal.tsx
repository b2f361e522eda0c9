/**
 * The add/edit business modal (docs/requirements/back-office.md §2, §4, §5): closes on Escape, backdrop and its
 * close button; cities of the store's province (every one, with a search box), districts per city;
 * changing the city clears the district; the district is disabled until a city is chosen.
 */
import { useMemo, useState } from 'react';
import { businessInputSchema, businessMessages, certificateMessages, type AdminBusiness, type BusinessInput } from '@pasar/core/businesses';
import { CERTIFICATE_KINDS, certificateLabels, type CertificateKind } from '@pasar/core/partners';
import { formatDateTime } from '@pasar/core/time';
import { Modal } from '../../components/modal';
import { FormActions, ErrorBanner } from '../../components/admin/admin-ui';
import { failureMessage, Field, FormNotices, NamedOptions, setServerErrors, showValue, useEditConflict, useFormDraft, useRestoredDraft, useZodForm } from '../../components/form';
import { api } from '../../lib/api-client';
import { useCities, useDistricts } from '../../lib/locations-api';
import { useStoreTimeZone } from '../../lib/store-settings';
import { useSaveBusiness, useStoreProvince } from './api/businesses-api';
import { submitClearing } from '../../components/form/submit-clearing';

interface FormState {
  name: string;
  description: string;
  address: string;
  city_id: string;
  district_id: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  website: string;
  is_active: boolean;
  owner_name: string;
  sells: string;
  nib: string;
  nib_verified: boolean;
  pirt: string;
  pirt_verified: boolean;
  bpom: string;
  bpom_verified: boolean;
  halal: string;
  halal_verified: boolean;
  bank_name: string;
  bank_account_number: string;
  bank_account_name: string;
}

/** The name a kept draft of this dialog goes by (use-form-draft.ts). */
export const BUSINESS_DRAFT = 'business';

const certificateOf = (b: AdminBusiness | null, kind: CertificateKind) => b?.certificates.find((c) => c.kind === kind);

const toForm = (b: AdminBusiness | null): FormState => ({
  name: b?.name ?? '',
  description: b?.description ?? '',
  address: b?.address ?? '',
  city_id: b?.city_id ? String(b.city_id) : '',
  district_id: b?.district_id ? String(b.district_id) : '',
  contact_name: b?.contact_name ?? '',
  contact_email: b?.contact_email ?? '',
  contact_phone: b?.contact_phone ?? '',
  website: b?.website ?? '',
  is_active: b?.is_active ?? true,
  owner_name: b?.owner_name ?? '',
  sells: b?.sells ?? '',
  nib: certificateOf(b, 'nib')?.number ?? '',
  nib_verified: certificateOf(b, 'nib')?.verified ?? false,
  pirt: certificateOf(b, 'pirt')?.number ?? '',
  pirt_verified: certificateOf(b, 'pirt')?.verified ?? false,
  bpom: certificateOf(b, 'bpom')?.number ?? '',
  bpom_verified: certificateOf(b, 'bpom')?.verified ?? false,
  halal: certificateOf(b, 'halal')?.number ?? '',
  halal_verified: certificateOf(b, 'halal')?.verified ?? false,
  bank_name: b?.bank_name ?? '',
  bank_account_number: b?.bank_account_number ?? '',
  bank_account_name: b?.bank_account_name ?? '',
});

/** The fields an edit conflict compares, by their labels on the form (issue 31 item 16). */
const conflictLabels: Partial<Record<keyof FormState, string>> = {
  name: 'Nama usaha',
  description: 'Deskripsi',
  city_id: 'Kota/kabupaten',
  district_id: 'Kecamatan',
  address: 'Alamat',
  contact_name: 'Nama kontak',
  contact_phone: 'Telepon',
  contact_email: 'Email',
  website: 'Situs web',
  is_active: 'Aktif',
  owner_name: 'Nama pemilik',
  sells: 'Yang dijual',
  nib: `Nomor ${certificateLabels.nib}`,
  pirt: `Nomor ${certificateLabels.pirt}`,
  bpom: `Nomor ${certificateLabels.bpom}`,
  halal: `Nomor ${certificateLabels.halal}`,
  bank_name: 'Bank',
  bank_account_number: 'Nomor rekening',
  bank_account_name: 'Atas nama',
};

const certificateHints: Record<CertificateKind, string> = {
  nib: '13 angka dari OSS.',
  pirt: 'Nomor P-IRT dari Dinas Kesehatan.',
  bpom: 'Misalnya MD 123456789012.',
  halal: 'Nomor sertifikat halal BPJPH.',
};

export function BusinessFormModal({ business, onClose, onSaved }: { business: AdminBusiness | null; onClose: () => void; onSaved: (message: string) => void }) {
  const form = useZodForm(businessInputSchema, { defaultValues: toForm(business) });
  const { errors } = form.formState;
  const cityId = form.watch('city_id');
  const [banner, setBanner] = useState<string | null>(null);
  const [cityFilter, setCityFilter] = useState('');
  const province = useStoreProvince();
  const cities = useCities(province.data);
  const districts = useDistricts(cityId ? Number(cityId) : null);
  const save = useSaveBusiness();
  // Issue 31 item 18: a session that runs out keeps the typing; the page reopens this dialog with it.
  const draft = useFormDraft(form, BUSINESS_DRAFT, business?.id ?? null);
  const restored = useRestoredDraft(form, draft, business?.id ?? null);
  // Issue 31 item 16: a save that lost a race offers the latest version or one's own.
  const conflict = useEditConflict<FormState>({
    version: business?.version,
    loadLatest: async () => {
      const latest = (await api<AdminBusiness[]>('/businesses/')).find((b) => b.id === business?.id);
      return latest ? { values: toForm(latest), version: latest.version } : null;
    },
    labels: conflictLabels,
    show: {
      city_id: (v) => cities.data?.find((c) => String(c.id) === String(v))?.name ?? showValue(v),
      district_id: (v) => districts.data?.find((d) => String(d.id) === String(v))?.name ?? showValue(v),
    },
  });

  const visibleCities = useMemo(() => {
    const q = cityFilter.trim().toLowerCase();
    const list = cities.data ?? [];
    const filtered = q ? list.filter((c) => c.name.toLowerCase().includes(q)) : list;
    // Keep the chosen city in the list even when the filter would hide it.
    const chosen = list.find((c) => String(c.id) === cityId);
    return chosen && !filtered.includes(chosen) ? [chosen, ...filtered] : filtered;
  }, [cities.data, cityFilter, cityId]);

  const field = (name: Exclude<keyof FormState, 'is_active' | `${CertificateKind}_verified`>) => ({ error: errors[name]?.message, ...form.register(name) });
  const timeZone = useStoreTimeZone();

  const submit = async (input: BusinessInput) => {
    try {
      conflict.dismiss();
      const result = await save.mutateAsync({ ...(business ? { id: business.id, version: conflict.version() } : {}), body: input });
      onSaved(result.message ?? businessMessages.created);
    } catch (error) {
      if (conflict.caught(error, form)) return;
      const marked = setServerErrors(error, form.setError);
      setBanner(marked > 0 ? `${businessMessages.recheck} ${failureMessage(error, businessMessages.saveFailed)}` : failureMessage(error, businessMessages.saveFailed));
    }
  };

  return (
    <Modal title={business ? 'Ubah usaha mitra' : 'Tambah usaha mitra'} onClose={onClose} wide guardEdits>
      <form
        onSubmit={submitClearing(() => setBanner(null), form.handleSubmit(submit, () => setBanner(businessMessages.recheck)))}
        noValidate
        className="grid gap-3 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <FormNotices banner={banner} restored={restored} conflict={conflict.panel} restoredClassName="mb-2" />
          {/* The city list needs the store's province: say why the city select stays empty rather than leave it disabled in silence. */}
          {(province.isError || cities.isError) && <ErrorBanner message={businessMessages.citiesFailed} />}
          {province.data === null && <ErrorBanner message={businessMessages.storeLocationMissing} />}
          {districts.isError && <ErrorBanner message={businessMessages.districtsFailed} />}
        </div>
        <div className="sm:col-span-2">
          <Field id="business-name" label="Nama usaha" maxLength={150} {...field('name')} />
        </div>
        <div className="sm:col-span-2">
          <Field as="textarea" id="business-description" label="Deskripsi" {...field('description')} />
        </div>
        <div>
          <label htmlFor="business-city-filter" className="block text-sm font-semibold text-stone-800">
            Cari kota/kabupaten
          </label>
          <input id="business-city-filter" type="search" value={cityFilter} onChange={(e) => setCityFilter(e.target.value)} placeholder="Ketik nama kota" className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm" />
          {/* Issue 31 item 14: the select that holds the form's city is drawn only once its options
              are there. Drawn empty first, the browser fell back to the blank option and the stored
              city was lost on the first "Edit" after a page load; until then a stand-in says why. */}
          {cities.data ? (
            <Field
              as="select"
              id="business-city"
              label="Kota/kabupaten"
              error={errors.city_id?.message}
              value={cityId}
              // Back-office spec §4: changing the city clears the district.
              {...form.register('city_id', { onChange: () => form.setValue('district_id', '') })}
            >
              <option value="">{`Pilih kota/kabupaten (${cities.data.length})`}</option>
              <NamedOptions items={visibleCities} />
            </Field>
          ) : (
            <Field as="select" id="business-city" label="Kota/kabupaten" disabled error={errors.city_id?.message}>
              <option value="">{cities.isError || province.isError || province.data === null ? 'Kota/kabupaten tidak tersedia' : 'Memuat kota…'}</option>
            </Field>
          )}
        </div>
        <div className="sm:pt-[4.25rem]">
          {/* The district waits for its city's options in the same way (item 14). */}
          {cityId && districts.data ? (
            <Field as="select" id="business-district" label="Kecamatan" value={form.watch('district_id')} {...field('district_id')}>
              <option value="">Pilih kecamatan</option>
              <NamedOptions items={districts.data} />
            </Field>
          ) : (
            <Field as="select" id="business-district" label="Kecamatan" disabled error={errors.district_id?.message}>
              <option value="">{cityId && districts.isPending ? 'Memuat kecamatan…' : 'Pilih kecamatan'}</option>
            </Field>
          )}
        </div>
        <div className="sm:col-span-2">
          <Field id="business-address" label="Alamat" {...field('address')} />
        </div>
        <Field id="business-contact-name" label="Nama kontak" {...field('contact_name')} />
        <Field id="business-contact-phone" label="Telepon" type="tel" {...field('contact_phone')} />
        <Field id="business-contact-email" label="Email" type="email" {...field('contact_email')} />
        <Field id="business-website" label="Situs web" hint="https:// ditambahkan bila belum ada." {...field('website')} />
        <Field id="business-active" type="checkbox" label="Aktif" {...form.register('is_active')} />
        <fieldset className="grid gap-3 border-t border-stone-200 pt-3 sm:col-span-2 sm:grid-cols-2">
          <legend className="pt-3 font-semibold text-stone-900">Pemilik dan sertifikat</legend>
          <Field id="business-owner" label="Nama pemilik" {...field('owner_name')} />
          <Field id="business-sells" label="Yang dijual" hint="Mis. keripik, sambal, batik tulis." {...field('sells')} />
          {CERTIFICATE_KINDS.map((kind) => {
            const stored = certificateOf(business, kind);
            const typed = (form.watch(kind) ?? '').trim();
            // Trust marks (decision 059): a verification belongs to the number it was given for. A
            // number changed here loses it on save whatever the tick says, so the tick waits.
            const changed = business !== null && typed !== (stored?.number ?? '');
            return (
              <div key={kind} className="rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
                <Field
                  id={`business-${kind}`}
                  label={`Nomor ${certificateLabels[kind]}`}
                  hint={certificateHints[kind]}
                  error={errors[kind]?.message}
                  {...form.register(kind, {
                    // The tick goes off with the old number, so it never reads as covering the new one.
                    onChange: (e: { target: { value: string } }) => {
                      if (e.target.value.trim() !== (stored?.number ?? '')) form.setValue(`${kind}_verified`, false);
                    },
                  })}
                />
                <Field
                  id={`business-${kind}-verified`}
                  type="checkbox"
                  label="Terverifikasi"
                  disabled={changed || typed === ''}
                  error={errors[`${kind}_verified`]?.message}
                  hint={
                    changed
                      ? certificateMessages.changedClears
                      : stored?.verified_at
                        ? `Diverifikasi ${formatDateTime(stored.verified_at, { timeZone })}`
                        : typed
                          ? form.watch(`${kind}_verified`)
                            ? 'Diverifikasi saat disimpan.'
                            : certificateMessages.waiting
                          : undefined
                  }
                  {...form.register(`${kind}_verified`)}
                />
              </div>
            );
          })}
        </fieldset>
        <fieldset className="grid gap-3 border-t border-stone-200 pt-3 sm:col-span-2 sm:grid-cols-3">
          <legend className="pt-3 font-semibold text-stone-900">Rekening pembayaran mitra</legend>
          <Field id="business-bank" label="Bank" {...field('bank_name')} />
          <Field id="business-account-number" label="Nomor rekening" inputMode="numeric" {...field('bank_account_number')} />
          <Field id="business-account-name" label="Atas nama" {...field('bank_account_name')} />
        </fieldset>
        <FormActions label="Simpan" pending={save.isPending} onCancel={onClose} className="sm:col-span-2" />
      </form>
    </Modal>
  );
}
