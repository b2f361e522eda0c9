/** The proof of transfer in the order panel, fetched with the admin's token; the object URL lives as long as this view. */
import { useEffect, useState } from 'react';
import { detectProofType } from '@pasar/core/payments';
import { buttonStyles } from '../../components/admin/admin-ui';
import { fetchProof } from './api/admin-orders-api';

export function ProofView({ orderId, url }: { orderId: number; url: string }) {
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
