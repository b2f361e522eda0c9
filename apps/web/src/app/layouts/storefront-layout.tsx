/** The storefront frame: sticky header (docs/requirements/storefront.md §2 Landing) and footer. */
import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { canAccess } from '@pasar/core/accounts';
import { PARTNER_ROLE } from '@pasar/core/partners';
import { apiRequest } from '../../lib/api-client';
import { loginPathFrom } from '../../lib/return-path';
import { cartBadge, useCart } from '../../lib/cart';
import { useHydrated } from '../../lib/hydrated';
import { sessionStore, useSession } from '../../lib/session';

const AssistantLauncher = lazy(() => import('../../features/assistant/assistant-launcher'));

const anchors = [
  { href: '/#impact', label: 'Dampak' },
  { href: '/#stories', label: 'Cerita' },
  { href: '/#partners', label: 'Mitra' },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 font-semibold ${isActive ? 'text-green-800' : 'text-stone-700'} hover:bg-green-50`;

/** The header's links, in its row on a wide screen and in the menu on a phone. */
function MainLinks({ anchorClass }: { anchorClass: string }) {
  return (
    <>
      <NavLink to="/" end className={navClass}>
        Home
      </NavLink>
      <NavLink to="/catalog" className={navClass}>
        Products
      </NavLink>
      {anchors.map((a) => (
        <Link key={a.href} to={a.href} className={anchorClass}>
          {a.label}
        </Link>
      ))}
    </>
  );
}

function CartLink() {
  const cart = useCart();
  return (
    <Link to="/cart" className="relative inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-green-50" aria-label={`Keranjang, ${cart.totalItems} barang`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
        <circle cx="10" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      {cart.totalItems > 0 && (
        <span className="absolute -right-1 -top-1 min-w-5 rounded-full bg-amber-500 px-1 text-center text-xs font-bold text-stone-900">{cartBadge(cart.totalItems)}</span>
      )}
    </Link>
  );
}

function AccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  if (!session) {
    return (
      <>
        {/* Issue 31: signing in from a page (an order's, the checkout) comes back to it. */}
        <Link to={pathname === '/' ? '/login' : loginPathFrom(`${pathname}${search}`)} onClick={onNavigate} className="rounded-lg px-3 py-2 font-semibold text-green-800 hover:bg-green-50">
          Masuk
        </Link>
        <Link to="/register" onClick={onNavigate} className="rounded-lg bg-green-800 px-3 py-2 font-semibold text-white hover:bg-green-900">
          Bergabung
        </Link>
      </>
    );
  }
  const logout = () => {
    // Revoke on the server too; the local session ends either way.
    void apiRequest('/auth/logout', { method: 'POST' }).catch(() => undefined);
    sessionStore.clear();
    onNavigate?.();
    void navigate('/login');
  };
  return (
    <>
      {canAccess(session.user.role, ['admin']) && (
        <Link to="/admin/dashboard" onClick={onNavigate} className="rounded-lg px-3 py-2 font-semibold text-stone-700 hover:bg-green-50">
          Admin
        </Link>
      )}
      {session.user.role.name === PARTNER_ROLE && (
        <Link to="/mitra" onClick={onNavigate} className="rounded-lg px-3 py-2 font-semibold text-stone-700 hover:bg-green-50">
          Toko saya
        </Link>
      )}
      <Link to="/pesanan" onClick={onNavigate} className="rounded-lg px-3 py-2 font-semibold text-stone-700 hover:bg-green-50">
        Pesanan Saya
      </Link>
      <Link to="/profile" onClick={onNavigate} className="rounded-lg px-3 py-2 font-semibold text-green-800 hover:bg-green-50" data-testid="header-user">
        {`${session.user.first_name} ${session.user.last_name}`.trim() || session.user.username}
      </Link>
      <button type="button" onClick={logout} className="rounded-lg border border-stone-300 px-3 py-2 font-semibold text-stone-700 hover:bg-stone-100">
        Keluar
      </button>
    </>
  );
}

export function StorefrontLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const hydrated = useHydrated();
  // The mobile menu closes on every route change (docs/requirements/storefront.md §2).
  useEffect(() => setMenuOpen(false), [location.pathname, location.search, location.hash]);
  useEffect(() => {
    if (!location.hash) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [location.hash, location.pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Langsung ke konten
      </a>
      <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
          {/* Issue 16: the links and the account's buttons are one row only from lg; at md (768 px) they
              made the page 873 px wide, so a tablet uses the menu like a phone (e2e/page-width.spec.ts). */}
          <Link to="/" className="mr-auto flex items-center gap-2 text-lg font-extrabold text-green-900">
            <span aria-hidden="true" className="inline-flex h-9 w-9 items-center justify-center rounded-xl bg-green-800 text-amber-100">P</span>
            Pasar UMKM
          </Link>
          <nav aria-label="Navigasi utama" className="hidden items-center gap-1 lg:flex">
            <MainLinks anchorClass="rounded-lg px-3 py-2 font-semibold text-stone-700 hover:bg-green-50" />
          </nav>
          <div className="hidden items-center gap-1 lg:flex">
            <AccountLinks />
          </div>
          {/* Issue 16: the assistant's button sits here, where it covers nothing; its box is kept while it loads. */}
          <div id="assistant-root" className="h-10 w-10 shrink-0 2xl:w-40">
            {/* The browser's alone (it reopens from sessionStorage): loaded once the page is hydrated. */}
            {hydrated && (
              <Suspense fallback={null}>
                <AssistantLauncher />
              </Suspense>
            )}
          </div>
          <CartLink />
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-stone-100 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Tutup menu' : 'Buka menu'}
            onClick={() => setMenuOpen((v) => !v)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
        {menuOpen && (
          <nav id="mobile-menu" aria-label="Menu seluler" className="border-t border-stone-200 bg-white px-4 py-3 lg:hidden">
            <div className="flex flex-col gap-1">
              <MainLinks anchorClass="rounded-lg px-3 py-2 font-semibold text-stone-700" />
              <div className="mt-2 flex flex-wrap gap-2 border-t border-stone-200 pt-3">
                <AccountLinks onNavigate={() => setMenuOpen(false)} />
              </div>
            </div>
          </nav>
        )}
      </header>
      {/* tabIndex -1: the skip link's target takes the focus, so Tab goes on from the content (issue 31 item 12). */}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <footer className="mt-12 bg-green-950 text-green-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
          <div>
            <p className="text-lg font-bold">Pasar UMKM Kota Bandung</p>
            <p className="mt-2 text-sm text-green-100">
              Toko daring Dinas Koperasi dan UMKM untuk produk lokal pilihan dari pelaku usaha Kota Bandung.
            </p>
          </div>
          <div>
            <p className="font-semibold">Kontak</p>
            <address className="mt-2 space-y-1 text-sm not-italic text-green-100">
              <p>Jl. Wastukencana No. 2, Babakan Ciamis, Sumur Bandung, Kota Bandung 40117</p>
              <p>
                Telepon: <a className="underline" href="tel:+62224201234">022-4201234</a>
              </p>
              <p>
                Email: <a className="underline" href="mailto:halo@pasarumkm.id">halo@pasarumkm.id</a>
              </p>
            </address>
          </div>
          <div>
            <p className="font-semibold">Ikuti kami</p>
            <ul className="mt-2 space-y-1 text-sm">
              <li>
                <a className="underline" href="https://instagram.com/pasarumkm.bdg" rel="noopener noreferrer">
                  Instagram @pasarumkm.bdg
                </a>
              </li>
              <li>
                <a className="underline" href="https://facebook.com/pasarumkm.bdg" rel="noopener noreferrer">
                  Facebook Pasar UMKM Bandung
                </a>
              </li>
              <li>
                <Link className="underline" to="/daftar-mitra">
                  Daftar jadi mitra
                </Link>
              </li>
            </ul>
          </div>
        </div>
        <p className="border-t border-green-900 py-4 text-center text-xs text-green-200">© 2026 Pasar UMKM Kota Bandung</p>
      </footer>
    </div>
  );
}
