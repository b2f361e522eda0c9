/**
 * Pendaftaran mitra (issue 29 §1, decisions 053 and 054): the office reads each application and
 * approves it (the account becomes a partner of a new business made from the application, or of
 * one the office already has) or rejects it with a reason; the applicant is told by e-mail either way.
 */
import { useState, type ReactNode } from 'react';
import { certificateLabels } from '@pasar/core/partners';
import {
  APPLICATION_STATUSES,
  applicationStatusLabels,
  partnerApplicationMessages as m,
  rejectApplicationSchema,
  type ApplicationStatus,
  type PartnerApplication,
} from '@pasar/core/partner-applications';
import { formatDateTime } from '@pasar/core/time';
import { AdminPageHeader, buttonStyles, FormActions, EmptyState, ErrorBanner, SuccessBanner } from '../../components/admin/admin-ui';
import { failureMessage, Field, parseOrShow, submitWith } from '../../components/form';
import { closeThen, Modal } from '../../components/modal';
import { SkeletonGrid } from '../../components/skeleton';
import { FilterTabs } from '../../components/filter-tabs';
import { useAllBusinesses, useApplications, useDecideApplication } from './api/partner-applications-api';

const tabLabels: Record<ApplicationStatus, string> = { pending: 'Menunggu', approved: 'Disetujui', rejected: 'Ditolak' };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-stone-100 py-2 sm:grid-cols-[11rem_1fr]">
      <dt className="text-xs font-semibold uppercase tracking-wide text-stone-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

function Details({ a }: { a: PartnerApplication }) {
  const certificates = (['pirt', 'bpom', 'halal'] as const).filter((k) => a[k]);
  return (
    <dl>
      <Row label="Usaha">{a.business_name}</Row>
      <Row label="Pemilik">{a.owner_name}</Row>
      <Row label="Yang dijual">
        <span className="whitespace-pre-line">{a.sells}</span>
      </Row>
      <Row label="Telepon/WhatsApp">
        <a className="text-green-800 underline" href={`https://wa.me/${a.phone}`} target="_blank" rel="noopener noreferrer">
          {a.phone}
        </a>
      </Row>
      <Row label="Email">{a.email}</Row>
      <Row label="Alamat">{[a.address, a.district_name, a.city_name, a.province_name].join(', ')}</Row>
      <Row label="NIB">{a.nib}</Row>
      {certificates.map((k) => (
        <Row key={k} label={certificateLabels[k]}>
          {a[k]}
        </Row>
      ))}
      <Row label="Rekening">
        {a.bank_name} {a.bank_account_number} a.n. {a.bank_account_name}
      </Row>
      <Row label="Akun">{a.username ?? 'Akun sudah dihapus'}</Row>
      <Row label="Dikirim">{formatDateTime(a.created_at)}</Row>
      {a.reviewed_at && <Row label="Diputuskan">{formatDateTime(a.reviewed_at)}</Row>}
      {a.rejection_reason && <Row label="Alasan penolakan">{a.rejection_reason}</Row>}
    </dl>
  );
}

