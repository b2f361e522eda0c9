/**
 * The order desk (docs/requirements/back-office.md §2 Orders, §4, §8): server-side search, status tabs with
 * counts, the "Menunggu verifikasi" filter for proofs of transfer, summary cards, the table with
 * its status and an explicit "Konfirmasi pesanan" (issue 28: no dropdown; disabled while that order's update
 * runs; the row replaced by the server's answer) and payment state, the side detail panel with the payment
 * (proof, confirm, reject, WhatsApp), the shipments (features/shipments) and the audit trail, and the CSV export of the filtered orders. Filters live in the
 * URL; `?order=N` (the dashboard's and the bell's links) opens that order's panel.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { catalogTileValue } from '@pasar/core/catalog';
import { ADMIN_ORDER_SORTS, ORDER_SEARCH_COUNT_CAP, ORDER_STATUSES, adminOrderMessages, approximateOrderFiguresNote, orderStatusLabels, type AdminOrder, type OrderStatus } from '@pasar/core/orders';
import { formatRupiah } from '@pasar/core/money';
import { detectProofType, paymentMessages, paymentRejectSchema } from '@pasar/core/payments';
import { posPaymentLabels, type PosPaymentMethod } from '@pasar/core/pos';
import { formatDateTime } from '@pasar/core/time';
import { SortableHeader, useListSort } from '../../components/admin/sorting';
import { AdminPageHeader, AdminTable, buttonStyles, confirmAction, EmptyState, ErrorBanner, StatCard, SuccessBanner } from '../../components/admin/admin-ui';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { buyerWhatsappLink } from './buyer-whatsapp';
import { PaymentStateBadge } from '../../components/orders/order-badges';
import { deskPages, moneyCard, unpaidCard } from './revenue-card';
import { downloadOrdersCsv, fetchProof, useAdminOrder, useAdminOrders, useChangeOrderStatus, usePaymentAction, useStoreName, type OrderFilter } from './api/admin-orders-api';
import { Field, failureMessage } from '../../components/form';
import { refundMessages } from '@pasar/core/refunds';
import { OrderRefundsPanel } from './order-refunds-panel';
import { ShipmentsPanel } from './shipments-panel';
import { orderCourierText } from '@pasar/core/shipments';
import { StatusCell } from './status-cell';

const TABS = ['all', ...ORDER_STATUSES] as const;
const tabLabel = (t: (typeof TABS)[number]) => (t === 'all' ? 'Semua' : orderStatusLabels[t]);
const methodLabel = (m: string) => posPaymentLabels[m as PosPaymentMethod] ?? (m === 'manual' ? 'Transfer manual' : m);
const paymentFailed = 'Gagal memproses pembayaran. Silakan coba lagi.';
const rejectButtonClass = 'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60';

/** The message of a refused payment action: the server's own words for a 4xx (a 409 says who changed what). */
function paymentFailure(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return failureMessage(error, paymentFailed);
}

function useFilter(): [OrderFilter, (patch: Partial<OrderFilter>) => void, number | null, () => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const order = useListSort(ADMIN_ORDER_SORTS, { sort: 'created_at', dir: 'desc' });
  const filter: OrderFilter = {
    sort: order.sort,
    dir: order.dir,
    q: params.get('q') ?? '',
    status: status && (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : 'all',
    payment: params.get('payment') === 'verification' ? 'verification' : 'all',
    page: Math.max(1, Number(params.get('page')) || 1),
    page_size: [10, 20, 50, 100].includes(Number(params.get('size'))) ? Number(params.get('size')) : 20,
  };
  // A changed filter drops `order`: the link has been followed, the panel is the page's business now.
  const update = (patch: Partial<OrderFilter>) => {
    const next = { ...filter, page: 1, ...patch };
    const p = new URLSearchParams();
    if (next.q) p.set('q', next.q);
    if (next.status !== 'all') p.set('status', next.status);
    if (next.payment !== 'all') p.set('payment', next.payment);
    if (next.page > 1) p.set('page', String(next.page));
    if (next.page_size !== 20) p.set('size', String(next.page_size));
    // The order the admin chose stays when the filter changes.
    if (params.has('sort')) p.set('sort', order.sort);
    if (params.has('dir')) p.set('dir', order.dir);
    setParams(p, { replace: true });
  };
  const linked = Number(params.get('order'));
  const linkedOrder = Number.isSafeInteger(linked) && linked > 0 ? linked : null;
  const forgetLinkedOrder = () => {
    if (!params.has('order')) return;
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.delete('order');
        return p;
      },
      { replace: true },
    );
  };
  return [filter, update, linkedOrder, forgetLinkedOrder];
}

