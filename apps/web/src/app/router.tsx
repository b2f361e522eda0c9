/**
 * The route table of docs/requirements/storefront.md §2 and docs/requirements/back-office.md §2.
 * The landing page, the catalogue and the product page are drawn on the server and hydrated
 * (docs/decisions/026-server-rendered-storefront.md): they are in the first chunk, with loaders, so
 * the browser hydrates them at once. Every other screen is a lazy chunk, answered by the server
 * with the plain shell, so the storefront's first load never carries admin or POS code.
 */
import { Fragment, type ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { useStoreTimeZone } from '../lib/store-settings';
import { PublicDemoNotice } from '../components/public-demo-notice';
import { CrashScreen } from '../components/crash-screen';
import CatalogPage from '../features/catalog/catalog-page';
import ProductDetailPage from '../features/catalog/product-detail-page';
import LandingPage from '../features/landing/landing-page';
import { StorefrontLayout } from './layouts/storefront-layout';
import { storefrontLoaders, type LoaderContext } from './loaders';
import { PageNavigation, type TitleHandle } from './page-navigation';
import { ProtectedRoute } from './protected-route';

type ScreenModule = { default: ComponentType };
const screen = (load: () => Promise<ScreenModule>) => async () => ({ Component: (await load()).default });

/**
 * Marks a screen the server draws (any other path is answered with the plain shell) and names
 * every page for its <title> (app/page-navigation.tsx, issue 31 item 12).
 */
export interface RouteHandle extends TitleHandle {
  serverRendered?: boolean;
}
const serverRendered: RouteHandle = { serverRendered: true };
const titled = (title: TitleHandle['title']): RouteHandle => ({ title });

const adminScreens = (): RouteObject[] => [
  { path: 'dashboard', handle: titled('Dasbor'), lazy: screen(() => import('../features/dashboard/dashboard-page')) },
  { path: 'categories', handle: titled('Kategori'), lazy: screen(() => import('../features/categories/categories-page')) },
  { path: 'products', handle: titled('Produk'), lazy: screen(() => import('../features/products/products-page')) },
  { path: 'knowledge', handle: titled('Pengetahuan'), lazy: screen(() => import('../features/knowledge/knowledge-page')) },
  { path: 'businesses', handle: titled('Usaha Mitra'), lazy: screen(() => import('../features/businesses/businesses-page')) },
  { path: 'couriers/*', handle: titled('Kurir'), lazy: screen(() => import('../features/couriers/couriers-page')) },
  { path: 'orders', handle: titled('Pesanan'), lazy: screen(() => import('../features/orders/admin-orders-page')) },
  { path: 'outbox', handle: titled('Kotak keluar email'), lazy: screen(() => import('../features/mail/outbox-page')) },
  { path: 'pos', handle: titled('Kasir (POS)'), lazy: screen(() => import('../features/pos/pos-page')) },
  { path: 'users', handle: titled('Pengguna'), lazy: screen(() => import('../features/users/users-page')) },
  { path: 'settings/payments', handle: titled('Pengaturan pembayaran'), lazy: screen(() => import('../features/settings/payment-settings-page')) },
  { path: 'partner-applications', handle: titled('Pendaftaran mitra'), lazy: screen(() => import('../features/partner-applications/applications-page')) },
  { path: 'curation', handle: titled('Kurasi produk'), lazy: screen(() => import('../features/curation/curation-page')) },
  { path: 'payouts', handle: titled('Pembayaran mitra'), lazy: screen(() => import('../features/settlement/payouts-page')) },
  { path: 'reports', handle: titled('Laporan Dinas'), lazy: screen(() => import('../features/reports/reports-page')) },
];

/** The partner's corner (issue 29): its products, its shipments, its sales and payouts. */
const mitraScreens = (): RouteObject[] => [
  { index: true, element: <Navigate to="/mitra/pesanan" replace /> },
  { path: 'produk', handle: titled('Produk'), lazy: screen(() => import('../features/partner-products/partner-products-page')) },
  { path: 'pesanan', handle: titled('Pesanan'), lazy: screen(() => import('../features/partner-shipments/partner-shipments-page')) },
  { path: 'pesanan/:id/slip', handle: titled((p) => `Slip paket #${p.id ?? ''}`), lazy: screen(() => import('../features/partner-shipments/packing-slip-page')) },
  { path: 'penjualan', handle: titled('Penjualan'), lazy: screen(() => import('../features/settlement/partner-sales-page')) },
  { path: 'usaha', handle: titled('Usaha'), lazy: screen(() => import('../features/businesses/partner-business-page')) },
];

/**
 * The routes, built for one router: the browser's (HTTP, loaders that do not wait) or one request's
 * on the server (the services, loaders that wait). Both trees are the same, so route ids match.
 */
export function createRoutes(context: LoaderContext): RouteObject[] {
  const load = storefrontLoaders(context);
  return [
    {
      element: <StoreRoot />,
      errorElement: <CrashScreen />,
      // A screen drawn in the browser (no server state) shows nothing while its code loads, as before.
      HydrateFallback: NoFallback,
      loader: load.root,
      children: [
        {
          element: <StorefrontLayout />,
          children: [
            { index: true, Component: LandingPage, loader: load.landing, handle: serverRendered },
            { path: 'catalog', Component: CatalogPage, loader: load.catalog, handle: { ...serverRendered, title: 'Katalog produk' } },
            // The product page names itself after the product (its server HTML: catalog.seo.ts).
            { path: 'product/:id', Component: ProductDetailPage, loader: load.product, handle: { ...serverRendered, ownTitle: true } },
            { path: 'cart', handle: titled('Keranjang'), lazy: screen(() => import('../features/cart/cart-page')) },
            { path: 'checkout', handle: titled('Checkout'), lazy: screen(() => import('../features/checkout/checkout-page')) },
            { path: 'login', handle: titled('Masuk'), lazy: screen(() => import('../features/accounts/login-page')) },
            { path: 'register', handle: titled('Daftar akun'), lazy: screen(() => import('../features/accounts/register-page')) },
            { path: 'lupa-password', handle: titled('Lupa kata sandi'), lazy: screen(() => import('../features/accounts/forgot-password-page')) },
            { path: 'reset-password', handle: titled('Atur ulang kata sandi'), lazy: screen(() => import('../features/accounts/reset-password-page')) },
            { path: 'daftar-mitra', handle: titled('Daftar jadi mitra'), lazy: screen(() => import('../features/partner-applications/apply-page')) },
            {
              path: 'profile',
              handle: titled('Profil saya'),
              element: <SignedInOutlet />,
              children: [{ index: true, lazy: screen(() => import('../features/accounts/profile-page')) }],
            },
            // Decision 013: the order's own page, open to whoever holds its link (a guest has no account).
            { path: 'pesanan/akses/:token', handle: titled('Pesanan'), lazy: screen(() => import('./order-access-screen')) },
            {
              path: 'pesanan',
              element: <SignedInOutlet />,
              children: [
                { index: true, handle: titled('Pesanan saya'), lazy: screen(() => import('../features/orders/my-orders-page')) },
                { path: ':id', handle: titled((p) => `Pesanan #${p.id ?? ''}`), lazy: screen(() => import('./my-order-screen')) },
              ],
            },
            {
              path: 'operator/*',
              handle: titled('Panel operator'),
              element: (
                <ProtectedRoute roles={['admin', 'operator']}>
                  <p className="mx-auto max-w-3xl p-8 text-center text-lg">Operator Panel - functionality coming soon</p>
                </ProtectedRoute>
              ),
            },
            // Storefront spec §2: any unknown path shows the landing page.
            { path: '*', Component: LandingPage, loader: load.landing, handle: serverRendered },
          ],
        },
        {
          path: 'admin',
          handle: { section: 'Admin' } satisfies RouteHandle,
          element: <SignedInOutlet roles={['admin']} />,
          children: [
            {
              lazy: screen(() => import('../features/admin-shell/admin-layout')),
              children: [{ index: true, lazy: screen(() => import('../features/admin-shell/admin-index')) }, ...adminScreens()],
            },
          ],
        },
        {
          path: 'mitra',
          handle: { section: 'Mitra' } satisfies RouteHandle,
          element: <SignedInOutlet roles={['mitra']} />,
          children: [{ lazy: screen(() => import('../features/mitra-shell/mitra-layout')), children: mitraScreens() }],
        },
      ],
    },
  ];
}

function NoFallback() {
  return null;
}

/** The screens below, only for a signed-in person (with one of `roles`, when given); others go to /login or home. */
function SignedInOutlet({ roles }: { roles?: readonly string[] }) {
  return (
    <ProtectedRoute roles={roles}>
      <Outlet />
    </ProtectedRoute>
  );
}

/** Every screen, in the store's time zone; a public demo says so above each (decision 043). */
function StoreRoot() {
  const zone = useStoreTimeZone();
  return (
    <>
      <PageNavigation />
      <PublicDemoNotice />
      <Fragment key={zone}><Outlet /></Fragment>
    </>
  );
}
