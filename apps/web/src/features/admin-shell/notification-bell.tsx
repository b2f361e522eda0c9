/**
 * The bell of the admin shell (the spec gives it no behaviour): it counts pending orders placed
 * after the newest order this admin saw when last opening it (by order id), polls every 30 s,
 * lists the newest pending orders, and opens the order desk filtered on pending.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatRupiah } from '@pasar/core/money';
import { lastSeen, markSeen, useNotifications } from './api/notifications-api';

export function NotificationBell() {
  const [seen, setSeen] = useState<number | undefined>(() => lastSeen());
  const [open, setOpen] = useState(false);
  const { data } = useNotifications(seen);
  const box = useRef<HTMLDivElement>(null);
  const count = data?.new_pending ?? 0;

  useEffect(() => {
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
    if (!open && data && count > 0) {
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
        aria-label={count > 0 ? `Notifikasi: ${count} pesanan baru menunggu konfirmasi` : 'Notifikasi'}
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
        <div role="dialog" aria-label="Pesanan menunggu konfirmasi" className="absolute right-0 z-40 mt-2 w-80 rounded-2xl border border-stone-200 bg-white p-3 shadow-xl">
          <p className="px-1 text-sm font-semibold text-stone-800">
            {data ? `${data.pending_total} pesanan menunggu konfirmasi` : 'Memuat…'}
          </p>
          <ul className="mt-2 divide-y divide-stone-100">
            {(data?.latest ?? []).map((o) => (
              <li key={o.id}>
                <Link to={`/admin/orders?order=${o.id}`} onClick={() => setOpen(false)} className="flex justify-between gap-2 rounded-lg px-1 py-2 text-sm hover:bg-stone-50">
                  <span>
                    #{o.id} · {o.customer}
                    <span className="block text-xs text-stone-500">{new Date(o.created_at).toLocaleString('id-ID')}</span>
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
