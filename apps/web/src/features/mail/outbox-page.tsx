/**
 * Kotak keluar (docs/decisions/013-payments.md, E-mail; decision 051): every e-mail and WhatsApp
 * message the shop sent or keeps, newest first, with its channel. Without SMTP (or WhatsApp) nothing
 * leaves the server on that channel, so the admin reads each message here and forwards it by hand;
 * a click opens its text with a copy button and a mail or WhatsApp link, and a failed message
 * can be sent again ("Kirim ulang").
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_OUTBOX_SORT, OUTBOX_PAGE_SIZES, OUTBOX_SORTS, buyerMessageLabels, mailChannelLabels, mailStatusLabels, type MailStatus, type OutboxItem, type OutboxSort } from '@pasar/core/mail';
import { whatsappLink } from '@pasar/core/payments';
import { formatDateTime } from '@pasar/core/time';
import { AdminPageHeader, buttonStyles, EmptyState } from '../../components/admin/admin-ui';
import { Pagination } from '../../components/admin/pagination';
import { alphabetical, SortSelect, ListSearchField, useListSearch, useListSort, type SortOption } from '../../components/admin/sorting';
import { failureMessage } from '../../components/form';
import { useOutbox, useResendMail } from './api/outbox-api';

const statusStyles: Record<MailStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sending: 'bg-sky-100 text-sky-900',
  sent: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
  kept: 'bg-stone-200 text-stone-800',
};

const kindLabels: Record<string, string> = {
  order_created: 'Konfirmasi pesanan untuk pembeli',
  order_created_store: 'Pemberitahuan pesanan baru untuk toko',
  payment_proof_store: 'Bukti transfer untuk diperiksa',
  password_reset: 'Tautan atur ulang kata sandi',
  ...buyerMessageLabels,
};

function usePaging(): [{ page: number; page_size: number }, (patch: { page?: number; page_size?: number }) => void] {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('size'));
  const paging = {
    page: Math.max(1, Number(params.get('page')) || 1),
    page_size: (OUTBOX_PAGE_SIZES as readonly number[]).includes(size) ? size : 20,
  };
  const update = (patch: { page?: number; page_size?: number }) => {
    const next = { ...paging, page: 1, ...patch };
    // The search and the order (`q`, `sort`, `dir`) stay when the page changes.
    const p = new URLSearchParams(params);
    p.delete('page');
    p.delete('size');
    if (next.page > 1) p.set('page', String(next.page));
    if (next.page_size !== 20) p.set('size', String(next.page_size));
    setParams(p, { replace: true });
  };
  return [paging, update];
}

/** The rows are a list, not a table: the order is chosen in one select (components/admin/sorting.tsx). */
const sortOptions: readonly SortOption<OutboxSort>[] = [
  { field: 'created_at', dir: 'desc', label: 'Terbaru' },
  { field: 'created_at', dir: 'asc', label: 'Terlama' },
  ...alphabetical('to_address', 'Penerima'),
  ...alphabetical('subject', 'Subjek'),
  { field: 'status', dir: 'asc', label: 'Status: menunggu kirim dulu' },
  { field: 'status', dir: 'desc', label: 'Status: disimpan dulu' },
];

