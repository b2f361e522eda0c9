/**
 * The order desk (docs/requirements/back-office.md §2 Orders, §4, §8): server-side search, status tabs with
 * counts, the "Menunggu verifikasi" filter for proofs of transfer, summary cards, the table with
 * its status and an explicit "Konfirmasi pesanan" (issue 28: no dropdown; disabled while that order's update
 * runs; the row replaced by the server's answer) and payment state, the side detail panel with the payment
 * (proof, confirm, reject, WhatsApp), the shipments (features/shipments) and the audit trail, and the CSV export of the filtered orders. Filters live in the
 * URL; `?order=N` (the dashboard's and the bell's links) opens that order's panel.
 */
import { useState } from 'react';
import { catalogTileValue } from '@pasar/core/catalog';
import { ADMIN_ORDER_SORTS, adminOrderMessages, type AdminOrder } from '@pasar/core/orders';
import { AdminPageHeader, buttonStyles, EmptyState, ErrorBanner, SuccessBanner } from '../../components/admin/admin-ui';
import { Pagination } from '../../components/admin/pagination';
import { useDebouncedSearch, useListSort } from '../../components/admin/sorting';
import { failureMessage } from '../../components/form';
import { downloadOrdersCsv, useAdminOrders, useStoreName, type OrderFilter } from './api/admin-orders-api';
import { OrderDetailPanel } from './order-detail-panel';
import { OrderFilters } from './order-filters';
import { OrderPanelShell } from './order-panel-shell';
import { OrderSummaryCards } from './order-summary-cards';
import { OrdersTable } from './orders-table';
import { deskPages } from './revenue-card';
import { ORDER_PAGE_SIZES, useOrderFilter } from './use-order-filter';
import { useOrderSelection } from './use-order-selection';
import { useStatusChange } from './use-status-change';

const loadFailed = (error: unknown) => adminOrderMessages.loadFailed(error instanceof Error ? error.message : String(error));

