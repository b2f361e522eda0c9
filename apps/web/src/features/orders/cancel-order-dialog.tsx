/**
 * "Batalkan pesanan" (issue 28 part 4, decision 050): an unpaid order cancels with an optional
 * reason; a paid one only with its refund (amount, method, reference, reason), which the server
 * records beside the cancellation.
 */
import { useState, type FormEvent } from 'react';
import { formatRupiah } from '@pasar/core/money';
import type { AdminOrder } from '@pasar/core/orders';
import { refundMessages, type CancelOrderBody } from '@pasar/core/refunds';
import { ErrorBanner, FormActions } from '../../components/admin/admin-ui';
import { Field, failureMessage } from '../../components/form';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useCancelOrder } from './api/refunds-api';
import { emptyRefundForm, refundBody, refundErrorsFromServer, type RefundFormState } from './refund-form';
import { RefundFields } from './refund-fields';

const cancelFailed = 'Gagal membatalkan pesanan. Silakan coba lagi.';

export function CancelOrderDialog({
  order,
  refundable,
  onClose,
  onDone,
}: {
  order: Pick<AdminOrder, 'id' | 'version' | 'payment_method'>;
  /** What may still go back (0 for an unpaid order): the refund fields show when above 0. */
  refundable: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<RefundFormState>(emptyRefundForm(order.payment_method === 'cash' ? 'cash' : 'transfer'));
  const [errors, setErrors] = useState<Partial<Record<keyof RefundFormState, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const cancel = useCancelOrder();
  const paid = refundable > 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    let body: CancelOrderBody = { version: order.version, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    if (paid) {
      const checked = refundBody(refund);
      if (!checked.ok) {
        setErrors(checked.errors);
        return;
      }
      body = { ...body, refund: checked.refund };
    }
    setErrors({});
    try {
      const result = await cancel.mutateAsync({ id: order.id, body });
      onDone(result.message ?? refundMessages.cancelled);
    } catch (failure) {
      const fromServer = failure instanceof ApiError ? refundErrorsFromServer(failure.fields) : {};
      if (Object.keys(fromServer).length > 0) setErrors(fromServer);
      else setBanner(failure instanceof ApiError && failure.status < 500 && failure.message ? failure.message : failureMessage(failure, cancelFailed));
    }
  };

  return (
    <Modal title={`${refundMessages.cancelTitle} #${order.id}`} onClose={onClose} guardEdits>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3">
        <ErrorBanner message={banner} />
        {paid && (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Pesanan ini sudah dibayar. Dana yang dapat dikembalikan: <strong>{formatRupiah(refundable)}</strong>. Stok dikembalikan saat pesanan dibatalkan.
          </p>
        )}
        <Field as="textarea" id="cancel-reason" label="Alasan pembatalan (opsional)" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        {paid && <RefundFields idPrefix="cancel-refund" state={refund} errors={errors} onChange={setRefund} defaultAmount={refundable} />}
        <FormActions label={refundMessages.cancelButton} pending={cancel.isPending} onCancel={onClose} cancelLabel="Kembali" busyLabel="Memproses…" tone="danger" />
      </form>
    </Modal>
  );
}
