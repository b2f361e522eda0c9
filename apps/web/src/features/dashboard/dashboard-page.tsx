/** The dashboard (docs/requirements/back-office.md §2) with live figures from the database (issue 5 (docs/issues.md)). */
import { Link } from 'react-router';
import { canAccess } from '@pasar/core/accounts';
import { dashboardMessages } from '@pasar/core/dashboard';
import { formatRupiah } from '@pasar/core/money';
import { paymentMessages } from '@pasar/core/payments';
import { formatDateTime, formatStoreMonth } from '@pasar/core/time';
import { AdminPageHeader, ErrorBanner, StatCard } from '../../components/admin/admin-ui';
import { useSession } from '../../lib/session';
import { useDashboardSummary } from './api/dashboard-api';

const quickActions = [
  { to: '/admin/users', label: 'Kelola pengguna', hint: 'Tambah admin, kasir, atau pelanggan' },
  { to: '/admin/categories', label: 'Kelola kategori', hint: 'Susun rak katalog' },
  { to: '/admin/products', label: 'Kelola produk', hint: 'Tambah produk dan atur stok' },
  { to: '/admin/orders', label: 'Kelola pesanan', hint: 'Konfirmasi dan kirim pesanan' },
] as const;

export default function DashboardPage() {
  const session = useSession();
  const isAdmin = session ? canAccess(session.user.role, ['admin']) : false;
  const summary = useDashboardSummary(isAdmin);

  if (!session) {
    return (
      <p role="status" className="p-6 text-stone-600">
        Memuat…
      </p>
    );
  }
  if (!isAdmin) return <p className="p-6 font-semibold text-red-700">{dashboardMessages.accessDenied}</p>;

  const d = summary.data;
  return (
    <div>
      <AdminPageHeader title="Dasbor" description={`Selamat datang, ${session.user.first_name}. Angka di bawah diambil langsung dari data toko.`} />
      <ErrorBanner message={summary.isError ? dashboardMessages.loadFailed : null} />
      <section aria-label="Ringkasan" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <StatCard label="Produk" value={d ? d.products.total : '…'} hint={d ? `${d.products.low_stock} stok menipis (≤ 5)` : undefined} tone={d && d.products.low_stock > 0 ? 'amber' : 'stone'} />
        <StatCard label="Usaha mitra" value={d ? d.businesses.total : '…'} hint={d ? `${d.businesses.active} aktif` : undefined} />
        <StatCard label="Pesanan menunggu hari ini" value={d ? d.orders.pending_today : '…'} hint={d ? `${d.orders.pending_total} menunggu seluruhnya · ${d.orders.today} pesanan hari ini` : undefined} tone="blue" />
        {/* Issue 13 (docs/issues.md): revenue is money received (paid orders only); unpaid open orders are shown apart. */}
        <StatCard label="Pendapatan bulan ini" value={d ? formatRupiah(d.revenue_this_month) : '…'} hint={d ? `${formatStoreMonth(d.month)}, hanya pesanan yang sudah dibayar` : undefined} tone="green" />
        <StatCard
          label={paymentMessages.waitingPayment}
          value={d ? formatRupiah(d.awaiting_payment.amount) : '…'}
          hint={d ? `${d.awaiting_payment.count} pesanan belum dibayar; belum termasuk pendapatan` : undefined}
          tone="amber"
        />
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="quick-actions" className="lg:col-span-1">
          <h2 id="quick-actions" className="mb-3 text-lg font-bold">
            Aksi cepat
          </h2>
          <ul className="grid gap-2">
            {quickActions.map((a) => (
              <li key={a.to}>
                <Link to={a.to} className="block rounded-xl border border-stone-200 bg-white p-3 hover:border-green-600 hover:bg-green-50">
                  <span className="font-semibold">{a.label}</span>
                  <span className="block text-sm text-stone-600">{a.hint}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="recent-activity" className="lg:col-span-2">
          <h2 id="recent-activity" className="mb-3 text-lg font-bold">
            Aktivitas terbaru
          </h2>
          {summary.isPending && <p className="text-stone-600">Memuat aktivitas…</p>}
          {d && d.recent_activity.length === 0 && <p className="text-stone-600">Belum ada aktivitas.</p>}
          <ol className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white">
            {d?.recent_activity.map((a, i) => (
              <li key={`${a.kind}-${a.at}-${i}`}>
                <Link to={a.link} className="flex items-start justify-between gap-3 p-3 hover:bg-stone-50">
                  <span>
                    <span className="font-semibold">{a.title}</span>
                    {a.detail && <span className="block text-sm text-stone-600">{a.detail}</span>}
                  </span>
                  <time dateTime={a.at} className="shrink-0 text-xs text-stone-500">
                    {formatDateTime(a.at)}
                  </time>
                </Link>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
