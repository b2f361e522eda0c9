/**
 * Issue 31 item 12: every page of the route table has its own <title>, the same in the server's
 * HTML (app/entry-server.tsx) as in the browser. Focus after navigation: e2e/accessibility.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import type { StorefrontSource } from '@pasar/core/catalog';
import { render } from './entry-server';
import { DEFAULT_TITLE, titleFor } from './page-navigation';
import { createRoutes } from './router';

const routes = createRoutes({ queryClient: new QueryClient(), source: {} as StorefrontSource, awaitData: false });
const titleOf = (path: string) => titleFor((matchRoutes(routes, path) ?? []).map((m) => ({ handle: m.route.handle, params: m.params })));

const storefront = ['/catalog', '/cart', '/checkout', '/login', '/register', '/lupa-password', '/reset-password', '/daftar-mitra', '/profile', '/pesanan', '/pesanan/7', '/operator/x'];
const backOffice = [
  '/admin/dashboard', '/admin/categories', '/admin/products', '/admin/knowledge', '/admin/businesses', '/admin/couriers', '/admin/couriers/3/edit', '/admin/orders',
  '/admin/outbox', '/admin/pos', '/admin/users', '/admin/settings/payments', '/admin/partner-applications', '/admin/curation', '/admin/payouts', '/admin/reports',
];
const partner = ['/mitra/produk', '/mitra/pesanan', '/mitra/pesanan/5/slip', '/mitra/penjualan', '/mitra/usaha'];

describe('page titles', () => {
  it('names each page, its part of the site and the store', () => {
    expect(titleOf('/cart')).toBe('Keranjang · Pasar UMKM');
    expect(titleOf('/catalog')).toBe('Katalog produk · Pasar UMKM');
    expect(titleOf('/pesanan/akses/abc')).toBe('Pesanan · Pasar UMKM');
    expect(titleOf('/pesanan/7')).toBe('Pesanan #7 · Pasar UMKM');
    expect(titleOf('/admin/dashboard')).toBe('Dasbor · Admin · Pasar UMKM');
    expect(titleOf('/admin/couriers/3/edit')).toBe('Kurir · Admin · Pasar UMKM');
    expect(titleOf('/mitra/produk')).toBe('Produk · Mitra · Pasar UMKM');
  });

  it('gives no two pages of a part of the site the same title, and none the landing page\'s', () => {
    for (const paths of [storefront, backOffice.filter((p) => !p.endsWith('/edit')), partner]) {
      const titles = paths.map(titleOf);
      expect(titles).not.toContain(DEFAULT_TITLE);
      expect(new Set(titles).size).toBe(paths.length);
    }
  });

  it('keeps the landing title for the landing page and an unknown path, and lets the product page write its own', () => {
    expect(titleOf('/')).toBe(DEFAULT_TITLE);
    expect(titleOf('/tidak-ada')).toBe(DEFAULT_TITLE);
    expect(titleOf('/product/12')).toBeNull();
  });

  it('puts the title into what the server answers, for the pages it draws and the shell alike', async () => {
    const none = async () => {
      throw new Error('not asked');
    };
    const source = { categories: async () => [], productPage: async () => ({ items: [], page: 1, page_size: 12, total: 0, total_pages: 0, stats: { total_products: 0, partners: 0, in_stock: 0 } }), product: none, shelf: none, storeSettings: none } as unknown as StorefrontSource;
    const catalog = await render('http://localhost/catalog', { ...source, storeSettings: async () => ({ time_zone: 'Asia/Jakarta' }) } as unknown as StorefrontSource);
    expect(catalog).toMatchObject({ kind: 'page', title: 'Katalog produk · Pasar UMKM' });
    expect(await render('http://localhost/admin/pos', source)).toEqual({ kind: 'shell', title: 'Kasir (POS) · Admin · Pasar UMKM' });
  });
});