/** The proof of transfer, fetched with the admin's token; the object URL lives as long as this view. */
function ProofView({ orderId, url }: { orderId: number; url: string }) {
  const [state, setState] = useState<{ status: 'loading' } | { status: 'ready'; objectUrl: string; pdf: boolean } | { status: 'error'; message: string }>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchProof(url, controller.signal).then(
      async (blob) => {
        // Told by its first bytes, as the server checked it, not by a header a proxy may change.
        const type = detectProofType(new Uint8Array(await blob.slice(0, 16).arrayBuffer())) ?? blob.type;
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(type && type !== blob.type ? new Blob([blob], { type }) : blob);
        setState({ status: 'ready', objectUrl, pdf: type === 'application/pdf' });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: error instanceof Error && error.message ? error.message : 'Bukti transfer tidak dapat dimuat.' });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  if (state.status === 'loading') return <p className="text-sm text-stone-600">Memuat bukti transfer…</p>;
  if (state.status === 'error') return <p className="text-sm text-red-700">{state.message}</p>;
  if (state.pdf) {
    return (
      <a href={state.objectUrl} download={`bukti-transfer-pesanan-${orderId}.pdf`} className={buttonStyles.small}>
        Unduh bukti transfer (PDF)
      </a>
    );
  }
  return (
    <a href={state.objectUrl} target="_blank" rel="noopener noreferrer" className="block" title="Buka ukuran penuh">
      <img src={state.objectUrl} alt={`Bukti transfer pesanan #${orderId}`} className="max-h-96 w-full rounded-lg border border-stone-200 bg-stone-50 object-contain" />
    </a>
  );
}

