/**
 * The admin shell (docs/requirements/back-office.md §2): collapsible sidebar, mobile menu, the nine admin routes
 * and the payment settings (decision 013), a notification bell, a shortcut to orders, and logout
 * back to /.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { SkipToContent, useLogoutOnLeave } from '../../components/back-office-shell';
import { useSession } from '../../lib/session';
import { readJson, writeJson } from '../../lib/storage';
import { NotificationBell } from './notification-bell';

export const adminNav = [
  { to: '/admin/dashboard', label: 'Dasbor', icon: 'M3 12l9-9 9 9M5 10v10h14V10' },
  { to: '/admin/categories', label: 'Kategori', icon: 'M4 6h16M4 12h16M4 18h10' },
  { to: '/admin/products', label: 'Produk', icon: 'M20 7l-8-4-8 4 8 4 8-4zM4 7v10l8 4 8-4V7' },
  { to: '/admin/knowledge', label: 'Pengetahuan', icon: 'M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5v14z' },
  { to: '/admin/businesses', label: 'Usaha Mitra', icon: 'M3 21h18M5 21V7l7-4 7 4v14M9 9h1M14 9h1M9 13h1M14 13h1' },
  { to: '/admin/partner-applications', label: 'Pendaftaran mitra', icon: 'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM19 8v6M22 11h-6' },
  { to: '/admin/curation', label: 'Kurasi produk', icon: 'M9 11l3 3L22 4M21 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11' },
  { to: '/admin/payouts', label: 'Pembayaran mitra', icon: 'M2 7h20v12H2zM12 13a2 2 0 1 0 0-.01M6 10h.01M18 16h.01' },
  { to: '/admin/reports', label: 'Laporan Dinas', icon: 'M3 3v18h18M7 15l4-4 3 3 5-6' },
  { to: '/admin/couriers', label: 'Kurir', icon: 'M1 3h15v13H1zM16 8h4l3 3v5h-7M5.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM18.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z' },
  { to: '/admin/orders', label: 'Pesanan', icon: 'M9 5h10M9 12h10M9 19h10M4 5h.01M4 12h.01M4 19h.01' },
  { to: '/admin/outbox', label: 'Kotak keluar email', icon: 'M3 5h18v14H3zM3 5l9 7 9-7' },
  { to: '/admin/pos', label: 'Kasir (POS)', icon: 'M3 4h18v12H3zM7 20h10M12 16v4' },
  { to: '/admin/users', label: 'Pengguna', icon: 'M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z' },
  { to: '/admin/settings/payments', label: 'Pengaturan pembayaran', icon: 'M2 7h20v12H2zM2 11h20M6 15h4' },
] as const;

const COLLAPSED_KEY = 'admin_sidebar_collapsed';

function Icon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={path} />
    </svg>
  );
}

function NavItems({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  return (
    <ul className="space-y-1">
      {adminNav.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            onClick={onNavigate}
            title={collapsed ? item.label : undefined}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-green-700 text-white' : 'text-stone-700 hover:bg-green-50'}`
            }
          >
            <Icon path={item.icon} />
            <span className={collapsed ? 'sr-only' : ''}>{item.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function ShopLink({ collapsed }: { collapsed: boolean }) {
  return (
    <Link to="/" className="mt-4 flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-stone-600 hover:bg-stone-100" title={collapsed ? 'Ke toko' : undefined}>
      <Icon path="M15 18l-6-6 6-6" />
      <span className={collapsed ? 'sr-only' : ''}>Ke toko</span>
    </Link>
  );
}

/**
 * The phone's menu, a modal drawer (issue 31 item 22): a native <dialog> opened with showModal(),
 * like components/modal.tsx, so the browser moves the focus in, keeps it there and makes the page
 * behind inert. Escape, the backdrop and × close it and give the focus back to the menu button;
 * a link closes it without that, as the new page's heading takes the focus (app/page-navigation.tsx).
 */
