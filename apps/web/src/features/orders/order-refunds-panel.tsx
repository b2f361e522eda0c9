/**
 * The order panel's corrections (issue 28 part 4, decision 050): the refunds so far, "Batalkan
 * pesanan" (with the refund when paid), removing a line from a paid order, and "Batalkan
 * konfirmasi" with a reason, offered only while the server says it is allowed (a manual
 * confirmation, the same store day, no refunds yet).
 */
import { useState, type FormEvent } from 'react';
import { formatRupiah } from '@pasar/core/money';
import type { AdminOrder } from '@pasar/core/orders';
import { refundMessages, refundMethodLabels, reversePaymentSchema } from '@pasar/core/refunds';
import { formatDateTime } from '@pasar/core/time';
import { buttonStyles, FormActions, ErrorBanner } from '../../components/admin/admin-ui';
import { Field, failureMessage, parseOrShow } from '../../components/form';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useOrderRefunds, useRemoveLine, useReversePayment } from './api/refunds-api';
import { CancelOrderDialog } from './cancel-order-dialog';
import { emptyRefundForm, refundBody, refundErrorsFromServer, type RefundFormState } from './refund-form';
import { RefundFields } from './refund-fields';

const actionFailed = 'Gagal memproses permintaan. Silakan coba lagi.';
const serverWords = (failure: unknown) => (failure instanceof ApiError && failure.status < 500 && failure.message ? failure.message : failureMessage(failure, actionFailed));

export function OrderRefundsPanel({ order, onMessage }: { order: AdminOrder; onMessage: (message: { tone: 'ok' | 'error'; text: string }) => void }) {
  const refunds = useOrderRefunds(order.id);
  const [dialog, setDialog] = useState<'cancel' | 'reverse' | 'remove' | null>(null);
  const data = refunds.data;
  const refundable = data?.refundable ?? 0;
  const paid = order.payment_status === 'paid';
  const done = (text: string) => {
    setDialog(null);
    onMessage({ tone: 'ok', text });
  };
  return (
    <section aria-label={refundMessages.refundsTitle} className="mb-5 rounded-xl border border-stone-200 p-3">
      <h3 className="font-bold">{refundMessages.refundsTitle}</h3>
      {data && data.refunds.length === 0 && <p className="mt-1 text-sm text-stone-600">{refundMessages.noRefunds}</p>}
      {data && data.refunds.length > 0 && (
        <ol aria-label="Daftar pengembalian dana" className="mt-2 space-y-2 text-sm">
          {data.refunds.map((r) => (
            <li key={r.id} className="rounded-lg bg-stone-50 p-2">
              <p>
                <span className="font-semibold">{formatRupiah(r.amount)}</span> · {refundMethodLabels[r.method]}
                {r.reference ? ` · ref. ${r.reference}` : ''}
              </p>
              <p className="text-stone-600">
                {formatDateTime(r.created_at)} · {r.actor_name ?? 'Sistem'}
              </p>
              {r.reason && <p className="text-stone-600">{r.reason}</p>}
            </li>
          ))}
        </ol>
      )}
      {paid && data && <p className="mt-2 text-sm">Dapat dikembalikan: {formatRupiah(refundable)}</p>}
      {data && (
        <div className="mt-3 flex flex-wrap gap-2">
          {order.status !== 'cancelled' && (
            <button type="button" className={buttonStyles.danger} onClick={() => setDialog('cancel')}>
              {refundMessages.cancelButton}
            </button>
          )}
          {paid && order.status !== 'cancelled' && order.order_items.length > 0 && (
            <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('remove')}>
              Hapus barang
            </button>
          )}
          {data.reversible && (
            <button type="button" className={buttonStyles.secondary} onClick={() => setDialog('reverse')}>
              {refundMessages.reverseButton}
            </button>
          )}
        </div>
      )}
      {dialog === 'cancel' && <CancelOrderDialog order={order} refundable={refundable} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'reverse' && <ReverseDialog order={order} onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'remove' && <RemoveLineDialog order={order} refundable={refundable} onClose={() => setDialog(null)} onDone={done} />}
    </section>
  );
}

