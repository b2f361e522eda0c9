/**
 * The partner's corner (issue 29, /mitra): a phone-first frame with the business's name on top and
 * four tabs (Produk, Pesanan, Penjualan, Usaha) at the bottom on a phone, beside the content on a wide screen.
 */
import { Link, NavLink, Outlet } from 'react-router';
import { SkipToContent, useLogoutOnLeave } from '../../components/back-office-shell';
import { mitraKey, usePartnerProfile } from './api/mitra-api';

export const mitraNav = [
  { to: '/mitra/produk', label: 'Produk', icon: 'M20 7l-8-4-8 4 8 4 8-4zM4 7v10l8 4 8-4V7' },
  { to: '/mitra/pesanan', label: 'Pesanan', icon: 'M1 3h15v13H1zM16 8h4l3 3v5h-7M5.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM18.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z' },
  { to: '/mitra/penjualan', label: 'Penjualan', icon: 'M3 3v18h18M7 15l4-4 3 3 5-6' },
  { to: '/mitra/usaha', label: 'Usaha', icon: 'M3 21h18M5 21V8l7-5 7 5v13M9 21v-6h6v6' },
] as const;

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `flex flex-1 flex-col items-center gap-0.5 px-2 py-2 text-xs font-semibold md:flex-none md:flex-row md:gap-3 md:rounded-lg md:px-3 md:text-sm ${
    isActive ? 'text-green-800 md:bg-green-50' : 'text-stone-600 hover:text-stone-900 md:hover:bg-stone-100'
  }`;

export default function MitraLayout() {
  const profile = usePartnerProfile();
  const logout = useLogoutOnLeave(mitraKey);

  return (
    <div className="min-h-screen bg-stone-50 pb-16 text-stone-900 md:pb-0">
      <SkipToContent target="mitra-main" />
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-2 border-b border-stone-200 bg-white px-3 print:hidden">
        <Link to="/mitra" className="min-w-0 truncate font-bold text-green-800">
          {profile.data?.business.name ?? 'Pasar UMKM'} <span className="font-normal text-stone-500">Mitra</span>
        </Link>
        <button type="button" onClick={logout} className="shrink-0 rounded-lg px-3 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-100">
          Keluar
        </button>
      </header>
      <div className="md:flex">
        <nav
          aria-label="Menu mitra"
          className="fixed inset-x-0 bottom-0 z-30 flex border-t border-stone-200 bg-white md:sticky md:top-14 md:h-[calc(100vh-3.5rem)] md:w-52 md:flex-col md:gap-1 md:border-r md:border-t-0 md:p-3 print:hidden"
        >
          {mitraNav.map((item) => (
            <NavLink key={item.to} to={item.to} className={tabClass}>
              <Icon path={item.icon} />
              <span>{item.label}</span>
            </NavLink>
          ))}
        </nav>
        <main id="mitra-main" tabIndex={-1} className="min-w-0 flex-1 p-3 outline-none md:p-6">
          {profile.isError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {profile.error instanceof Error ? profile.error.message : 'Gagal memuat data mitra.'}
            </p>
          ) : (
            <Outlet />
          )}
        </main>
      </div>
    </div>
  );
}
