/**
 * Kurasi produk (issue 29 §3): what partners proposed, oldest first, each shown side by side with
 * what the shop shows now (name, description, category, pictures), approved or rejected with a
 * reason the partner reads on its card; and the two switches of the partner_program setting that
 * say what waits here (decisions 053 and 055).
 */
import { useState, type ReactNode } from 'react';
import { changeKindLabels, curationMessages, curationRejectSchema, type CuratedView, type CurationQueueItem } from '@pasar/core/curation';
import { formatRupiah } from '@pasar/core/money';
import { formatDateTime } from '@pasar/core/time';
import { AdminPageHeader, buttonStyles, FormActions, EmptyState, ErrorBanner, SuccessBanner } from '../../components/admin/admin-ui';
import { failureMessage, Field, parseOrShow, submitWith } from '../../components/form';
import { Modal } from '../../components/modal';
import { ProductImage } from '../../components/product-image';
import { SkeletonGrid } from '../../components/skeleton';
import { useCurationQueue, useDecideChange, usePartnerProgram, useSaveCurationSwitch } from './api/curation-api';
import { ListBanners } from '../../components/admin/row-actions';

function Switch({ id, label, hint, checked, disabled, onChange }: { id: string; label: string; hint: string; checked: boolean; disabled: boolean; onChange: (next: boolean) => void }) {
  return (
    <label htmlFor={id} className="flex items-start justify-between gap-3 py-2">
      <span>
        <span className="block text-sm font-semibold">{label}</span>
        <span className="block text-xs text-stone-600">{hint}</span>
      </span>
      <input id={id} type="checkbox" role="switch" className="mt-1 h-5 w-9 shrink-0 accent-green-700" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
    </label>
  );
}

/** The partner_program setting's switches: what waits for approval here. */
const curationSwitches = [
  { setting: 'curate_new_products', id: 'curate-new', label: 'Kurasi produk baru', hint: 'Produk baru dari mitra menunggu persetujuan sebelum tampil di toko.' },
  { setting: 'curate_changes', id: 'curate-changes', label: 'Kurasi perubahan', hint: 'Perubahan nama, deskripsi, kategori, atau gambar menunggu persetujuan; toko tetap menampilkan yang lama. Harga dan stok selalu langsung berlaku.' },
] as const;

function CurationSettings() {
  const program = usePartnerProgram();
  const save = useSaveCurationSwitch();
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const change = async (patch: { curate_new_products?: boolean; curate_changes?: boolean }) => {
    setMessage(null);
    setError(null);
    try {
      const result = await save.mutateAsync(patch);
      setMessage(result.message ?? 'Pengaturan disimpan.');
    } catch (e) {
      setError(failureMessage(e, 'Gagal menyimpan pengaturan kurasi.'));
    }
  };
  const data = program.data;
  return (
    <section aria-labelledby="curation-settings" className="mb-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 id="curation-settings" className="font-bold">
        Pengaturan kurasi
      </h2>
      <ErrorBanner message={error ?? (program.isError ? failureMessage(program.error, 'Gagal memuat pengaturan kurasi.') : null)} onClose={() => setError(null)} />
      <SuccessBanner message={message} onClose={() => setMessage(null)} />
      <div className="divide-y divide-stone-100">
        {curationSwitches.map((s) => (
          <Switch key={s.setting} id={s.id} label={s.label} hint={s.hint} checked={data?.[s.setting] ?? false} disabled={!data || save.isPending} onChange={(next) => void change({ [s.setting]: next })} />
        ))}
      </div>
    </section>
  );
}

function Images({ view }: { view: CuratedView }) {
  const all = [...(view.image_cover ? [view.image_cover] : []), ...view.images.filter((p) => p !== view.image_cover)];
  if (all.length === 0) return <span className="text-stone-500">Tanpa gambar</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {all.map((path, i) => (
        <li key={path}>
          <ProductImage path={path} alt={i === 0 && view.image_cover ? 'Sampul' : 'Gambar produk'} sizes="64px" className="h-16 w-16 rounded-lg" />
        </li>
      ))}
    </ul>
  );
}

const sameImages = (a: CuratedView, b: CuratedView) => a.image_cover === b.image_cover && JSON.stringify(a.images) === JSON.stringify(b.images);

/** One field, old → new; an unchanged field is shown in a lighter grey (never faded below 4.5:1) so the eye goes to what changed. */
function Row({ label, before, after, changed }: { label: string; before: ReactNode | undefined; after: ReactNode; changed: boolean }) {
  return (
    <div className={`grid gap-1 border-t border-stone-100 py-2 md:grid-cols-[10rem_1fr_1fr] md:gap-3 ${changed ? '' : 'text-stone-600'}`}>
      <dt className="flex flex-wrap items-start gap-1 text-xs font-semibold uppercase tracking-wide text-stone-500">
        {label}
        {changed && before !== undefined && <span className="rounded bg-amber-100 px-1 normal-case text-amber-900">berubah</span>}
      </dt>
      {before !== undefined && (
        <dd className="min-w-0 text-sm">
          <span className="text-xs text-stone-500 md:hidden">Sekarang: </span>
          <span className={changed ? 'line-through decoration-red-400' : ''}>{before}</span>
        </dd>
      )}
      <dd className={`min-w-0 text-sm ${before === undefined ? 'md:col-span-2' : ''}`}>
        {before !== undefined && <span className="text-xs text-stone-500 md:hidden">Usulan: </span>}
        {after}
      </dd>
    </div>
  );
}