function RejectDialog({ order, onClose, onDone }: { order: AdminOrder; onClose: () => void; onDone: (message: { tone: 'ok' | 'error'; text: string }) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [banner, setBanner] = useState<string | null>(null);
  const action = usePaymentAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const parsed = paymentRejectSchema.safeParse({ reason, version: order.version });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? paymentMessages.rejectReasonRequired);
      return;
    }
    setError(undefined);
    try {
      const result = await action.mutateAsync({ kind: 'reject', id: order.id, version: order.version, reason: parsed.data.reason });
      onDone({ tone: 'ok', text: result.message ?? paymentMessages.rejected });
    } catch (failure) {
      const fields = failure instanceof ApiError && failure.fields ? failure.fields : {};
      if (fields.reason) setError(fields.reason);
      // Someone else moved the order first: the dialog is about a state that is gone.
      else if (failure instanceof ApiError && failure.status === 409) onDone({ tone: 'error', text: paymentFailure(failure) });
      else setBanner(paymentFailure(failure));
    }
  };
  return (
    <Modal title={`Tolak bukti transfer #${order.id}`} onClose={onClose} guardEdits>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3">
        <ErrorBanner message={banner} />
        <Field as="textarea"
          id="reject-reason"
          label="Alasan penolakan"
          value={reason}
          error={error}
          maxLength={500}
          hint="Pembeli membaca alasan ini dan dapat mengirim bukti transfer baru."
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Batal
          </button>
          <button type="submit" className={rejectButtonClass} disabled={action.isPending}>
            {action.isPending ? 'Mengirim…' : 'Tolak bukti transfer'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-stone-500">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function PaymentSection({ order, storeName, onRejectClick, message, onMessage, onActed }: {
  order: AdminOrder;
  storeName: string | null;
  onRejectClick: () => void;
  message: { tone: 'ok' | 'error'; text: string } | null;
  onMessage: (message: { tone: 'ok' | 'error'; text: string } | null) => void;
  onActed: () => void;
}) {
  const action = usePaymentAction();
  const p = order.payment;
  const manual = order.payment_method === 'manual' || p?.provider === 'manual';
  const unpaid = order.payment_status === 'unpaid';
  // Decision 013: an admin confirms manual transfers only, never a cancelled order; only a proof
  // waiting for verification can be rejected.
  const canConfirm = manual && unpaid && order.status !== 'cancelled';
  const canReject = canConfirm && p?.proof_status === 'submitted';
  const reference = order.order_type === 'pos' ? order.payment_reference : (p?.reference ?? null);
  const whatsapp = buyerWhatsappLink(order, storeName);

  const confirm = async () => {
    // Issue 28: asked once, with the amount that should have arrived (kode unik included).
    if (!confirmAction(refundMessages.confirmPaymentQuestion(formatRupiah(order.total_amount)))) return;
    onMessage(null);
    onActed();
    try {
      const result = await action.mutateAsync({ kind: 'confirm', id: order.id, version: order.version });
      onMessage({ tone: 'ok', text: result.message ?? paymentMessages.confirmed });
    } catch (error) {
      onMessage({ tone: 'error', text: paymentFailure(error) });
    }
  };

  return (
    <section aria-label="Pembayaran" className="mb-5 rounded-xl border border-stone-200 bg-stone-50/60 p-3">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-bold">Pembayaran</h3>
        <PaymentStateBadge order={order} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        <Row label="Metode">{p?.payment_name || methodLabel(order.payment_method)}</Row>
        <Row label={manual ? 'Jumlah transfer' : 'Jumlah'}>
          <span className="font-bold" data-testid="expected-amount">
            {formatRupiah(order.total_amount)}
          </span>
        </Row>
        {order.unique_code > 0 && <Row label="Kode unik">+{formatRupiah(order.unique_code)} (sudah termasuk dalam jumlah)</Row>}
        {reference && <Row label="Referensi">{reference}</Row>}
        {unpaid && order.payment_due_at && <Row label="Batas bayar">{formatDateTime(order.payment_due_at)}</Row>}
        {p?.paid_at && <Row label="Dibayar">{formatDateTime(p.paid_at)}</Row>}
        {p?.proof_uploaded_at && <Row label="Bukti dikirim">{formatDateTime(p.proof_uploaded_at)}</Row>}
        {p?.proof_status === 'rejected' && p.rejection_reason && (
          <Row label="Alasan ditolak">
            <span className="text-red-800">{p.rejection_reason}</span>
          </Row>
        )}
      </dl>
      {order.proof_url && (
        <div className="mt-3">
          <p className="mb-1 text-sm font-semibold">Bukti transfer</p>
          {/* A new upload after a rejection may keep the address: its time makes it a new view. */}
          <ProofView key={`${order.proof_url}|${p?.proof_uploaded_at ?? ''}`} orderId={order.id} url={order.proof_url} />
        </div>
      )}
      {message && (
        <p role={message.tone === 'ok' ? 'status' : 'alert'} className={`mt-3 rounded-lg px-3 py-2 text-sm ${message.tone === 'ok' ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}>
          {message.text}
        </p>
      )}
      {(canConfirm || whatsapp) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {canConfirm && (
            <button type="button" className={buttonStyles.primary} onClick={() => void confirm()} disabled={action.isPending}>
              {action.isPending ? 'Memproses…' : paymentMessages.confirmButton}
            </button>
          )}
          {canReject && (
            <button
              type="button"
              className={buttonStyles.danger}
              onClick={() => {
                onMessage(null);
                onRejectClick();
              }}
              disabled={action.isPending}
            >
              {paymentMessages.rejectButton}
            </button>
          )}
          {whatsapp && (
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonStyles.secondary}>
              {paymentMessages.waLink}
            </a>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The panel's frame: a side sheet on a computer, the whole screen on a phone; Escape closes it,
 * unless it was pressed in a dialog (the reject reason, the bell): that Escape closes the dialog
 * alone. Checked on the key's target, since the dialog is already gone when the key reaches here.
 */
function PanelShell({ orderId, onClose, children }: { orderId: number; onClose: () => void; children: ReactNode }) {
  // Opening the panel moves focus to its heading (issue 31), so a keyboard or screen-reader user
  // reads the order instead of staying on "Detail"; closing it returns focus (AdminOrdersPage).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [orderId]);
  // A layout effect: the key works as soon as this is drawn (Preact runs a plain effect a frame later: docs/decisions/032-preact-compat.md).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      if (e.target instanceof Element && e.target.closest('[role="dialog"]')) return;
      onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  // A backdrop click counts only when the press began on it too (as in the Modal).
  const pressOnBackdrop = useRef(false);
  return (
    <>
      {/* Narrower than xl the panel covers the list: a backdrop says so and closes it. From xl up
          the panel is a column beside the list (the page leaves it room), so the tabs, the status
          dropdowns and "Ekspor CSV" stay usable while an order is open (issue 17). */}
      <div
        aria-hidden="true"
        data-testid="order-panel-backdrop"
        className="fixed inset-0 z-40 bg-black/30 xl:hidden"
        onPointerDown={(e) => {
          pressOnBackdrop.current = e.target === e.currentTarget;
        }}
        onClick={(e) => {
          if (e.target === e.currentTarget && pressOnBackdrop.current) onClose();
          pressOnBackdrop.current = false;
        }}
      />
      <aside aria-label={`Detail pesanan #${orderId}`} className="fixed inset-y-0 right-0 z-40 w-[calc(100%-3rem)] max-w-md overflow-y-auto border-l border-stone-200 bg-white p-5 shadow-2xl xl:top-14 xl:z-20 xl:shadow-lg">
        <div className="mb-4 flex items-center justify-between">
          <h2 ref={heading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
            Pesanan #{orderId}
          </h2>
          <button type="button" onClick={onClose} className="rounded-lg px-3 py-1 text-2xl leading-none hover:bg-stone-100" aria-label="Tutup detail">
            ×
          </button>
        </div>
        {children}
      </aside>
    </>
  );
}

function DetailPanel({ order, storeName, onClose, onActed, statusBusy, onConfirm }: {
  order: AdminOrder;
  storeName: string | null;
  onClose: () => void;
  onActed: () => void;
  statusBusy: boolean;
  onConfirm: () => void;
}) {
  const [rejecting, setRejecting] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const address = [order.shipping_address, order.shipping_district, order.shipping_city, order.shipping_province, order.shipping_postcode].filter(Boolean).join(', ');
  return (
    <PanelShell orderId={order.id} onClose={onClose}>
      <PaymentSection
        order={order}
        storeName={storeName}
        message={message}
        onMessage={setMessage}
        onActed={onActed}
        onRejectClick={() => {
          onActed();
          setRejecting(true);
        }}
      />
      {rejecting && (
        <RejectDialog
          order={order}
          onClose={() => setRejecting(false)}
          onDone={(m) => {
            setRejecting(false);
            setMessage(m);
          }}
        />
      )}
      <ShipmentsPanel order={order} />
      <OrderRefundsPanel order={order} onMessage={setMessage} />
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <dt className="text-stone-500">Tipe</dt>
        <dd>{order.order_type === 'pos' ? 'POS (kasir)' : 'Online'}</dd>
        <dt className="text-stone-500">Status</dt>
        <dd data-testid="panel-status">
          {/* The row's own control (issue 31): beside the open panel, or on a phone under it, the row may be out of reach. */}
          <StatusCell order={order} busy={statusBusy} onConfirm={onConfirm} />
        </dd>
        <dt className="text-stone-500">Metode pembayaran</dt>
        <dd>{order.payment?.payment_name || methodLabel(order.payment_method)}</dd>
        <dt className="text-stone-500">Total</dt>
        <dd className="font-bold">{formatRupiah(order.total_amount)}</dd>
        <dt className="text-stone-500">Dibuat</dt>
        <dd>{formatDateTime(order.created_at)}</dd>
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
              {/* Shoppers' names for couriers, never the rate API's codes ("jne REG"; issue 28). */}
              {orderCourierText(order.shipping_courier)} {order.shipping_service} · {formatRupiah(order.shipping_cost)}
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
                <span className="font-semibold">{formatDateTime(e.created_at)}</span> · {e.actor_name ?? 'Sistem'}
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
    </PanelShell>
  );
}

/**
 * The selected order. `pinned`: opened by a link (it may be on no page shown) or acted on in the
 * panel (a confirmed proof leaves the "Menunggu verifikasi" list, and the admin should see the
 * result): such a panel stays until closed or the filter changes. Otherwise the panel closes itself
 * when its order is filtered out (spec §2).
 */
interface Selection {
  id: number;
  pinned: boolean;
}

export default function AdminOrdersPage() {
  const [filter, updateFilter, linkedOrder, forgetLinkedOrder] = useFilter();
  const sort = useListSort(ADMIN_ORDER_SORTS, { sort: 'created_at', dir: 'desc' });
  const [search, setSearch] = useState(filter.q);
  const orders = useAdminOrders(filter);
  const change = useChangeOrderStatus();
  const storeName = useStoreName().data ?? null;
  const [updating, setUpdating] = useState<Set<number>>(new Set());
  const [selection, setSelection] = useState<Selection | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  // `?order=N` opens that order's panel, whatever the page shows (the dashboard's and the bell's links).
  const [followedLink, setFollowedLink] = useState<number | null>(null);
  if (linkedOrder !== followedLink) {
    setFollowedLink(linkedOrder);
    if (linkedOrder !== null) setSelection({ id: linkedOrder, pinned: true });
  }

  const update = (patch: Partial<OrderFilter>) => {
    setSelection((s) => (s ? { ...s, pinned: false } : s));
    updateFilter(patch);
  };
  // The "Detail" button that opened the panel: closing the panel gives it focus back (issue 31).
  const opener = useRef<HTMLElement | null>(null);
  const select = (id: number, button: HTMLElement) => {
    opener.current = button;
    forgetLinkedOrder();
    setSelection({ id, pinned: false });
  };
  const closePanel = () => {
    forgetLinkedOrder();
    setSelection(null);
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  };

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
  const settled = Boolean(data) && !orders.isPlaceholderData;
  const inList = selection ? (data?.items.find((o) => o.id === selection.id) ?? null) : null;
  const single = useAdminOrder(selection?.id ?? null, Boolean(selection?.pinned) && settled && !inList);
  const fresh = inList ?? (selection?.pinned ? (single.data ?? null) : null);
  // An order that has just left the list (confirmed under "Menunggu verifikasi") stays on screen as
  // last seen while it is fetched on its own: the panel, and the message in it, must not blink away.
  const [lastShown, setLastShown] = useState<AdminOrder | null>(null);
  if (fresh && fresh !== lastShown) setLastShown(fresh);
  const selected = fresh ?? (selection?.pinned && lastShown?.id === selection.id && !single.isError && single.data !== null ? lastShown : null);
  // The panel closes itself when the selected order is filtered out (spec §2).
  useEffect(() => {
    if (selection && !selection.pinned && data && !orders.isPlaceholderData && !data.items.some((o) => o.id === selection.id)) setSelection(null);
  }, [data, selection, orders.isPlaceholderData]);

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

  const exportCsv = async (sep: 'comma' | 'semicolon') => {
    setExporting(true);
    setBanner(null);
    try {
      await downloadOrdersCsv(filter, sep);
    } catch (error) {
      setBanner(failureMessage(error, 'Gagal mengekspor pesanan.'));
    } finally {
      setExporting(false);
    }
  };

  const pages = data ? deskPages(data, filter.page) : { count: '1', more: false };
  // A search that counted only up to its cap (issue 15): every figure is a lower bound, written '1.000+'.
  const approximate = data?.approximate;
  const figure = (n: number) => catalogTileValue(n, approximate);
  // While another tab loads, the old figures would be labelled for the new tab: wait for them.
  const summary = data && !orders.isPlaceholderData ? data.summary : undefined;
  const verifying = filter.payment === 'verification';
  // With the panel open beside the list (xl), the columns the panel repeats step aside.
  const panelOpen = Boolean(selection);
  const besidePanel = panelOpen ? 'xl:hidden' : '';
  // On a phone the table narrows to the id (with customer, total, payment and "Detail" under it)
  // and the status control, so both are in reach without sideways scrolling (issue 31).
  const wide = 'hidden md:table-cell';

  return (
    <div className={panelOpen ? 'xl:pr-[28rem]' : undefined}>
      <AdminPageHeader
        title="Pesanan"
        description="Pesanan online dan penjualan kasir. Ubah status langsung dari tabel."
        actions={
          <>
            <button type="button" className={buttonStyles.secondary} onClick={() => void exportCsv('comma')} disabled={exporting}>
              {exporting ? 'Mengekspor…' : 'Ekspor CSV'}
            </button>
            {/* Excel set to Indonesian reads ',' as the decimal comma: its columns are split by ';' (issue 31). */}
            <button type="button" className={buttonStyles.secondary} onClick={() => void exportCsv('semicolon')} disabled={exporting}>
              CSV untuk Excel (;)
            </button>
          </>
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
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div role="tablist" aria-label="Status pesanan" className="flex flex-wrap gap-2">
          {TABS.map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              aria-selected={filter.status === t}
              onClick={() => update({ status: t })}
              className={`rounded-full px-3 py-1.5 text-sm font-semibold ${filter.status === t ? 'bg-green-700 text-white' : 'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50'}`}
            >
              {tabLabel(t)} <span>({data ? figure(data.counts[t]) : '…'})</span>
            </button>
          ))}
        </div>
        {/* A payment filter on top of the status tabs: proofs of transfer waiting for an admin. */}
        <button
          type="button"
          aria-pressed={verifying}
          onClick={() => update({ payment: verifying ? 'all' : 'verification' })}
          className={`rounded-full px-3 py-1.5 text-sm font-semibold ${verifying ? 'bg-amber-600 text-white' : 'bg-amber-50 text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100'}`}
        >
          {paymentMessages.awaitingVerification} <span>({data ? figure(data.counts.verification) : '…'})</span>
        </button>
      </div>
      {/* Beside the open panel the list is about half as wide: the cards keep two to a row there. */}
      <section aria-label="Ringkasan pesanan" className={`mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 ${panelOpen ? 'xl:grid-cols-2' : 'xl:grid-cols-4'}`}>
        <StatCard label="Jumlah pesanan" value={data ? figure(data.summary.count) : '…'} />
        <StatCard {...moneyCard(summary, filter.status, approximate)} />
        <StatCard {...unpaidCard(summary, filter.status, approximate)} />
        <StatCard label="Menunggu konfirmasi" value={data ? figure(data.summary.by_status.pending) : '…'} tone="amber" />
        {/* The longest card takes the rest of its row, so it never stretches the money cards to five lines. */}
        <div className={`col-span-2 ${panelOpen ? 'xl:col-span-2' : 'xl:col-span-4'} [&>*]:h-full`}>
          <StatCard
            label="Per status"
            value={<span className="text-sm font-semibold">{data ? ORDER_STATUSES.filter((s) => s !== 'pending').map((s) => `${orderStatusLabels[s]} ${figure(data.summary.by_status[s])}`).join(' · ') : '…'}</span>}
          />
        </div>
      </section>
      {approximate && <p className="-mt-2 mb-4 text-xs text-stone-600">{approximateOrderFiguresNote(ORDER_SEARCH_COUNT_CAP)}</p>}
      {data &&
        data.items.length === 0 &&
        (verifying && !filter.q && filter.status === 'all' ? (
          <EmptyState title="Tidak ada bukti transfer yang menunggu verifikasi." />
        ) : filter.q || filter.status !== 'all' || verifying ? (
          <EmptyState title="Tidak ada pesanan yang cocok.">Ubah kata kunci, status, atau filter pembayaran.</EmptyState>
        ) : (
          <EmptyState title="Belum ada pesanan." />
        ))}
      {!data && <p role="status">Memuat pesanan…</p>}
      {data && data.items.length > 0 && (
        <AdminTable label="Daftar pesanan">
          <thead className="bg-stone-50 text-left">
            <tr>
              {/* The id stays in view while the table scrolls sideways beside the open panel (issue 31). */}
              <SortableHeader field="id" label="ID" sort={sort} className="sticky left-0 z-[1] bg-stone-50 px-3 text-left" />
              <th className={`px-3 py-2 ${wide} ${besidePanel}`}>Tipe</th>
              <th className={`px-3 py-2 ${wide}`}>Pelanggan</th>
              <th className={`px-3 py-2 ${wide} ${besidePanel}`}>Penerima</th>
              <th className={`px-3 py-2 text-right ${wide} ${besidePanel}`}>Item</th>
              <SortableHeader field="total" label="Total" sort={sort} className={`px-3 text-right ${wide}`} />
              <th className={`px-3 py-2 ${wide}`}>Pembayaran</th>
              <SortableHeader field="status" label="Status" sort={sort} className="px-3 text-left" />
              <SortableHeader field="created_at" label="Tanggal" sort={sort} className={`px-3 text-left ${wide} ${besidePanel}`} />
              {/* Positioned, so the visually hidden label stays inside the scrolling table box: unpositioned,
                  it is placed against the page and widens a phone's page to the table's full width. */}
              <th className={`relative px-3 py-2 ${wide}`}>
                <span className="sr-only">Detail</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {data.items.map((o) => (
              <tr key={o.id} data-order-id={o.id} className={selection?.id === o.id ? 'bg-green-50' : 'bg-white'}>
                {/* bg-inherit: the sticky cell covers what scrolls under it in the row's own colour. */}
                <td className="sticky left-0 z-[1] bg-inherit px-3 py-2 align-top md:align-middle">
                  <span className="font-semibold">#{o.id}</span>
                  <div className="mt-1 space-y-1 text-xs md:hidden">
                    <p className="break-all">{o.customer_label}</p>
                    <p className="font-semibold">{formatRupiah(o.total_amount)}</p>
                    <PaymentStateBadge order={o} className="px-2 py-0.5" />
                    <button type="button" className={`${buttonStyles.small} mt-1`} onClick={(e) => select(o.id, e.currentTarget)} aria-label={`Detail pesanan #${o.id}`}>
                      Detail
                    </button>
                  </div>
                </td>
                <td className={`px-3 py-2 ${wide} ${besidePanel}`}>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${o.order_type === 'pos' ? 'bg-purple-100 text-purple-900' : 'bg-sky-100 text-sky-900'}`}>{o.order_type === 'pos' ? 'POS' : 'Online'}</span>
                </td>
                <td className={`max-w-[12rem] truncate px-3 py-2 ${wide}`}>{o.customer_label}</td>
                <td className={`px-3 py-2 ${wide} ${besidePanel}`}>{o.shipping_name ?? '—'}</td>
                <td className={`px-3 py-2 text-right ${wide} ${besidePanel}`}>{o.order_items.reduce((s, i) => s + i.quantity, 0)}</td>
                <td className={`px-3 py-2 text-right font-semibold ${wide}`}>{formatRupiah(o.total_amount)}</td>
                <td className={`px-3 py-2 ${wide}`}>
                  <PaymentStateBadge order={o} className="px-2 py-0.5" />
                </td>
                <td className="px-3 py-2 align-top md:align-middle">
                  {/* Issue 28: explicit actions, never a dropdown that changes the order on each arrow key.
                      Shipping and delivery are per shipment in the panel; cancelling is the panel's
                      "Batalkan pesanan" (with its refund when paid). */}
                  <StatusCell order={o} busy={updating.has(o.id)} onConfirm={() => void setStatus(o, 'confirmed')} />
                </td>
                <td className={`whitespace-nowrap px-3 py-2 ${wide} ${besidePanel}`}>{formatDateTime(o.created_at)}</td>
                <td className={`px-3 py-2 ${wide}`}>
                  <button type="button" className={buttonStyles.small} onClick={(e) => select(o.id, e.currentTarget)} aria-label={`Detail pesanan #${o.id}`}>
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
              Halaman {filter.page} dari {pages.count}
            </span>
            <button type="button" className={buttonStyles.small} disabled={!pages.more} onClick={() => update({ page: filter.page + 1 })}>
              Berikutnya
            </button>
          </div>
        </nav>
      )}
      {selected && (
        <DetailPanel
          key={selected.id}
          order={selected}
          storeName={storeName}
          onClose={closePanel}
          onActed={() => setSelection((s) => (s && s.id === selected.id ? { ...s, pinned: true } : s))}
          statusBusy={updating.has(selected.id)}
          onConfirm={() => void setStatus(selected, 'confirmed')}
        />
      )}
      {/* A linked order that is on no page shown: loading, missing or failed, said in its panel. */}
      {!selected && selection?.pinned && (
        <PanelShell orderId={selection.id} onClose={closePanel}>
          {single.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {adminOrderMessages.loadFailed(single.error instanceof Error ? single.error.message : String(single.error))}
            </p>
          ) : single.data === null ? (
            <p className="text-sm text-stone-700">{adminOrderMessages.notFound}</p>
          ) : (
            <p role="status" className="text-sm text-stone-600">
              Memuat pesanan…
            </p>
          )}
        </PanelShell>
      )}
    </div>
  );
}
