/**
 * Proof of a manual transfer (decision 013): sent while the order awaits payment, read by an admin;
 * a rejected proof shows the admin's reason and may be replaced.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Order } from '@pasar/core/checkout';
import { PROOF_ACCEPT, paymentMessages } from '@pasar/core/payments';
import { formatDateTime } from '@pasar/core/time';
import { failureMessage } from '../../../components/form';
import { useUploadProof, type OrderRef } from '../api/payments-api';
import { proofFileProblem } from '../proof-check';

export function ProofUpload({ order, orderRef }: { order: Order; orderRef: OrderRef }) {
  const p = order.payment;
  const upload = useUploadProof(orderRef);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  const inputId = useId();

  if (p?.proof_status === 'submitted') {
    return (
      <section className="rounded-2xl bg-sky-50 p-5 ring-1 ring-sky-200" data-testid="proof-upload">
        <h2 className="text-lg font-bold text-sky-950">{paymentMessages.awaitingVerification}</h2>
        <p role="status" className="mt-1 text-sm text-sky-950">
          {paymentMessages.proofUploaded}
        </p>
        {p.proof_uploaded_at && <p className="mt-1 text-xs text-sky-900">Dikirim {formatDateTime(p.proof_uploaded_at)}</p>}
      </section>
    );
  }

  const choose = (chosen: File | null) => {
    setFile(chosen);
    upload.reset();
    setProblem(chosen ? (proofFileProblem(chosen) ?? undefined) : undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.isPending) return;
    const problemNow = file ? proofFileProblem(file) : paymentMessages.proofMissing;
    if (problemNow || !file) {
      setProblem(problemNow ?? paymentMessages.proofMissing);
      return;
    }
    setProblem(undefined);
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null);
        if (input.current) input.current.value = '';
      },
    });
  };

  const rejected = p?.proof_status === 'rejected';
  const message = problem ?? (upload.isError ? failureMessage(upload.error, 'Gagal mengirim bukti transfer. Silakan coba lagi.', 'replace') : undefined);
  return (
    <section aria-labelledby={`${inputId}-title`} className="rounded-2xl bg-white p-5 ring-1 ring-stone-200" data-testid="proof-upload">
      <h2 id={`${inputId}-title`} className="text-lg font-bold">
        Bukti transfer
      </h2>
      {rejected && (
        <div className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" data-testid="proof-rejected">
          <p className="font-semibold">{paymentMessages.rejected}</p>
          {p.rejection_reason && (
            <p className="mt-1">
              Alasan: <span data-testid="rejection-reason">{p.rejection_reason}</span>
            </p>
          )}
          <p className="mt-1">Unggah bukti transfer yang benar agar admin dapat memeriksanya lagi.</p>
        </div>
      )}
      {!rejected && <p className="mt-1 text-sm text-stone-700">Sudah mentransfer? Unggah bukti transfer agar admin dapat mengonfirmasi pembayaran Anda.</p>}
      <form onSubmit={submit} noValidate className="mt-3 space-y-3">
        <div>
          <label htmlFor={inputId} className="block text-sm font-semibold">
            {rejected ? 'Bukti transfer baru' : 'Berkas bukti transfer'}
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={PROOF_ACCEPT}
            aria-describedby={`${inputId}-hint${message ? ` ${inputId}-error` : ''}`}
            aria-invalid={message ? true : undefined}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-green-50 file:px-3 file:py-2 file:font-semibold file:text-green-900"
          />
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-stone-600">
            JPG, PNG, WEBP, atau PDF, maksimal 5 MB.
          </p>
        </div>
        {message && (
          <p id={`${inputId}-error`} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {message}
          </p>
        )}
        <button type="submit" disabled={upload.isPending} className="rounded-xl bg-green-800 px-5 py-3 font-bold text-white hover:bg-green-900 disabled:opacity-60">
          {upload.isPending ? 'Mengirim...' : 'Kirim bukti transfer'}
        </button>
      </form>
    </section>
  );
}