/** "Ekspor CSV" of the filtered orders, in two separators. */
function ExportButtons({ filter, onFailed }: { filter: OrderFilter; onFailed: (message: string | null) => void }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async (sep: 'comma' | 'semicolon') => {
    setExporting(true);
    onFailed(null);
    try {
      await downloadOrdersCsv(filter, sep);
    } catch (error) {
      onFailed(failureMessage(error, 'Gagal mengekspor pesanan.'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <button type="button" className={buttonStyles.secondary} onClick={() => void exportCsv('comma')} disabled={exporting}>
        {exporting ? 'Mengekspor…' : 'Ekspor CSV'}
      </button>
      {/* Excel set to Indonesian reads ',' as the decimal comma: its columns are split by ';' (issue 31). */}
      <button type="button" className={buttonStyles.secondary} onClick={() => void exportCsv('semicolon')} disabled={exporting}>
        CSV untuk Excel (;)
      </button>
    </>
  );
}

/** What an empty list says: nothing waits for verification, nothing matches, or nothing yet. */
function NoOrders({ filter }: { filter: OrderFilter }) {
  const verifying = filter.payment === 'verification';
  if (verifying && !filter.q && filter.status === 'all') return <EmptyState title="Tidak ada bukti transfer yang menunggu verifikasi." />;
  if (filter.q || filter.status !== 'all' || verifying) return <EmptyState title="Tidak ada pesanan yang cocok.">Ubah kata kunci, status, atau filter pembayaran.</EmptyState>;
  return <EmptyState title="Belum ada pesanan." />;
}

export default function AdminOrdersPage() {
  const [filter, updateFilter, linkedOrder, forgetLinkedOrder] = useOrderFilter();
  const sort = useListSort(ADMIN_ORDER_SORTS, { sort: 'created_at', dir: 'desc' });
  const orders = useAdminOrders(filter);
  const data = orders.data;
  const storeName = useStoreName().data ?? null;
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const panel = useOrderSelection({ list: data, listIsPlaceholder: orders.isPlaceholderData, linkedOrder, forgetLinkedOrder });
  const update = (patch: Partial<OrderFilter>) => {
    panel.unpin();
    updateFilter(patch);
  };
  const { text: search, setText: setSearch } = useDebouncedSearch(filter.q, (q) => update({ q }), 350);
  const { updating, setStatus } = useStatusChange({
    onStart: () => {
      setBanner(null);
      setNotice(null);
    },
    onDone: setNotice,
    onFailed: setBanner,
  });
  const confirmOrder = (order: AdminOrder) => void setStatus(order, 'confirmed');

  if (orders.isError && !data) {
    return (
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
        {loadFailed(orders.error)}
      </div>
    );
  }

  const pages = data ? deskPages(data, filter.page) : { count: '1', more: false };
  // A search that counted only up to its cap (issue 15): every figure is a lower bound, written '1.000+'.
  const figure = (n: number) => catalogTileValue(n, data?.approximate);
  const { selection, selected } = panel;
  const panelOpen = Boolean(selection);

  return (
    <div className={panelOpen ? 'xl:pr-[28rem]' : undefined}>
      <AdminPageHeader title="Pesanan" description="Pesanan online dan penjualan kasir. Ubah status langsung dari tabel." actions={<ExportButtons filter={filter} onFailed={setBanner} />} />
      <ErrorBanner message={banner} onClose={() => setBanner(null)} />
      {/* A reload that fails while a list is on screen: the spec's message, and the list kept.
          The button comes first so the detail panel on the right never covers it. */}
      {orders.isError && data && (
        <div role="alert" className="mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <button type="button" className={buttonStyles.small} onClick={() => void orders.refetch()} disabled={orders.isFetching}>
            Coba lagi
          </button>
          <span>{loadFailed(orders.error)} — daftar di bawah mungkin belum terbaru.</span>
        </div>
      )}
      <SuccessBanner message={notice} onClose={() => setNotice(null)} />
      <OrderFilters filter={filter} counts={data?.counts} figure={figure} search={search} onSearch={setSearch} onChange={update} />
      {/* While another tab loads, the old figures would be labelled for the new tab: wait for them. */}
      <OrderSummaryCards list={data} summary={data && !orders.isPlaceholderData ? data.summary : undefined} status={filter.status} figure={figure} panelOpen={panelOpen} />
      {data && data.items.length === 0 && <NoOrders filter={filter} />}
      {!data && <p role="status">Memuat pesanan…</p>}
      {data && data.items.length > 0 && (
        <OrdersTable orders={data.items} sort={sort} selectedId={selection?.id ?? null} panelOpen={panelOpen} updating={updating} onSelect={panel.select} onConfirm={confirmOrder} />
      )}
      {data && data.total > 0 && (
        <Pagination
          label="Halaman pesanan"
          page={filter.page}
          pageCount={pages.count}
          hasNext={pages.more}
          onPage={(page) => update({ page })}
          pageSize={{ value: filter.page_size, options: ORDER_PAGE_SIZES, onChange: (page_size) => update({ page_size }) }}
        />
      )}
      {selected && (
        <OrderDetailPanel
          key={selected.id}
          order={selected}
          storeName={storeName}
          onClose={panel.close}
          onActed={() => panel.pin(selected.id)}
          statusBusy={updating.has(selected.id)}
          onConfirm={() => confirmOrder(selected)}
        />
      )}
      {/* A linked order that is on no page shown: loading, missing or failed, said in its panel. */}
      {!selected && selection?.pinned && (
        <OrderPanelShell orderId={selection.id} onClose={panel.close}>
          {panel.single.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {loadFailed(panel.single.error)}
            </p>
          ) : panel.single.data === null ? (
            <p className="text-sm text-stone-700">{adminOrderMessages.notFound}</p>
          ) : (
            <p role="status" className="text-sm text-stone-600">
              Memuat pesanan…
            </p>
          )}
        </OrderPanelShell>
      )}
    </div>
  );
}
