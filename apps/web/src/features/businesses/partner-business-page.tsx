/**
 * Usaha, the partner's own business (issue 29 part 6), phone first (360 px): what the office holds
 * about it (from GET /mitra/me), its certificate numbers with where each stands ("Terverifikasi
 * Dinas" or "Menunggu verifikasi"), and a form for the numbers. The partner enters them, the
 * office ticks them (docs/decisions/059-trust-marks.md); a changed number waits for the office again.
 */
import { useState, type ReactNode } from 'react';
import { certificateMessages, certificateNumbersSchema, type CertificateNumbers } from '@pasar/core/businesses';
import { CERTIFICATE_KINDS, certificateLabels, type CertificateKind, type PartnerProfile } from '@pasar/core/partners';
import { formatDateTime } from '@pasar/core/time';
import { buttonStyles, ErrorBanner, SuccessBanner } from '../../components/admin/admin-ui';
import { failureMessage, Field, setServerErrors, useZodForm } from '../../components/form';
import { CardSkeleton } from '../../components/skeleton';
import { useStoreTimeZone } from '../../lib/store-settings';
import { usePartnerBusiness, useSaveCertificates } from './api/partner-business-api';
import { submitClearing } from '../../components/form/submit-clearing';
import { closeThen } from '../../components/modal';

type Business = PartnerProfile['business'];
type NumberForm = Record<CertificateKind, string>;

const hints: Record<CertificateKind, string> = {
  nib: 'Nomor Induk Berusaha dari OSS, 13 angka.',
  pirt: 'Sertifikat Produksi Pangan Industri Rumah Tangga.',
  bpom: 'Nomor izin edar, misalnya MD 123456789012.',
  halal: 'Nomor sertifikat halal dari BPJPH.',
};

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="flex flex-col py-1.5 sm:flex-row sm:gap-3">
      <dt className="text-xs font-semibold uppercase text-stone-500 sm:w-40 sm:shrink-0 sm:text-sm sm:normal-case">{label}</dt>
      <dd className="break-words text-stone-900">{value && value.trim() ? value : '—'}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h2 className="font-bold">{title}</h2>
      {children}
    </section>
  );
}

function Certificates({ business, onEdit }: { business: Business; onEdit: () => void }) {
  const timeZone = useStoreTimeZone();
  return (
    <Card title="Sertifikat">
      <p className="mt-1 text-sm text-stone-600">Nomor yang sudah diverifikasi Dinas tampil sebagai tanda di halaman produk Anda.</p>
      <ul className="mt-3 divide-y divide-stone-100">
        {CERTIFICATE_KINDS.map((kind) => {
          const certificate = business.certificates.find((c) => c.kind === kind);
          return (
            <li key={kind} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
              <div className="min-w-0">
                <p className="font-semibold">{certificateLabels[kind]}</p>
                <p className="break-all text-sm text-stone-700">{certificate?.number ?? 'Belum diisi'}</p>
              </div>
              {certificate &&
                (certificate.verified_at ? (
                  <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800" title={`Diverifikasi ${formatDateTime(certificate.verified_at, { timeZone })}`}>
                    {certificateMessages.verified}
                  </span>
                ) : (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{certificateMessages.waiting}</span>
                ))}
            </li>
          );
        })}
      </ul>
      <button type="button" className={`${buttonStyles.primary} mt-3 w-full sm:w-auto`} onClick={onEdit}>
        Ubah nomor sertifikat
      </button>
    </Card>
  );
}

function CertificateForm({ business, onDone, onCancel }: { business: Business; onDone: (message: string) => void; onCancel: () => void }) {
  const numberOf = (kind: CertificateKind) => business.certificates.find((c) => c.kind === kind)?.number ?? '';
  const form = useZodForm<NumberForm, CertificateNumbers>(certificateNumbersSchema, {
    defaultValues: { nib: numberOf('nib'), pirt: numberOf('pirt'), bpom: numberOf('bpom'), halal: numberOf('halal') },
  });
  const save = useSaveCertificates();
  const [banner, setBanner] = useState<string | null>(null);
  const submit = async (numbers: CertificateNumbers) => {
    try {
      const result = await save.mutateAsync(numbers);
      onDone(result.message ?? certificateMessages.saved);
    } catch (error) {
      setServerErrors(error, form.setError);
      setBanner(failureMessage(error, 'Nomor sertifikat gagal disimpan.'));
    }
  };
  return (
    <Card title="Ubah nomor sertifikat">
      <form
        noValidate
        className="mt-3 grid gap-3"
        onSubmit={submitClearing(() => setBanner(null), form.handleSubmit(submit))}
      >
        <ErrorBanner message={banner} />
        <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">Nomor yang diubah menunggu verifikasi Dinas lagi; tandanya hilang dari toko sampai diverifikasi.</p>
        {CERTIFICATE_KINDS.map((kind) => (
          <Field key={kind} id={`certificate-${kind}`} label={`Nomor ${certificateLabels[kind]}`} hint={hints[kind]} autoComplete="off" error={form.formState.errors[kind]?.message} {...form.register(kind)} />
        ))}
        <div className="flex gap-2">
          <button type="button" className={`${buttonStyles.secondary} flex-1 sm:flex-none`} onClick={onCancel}>
            Batal
          </button>
          <button type="submit" className={`${buttonStyles.primary} flex-1 sm:flex-none`} disabled={save.isPending}>
            {save.isPending ? 'Menyimpan…' : 'Simpan'}
          </button>
        </div>
      </form>
    </Card>
  );
}

export default function PartnerBusinessPage() {
  const profile = usePartnerBusiness();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const business = profile.data?.business;
  return (
    <div className="mx-auto grid max-w-2xl gap-3">
      <h1 className="text-xl font-bold">Usaha</h1>
      <SuccessBanner message={notice} onClose={() => setNotice(null)} />
      {profile.isError && <ErrorBanner message={failureMessage(profile.error, 'Gagal memuat data usaha.')} />}
      {!business ? (
        profile.isPending && <CardSkeleton />
      ) : (
        <>
          <Card title="Data usaha">
            <dl className="mt-2 divide-y divide-stone-100 text-sm">
              <Row label="Nama usaha" value={business.name} />
              <Row label="Pemilik" value={business.owner_name} />
              <Row label="Alamat" value={business.address} />
              <Row label="Lokasi" value={[business.district_name, business.city_name].filter(Boolean).join(', ')} />
              <Row label="Telepon/WhatsApp" value={business.contact_phone} />
              <Row label="Email" value={business.contact_email} />
              <Row label="Status" value={business.is_active ? 'Aktif' : 'Nonaktif'} />
              <Row label="Komisi toko" value={`${business.commission_percent.toLocaleString('id-ID')}%`} />
            </dl>
          </Card>
          {editing ? (
            <CertificateForm
              business={business}
              onCancel={() => setEditing(false)}
              onDone={closeThen(() => setEditing(false), setNotice)}
            />
          ) : (
            <Certificates business={business} onEdit={() => { setNotice(null); setEditing(true); }} />
          )}
          <Card title="Rekening pembayaran">
            <dl className="mt-2 divide-y divide-stone-100 text-sm">
              <Row label="Bank" value={business.bank_name} />
              <Row label="Nomor rekening" value={business.bank_account_number} />
              <Row label="Atas nama" value={business.bank_account_name} />
            </dl>
            <p className="mt-2 text-xs text-stone-500">Untuk mengubah data usaha atau rekening, hubungi Dinas.</p>
          </Card>
        </>
      )}
    </div>
  );
}
