/**
 * The order panel's payment: method, amount (kode unik included), reference, dates, the proof of
 * transfer, and the admin's actions on it (confirm, reject, WhatsApp the buyer).
 */
import type { ReactNode } from 'react';
import type { AdminOrder } from '@pasar/core/orders';
import { formatRupiah } from '@pasar/core/money';
import { paymentMessages } from '@pasar/core/payments';
import { refundMessages } from '@pasar/core/refunds';
import { formatDateTime } from '@pasar/core/time';
import { buttonStyles, confirmAction } from '../../components/admin/admin-ui';
import { PaymentStateBadge } from '../../components/orders/order-badges';
import { usePaymentAction } from './api/admin-orders-api';
import { buyerWhatsappLink } from './buyer-whatsapp';
import { methodLabel, paymentFailure, type PanelMessage } from './payment-failure';
import { ProofView } from './proof-view';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-stone-500">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

export function PaymentSection({ order, storeName, onRejectClick, message, onMessage, onActed }: {
  order: AdminOrder;
  storeName: string | null;
  onRejectClick: () => void;
  message: PanelMessage | null;
  onMessage: (message: PanelMessage | null) => void;
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
