/**
 * The route table of docs/requirements/storefront.md §2 and docs/requirements/back-office.md §2. Every screen is a lazy
 * chunk, so the storefront's first load never carries admin or POS code.
 */
import { Fragment, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { useStoreTimeZone } from '../lib/store-settings';
import { CrashScreen } from '../components/crash-screen';
import { StorefrontLayout } from './layouts/storefront-layout';
import { ProtectedRoute } from './protected-route';

type ScreenModule = { default: ComponentType };
const screen = (load: () => Promise<ScreenModule>) => async () => ({ Component: (await load()).default });

const adminScreens: RouteObject[] = [
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
];

export const routes: RouteObject[] = [
  {
    element: <StoreRoot />,
    errorElement: <CrashScreen />,
    children: [
      {
        element: <StorefrontLayout />,
        children: [
          { index: true, lazy: screen(() => import('../features/landing/landing-page')) },
          { path: 'catalog', lazy: screen(() => import('../features/catalog/catalog-page')) },
          { path: 'product/:id', lazy: screen(() => import('../features/catalog/product-detail-page')) },
          { path: 'cart', lazy: screen(() => import('../features/cart/cart-page')) },
          { path: 'checkout', lazy: screen(() => import('../features/checkout/checkout-page')) },
          { path: 'login', lazy: screen(() => import('../features/accounts/login-page')) },
          { path: 'register', lazy: screen(() => import('../features/accounts/register-page')) },
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
          { path: 'pesanan/akses/:token', lazy: screen(() => import('../features/payments/order-access-page')) },
          {
            path: 'pesanan',
            element: (
              <ProtectedRoute>
                <LazyOutlet />
              </ProtectedRoute>
            ),
            children: [
              { index: true, lazy: screen(() => import('../features/orders/my-orders-page')) },
              { path: ':id', lazy: screen(() => import('../features/payments/my-order-page')) },
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
          { path: '*', lazy: screen(() => import('../features/landing/landing-page')) },
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
            children: [{ index: true, lazy: screen(() => import('../features/admin-shell/admin-index')) }, ...adminScreens],
          },
        ],
      },
    ],
  },
];

function LazyOutlet() {
  return <Outlet />;
}

/** Every screen, in the store's time zone. */
function StoreRoot() {
  const zone = useStoreTimeZone();
  return <Fragment key={zone}><Outlet /></Fragment>;
}

export const router = createBrowserRouter(routes);