function QueueItem({ item, onReject, onDone }: { item: CurationQueueItem; onReject: () => void; onDone: (message: string | null, error: string | null) => void }) {
  const decide = useDecideChange();
  const { previous: old, proposed: next } = item;
  const approve = async () => {
    try {
      const result = await decide.mutateAsync({ id: item.id, decision: 'approve' });
      onDone(result.message ?? curationMessages.approved, null);
    } catch (e) {
      onDone(null, failureMessage(e, 'Gagal menyetujui usulan.'));
    }
  };
  const text = (v: string) => (v.trim() === '' ? <span className="text-stone-500">(kosong)</span> : <span className="whitespace-pre-line break-words">{v}</span>);
  return (
    <li className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className={`rounded-full px-2 py-0.5 font-semibold ${item.kind === 'new' ? 'bg-sky-100 text-sky-800' : 'bg-amber-100 text-amber-900'}`}>{changeKindLabels[item.kind]}</span>
        <span className="font-semibold text-stone-800">{item.business?.name ?? 'Tanpa usaha'}</span>
        <span className="text-stone-600">
          · {formatDateTime(item.submitted_at)}
          {item.submitted_by ? ` · ${item.submitted_by}` : ''}
        </span>
      </div>
      <h2 className="mt-1 font-semibold">
        #{item.product_id} {old?.name ?? next.name}
      </h2>
      <p className="text-xs text-stone-600">
        {formatRupiah(item.price)} · stok {item.stock} (harga dan stok sudah berlaku)
      </p>
      {/* The column heads stand before the <dl>: inside it only term/description groups may be. */}
      {old && (
        <div className="mt-2 hidden gap-3 text-xs font-semibold text-stone-500 md:grid md:grid-cols-[10rem_1fr_1fr]">
          <span />
          <span>Sekarang di toko</span>
          <span>Usulan mitra</span>
        </div>
      )}
      <dl className={old ? 'md:mt-0 mt-2' : 'mt-2'}>
        <Row label="Nama" before={old ? text(old.name) : undefined} after={text(next.name)} changed={!old || old.name !== next.name} />
        <Row label="Deskripsi" before={old ? text(old.description) : undefined} after={text(next.description)} changed={!old || old.description !== next.description} />
        <Row label="Kategori" before={old ? (old.category_name ?? '—') : undefined} after={next.category_name ?? 'Kategori sudah dihapus'} changed={!old || old.category_id !== next.category_id} />
        <Row label="Gambar" before={old ? <Images view={old} /> : undefined} after={<Images view={next} />} changed={!old || !sameImages(old, next)} />
      </dl>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <button type="button" className={buttonStyles.danger} onClick={onReject} disabled={decide.isPending} aria-label={`Tolak usulan ${next.name}`}>
          Tolak
        </button>
        <button type="button" className={buttonStyles.primary} onClick={() => void approve()} disabled={decide.isPending} aria-label={`Setujui usulan ${next.name}`}>
          {decide.isPending ? 'Menyimpan…' : 'Setujui'}
        </button>
      </div>
    </li>
  );
}

function RejectModal({ item, onClose, onDone }: { item: CurationQueueItem; onClose: () => void; onDone: (message: string) => void }) {
  const decide = useDecideChange();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const parsed = parseOrShow(curationRejectSchema, { reason }, curationMessages.reasonRequired, setError);
    if (!parsed) return;
    try {
      const result = await decide.mutateAsync({ id: item.id, decision: 'reject', reason: parsed.reason });
      onDone(result.message ?? curationMessages.rejected);
    } catch (e) {
      setError(failureMessage(e, 'Gagal menolak usulan.'));
    }
  };
  return (
    <Modal title={`Tolak usulan: ${item.proposed.name}`} onClose={onClose} guardEdits>
      <form noValidate className="space-y-3" onSubmit={submitWith(submit)}>
        <Field as="textarea" id="reject-reason" label="Alasan (dibaca mitra)" rows={3} maxLength={1000} value={reason} error={error ?? undefined} onChange={(e) => setReason(e.target.value)} hint="Tulis apa yang perlu diperbaiki, mis. 'Foto buram, unggah foto yang lebih terang.'" />
        <FormActions label="Tolak usulan" pending={decide.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

export default function CurationPage() {
  const queue = useCurationQueue();
  const [rejecting, setRejecting] = useState<CurationQueueItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const items = queue.data;
  return (
    <div>
      <AdminPageHeader title="Kurasi produk" description="Produk baru dan perubahan dari mitra yang menunggu persetujuan Dinas, yang terlama di atas. Toko tetap menampilkan yang lama sampai disetujui." />
      <CurationSettings />
      <ListBanners banner={banner} notice={notice} page={{ setBanner, setNotice }} />
      {queue.isError && <ErrorBanner message={failureMessage(queue.error, curationMessages.loadFailed)} />}
      {queue.isPending && <SkeletonGrid count={2} layout="list" />}
      {items && items.length === 0 && <EmptyState title="Tidak ada yang menunggu kurasi." />}
      {items && items.length > 0 && (
        <ul aria-label="Antrean kurasi" className="space-y-3">
          {items.map((item) => (
            <QueueItem
              key={item.id}
              item={item}
              onReject={() => setRejecting(item)}
              onDone={(message, error) => {
                setNotice(message);
                setBanner(error);
              }}
            />
          ))}
        </ul>
      )}
      {rejecting && (
        <RejectModal
          key={rejecting.id}
          item={rejecting}
          onClose={() => setRejecting(null)}
          onDone={(message) => {
            setRejecting(null);
            setBanner(null);
            setNotice(message);
          }}
        />
      )}
    </div>
  );
}
