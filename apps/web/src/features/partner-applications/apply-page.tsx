/**
 * Daftar jadi mitra (issue 29 §1, decision 053): a business applies from a phone. A visitor fills
 * the business and the account it will sign in with (the application makes the account and signs
 * it in); a signed-in customer applies with its own account; both then see where the application
 * stands, and the reason when the office refused it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { canAccess } from '@pasar/core/accounts';
import {
  applicationStatusLabels,
  partnerApplicationBusinessSchema,
  partnerApplicationFormSchema,
  partnerApplicationMessages as m,
  type MyApplication,
} from '@pasar/core/partner-applications';
import { PARTNER_ROLE } from '@pasar/core/partners';
import { formatDateTime } from '@pasar/core/time';
import { failureMessage, Field, NamedOptions, setServerErrors, useZodForm } from '../../components/form';
import { loginPathFrom } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { useStoreSettings } from '../../lib/store-settings';
import { useCities, useDistricts, useProvinces } from '../../lib/locations-api';
import { refreshSessionUser, useApply, useApplyAsAccount, useMyApplications } from './api/partner-applications-api';
import { submitClearing } from '../../components/form/submit-clearing';

const empty = {
  business_name: '',
  owner_name: '',
  phone: '',
  email: '',
  address: '',
  province_id: '',
  city_id: '',
  district_id: '',
  nib: '',
  pirt: '',
  bpom: '',
  halal: '',
  sells: '',
  bank_name: '',
  bank_account_number: '',
  bank_account_name: '',
  username: '',
  password: '',
  password_confirmation: '',
};
type Values = typeof empty;

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2 sm:p-6">
      <legend className="float-left w-full text-lg font-bold text-stone-900 sm:col-span-2">{title}</legend>
      {hint && <p className="-mt-2 text-sm text-stone-600 sm:col-span-2">{hint}</p>}
      {children}
    </fieldset>
  );
}

const statusTone: Record<MyApplication['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-800',
};

function StatusCard({ application }: { application: MyApplication }) {
  return (
    <article className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" aria-label={`Pendaftaran ${application.business_name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-bold">{application.business_name}</h2>
        <span className={`rounded-full px-3 py-1 text-xs font-semibold ${statusTone[application.status]}`}>{applicationStatusLabels[application.status]}</span>
      </div>
      <p className="mt-1 text-sm text-stone-600">
        {application.district_name}, {application.city_name} · dikirim {formatDateTime(application.created_at)}
        {application.reviewed_at ? ` · diputuskan ${formatDateTime(application.reviewed_at)}` : ''}
      </p>
      {application.status === 'pending' && <p className="mt-2 text-sm">Dinas sedang meninjau pendaftaran Anda. Keputusannya dikirim lewat email dan tampil di halaman ini.</p>}
      {application.status === 'rejected' && application.rejection_reason && (
        <p className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <span className="font-semibold">Alasan: </span>
          {application.rejection_reason}
        </p>
      )}
      {application.status === 'approved' && (
        <Link to="/mitra" className="mt-3 inline-block rounded-xl bg-green-800 px-4 py-2 text-sm font-bold text-white hover:bg-green-900">
          Buka Toko saya
        </Link>
      )}
    </article>
  );
}

function ApplicationForm({ withAccount, onSent }: { withAccount: boolean; onSent: () => void }) {
  const [failure, setFailure] = useState<string>();
  const apply = useApply();
  const applyAsAccount = useApplyAsAccount();
  // A signed-in customer's account is the session's: the form leaves the account fields out, and so does the schema.
  const form = useZodForm<Values, unknown>(withAccount ? partnerApplicationFormSchema : partnerApplicationBusinessSchema, { defaultValues: empty });
  const { errors, isSubmitting: busy } = form.formState;
  const field = (name: keyof Values) => ({ error: errors[name]?.message, ...form.register(name) });

  const provinceId = form.watch('province_id');
  const cityId = form.watch('city_id');
  const provinces = useProvinces();
  const cities = useCities(provinceId ? Number(provinceId) : null);
  const districts = useDistricts(cityId ? Number(cityId) : null);
  // Most applicants are from the store's own province: it is chosen for them, and can be changed.
  const storeProvince = useStoreSettings((s) => s.store_location?.province_id ?? null).data ?? null;
  // Set once the options are drawn: an uncontrolled select cannot show a value it has no option for.
  const provinceList = provinces.data;
  useEffect(() => {
    if (storeProvince === null || !provinceList?.some((p) => p.id === storeProvince) || form.getValues('province_id') !== '') return;
    form.setValue('province_id', String(storeProvince));
  }, [storeProvince, provinceList, form]);

  const submit = async (input: unknown) => {
    setFailure(undefined);
    try {
      if (withAccount) {
        const { password_confirmation: _c, ...payload } = input as typeof partnerApplicationFormSchema._zod.output;
        await apply.mutateAsync(payload);
      } else {
        await applyAsAccount.mutateAsync(input as typeof partnerApplicationBusinessSchema._zod.output);
      }
      onSent();
    } catch (error) {
      const marked = setServerErrors(error, form.setError);
      setFailure(failureMessage(error, m.submitFailed, 'replace') + (marked > 0 ? ' Periksa kembali isian yang ditandai merah.' : ''));
    }
  };

  return (
    <form
      noValidate
      className="mt-6 space-y-4"
      onSubmit={submitClearing(() => setFailure(undefined), form.handleSubmit(submit))}
    >
      <Section title="Usaha Anda">
        <Field id="pa-business-name" label="Nama usaha" autoComplete="organization" className="sm:col-span-2" {...field('business_name')} />
        <Field id="pa-owner-name" label="Nama pemilik" autoComplete="name" {...field('owner_name')} />
        <Field as="textarea" id="pa-sells" label="Apa yang Anda jual?" hint="Mis. keripik singkong, sambal botol, batik tulis." className="sm:col-span-2" {...field('sells')} />
      </Section>

      <Section title="Kontak">
        <Field id="pa-phone" label="Nomor telepon/WhatsApp" type="tel" inputMode="tel" autoComplete="tel" hint="Mis. 0812-3456-7890; disimpan sebagai 62…" {...field('phone')} />
        <Field id="pa-email" label="Email" type="email" autoComplete="email" hint="Keputusan Dinas dikirim ke alamat ini." {...field('email')} />
      </Section>

      <Section title="Alamat usaha">
        <Field as="textarea" id="pa-address" label="Alamat" autoComplete="street-address" className="sm:col-span-2" {...field('address')} />
        <Field
          as="select"
          id="pa-province"
          label="Provinsi"
          disabled={provinces.isPending}
          error={errors.province_id?.message}
          {...form.register('province_id', {
            onChange: () => {
              form.setValue('city_id', '');
              form.setValue('district_id', '');
            },
          })}
        >
          <option value="">{provinces.isPending ? 'Memuat…' : 'Pilih provinsi'}</option>
          <NamedOptions items={provinces.data} />
        </Field>
        <Field as="select" id="pa-city" label="Kota/kabupaten" disabled={!provinceId || cities.isPending} error={errors.city_id?.message} {...form.register('city_id', { onChange: () => form.setValue('district_id', '') })}>
          <option value="">{provinceId && cities.isPending ? 'Memuat…' : 'Pilih kota/kabupaten'}</option>
          <NamedOptions items={cities.data} />
        </Field>
        <Field as="select" id="pa-district" label="Kecamatan" disabled={!cityId || districts.isPending} {...field('district_id')}>
          <option value="">{cityId && districts.isPending ? 'Memuat…' : 'Pilih kecamatan'}</option>
          <NamedOptions items={districts.data} />
        </Field>
        {(provinces.isError || cities.isError || districts.isError) && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            Gagal memuat data wilayah. Muat ulang halaman.
          </p>
        )}
      </Section>

      <Section title="Legalitas" hint="Nomor sertifikat ditampilkan sebagai tanda tepercaya setelah diperiksa Dinas.">
        <Field id="pa-nib" label="NIB (Nomor Induk Berusaha)" inputMode="numeric" hint="13 angka dari OSS." className="sm:col-span-2" {...field('nib')} />
        <Field id="pa-pirt" label="Nomor PIRT (opsional)" {...field('pirt')} />
        <Field id="pa-bpom" label="Nomor BPOM (opsional)" {...field('bpom')} />
        <Field id="pa-halal" label="Nomor sertifikat Halal (opsional)" {...field('halal')} />
      </Section>

      <Section title="Rekening pencairan" hint="Hasil penjualan Anda ditransfer Dinas ke rekening ini.">
        <Field id="pa-bank-name" label="Nama bank" hint="Mis. BJB, BRI, Mandiri." {...field('bank_name')} />
        <Field id="pa-bank-number" label="Nomor rekening" inputMode="numeric" {...field('bank_account_number')} />
        <Field id="pa-bank-holder" label="Nama pemilik rekening" className="sm:col-span-2" {...field('bank_account_name')} />
      </Section>

      {withAccount && (
        <Section title="Akun untuk masuk" hint="Dengan akun ini Anda memantau pendaftaran, lalu mengelola toko setelah disetujui.">
          <Field id="pa-username" label="Username" autoComplete="username" className="sm:col-span-2" {...field('username')} />
          <Field id="pa-password" label="Kata sandi" type="password" autoComplete="new-password" {...field('password')} />
          <Field id="pa-password-confirmation" label="Konfirmasi kata sandi" type="password" autoComplete="new-password" {...field('password_confirmation')} />
        </Section>
      )}

      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <button type="submit" disabled={busy} className="w-full rounded-xl bg-green-800 px-5 py-3 font-bold text-white hover:bg-green-900 disabled:opacity-60">
        {busy ? 'Mengirim...' : 'Kirim pendaftaran'}
      </button>
      {withAccount && (
        <p className="text-center text-sm text-stone-600">
          Sudah punya akun?{' '}
          <Link to={loginPathFrom('/daftar-mitra')} className="font-semibold text-green-800 hover:underline">
            Masuk
          </Link>{' '}
          untuk mendaftar dengan akun itu.
        </p>
      )}
    </form>
  );
}

export default function ApplyPage() {
  const session = useSession();
  const role = session?.user.role;
  const isCustomer = Boolean(session) && !canAccess(role, ['admin']) && role?.name !== PARTNER_ROLE;
  const mine = useMyApplications(Boolean(session));
  const [sent, setSent] = useState(false);
  const [again, setAgain] = useState(false);
  const top = useRef<HTMLDivElement>(null);
  const applications = mine.data ?? [];
  const latest = applications[0];

  // The stored user still says "customer" after the office approved: fetch it again once, so the header shows "Toko saya".
  const refreshed = useRef(false);
  const approved = applications.some((a) => a.status === 'approved');
  useEffect(() => {
    if (refreshed.current || !session || role?.name === PARTNER_ROLE || !approved) return;
    refreshed.current = true;
    void refreshSessionUser().catch(() => undefined);
  }, [session, role, approved]);

  const onSent = () => {
    setSent(true);
    setAgain(false);
    top.current?.scrollIntoView();
  };

  let body: ReactNode;
  if (session && role?.name === PARTNER_ROLE) {
    body = (
      <div className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <p className="font-semibold">{m.alreadyPartner}</p>
        <Link to="/mitra" className="mt-3 inline-block rounded-xl bg-green-800 px-4 py-2 text-sm font-bold text-white hover:bg-green-900">
          Buka Toko saya
        </Link>
      </div>
    );
  } else if (session && !isCustomer) {
    body = <p className="mt-6 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200">{m.onlyCustomers} Keluar lalu daftar dengan akun baru untuk usaha Anda.</p>;
  } else if (session && mine.isPending) {
    body = <p className="mt-6 text-stone-600">Memuat status pendaftaran…</p>;
  } else if (session && mine.isError) {
    body = (
      <p role="alert" className="mt-6 rounded-lg bg-red-50 p-3 text-sm text-red-800">
        {failureMessage(mine.error, m.loadFailed)}
      </p>
    );
  } else {
    const canApply = !session || !latest || (latest.status === 'rejected' && again);
    body = (
      <>
        {applications.length > 0 && (
          <section aria-label="Status pendaftaran" className="mt-6 space-y-3">
            {applications.map((a) => (
              <StatusCard key={a.id} application={a} />
            ))}
          </section>
        )}
        {session && latest?.status === 'rejected' && !again && (
          <button type="button" onClick={() => setAgain(true)} className="mt-4 w-full rounded-xl border border-green-800 px-5 py-3 font-bold text-green-800 hover:bg-green-50">
            Daftar lagi
          </button>
        )}
        {canApply && (
          <>
            {session && <p className="mt-6 text-sm text-stone-600">Pendaftaran memakai akun Anda ({session.user.username}); setelah disetujui, akun ini menjadi akun mitra.</p>}
            <ApplicationForm withAccount={!session} onSent={onSent} />
          </>
        )}
      </>
    );
  }

  return (
    <div ref={top} className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-extrabold">Daftar jadi mitra</h1>
      <p className="mt-1 text-stone-600">Jual produk usaha Anda di Pasar UMKM. Dinas meninjau setiap pendaftaran dan mengabarkan hasilnya lewat email.</p>
      {sent && (
        <div role="status" className="mt-6 rounded-2xl border border-green-200 bg-green-50 p-4 text-green-900">
          <p className="text-lg font-bold">Pendaftaran terkirim</p>
          <p className="mt-1 text-sm">Dinas akan meninjau pendaftaran Anda dan mengabarkan hasilnya lewat email. Statusnya tampil di bawah ini.</p>
        </div>
      )}
      {body}
    </div>
  );
}
