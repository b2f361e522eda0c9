import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { availableStock, unitPrice } from '@pasar/core/pricing';
import { productMessages } from '@pasar/core/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { onePixelDeepPng } from '../../test/big-image';
import { expectFieldErrors } from '../../test/answers';

let t: TestApp;
let admin: { authorization: string };
let customer: { authorization: string };
let categoryId: number;
let businessId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_BYTES: String(300 * 1024) } });
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
  categoryId = (await t.app.inject({ method: 'GET', url: '/api/v1/catalog/categories/' })).json().data[0].id;
  businessId = (await t.app.inject({ method: 'GET', url: '/api/v1/businesses/' })).json().data[0].id;
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

async function multipart(method: 'POST' | 'PUT', url: string, form: FormData, headers: Record<string, string> = admin) {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { ...headers, 'content-type': request.headers.get('content-type')! } });
}

const png = (width = 800) => sharp({ create: { width, height: 600, channels: 3, background: '#b45309' } }).png().toBuffer();
const fileOf = (buffer: Buffer, name: string, type: string) => new File([new Uint8Array(buffer)], name, { type });
const uploadsFile = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));

const base = () => ({ name: 'Dodol Garut Asli', description: 'Manis legit', price: 25000, stock: 10, category_id: categoryId, business_id: businessId, weight_grams: 250 });

