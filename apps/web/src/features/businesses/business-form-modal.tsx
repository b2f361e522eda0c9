/**
 * The add/edit business modal (back-office spec §2, §4, §5): closes on Escape, backdrop and its
 * close button; cities of the store's province (every one, with a search box), districts per city;
 * changing the city clears the district; the district is disabled until a city is chosen.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { businessInputSchema, businessMessages, type Business } from '@pasar/core/businesses';
import { Modal } from '../../components/modal';
import { buttonStyles, CheckboxField, ErrorBanner, failureMessage, SelectField, serverFieldErrors, TextAreaField, TextField } from '../../components/admin/admin-ui';
import { useCityDistricts, useProvinceCities, useSaveBusiness, useStoreProvince } from './api/businesses-api';

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
}

const toForm = (b: Business | null): FormState => ({
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
});

export function BusinessFormModal({ business, onClose, onSaved }: { business: Business | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [form, setForm] = useState<FormState>(() => toForm(business));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [cityFilter, setCityFilter] = useState('');
  const province = useStoreProvince();
  const cities = useProvinceCities(province.data);
  const districts = useCityDistricts(form.city_id ? Number(form.city_id) : null);
  const save = useSaveBusiness();

  const visibleCities = useMemo(() => {
    const q = cityFilter.trim().toLowerCase();
    const list = cities.data ?? [];
    const filtered = q ? list.filter((c) => c.name.toLowerCase().includes(q)) : list;
    // Keep the chosen city in the list even when the filter would hide it.
    const chosen = list.find((c) => String(c.id) === form.city_id);
    return chosen && !filtered.includes(chosen) ? [chosen, ...filtered] : filtered;
  }, [cities.data, cityFilter, form.city_id]);

  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const candidate = { ...form, city_id: form.city_id ? Number(form.city_id) : '', district_id: form.district_id ? Number(form.district_id) : '' };
    const parsed = businessInputSchema.safeParse(candidate);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      setErrors(fieldErrors);
      setBanner(businessMessages.recheck);
      return;
    }
    setErrors({});
    try {
      const result = await save.mutateAsync({ ...(business ? { id: business.id, version: business.version } : {}), body: parsed.data });
      onSaved(result.message ?? businessMessages.created);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      setBanner(Object.keys(fields).length > 0 ? `${businessMessages.recheck} ${failureMessage(error, businessMessages.saveFailed)}` : failureMessage(error, businessMessages.saveFailed));
    }
  };

  return (
    <Modal title={business ? 'Ubah usaha mitra' : 'Tambah usaha mitra'} onClose={onClose} wide>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ErrorBanner message={banner} />
          {/* The city list needs the store's province: say why the city select stays empty rather than leave it disabled in silence. */}
          {(province.isError || cities.isError) && <ErrorBanner message={businessMessages.citiesFailed} />}
          {province.data === null && <ErrorBanner message={businessMessages.storeLocationMissing} />}
          {districts.isError && <ErrorBanner message={businessMessages.districtsFailed} />}
        </div>
        <div className="sm:col-span-2">
          <TextField id="business-name" label="Nama usaha" value={form.name} error={errors.name} onChange={(e) => set('name', e.target.value)} maxLength={150} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField id="business-description" label="Deskripsi" value={form.description} error={errors.description} onChange={(e) => set('description', e.target.value)} />
        </div>
        <div>
          <label htmlFor="business-city-filter" className="block text-sm font-semibold text-stone-800">
            Cari kota/kabupaten
          </label>
          <input id="business-city-filter" type="search" value={cityFilter} onChange={(e) => setCityFilter(e.target.value)} placeholder="Ketik nama kota" className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm" />
          <SelectField
            id="business-city"
            label="Kota/kabupaten"
            value={form.city_id}
            error={errors.city_id}
            disabled={!cities.data}
            onChange={(e) => setForm((f) => ({ ...f, city_id: e.target.value, district_id: '' }))}
          >
            <option value="">{cities.data ? `Pilih kota/kabupaten (${cities.data.length})` : cities.isError || province.isError || province.data === null ? 'Kota/kabupaten tidak tersedia' : 'Memuat kota…'}</option>
            {visibleCities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="sm:pt-[4.25rem]">
          <SelectField id="business-district" label="Kecamatan" value={form.district_id} error={errors.district_id} disabled={!form.city_id || !districts.data} onChange={(e) => set('district_id', e.target.value)}>
            <option value="">{form.city_id && districts.isPending ? 'Memuat kecamatan…' : 'Pilih kecamatan'}</option>
            {districts.data?.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="sm:col-span-2">
          <TextField id="business-address" label="Alamat" value={form.address} error={errors.address} onChange={(e) => set('address', e.target.value)} />
        </div>
        <TextField id="business-contact-name" label="Nama kontak" value={form.contact_name} error={errors.contact_name} onChange={(e) => set('contact_name', e.target.value)} />
        <TextField id="business-contact-phone" label="Telepon" type="tel" value={form.contact_phone} error={errors.contact_phone} onChange={(e) => set('contact_phone', e.target.value)} />
        <TextField id="business-contact-email" label="Email" type="email" value={form.contact_email} error={errors.contact_email} onChange={(e) => set('contact_email', e.target.value)} />
        <TextField id="business-website" label="Situs web" value={form.website} error={errors.website} hint="https:// ditambahkan bila belum ada." onChange={(e) => set('website', e.target.value)} />
        <CheckboxField id="business-active" label="Aktif" checked={form.is_active} onChange={(e) => set('is_active', e.target.checked)} />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Batal
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
            {save.isPending ? 'Menyimpan…' : 'Simpan'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