function ReverseDialog({ order, onClose, onDone }: { order: AdminOrder; onClose: () => void; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const reverse = useReversePayment();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const parsed = parseOrShow(reversePaymentSchema, { reason, version: order.version }, refundMessages.reasonRequired, setError);
    if (!parsed) return;
    try {
      const result = await reverse.mutateAsync({ id: order.id, body: parsed });
      onDone(result.message ?? refundMessages.reversed);
    } catch (failure) {
      setBanner(serverWords(failure));
    }
  };
  return (
    <Modal title={`${refundMessages.reverseButton} #${order.id}`} onClose={onClose} guardEdits>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3">
        <ErrorBanner message={banner} />
        <p className="text-sm">
          Pembayaran {formatRupiah(order.total_amount)} kembali menjadi belum dibayar; pesanan yang dikonfirmasi kembali menunggu konfirmasi. Hanya dapat dilakukan pada hari konfirmasi.
        </p>
        <Field as="textarea" id="reverse-reason" label="Alasan" value={reason} error={error ?? undefined} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        <FormActions label={refundMessages.reverseButton} pending={reverse.isPending} onCancel={onClose} cancelLabel="Kembali" busyLabel="Memproses…" tone="danger" />
      </form>
    </Modal>
  );
}

function RemoveLineDialog({ order, refundable, onClose, onDone }: { order: AdminOrder; refundable: number; onClose: () => void; onDone: (message: string) => void }) {
  const [itemId, setItemId] = useState(order.order_items[0]?.id ?? 0);
  const [quantity, setQuantity] = useState('1');
  const [refund, setRefund] = useState<RefundFormState>(emptyRefundForm(order.payment_method === 'cash' ? 'cash' : 'transfer'));
  const [errors, setErrors] = useState<Partial<Record<keyof RefundFormState | 'quantity', string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const remove = useRemoveLine();
  const item = order.order_items.find((i) => i.id === itemId);
  const count = Number(quantity);
  const worth = item && Number.isInteger(count) && count > 0 ? Math.min(item.price * Math.min(count, item.quantity), refundable) : 0;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    if (!item || !Number.isInteger(count) || count < 1 || count > item.quantity) {
      setErrors({ quantity: refundMessages.quantityInvalid });
      return;
    }
    const checked = refundBody(refund);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const result = await remove.mutateAsync({ id: order.id, itemId: item.id, body: { quantity: count, refund: checked.refund, version: order.version } });
      onDone(result.message ?? refundMessages.lineRemoved);
    } catch (failure) {
      const fromServer = failure instanceof ApiError ? refundErrorsFromServer(failure.fields) : {};
      if (Object.keys(fromServer).length > 0) setErrors(fromServer);
      else setBanner(serverWords(failure));
    }
  };
  return (
    <Modal title={`Hapus barang dari pesanan #${order.id}`} onClose={onClose} guardEdits>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3">
        <ErrorBanner message={banner} />
        <Field as="select" id="remove-item" label="Barang" value={String(itemId)} onChange={(e) => setItemId(Number(e.target.value))}>
          {order.order_items.map((i) => (
            <option key={i.id} value={i.id}>
              {i.product_name}
              {i.variant_label ? ` (${i.variant_label})` : ''} · {i.quantity} × {formatRupiah(i.price)}
            </option>
          ))}
        </Field>
        <Field id="remove-quantity" label="Jumlah dihapus" inputMode="numeric" value={quantity} error={errors.quantity} onChange={(e) => setQuantity(e.target.value)} hint="Stok barang yang dihapus dikembalikan." />
        <RefundFields idPrefix="remove-refund" state={refund} errors={errors} onChange={setRefund} defaultAmount={worth} />
        <FormActions label="Hapus barang" pending={remove.isPending} onCancel={onClose} cancelLabel="Kembali" busyLabel="Memproses…" tone="danger" />
      </form>
    </Modal>
  );
}