describe(`admin products (${testEngine})`, () => {
  it('is admin only', async () => {
    expect((await call('POST', '/products/', base(), {})).statusCode).toBe(401);
    expect((await call('POST', '/products/', base(), customer)).statusCode).toBe(403);
    expect((await call('GET', '/products/', undefined, customer)).statusCode).toBe(403);
    expect((await call('DELETE', '/products/1', undefined, customer)).statusCode).toBe(403);
  });

  it('creates from JSON with the spec defaults, variants and option groups', async () => {
    const res = await call('POST', '/products/', {
      ...base(),
      // The form's own price and stock differ from the variants': the variants decide (decision 008).
      price: 30000,
      stock: 99,
      discount: 12.5,
      size_variants: [
        { label: '250 g', price: 25000, stock: 4 },
        { label: '500 g', price: 45000, reseller_price: 40000, stock: 6 },
        { label: '', price: '', stock: '' },
      ],
      option_groups: [{ name: 'Rasa', values: 'Original, Durian , ,Original' }],
    });
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({
      name: 'Dodol Garut Asli',
      price: 30000,
      reseller_price: 30000,
      discount: 12.5,
      // Base stock is the sum of the variants' stock (4 + 6), not the 99 sent.
      stock: 10,
      weight_grams: 250,
      is_active: true,
      version: 1,
      size_variants: [
        { label: '250 g', price: 25000, reseller_price: 25000, stock: 4 },
        { label: '500 g', price: 45000, reseller_price: 40000, stock: 6 },
      ],
      option_groups: [{ name: 'Rasa', values: ['Original', 'Durian'] }],
    });

    // The storefront's copy: the lowest variant price (25,000, not the product's 30,000) less
    // 12.5% is 21,875; the 500 g variant costs 45,000 less 12.5% = 39,375.
    const pub = (await t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${p.id}` })).json().data;
    expect(pub).toMatchObject({ id: p.id, price: 30000, discount: 12.5, stock: 10, size_variants: [{ label: '250 g', price: 25000, stock: 4 }, { label: '500 g', price: 45000, stock: 6 }] });
    expect(unitPrice(pub)).toBe(21875);
    expect(unitPrice(pub, '500 g')).toBe(39375);
    expect(availableStock(pub, '500 g')).toBe(6);

    // Editing the variants' stock moves the base stock with it, whatever stock the form sends.
    const edited = await call('PUT', `/products/${p.id}`, { ...base(), price: 30000, stock: 1, discount: 12.5, version: p.version, size_variants: [{ label: '250 g', price: 25000, stock: 7 }, { label: '500 g', price: 45000, stock: 0 }] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.stock).toBe(7);
    const after = (await t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${p.id}` })).json().data;
    expect(after.stock).toBe(7);
    expect(unitPrice(after)).toBe(21875);
    // Without variants the product's own price and stock apply again: 30,000 less 12.5% = 26,250.
    const plain = await call('PUT', `/products/${p.id}`, { ...base(), price: 30000, stock: 3, discount: 12.5, version: edited.json().data.version, size_variants: [] });
    expect(plain.json().data).toMatchObject({ stock: 3, size_variants: [] });
    expect(unitPrice((await t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${p.id}` })).json().data)).toBe(26250);
  });

  it("answers the spec's validation messages", async () => {
    const res = await call('POST', '/products/', { name: ' ', price: 0, reseller_price: -1, discount: 100.5, stock: 1.5 });
    expectFieldErrors(res, {
      name: 'Nama produk wajib diisi.',
      reseller_price: 'Harga reseller harus berupa angka positif',
      discount: 'Diskon harus berada pada rentang 0 - 100',
      category_id: 'Kategori wajib dipilih.',
      stock: 'Stok wajib diisi dengan bilangan bulat 0 atau lebih.',
    });
    expect(res.json().fields.price).toBeDefined();
    const step = await call('POST', '/products/', { ...base(), discount: 10.25 });
    expect(step.json().fields.discount).toBe('Diskon harus berada pada rentang 0 - 100');
    const variant = await call('POST', '/products/', { ...base(), size_variants: [{ label: 'Besar', price: 0 }] });
    expect(variant.json().fields.size_variants).toBe('Lengkapi nama dan harga positif untuk setiap varian yang digunakan.');
    const four = await call('POST', '/products/', { ...base(), size_variants: ['S', 'M', 'L', 'XL'].map((label) => ({ label, price: 1000 })) });
    expect(four.json().fields.size_variants).toBe('Maksimal 3 varian ukuran.');
    const option = await call('POST', '/products/', { ...base(), option_groups: [{ name: 'Warna', values: ' , ' }] });
    expect(option.json().fields.option_groups).toBe('Isi nama opsi dan minimal satu nilai untuk setiap kelompok opsi.');
    const unknownCategory = await call('POST', '/products/', { ...base(), category_id: 999999 });
    expect(unknownCategory.json().fields.category_id).toBe('Kategori tidak ditemukan.');
  });

  it('creates from multipart with a cover and images stored as WebP sizes, then replaces and removes old files', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(base())) form.append(k, String(v));
    form.append('size_variants', JSON.stringify([{ label: 'Kecil', price: 10000, stock: 3 }]));
    form.append('option_groups', JSON.stringify([{ name: 'Kemasan', values: ['Kotak', 'Plastik'] }]));
    form.append('image_cover', fileOf(await png(), 'sampul.png', 'image/png'));
    form.append('images', fileOf(await png(500), 'foto1.png', 'image/png'));
    const res = await multipart('POST', '/products/', form);
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p.image_cover).toMatch(/^\/uploads\/products\/[A-Za-z0-9_-]+-1024\.webp$/);
    expect(p.images).toHaveLength(1);
    expect(p.stock).toBe(3);
    for (const w of [320, 640, 1024]) expect(fs.existsSync(uploadsFile(p.image_cover.replace('-1024', `-${w}`)))).toBe(true);

    // Replace the cover and drop the extra image: the old files go.
    const edit = new FormData();
    for (const [k, v] of Object.entries(base())) edit.append(k, String(v));
    edit.append('version', String(p.version));
    edit.append('images', '[]');
    edit.append('image_cover', fileOf(await png(640), 'baru.png', 'image/png'));
    const updated = await multipart('PUT', `/products/${p.id}`, edit);
    expect(updated.statusCode).toBe(200);
    const u = updated.json().data;
    expect(u.image_cover).not.toBe(p.image_cover);
    expect(u.images).toEqual([]);
    expect(u.size_variants).toEqual([]);
    expect(fs.existsSync(uploadsFile(p.image_cover))).toBe(false);
    expect(fs.existsSync(uploadsFile(p.images[0]))).toBe(false);
    expect(fs.existsSync(uploadsFile(u.image_cover))).toBe(true);

    // Deleting a product without orders deletes it and its files.
    const del = await call('DELETE', `/products/${p.id}`);
    expect(del.json()).toMatchObject({ data: { outcome: 'deleted' }, message: 'Produk berhasil dihapus.' });
    expect(fs.existsSync(uploadsFile(u.image_cover))).toBe(false);
    expect((await call('GET', `/products/${p.id}`)).statusCode).toBe(404);
  });

  it('refuses a fake image (a text file named .jpg) and stores nothing', async () => {
    const before = fs.existsSync(path.join(t.config.uploadsDir, 'products')) ? fs.readdirSync(path.join(t.config.uploadsDir, 'products')).length : 0;
    const form = new FormData();
    for (const [k, v] of Object.entries(base())) form.append(k, String(v));
    form.append('images', fileOf(await png(300), 'asli.png', 'image/png'));
    form.append('image_cover', fileOf(Buffer.from('ini bukan gambar'), 'foto.jpg', 'image/jpeg'));
    const res = await multipart('POST', '/products/', form);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('Format gambar harus JPG, PNG, atau WEBP.');
    const after = fs.existsSync(path.join(t.config.uploadsDir, 'products')) ? fs.readdirSync(path.join(t.config.uploadsDir, 'products')).length : 0;
    expect(after).toBe(before);
  });

  it('refuses an oversized upload with a clear message', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(base())) form.append(k, String(v));
    form.append('image_cover', fileOf(Buffer.alloc(400 * 1024, 1), 'besar.jpg', 'image/jpeg'));
    const res = await multipart('POST', '/products/', form);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Ukuran gambar maksimal 0.3 MB.');
  });

  it('refuses an image above 40 megapixels before decoding it, on its field, and stores nothing (issue 14)', async () => {
    const stored = () => (fs.existsSync(path.join(t.config.uploadsDir, 'products')) ? fs.readdirSync(path.join(t.config.uploadsDir, 'products')).length : 0);
    const before = stored();
    const form = new FormData();
    for (const [k, v] of Object.entries(base())) form.append(k, String(v));
    form.append('image_cover', fileOf(await png(300), 'sampul.png', 'image/png'));
    // A 31 KB PNG of one colour that announces 16000×16000 pixels (256 megapixels).
    form.append('images', fileOf(onePixelDeepPng(16000, 16000), 'raksasa.png', 'image/png'));
    const res = await multipart('POST', '/products/', form);
    expect(res.statusCode).toBe(400);
    const message = 'Gambar terlalu besar: maksimal 40 megapiksel.';
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION_ERROR', error: message, fields: { images: message } });
    expect(stored()).toBe(before);
  });

  it('refuses more than 10 new images, also when the file parts exceed the upload limit', async () => {
    const tiny = await png(50);
    for (const count of [11, 12]) {
      const form = new FormData();
      for (const [k, v] of Object.entries(base())) form.append(k, String(v));
      for (let i = 0; i < count; i++) form.append('images', fileOf(tiny, `foto${i}.png`, 'image/png'));
      const res = await multipart('POST', '/products/', form);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: productMessages.tooManyImages, fields: { images: productMessages.tooManyImages } });
    }
  });

  it('deactivates instead of deleting a product that has orders', async () => {
    const p = (await call('POST', '/products/', { ...base(), name: 'Bandrek Sachet' })).json().data;
    const [o] = await t.db.insert(orders).values({ total_amount: 25000, guest_email: 'a@b.id' }).returning({ id: orders.id });
    await t.db.insert(orderItems).values({ order_id: o!.id, product_id: p.id, product_name: p.name, quantity: 1, price: 25000, line_total: 25000 });
    const res = await call('DELETE', `/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { outcome: 'deactivated' }, message: 'Produk ini sudah pernah dipesan, jadi dinonaktifkan (bukan dihapus) agar riwayat pesanan tetap utuh.' });
    const still = (await call('GET', `/products/${p.id}`)).json().data;
    expect(still.is_active).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${p.id}` })).statusCode).toBe(404);
    expect((await t.db.select().from(orderItems).where(eq(orderItems.order_id, o!.id))).length).toBe(1);
  });

  it('rejects a stale update', async () => {
    const p = (await call('POST', '/products/', { ...base(), name: 'Kerupuk Kulit' })).json().data;
    expect((await call('PUT', `/products/${p.id}`, { ...base(), name: 'Kerupuk Kulit Sapi', version: p.version })).statusCode).toBe(200);
    const stale = await call('PUT', `/products/${p.id}`, { ...base(), name: 'Kerupuk', discount: 50, version: p.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_UPDATE');
    expect((await call('GET', `/products/${p.id}`)).json().data).toMatchObject({ name: 'Kerupuk Kulit Sapi', discount: 0 });
  });

  it('lists with filters, paging 12/24/48 and stats', async () => {
    const page = (await call('GET', '/products/')).json().data;
    expect(page.page_size).toBe(12);
    expect(page.items).toHaveLength(12);
    expect(page.stats.total).toBe(page.total);
    const low = (await call('GET', '/products/?low_stock=true&page_size=48')).json().data;
    expect(low.items.every((p: { stock: number }) => p.stock <= 5)).toBe(true);
    expect(low.total).toBe(page.stats.low_stock);
    const inactive = (await call('GET', '/products/?active=inactive&page_size=48')).json().data;
    expect(inactive.items.every((p: { is_active: boolean }) => !p.is_active)).toBe(true);
    const byCategory = (await call('GET', `/products/?category_id=${categoryId}&page_size=24`)).json().data;
    expect(byCategory.items.every((p: { category_id: number }) => p.category_id === categoryId)).toBe(true);
    const search = (await call('GET', '/products/?q=DODOL')).json().data;
    expect(search.items.some((p: { name: string }) => p.name === 'Dodol Garut Asli')).toBe(true);
    expect((await call('GET', '/products/?page_size=13')).statusCode).toBe(400);
  });

  it('counts every product unfiltered, each filter exactly, and finds a product by its id (issue 15)', async () => {
    const [all] = await queryRows<{ n: number; inactive: number }>(t.db, sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT is_active)::int AS inactive FROM products`);
    expect((await call('GET', '/products/')).json().data.total).toBe(all!.n);
    expect((await call('GET', '/products/?active=inactive')).json().data.total).toBe(all!.inactive);
    const [one] = await queryRows<{ id: number; name: string }>(t.db, sql`SELECT id, name FROM products ORDER BY id LIMIT 1`);
    const byId = (await call('GET', `/products/?q=${one!.id}&page_size=48`)).json().data;
    expect(byId.items.map((p: { id: number }) => p.id)).toContain(one!.id);
    // Newest first and by name both ways: each page the next in order, no product on two pages.
    for (const sort of ['sort=created_at&dir=desc', 'sort=name&dir=desc', 'sort=business&dir=asc']) {
      const first = (await call('GET', `/products/?${sort}&page_size=12&page=1`)).json().data.items.map((p: { id: number }) => p.id);
      const second = (await call('GET', `/products/?${sort}&page_size=12&page=2`)).json().data.items.map((p: { id: number }) => p.id);
      expect(first.filter((id: number) => second.includes(id))).toEqual([]);
    }
    const newest = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products ORDER BY id DESC LIMIT 12`);
    expect((await call('GET', '/products/?page_size=12')).json().data.items.map((p: { id: number }) => p.id)).toEqual(newest.map((r) => r.id));
  });

  it('shows stats cards and an unfiltered total equal to a fresh count after products are added, sold out, hidden and deleted (kept figures, issue 15)', async () => {
    const expectFresh = async (label: string) => {
      const [fresh] = await queryRows<{ total: number; active: number; inactive: number; low_stock: number; out_of_stock: number }>(
        t.db,
        sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active, count(*) FILTER (WHERE NOT is_active)::int AS inactive,
                   count(*) FILTER (WHERE stock <= 5)::int AS low_stock, count(*) FILTER (WHERE stock = 0)::int AS out_of_stock FROM products`,
      );
      for (const url of ['/products/', '/products/?q=dodol', '/products/?sort=name&dir=asc']) {
        const page = (await call('GET', url)).json().data;
        expect(page.stats, `${label}: ${url}`).toEqual(fresh);
        if (url === '/products/') expect(page.total, label).toBe(fresh!.total);
      }
      // Filtered by low stock alone the total is the product figures' count (`catalogue_figures`; no index holds stock, migration 0017); with another filter it is counted.
      expect((await call('GET', '/products/?low_stock=true')).json().data.total, `${label}: low stock`).toBe(fresh!.low_stock);
      const [activeLow] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM products WHERE is_active AND stock <= 5`);
      expect((await call('GET', '/products/?low_stock=true&active=active')).json().data.total, `${label}: active low stock`).toBe(activeLow!.n);
    };
    await expectFresh('as seeded');
    const created = (await call('POST', '/products/', { ...base(), name: 'Dodol Habis', stock: 0 })).json().data;
    await expectFresh('a sold-out product added');
    expect((await call('PUT', `/products/${created.id}`, { ...base(), name: 'Dodol Habis', stock: 3, is_active: false, version: created.version })).statusCode).toBe(200);
    await expectFresh('restocked to low stock and hidden');
    await t.db.execute(sql`UPDATE products SET stock = 0 WHERE id IN (SELECT id FROM products ORDER BY id LIMIT 3)`);
    await expectFresh('three sold out by one statement');
    expect((await call('DELETE', `/products/${created.id}`)).statusCode).toBeLessThan(300);
    await expectFresh('deleted');
  });
});