function DecisionModal({ application: a, onClose, onDone }: { application: PartnerApplication; onClose: () => void; onDone: (message: string) => void }) {
  const decide = useDecideApplication();
  const pending = a.status === 'pending';
  const businesses = useAllBusinesses(pending);
  const [mode, setMode] = useState<'approve' | 'reject'>('approve');
  const [businessId, setBusinessId] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);

  const approve = async () => {
    setError(null);
    try {
      const result = await decide.mutateAsync({ id: a.id, version: a.version, decision: 'approve', business_id: businessId ? Number(businessId) : null });
      onDone(result.message ?? m.approved);
    } catch (e) {
      setError(failureMessage(e, m.decideFailed));
    }
  };
  const reject = async () => {
    setError(null);
    const parsed = parseOrShow(rejectApplicationSchema, { reason, version: a.version }, m.reasonRequired, setReasonError);
    if (!parsed) return;
    try {
      const result = await decide.mutateAsync({ id: a.id, version: a.version, decision: 'reject', reason: parsed.reason });
      onDone(result.message ?? m.rejected);
    } catch (e) {
      setError(failureMessage(e, m.decideFailed));
    }
  };

  return (
    <Modal title={`Pendaftaran: ${a.business_name}`} onClose={onClose} wide guardEdits={pending}>
      <ErrorBanner message={error} onClose={() => setError(null)} />
      <Details a={a} />
      {pending && (
        <div className="mt-4 border-t border-stone-200 pt-4">
          <div role="radiogroup" aria-label="Keputusan" className="grid grid-cols-2 gap-2">
            <button type="button" role="radio" aria-checked={mode === 'approve'} className={mode === 'approve' ? buttonStyles.primary : buttonStyles.secondary} onClick={() => setMode('approve')}>
              Setujui
            </button>
            <button type="button" role="radio" aria-checked={mode === 'reject'} className={mode === 'reject' ? buttonStyles.primary : buttonStyles.secondary} onClick={() => setMode('reject')}>
              Tolak
            </button>
          </div>
          {mode === 'approve' ? (
            <form noValidate className="mt-3 space-y-3" onSubmit={submitWith(approve)}>
              <Field
                as="select"
                id="approve-business"
                label="Hubungkan akun ke usaha"
                value={businessId}
                onChange={(e) => setBusinessId(e.target.value)}
                disabled={businesses.isPending}
                hint={businessId ? 'Data usaha yang dipilih tidak diubah.' : 'Usaha baru dibuat dari data pendaftaran; nomor sertifikat belum terverifikasi.'}
              >
                <option value="">Buat usaha baru dari pendaftaran ini</option>
                {businesses.data?.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                    {b.district_name ? ` (${b.district_name})` : ''}
                  </option>
                ))}
              </Field>
              {businesses.isError && <p className="text-sm text-red-700">{failureMessage(businesses.error, 'Gagal memuat daftar usaha.')}</p>}
              <FormActions label="Setujui pendaftaran" pending={decide.isPending} onCancel={onClose} />
            </form>
          ) : (
            <form noValidate className="mt-3 space-y-3" onSubmit={submitWith(reject)}>
              <Field
                as="textarea"
                id="reject-application-reason"
                label="Alasan (dikirim ke pendaftar)"
                rows={3}
                maxLength={1000}
                value={reason}
                error={reasonError ?? undefined}
                onChange={(e) => setReason(e.target.value)}
                hint="Tulis apa yang perlu diperbaiki, mis. 'NIB tidak ditemukan di OSS.'"
              />
              <FormActions label="Tolak pendaftaran" pending={decide.isPending} onCancel={onClose} />
            </form>
          )}
        </div>
      )}
    </Modal>
  );
}

export default function ApplicationsPage() {
  const [status, setStatus] = useState<ApplicationStatus>('pending');
  const list = useApplications(status);
  const [open, setOpen] = useState<PartnerApplication | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const items = list.data;
  return (
    <div>
      <AdminPageHeader title="Pendaftaran mitra" description="Usaha yang mendaftar dari halaman Daftar jadi mitra. Setujui untuk menjadikan akunnya akun mitra, atau tolak dengan alasan; pendaftar diberi tahu lewat email." />
      <FilterTabs label="Status pendaftaran" tabs={APPLICATION_STATUSES} selected={status} onSelect={setStatus} className="mb-4 flex gap-2 overflow-x-auto" tabClassName={(selected) => (selected ? buttonStyles.primary : buttonStyles.secondary)}>
        {(s) => tabLabels[s]}
      </FilterTabs>
      <SuccessBanner message={notice} onClose={() => setNotice(null)} />
      {list.isError && <ErrorBanner message={failureMessage(list.error, m.loadFailed)} />}
      {list.isPending && <SkeletonGrid count={3} layout="list" />}
      {items && items.length === 0 && <EmptyState title={`Tidak ada pendaftaran berstatus "${applicationStatusLabels[status]}".`} />}
      {items && items.length > 0 && (
        <ul aria-label="Daftar pendaftaran mitra" className="space-y-3">
          {items.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
              <div className="min-w-0">
                <p className="font-semibold">{a.business_name}</p>
                <p className="text-sm text-stone-600">
                  {a.owner_name} · {a.district_name}, {a.city_name}
                </p>
                <p className="text-xs text-stone-500">
                  {a.status === 'pending' ? `Dikirim ${formatDateTime(a.created_at)}` : `${applicationStatusLabels[a.status]} ${a.reviewed_at ? formatDateTime(a.reviewed_at) : ''}`}
                  {a.username ? ` · akun ${a.username}` : ''}
                </p>
                {a.rejection_reason && <p className="mt-1 text-sm text-red-800">Alasan: {a.rejection_reason}</p>}
              </div>
              <button type="button" className={buttonStyles.small} onClick={() => setOpen(a)} aria-label={`${a.status === 'pending' ? 'Periksa' : 'Lihat'} pendaftaran ${a.business_name}`}>
                {a.status === 'pending' ? 'Periksa' : 'Lihat'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <DecisionModal
          key={open.id}
          application={open}
          onClose={() => setOpen(null)}
          onDone={closeThen(() => setOpen(null), setNotice)}
        />
      )}
    </div>
  );
}
