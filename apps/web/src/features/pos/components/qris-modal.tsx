/**
 * The QRIS code modal (docs/requirements/back-office.md §2, §4): a real, scannable dynamic QRIS for the exact
 * amount, made from the store's static payload (core/pos/qris: tag 54 set, CRC recomputed).
 * Without a valid configured payload it says so instead of drawing a fake code. The code is drawn
 * again whenever the amount changes (a price changed on the server, issue 13 §9); `notice` then
 * tells the cashier that the code the customer may have seen is no longer the one to pay.
 */
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { formatRupiah } from '@pasar/core/money';
import { dynamicQris, posMessages } from '@pasar/core/pos';
import { Modal } from '../../../components/modal';
import { buttonStyles } from '../../../components/admin/admin-ui';

export function QrisModal({
  payload,
  valid,
  merchantName,
  amount,
  notice = null,
  onClose,
}: {
  payload: string;
  valid: boolean;
  merchantName: string;
  amount: number;
  notice?: string | null;
  onClose: () => void;
}) {
  const [image, setImage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [qris, setQris] = useState<string | null>(null);

  useEffect(() => {
    setImage(null);
    setQris(null);
    setProblem(null);
    if (!payload) return setProblem(posMessages.noQris);
    if (!valid) return setProblem(posMessages.badQris);
    if (amount <= 0) return setProblem(posMessages.emptyCart);
    let cancelled = false;
    try {
      const text = dynamicQris(payload, amount);
      setQris(text);
      QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 280 })
        .then((url) => !cancelled && setImage(url))
        .catch(() => !cancelled && setProblem('Kode QR gagal dibuat.'));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : posMessages.badQris);
    }
    return () => {
      cancelled = true;
    };
  }, [payload, valid, amount]);

  return (
    <Modal title="Bayar dengan QRIS" onClose={onClose}>
      {notice && (
        <p role="alert" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-950">
          {notice}
        </p>
      )}
      {problem ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm font-semibold text-amber-900">
          {problem}
        </p>
      ) : (
        <div className="text-center">
          {image ? <img src={image} alt={`QRIS ${merchantName} ${formatRupiah(amount)}`} data-qris={qris ?? ''} className="mx-auto h-64 w-64" /> : <p role="status">Membuat kode QR…</p>}
          <p className="mt-2 text-lg font-bold">{merchantName}</p>
          <p className="text-2xl font-extrabold text-green-800" data-testid="qris-amount">
            {formatRupiah(amount)}
          </p>
          <p className="mt-2 text-xs text-stone-600">Minta pembeli memindai dengan aplikasi bank atau dompet digital. QRIS ini tidak mengirim notifikasi lunas: periksa bukti bayar, lalu isi referensi pembayaran.</p>
        </div>
      )}
      <div className="mt-4 flex justify-end">
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          Tutup
        </button>
      </div>
    </Modal>
  );
}