function StatusBadge({ status, channel }: { status: MailStatus; channel: OutboxItem['channel'] }) {
  // A kept WhatsApp message waits for WhatsApp's settings, not SMTP's.
  const label = status === 'kept' && channel === 'whatsapp' ? 'Disimpan (WhatsApp belum diatur)' : mailStatusLabels[status];
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-bold ${statusStyles[status]}`}>{label}</span>;
}

function MessageDetail({ item }: { item: OutboxItem }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`Kepada: ${item.to_address}\nSubjek: ${item.subject}\n\n${item.text_body}`);
      setCopied('Isi email disalin.');
    } catch {
      setCopied('Tidak dapat menyalin otomatis; pilih teksnya lalu salin.');
    }
  };
  const resend = useResendMail();
  const [resent, setResent] = useState<string | null>(null);
  const again = async () => {
    setResent(null);
    try {
      await resend.mutateAsync(item.id);
      setResent('Pesan dijadwalkan untuk dikirim ulang.');
    } catch (error) {
      setResent(failureMessage(error, 'Gagal menjadwalkan kirim ulang.'));
    }
  };
  const whatsapp = item.channel === 'whatsapp';
  const handOff = whatsapp
    ? whatsappLink(item.to_address, item.text_body)
    : `mailto:${encodeURIComponent(item.to_address)}?subject=${encodeURIComponent(item.subject)}&body=${encodeURIComponent(item.text_body)}`;
  return (
    <div className="border-t border-stone-100 bg-stone-50 px-4 py-3 text-sm">
      <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-stone-500">Jenis</dt>
        <dd>{kindLabels[item.kind] ?? item.kind}</dd>
        <dt className="text-stone-500">Saluran</dt>
        <dd>{mailChannelLabels[item.channel]}</dd>
        {item.order_id !== null && (
          <>
            <dt className="text-stone-500">Pesanan</dt>
            <dd>
              <Link to={`/admin/orders?q=${item.order_id}`} className="font-semibold text-green-800 underline">
                #{item.order_id}
              </Link>
            </dd>
          </>
        )}
        <dt className="text-stone-500">Percobaan kirim</dt>
        <dd>{item.attempts}</dd>
        {item.sent_at && (
          <>
            <dt className="text-stone-500">Terkirim</dt>
            <dd>{formatDateTime(item.sent_at)}</dd>
          </>
        )}
        {item.last_error && (
          <>
            <dt className="text-stone-500">Galat terakhir</dt>
            <dd className="break-words text-red-800">{item.last_error}</dd>
          </>
        )}
      </dl>
      <pre aria-label={`Isi ${whatsapp ? 'pesan WhatsApp' : 'email'} ${item.subject}`} className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-stone-200 bg-white p-3 font-sans text-sm text-stone-900">
        {item.text_body}
      </pre>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="button" className={buttonStyles.small} onClick={() => void copy()}>
          Salin isi
        </button>
        {handOff && (
          <a href={handOff} className={buttonStyles.small} {...(whatsapp ? { target: '_blank', rel: 'noreferrer' } : {})}>
            {whatsapp ? 'Buka di WhatsApp' : 'Buka di aplikasi email'}
          </a>
        )}
        {item.status === 'failed' && (
          <button type="button" className={buttonStyles.small} onClick={() => void again()} disabled={resend.isPending}>
            {resend.isPending ? 'Menjadwalkan…' : 'Kirim ulang'}
          </button>
        )}
        {resent && (
          <span role="status" className="text-stone-600">
            {resent}
          </span>
        )}
        {copied && (
          <span role="status" className="text-stone-600">
            {copied}
          </span>
        )}
      </div>
    </div>
  );
}

export default function OutboxPage() {
  const [paging, update] = usePaging();
  const sort = useListSort(OUTBOX_SORTS, DEFAULT_OUTBOX_SORT);
  const search = useListSearch();
  const outbox = useOutbox({ ...paging, q: search.q, sort: sort.sort, dir: sort.dir });
  const [openId, setOpenId] = useState<number | null>(null);
  const data = outbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <div>
      <AdminPageHeader
        title="Kotak keluar email"
        description="Email dan pesan WhatsApp yang dikirim toko: kabar pesanan untuk pembeli di setiap langkah, pemberitahuan pesanan baru dan bukti transfer untuk toko."
        actions={
          <button type="button" className={buttonStyles.secondary} onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
            {outbox.isFetching ? 'Memuat…' : 'Muat ulang'}
          </button>
        }
      />
      {data && !data.smtp_configured && (
        <div role="note" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="font-semibold">Pengiriman email belum diatur (SMTP).</p>
          <p className="mt-1">
            Email tidak dikirim ke siapa pun; semuanya disimpan di sini dengan status “{mailStatusLabels.kept}”. Buka sebuah pesan untuk menyalin isinya, lalu teruskan secara
            manual lewat email atau WhatsApp. Agar email terkirim otomatis, isi <code className="rounded bg-amber-100 px-1">SMTP_URL</code> dan{' '}
            <code className="rounded bg-amber-100 px-1">MAIL_FROM</code> di konfigurasi server.
          </p>
        </div>
      )}
      {data && !data.whatsapp_configured && (
        <div role="note" className="mb-4 rounded-xl border border-stone-300 bg-stone-50 px-4 py-3 text-sm text-stone-800">
          <p className="font-semibold">Pengiriman WhatsApp belum diatur.</p>
          <p className="mt-1">
            Pesan WhatsApp untuk pembeli disimpan di sini; buka sebuah pesan lalu pilih “Buka di WhatsApp” untuk mengirimnya sendiri. Agar terkirim otomatis, isi{' '}
            <code className="rounded bg-stone-200 px-1">WHATSAPP_TOKEN</code> dan <code className="rounded bg-stone-200 px-1">WHATSAPP_PHONE_NUMBER_ID</code> di konfigurasi server.
          </p>
        </div>
      )}
      {outbox.isError && (
        <div role="alert" className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <span>{failureMessage(outbox.error, 'Gagal memuat kotak keluar email.')}</span>
          <button type="button" className={buttonStyles.small} onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
            Coba lagi
          </button>
        </div>
      )}
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <ListSearchField label="Cari pesan" placeholder="Penerima, subjek, atau #nomor pesanan" search={search} className="min-w-0 flex-1 basis-64" />
        <SortSelect id="outbox-sort" options={sortOptions} sort={sort} />
      </div>
      {!data && !outbox.isError && <p role="status">Memuat kotak keluar…</p>}
      {data && data.items.length === 0 && search.q && <EmptyState title={`Tidak ada pesan yang cocok dengan "${search.q}".`}>Coba kata kunci lain.</EmptyState>}
      {data && data.items.length === 0 && !search.q && <EmptyState title="Belum ada email.">Email muncul di sini setelah ada pesanan atau bukti transfer.</EmptyState>}
      {data && data.items.length > 0 && (
        <section aria-label="Daftar email" className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
          <div aria-hidden="true" className="hidden grid-cols-[11rem_minmax(0,14rem)_minmax(0,1fr)_12rem] gap-3 bg-stone-50 px-4 py-2 text-left text-sm font-semibold md:grid">
            <span>Tanggal</span>
            <span>Kepada</span>
            <span>Subjek</span>
            <span>Status</span>
          </div>
          <ul className="divide-y divide-stone-100">
            {data.items.map((item) => {
              const open = openId === item.id;
              return (
                <li key={item.id} data-mail-id={item.id}>
                  <button
                    type="button"
                    aria-expanded={open}
                    aria-controls={`mail-${item.id}`}
                    onClick={() => setOpenId(open ? null : item.id)}
                    className={`grid w-full grid-cols-1 gap-1 px-4 py-3 text-left text-sm hover:bg-green-50 md:grid-cols-[11rem_minmax(0,14rem)_minmax(0,1fr)_12rem] md:gap-3 ${open ? 'bg-green-50' : ''}`}
                  >
                    <span className="text-stone-600 md:text-stone-900">{formatDateTime(item.created_at)}</span>
                    <span className="break-all md:truncate">
                      <span className="text-stone-500 md:sr-only">Kepada: </span>
                      <span className="mr-1 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-semibold text-stone-700">{mailChannelLabels[item.channel]}</span>
                      {item.to_address}
                    </span>
                    <span className="font-semibold md:truncate md:font-normal">{item.subject}</span>
                    <span className="flex flex-col items-start gap-1">
                      <StatusBadge status={item.status} channel={item.channel} />
                      {item.last_error && item.status !== 'sent' && <span className="line-clamp-2 text-xs text-red-800">{item.last_error}</span>}
                    </span>
                  </button>
                  {open && (
                    <div id={`mail-${item.id}`}>
                      <MessageDetail item={item} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {data && data.total > 0 && (
        <Pagination
          label="Halaman email"
          page={paging.page}
          pageCount={pages}
          onPage={(page) => update({ page })}
          pageSize={{ value: paging.page_size, options: OUTBOX_PAGE_SIZES, onChange: (page_size) => update({ page_size }) }}
        />
      )}
      <p className="mt-4 text-xs text-stone-500">Pesan yang gagal terkirim dicoba lagi otomatis, makin lama makin jarang, sampai 5 kali; setelah itu statusnya “{mailStatusLabels.failed}” dan dapat dikirim ulang dari rinciannya.</p>
    </div>
  );
}