function MobileMenu({ onClose, children }: { onClose: (giveFocusBack: boolean) => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // A layout effect: the focus is taken as soon as the drawer is drawn (docs/decisions/032-preact-compat.md).
  useLayoutEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (!node.open) node.showModal();
    return () => {
      if (node.open) node.close();
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      // Kept explicit: screens look for `[role="dialog"]` to leave keys pressed inside a modal alone.
      role="dialog"
      aria-label="Menu admin"
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none bg-transparent p-0 backdrop:bg-black/40 lg:hidden"
      onCancel={(e) => {
        e.preventDefault();
        onClose(true);
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose(true);
      }}
      onKeyDown={(e) => {
        // The browser lets Tab leave a modal dialog for its own toolbar; the menu keeps it, going round.
        if (e.key !== 'Tab') return;
        const stops = [...e.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
        const first = stops[0];
        const last = stops.at(-1);
        if (!e.shiftKey && document.activeElement === last) first?.focus();
        else if (e.shiftKey && document.activeElement === first) last?.focus();
        else return;
        e.preventDefault();
      }}
    >
      <nav aria-label="Menu admin" className="absolute inset-y-0 left-0 w-64 overflow-y-auto bg-white p-3 shadow-xl">
        <div className="mb-3 flex items-center justify-between">
          <span className="font-bold text-green-800">Menu</span>
          <button type="button" className="rounded-lg px-3 py-1 text-2xl leading-none hover:bg-stone-100" aria-label="Tutup menu" onClick={() => onClose(true)}>
            ×
          </button>
        </div>
        {children}
      </nav>
    </dialog>
  );
}

export default function AdminLayout() {
  const session = useSession();
  const location = useLocation();
  const [collapsed, setCollapsed] = useState<boolean>(() => readJson<boolean>(COLLAPSED_KEY) === true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = (giveFocusBack: boolean) => {
    setMobileOpen(false);
    if (giveFocusBack) requestAnimationFrame(() => menuButton.current?.focus());
  };

  useEffect(() => setMobileOpen(false), [location.pathname]);

  const toggleCollapsed = () => {
    setCollapsed((c) => {
      writeJson(COLLAPSED_KEY, !c);
      return !c;
    });
  };

  const logout = useLogoutOnLeave(['admin']);

  return (
    <div className="min-h-screen bg-stone-50 text-stone-900">
      <SkipToContent target="admin-main" />
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-2 border-b border-stone-200 bg-white px-3 print:hidden">
        <div className="flex items-center gap-2">
          <button ref={menuButton} type="button" className="rounded-lg p-2 hover:bg-stone-100 lg:hidden" aria-label="Buka menu" aria-expanded={mobileOpen} onClick={() => setMobileOpen(true)}>
            <Icon path="M3 6h18M3 12h18M3 18h18" />
          </button>
          <button
            type="button"
            className="hidden rounded-lg p-2 hover:bg-stone-100 lg:block"
            aria-label={collapsed ? 'Lebarkan menu samping' : 'Ciutkan menu samping'}
            aria-pressed={collapsed}
            onClick={toggleCollapsed}
          >
            <Icon path={collapsed ? 'M9 18l6-6-6-6' : 'M15 18l-6-6 6-6'} />
          </button>
          <Link to="/admin/dashboard" className="font-bold text-green-800">
            Pasar UMKM <span className="font-normal text-stone-500">Admin</span>
          </Link>
        </div>
        <div className="flex items-center gap-1">
          {/* On a phone too (issue 31 item 22): orders are what the office opens most. */}
          <Link to="/admin/orders" className="inline-block rounded-lg border border-stone-300 px-2 py-1.5 text-sm font-semibold hover:bg-stone-50 sm:px-3">
            Pesanan
          </Link>
          <NotificationBell />
          <span className="hidden px-2 text-sm text-stone-600 md:inline">{session ? `${session.user.first_name} ${session.user.last_name}` : ''}</span>
          <button type="button" onClick={logout} className="rounded-lg px-3 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-100">
            Keluar
          </button>
        </div>
      </header>

      <div className="flex">
        <nav aria-label="Menu admin" className={`sticky top-14 hidden h-[calc(100vh-3.5rem)] shrink-0 overflow-y-auto border-r border-stone-200 bg-white p-3 lg:block print:hidden ${collapsed ? 'w-16' : 'w-60'}`}>
          <NavItems collapsed={collapsed} />
          <ShopLink collapsed={collapsed} />
        </nav>

        {mobileOpen && (
          <MobileMenu onClose={closeMenu}>
            <NavItems collapsed={false} onNavigate={() => closeMenu(false)} />
            <ShopLink collapsed={false} />
          </MobileMenu>
        )}

        {/* tabIndex -1: the skip link's target takes the focus (issue 31 item 12). */}
        <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
