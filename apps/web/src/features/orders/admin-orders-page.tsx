/**
 * The order desk (back-office spec §2 Orders, §4, §8): server-side search, status tabs with
 * counts, summary cards, the table with its status dropdown (disabled while that order's update
 * runs; the row replaced by the server's answer), the side detail panel with the audit trail,
 * and the CSV export of the filtered orders. Filters live in the URL.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, adminOrderMessages, orderStatusLabels, type AdminOrder, type OrderStatus } from '@pasar/core/orders';
import { formatRupiah } from '@pasar/core/money';
import { posPaymentLabels, type PosPaymentMethod } from '@pasar/core/pos';
import { AdminPageHeader, AdminTable, buttonStyles, EmptyState, ErrorBanner, failureMessage, StatCard, SuccessBanner } from '../../components/admin/admin-ui';
import { moneyCard } from './revenue-card';
import { downloadOrdersCsv, useAdminOrders, useChangeOrderStatus, type OrderFilter } from './api/admin-orders-api';

const TABS = ['all', ...ORDER_STATUSES] as const;
const tabLabel = (t: (typeof TABS)[number]) => (t === 'all' ? 'Semua' : orderStatusLabels[t]);
const dateTime = (iso: string) => new Date(iso).toLocaleString('id-ID', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Jakarta' });
const methodLabel = (m: string) => posPaymentLabels[m as PosPaymentMethod] ?? (m === 'manual' ? 'Transfer manual' : m);

function useFilter(): [OrderFilter, (patch: Partial<OrderFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filter: OrderFilter = {
    q: params.get('q') ?? '',
    status: status && (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : 'all',
    page: Math.max(1, Number(params.get('page')) || 1),
    page_size: [10, 20, 50, 100].includes(Number(params.get('size'))) ? Number(params.get('size')) : 20,
  };
  const update = (patch: Partial<OrderFilter>) => {
    const next = { ...filter, page: 1, ...patch };
    const p = new URLSearchParams();
    if (next.q) p.set('q', next.q);
    if (next.status !== 'all') p.set('status', next.status);
    if (next.page > 1) p.set('page', String(next.page));
    if (next.page_size !== 20) p.set('size', String(next.page_size));
    setParams(p, { replace: true });
  };
  return [filter, update];
}

function DetailPanel({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const address = [order.shipping_address, order.shipping_district, order.shipping_city, order.shipping_province, order.shipping_postcode].filter(Boolean).join(', ');
  return (
    <aside aria-label={`Detail pesanan #${order.id}`} className="fixed inset-y-0 right-0 z-40 w-full max-w-md overflow-y-auto border-l border-stone-200 bg-white p-5 shadow-2xl">
      <div className="mb-4 flex items-center justify-between">
        <h2 className="text-lg font-bold">Pesanan #{order.id}</h2>
        <button type="button" onClick={onClose} className="rounded-lg px-3 py-1 text-2xl leading-none hover:bg-stone-100" aria-label="Tutup detail">
          ×
        </button>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <dt className="text-stone-500">Tipe</dt>
        <dd>{order.order_type === 'pos' ? 'POS (kasir)' : 'Online'}</dd>
        <dt className="text-stone-500">Status</dt>
        <dd>{order.status_label}</dd>
        <dt className="text-stone-500">Pembayaran</dt>
        <dd>
          {methodLabel(order.payment_method)} · {order.payment_status_label}
        </dd>
        <dt className="text-stone-500">Total</dt>
        <dd className="font-bold">{formatRupiah(order.total_amount)}</dd>
        <dt className="text-stone-500">Dibuat</dt>
        <dd>{dateTime(order.created_at)}</dd>
        <dt className="text-stone-500">Pelanggan</dt>
        <dd>{order.customer_name ?? order.customer_label}</dd>
        <dt className="text-stone-500">Telepon</dt>
        <dd>{order.shipping_phone ?? order.customer_phone ?? '—'}</dd>
        <dt className="text-stone-500">Email</dt>
        <dd className="break-all">{order.guest_email ?? order.customer_email ?? '—'}</dd>
        {order.order_type === 'pos' && (
          <>
            <dt className="text-stone-500">Tunai diterima</dt>
            <dd>{order.cash_received !== null ? formatRupiah(order.cash_received) : '—'}</dd>
            <dt className="text-stone-500">Kembalian</dt>
            <dd>{order.change_due !== null ? formatRupiah(order.change_due) : '—'}</dd>
          </>
        )}
        {order.shipping_courier && (
          <>
            <dt className="text-stone-500">Pengiriman</dt>
            <dd>
              {order.shipping_courier} {order.shipping_service} · {formatRupiah(order.shipping_cost)}
            </dd>
          </>
        )}
        <dt className="text-stone-500">Catatan</dt>
        <dd>{order.notes ?? '—'}</dd>
      </dl>
      <h3 className="mt-5 font-bold">Barang</h3>
      <ul className="mt-2 divide-y divide-stone-100 text-sm">
        {order.order_items.map((i) => (
          <li key={i.id} className="py-2">
            <p className="font-semibold">
              {i.product_name}
              {i.variant_label && <span className="font-normal text-stone-600"> · Ukuran {i.variant_label}</span>}
            </p>
            {i.selected_options.length > 0 && <p className="text-stone-600">{i.selected_options.map((o) => `${o.group}: ${o.value}`).join(', ')}</p>}
            <p className="text-stone-600">
              {i.quantity} × {formatRupiah(i.price)} = <span className="font-semibold text-stone-900">{formatRupiah(i.line_total)}</span>
            </p>
          </li>
        ))}
      </ul>
      {order.order_type !== 'pos' && (
        <>
          <h3 className="mt-5 font-bold">Alamat pengiriman</h3>
          <p className="mt-1 text-sm">
            {order.shipping_name}
            <br />
            {address || '—'}
          </p>
        </>
      )}
      <h3 className="mt-5 font-bold">Riwayat perubahan</h3>
      {order.events.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600">Belum ada perubahan sejak pesanan dibuat.</p>
      ) : (
        <ol aria-label="Riwayat perubahan" className="mt-2 space-y-2 text-sm">
          {order.events.map((e) => (
            <li key={e.id} className="rounded-lg bg-stone-50 p-2">
              <p>
                <span className="font-semibold">{dateTime(e.created_at)}</span> · {e.actor_name ?? 'Sistem'}
              </p>
              {e.to_status && (
                <p>
                  {e.from_status ? `${orderStatusLabels[e.from_status as OrderStatus] ?? e.from_status} → ` : ''}
                  {orderStatusLabels[e.to_status as OrderStatus] ?? e.to_status}
                </p>
              )}
              {e.note && <p className="text-stone-600">{e.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}

export default function AdminOrdersPage() {
  const [filter, update] = useFilter();
  const [search, setSearch] = useState(filter.q);
  const orders = useAdminOrders(filter);
  const change = useChangeOrderStatus();
  const [updating, setUpdating] = useState<Set<number>>(new Set());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  // The box follows the URL when it changes from outside (back/forward, the menu link to a bare
  // /admin/orders); otherwise the debounce below would write the old words back into the URL.
  // Not while the URL only caught up with the typing ("opak " stays "opak ", not "opak").
  const [urlQ, setUrlQ] = useState(filter.q);
  if (urlQ !== filter.q) {
    setUrlQ(filter.q);
    if (search.trim() !== filter.q) setSearch(filter.q);
  }

  // Search runs on the server; typing waits a moment before asking.
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === filter.q) return;
    const timer = setTimeout(() => update({ q: trimmed }), 350);
    return () => clearTimeout(timer);
  });

  const data = orders.data;
  const selected = data?.items.find((o) => o.id === selectedId) ?? null;
  // The panel closes itself when the selected order is filtered out (spec §2).
  useEffect(() => {
    if (selectedId !== null && data && !orders.isPlaceholderData && !data.items.some((o) => o.id === selectedId)) setSelectedId(null);
  }, [data, selectedId, orders.isPlaceholderData]);

  if (orders.isError && !data) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
        {adminOrderMessages.loadFailed(orders.error instanceof Error ? orders.error.message : String(orders.error))}
      </div>
    );
  }

  const setStatus = async (order: AdminOrder, status: OrderStatus) => {
    setBanner(null);
    setNotice(null);
    setUpdating((s) => new Set(s).add(order.id));
    try {
      const result = await change.mutateAsync({ id: order.id, status, version: order.version });
      setNotice(result.message ?? null);
    } catch (error) {
      setBanner(failureMessage(error, adminOrderMessages.updateFailed));
    } finally {
      setUpdating((s) => {
        const next = new Set(s);
        next.delete(order.id);
        return next;
      });
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    setBanner(null);
    try {
      await downloadOrdersCsv(filter);
    } catch (error) {
      setBanner(failureMessage(error, 'Gagal mengekspor pesanan.'));
    } finally {
      setExporting(false);
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <div>
      <AdminPageHeader
        title="Pesanan"
        description="Pesanan online dan penjualan kasir. Ubah status langsung dari tabel."
        actions={
          <button type="button" className={buttonStyles.secondary} onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? 'Mengekspor…' : 'Ekspor CSV'}
          </button>
        }
      />
      <ErrorBanner message={banner} onClose={() => setBanner(null)} />
      {/* A reload that fails while a list is on screen: the spec's message, and the list kept.
          The button comes first so the detail panel on the right never covers it. */}
      {orders.isError && data && (
        <div role="alert" className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <button type="button" className={buttonStyles.small} onClick={() => void orders.refetch()} disabled={orders.isFetching}>
            Coba lagi
          </button>
          <span>
            {adminOrderMessages.loadFailed(orders.error instanceof Error ? orders.error.message : String(orders.error))} — daftar di bawah mungkin belum terbaru.
          </span>
        </div>
      )}
      <SuccessBanner message={notice} onClose={() => setNotice(null)} />
      <label className="mb-3 block text-sm font-semibold">
        Cari pesanan
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="ID pesanan, email tamu, status, tanggal (2026-11-22 atau 22/11/2026), nama produk"
          className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 font-normal"
        />
      </label>
      <div role="tablist" aria-label="Status pesanan" className="mb-4 flex flex-wrap gap-2">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={filter.status === t}
            onClick={() => update({ status: t })}
            className={`rounded-full px-3 py-1.5 text-sm font-semibold ${filter.status === t ? 'bg-green-700 text-white' : 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50'}`}
          >
            {tabLabel(t)} <span className="opacity-80">({data?.counts[t] ?? '…'})</span>
          </button>
        ))}
      </div>
      <section aria-label="Ringkasan pesanan" className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Jumlah pesanan" value={data ? data.summary.count : '…'} />
        {/* While another tab loads, the old figures would be labelled for the new tab: wait for them. */}
        <StatCard {...moneyCard(data && !orders.isPlaceholderData ? data.summary : undefined, filter.status)} />
        <StatCard label="Menunggu konfirmasi" value={data ? data.summary.by_status.pending : '…'} tone="amber" />
        <StatCard
          label="Per status"
          value={<span className="text-sm font-semibold">{data ? ORDER_STATUSES.filter((s) => s !== 'pending').map((s) => `${orderStatusLabels[s]} ${data.summary.by_status[s]}`).join(' · ') : '…'}</span>}
        />
      </section>
      {data && data.items.length === 0 && (filter.q || filter.status !== 'all' ? <EmptyState title="Tidak ada pesanan yang cocok.">Ubah kata kunci atau status.</EmptyState> : <EmptyState title="Belum ada pesanan." />)}
      {!data && <p role="status">Memuat pesanan…</p>}
      {data && data.items.length > 0 && (
        <AdminTable label="Daftar pesanan">
          <thead className="bg-stone-50 text-left">
            <tr>
              <th className="px-3 py-2">ID</th>
              <th className="px-3 py-2">Tipe</th>
              <th className="px-3 py-2">Pelanggan</th>
              <th className="px-3 py-2">Penerima</th>
              <th className="px-3 py-2 text-right">Item</th>
              <th className="px-3 py-2 text-right">Total</th>
              <th className="px-3 py-2">Status</th>
              <th className="px-3 py-2">Tanggal</th>
              <th className="px-3 py-2">
                <span className="sr-only">Detail</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {data.items.map((o) => (
              <tr key={o.id} data-order-id={o.id} className={selectedId === o.id ? 'bg-green-50' : undefined}>
                <td className="px-3 py-2 font-semibold">#{o.id}</td>
                <td className="px-3 py-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${o.order_type === 'pos' ? 'bg-purple-100 text-purple-900' : 'bg-sky-100 text-sky-900'}`}>{o.order_type === 'pos' ? 'POS' : 'Online'}</span>
                </td>
                <td className="max-w-[12rem] truncate px-3 py-2">{o.customer_label}</td>
                <td className="px-3 py-2">{o.shipping_name ?? '—'}</td>
                <td className="px-3 py-2 text-right">{o.order_items.reduce((s, i) => s + i.quantity, 0)}</td>
                <td className="px-3 py-2 text-right font-semibold">{formatRupiah(o.total_amount)}</td>
                <td className="px-3 py-2">
                  <select
                    aria-label={`Status pesanan #${o.id}`}
                    value={o.status}
                    disabled={updating.has(o.id)}
                    onChange={(e) => void setStatus(o, e.target.value as OrderStatus)}
                    className="rounded-lg border border-stone-300 bg-white px-2 py-1 text-sm disabled:opacity-60"
                  >
                    {ORDER_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {orderStatusLabels[s]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="whitespace-nowrap px-3 py-2">{dateTime(o.created_at)}</td>
                <td className="px-3 py-2">
                  <button type="button" className={buttonStyles.small} onClick={() => setSelectedId(o.id)} aria-label={`Detail pesanan #${o.id}`}>
                    Detail
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      {data && data.total > 0 && (
        <nav aria-label="Halaman pesanan" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <label className="flex items-center gap-2">
            Per halaman
            <select value={filter.page_size} onChange={(e) => update({ page_size: Number(e.target.value) })} className="rounded-lg border border-stone-300 px-2 py-1">
              {[10, 20, 50, 100].map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </label>
          <div className="flex items-center gap-2">
            <button type="button" className={buttonStyles.small} disabled={filter.page <= 1} onClick={() => update({ page: filter.page - 1 })}>
              Sebelumnya
            </button>
            <span>
              Halaman {filter.page} dari {pages}
            </span>
            <button type="button" className={buttonStyles.small} disabled={filter.page >= pages} onClick={() => update({ page: filter.page + 1 })}>
              Berikutnya
            </button>
          </div>
        </nav>
      )}
      {selected && <DetailPanel order={selected} onClose={() => setSelectedId(null)} />}
    </div>
  );
}
