/** The reason an admin gives for rejecting a proof of transfer; the buyer reads it and may send a new proof. */
import { useState, type FormEvent } from 'react';
import type { AdminOrder } from '@pasar/core/orders';
import { paymentMessages, paymentRejectSchema } from '@pasar/core/payments';
import { CancelButton, ErrorBanner } from '../../components/admin/admin-ui';
import { Field, parseOrShow } from '../../components/form';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { usePaymentAction } from './api/admin-orders-api';
import { paymentFailure, type PanelMessage } from './payment-failure';

const rejectButtonClass = 'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60';

export function RejectDialog({ order, onClose, onDone }: { order: AdminOrder; onClose: () => void; onDone: (message: PanelMessage) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const action = usePaymentAction();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBanner(null);
    const parsed = parseOrShow(paymentRejectSchema, { reason, version: order.version }, paymentMessages.rejectReasonRequired, setError);
    if (!parsed) return;
    try {
      const result = await action.mutateAsync({ kind: 'reject', id: order.id, version: order.version, reason: parsed.reason });
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
          error={error ?? undefined}
          maxLength={500}
          hint="Pembeli membaca alasan ini dan dapat mengirim bukti transfer baru."
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <CancelButton onCancel={onClose}>Batal</CancelButton>
          <button type="submit" className={rejectButtonClass} disabled={action.isPending}>
            {action.isPending ? 'Mengirim…' : 'Tolak bukti transfer'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
