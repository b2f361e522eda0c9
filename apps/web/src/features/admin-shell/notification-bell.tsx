/**
 * The bell of the admin shell (the spec gives it no behaviour): it counts, each order once, pending
 * orders placed after the newest order this admin saw when last opening it (by order id) and orders
 * with a proof of transfer waiting for verification (work to do, not news: opening the bell does not clear them),
 * polls every 30 s, lists the newest pending orders, and opens the order desk filtered on pending
 * or on "Menunggu verifikasi".
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatRupiah } from '@pasar/core/money';
import { formatDateTime } from '@pasar/core/time';
import { lastSeen, markSeen, useNotifications } from './api/notifications-api';

export function NotificationBell() {
  const [seen, setSeen] = useState<number | undefined>(() => lastSeen());
  const [open, setOpen] = useState(false);
  const { data } = useNotifications(seen);
  const box = useRef<HTMLDivElement>(null);
  const newPending = data?.new_pending ?? 0;
  const proofs = data?.awaiting_verification ?? 0;
  // Each order once: a new order whose proof also waits is one order to look at (issue 31).
  const count = data?.attention ?? 0;

  // A layout effect: the key works as soon as this is drawn (Preact runs a plain effect a frame later: docs/decisions/032-preact-compat.md).
  useLayoutEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = () => {
    if (!open && data && newPending > 0) {
      // Opening the bell marks every order up to the newest one the server reported as seen; the
      // list stays visible until closed. The next poll counts only orders with a higher id.
      const newest = data.latest_order_id;
      markSeen(newest);
      window.setTimeout(() => setSeen(newest), 0);
    }
    setOpen((o) => !o);
  };

  return (
    <div className="relative" ref={box}>
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-label={count > 0 ? `Notifikasi: ${[newPending > 0 ? `${newPending} pesanan baru menunggu konfirmasi` : '', proofs > 0 ? `${proofs} bukti transfer menunggu verifikasi` : ''].filter(Boolean).join(', ')}` : 'Notifikasi'}
        className="relative rounded-lg p-2 text-stone-700 hover:bg-stone-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {count > 0 && (
          <span data-testid="bell-count" className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        // On a phone the bell sits mid-header: a panel hung from it would run off the left edge, so
        // there it spans the screen under the header instead.
        <div
          role="dialog"
          aria-label="Pesanan menunggu konfirmasi"
          className="fixed inset-x-2 top-14 z-40 rounded-2xl border border-stone-200 bg-white p-3 shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-2 sm:w-80"
        >
          {proofs > 0 && (
            <Link
              to="/admin/orders?payment=verification"
              onClick={() => setOpen(false)}
              className="mb-2 flex items-center justify-between gap-2 rounded-lg bg-amber-50 px-2 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100"
            >
              <span>{proofs} bukti transfer menunggu verifikasi</span>
              <span aria-hidden="true">→</span>
            </Link>
          )}
          <p className="px-1 text-sm font-semibold text-stone-800">
            {data ? `${data.pending_total} pesanan menunggu konfirmasi` : 'Memuat…'}
          </p>
          <ul className="mt-2 divide-y divide-stone-100">
            {(data?.latest ?? []).map((o) => (
              <li key={o.id}>
                <Link to={`/admin/orders?order=${o.id}`} onClick={() => setOpen(false)} className="flex justify-between gap-2 rounded-lg px-1 py-2 text-sm hover:bg-stone-50">
                  <span>
                    #{o.id} · {o.customer}
                    <span className="block text-xs text-stone-500">{formatDateTime(o.created_at)}</span>
                  </span>
                  <span className="font-semibold">{formatRupiah(o.total_amount)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {data && data.latest.length === 0 && <p className="px-1 py-2 text-sm text-stone-600">Tidak ada pesanan yang menunggu.</p>}
          <Link to="/admin/orders?status=pending" onClick={() => setOpen(false)} className="mt-2 block rounded-lg bg-green-700 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-green-800">
            Lihat semua pesanan menunggu
          </Link>
        </div>
      )}
    </div>
  );
}
