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
import { ProtectedRoute } from './protected-route';

type ScreenModule = { default: ComponentType };
const screen = (load: () => Promise<ScreenModule>) => async () => ({ Component: (await load()).default });

/** Marks a screen the server draws; any other path is answered with the plain shell. */
export interface RouteHandle {
  serverRendered?: boolean;
}
const serverRendered: RouteHandle = { serverRendered: true };

const adminScreens = (): RouteObject[] => [
  { path: 'dashboard', lazy: screen(() => import('../features/dashboard/dashboard-page')) },
  { path: 'categories', lazy: screen(() => import('../features/categories/categories-page')) },
  { path: 'products', lazy: screen(() => import('../features/products/products-page')) },
  { path: 'knowledge', lazy: screen(() => import('../features/knowledge/knowledge-page')) },
  { path: 'businesses', lazy: screen(() => import('../features/businesses/businesses-page')) },
  { path: 'couriers/*', lazy: screen(() => import('../features/couriers/couriers-page')) },
  { path: 'orders', lazy: screen(() => import('../features/orders/admin-orders-page')) },
  { path: 'outbox', lazy: screen(() => import('../features/mail/outbox-page')) },
  { path: 'pos', lazy: screen(() => import('../features/pos/pos-page')) },
  { path: 'users', lazy: screen(() => import('../features/users/users-page')) },
  { path: 'settings/payments', lazy: screen(() => import('../features/settings/payment-settings-page')) },
  { path: 'partner-applications', lazy: screen(() => import('../features/partner-applications/applications-page')) },
  { path: 'curation', lazy: screen(() => import('../features/curation/curation-page')) },
  { path: 'payouts', lazy: screen(() => import('../features/settlement/payouts-page')) },
  { path: 'reports', lazy: screen(() => import('../features/reports/reports-page')) },
];

/** The partner's corner (issue 29): its products, its shipments, its sales and payouts. */
const mitraScreens = (): RouteObject[] => [
  { index: true, element: <Navigate to="/mitra/pesanan" replace /> },
  { path: 'produk', lazy: screen(() => import('../features/partner-products/partner-products-page')) },
  { path: 'pesanan', lazy: screen(() => import('../features/partner-shipments/partner-shipments-page')) },
  { path: 'pesanan/:id/slip', lazy: screen(() => import('../features/partner-shipments/packing-slip-page')) },
  { path: 'penjualan', lazy: screen(() => import('../features/settlement/partner-sales-page')) },
  { path: 'usaha', lazy: screen(() => import('../features/businesses/partner-business-page')) },
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
            { path: 'catalog', Component: CatalogPage, loader: load.catalog, handle: serverRendered },
            { path: 'product/:id', Component: ProductDetailPage, loader: load.product, handle: serverRendered },
            { path: 'cart', lazy: screen(() => import('../features/cart/cart-page')) },
            { path: 'checkout', lazy: screen(() => import('../features/checkout/checkout-page')) },
            { path: 'login', lazy: screen(() => import('../features/accounts/login-page')) },
            { path: 'register', lazy: screen(() => import('../features/accounts/register-page')) },
            { path: 'lupa-password', lazy: screen(() => import('../features/accounts/forgot-password-page')) },
            { path: 'reset-password', lazy: screen(() => import('../features/accounts/reset-password-page')) },
            { path: 'daftar-mitra', lazy: screen(() => import('../features/partner-applications/apply-page')) },
            {
              path: 'profile',
              element: (
                <ProtectedRoute>
                  <LazyOutlet />
                </ProtectedRoute>
              ),
              children: [{ index: true, lazy: screen(() => import('../features/accounts/profile-page')) }],
            },
            // Decision 013: the order's own page, open to whoever holds its link (a guest has no account).
            { path: 'pesanan/akses/:token', lazy: screen(() => import('./order-access-screen')) },
            {
              path: 'pesanan',
              element: (
                <ProtectedRoute>
                  <LazyOutlet />
                </ProtectedRoute>
              ),
              children: [
                { index: true, lazy: screen(() => import('../features/orders/my-orders-page')) },
                { path: ':id', lazy: screen(() => import('./my-order-screen')) },
              ],
            },
            {
              path: 'operator/*',
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
          element: (
            <ProtectedRoute roles={['admin']}>
              <LazyOutlet />
            </ProtectedRoute>
          ),
          children: [
            {
              lazy: screen(() => import('../features/admin-shell/admin-layout')),
              children: [{ index: true, lazy: screen(() => import('../features/admin-shell/admin-index')) }, ...adminScreens()],
            },
          ],
        },
        {
          path: 'mitra',
          element: (
            <ProtectedRoute roles={['mitra']}>
              <LazyOutlet />
            </ProtectedRoute>
          ),
          children: [{ lazy: screen(() => import('../features/mitra-shell/mitra-layout')), children: mitraScreens() }],
        },
      ],
    },
  ];
}

function NoFallback() {
  return null;
}

function LazyOutlet() {
  return <Outlet />;
}

/** Every screen, in the store's time zone; a public demo says so above each (decision 043). */
function StoreRoot() {
  const zone = useStoreTimeZone();
  return (
    <>
      <PublicDemoNotice />
      <Fragment key={zone}><Outlet /></Fragment>
    </>
  );
}
