import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultPartnerProgram, type PartnerProgram } from '@pasar/core/partners';
import { curationMessages } from '@pasar/core/curation';
import { signIn, testEngine, type TestApp } from '../../test/app';
import { appWithDemoSessions, callApi, type AuthHeaders } from '../../test/demo-sessions';
import { makeCategory, makePartner, makeProduct } from '../../test/factories';
import { productEventsOf } from './curation.repository';
import { expectFieldErrors } from '../../test/answers';

let t: TestApp, admin: AuthHeaders, customer: AuthHeaders;
let partnerA: { authorization: string };
let partnerB: { authorization: string };
let businessA: number;
let businessB: number;

beforeAll(async () => {
  ({ t, admin, customer } = await appWithDemoSessions());
  const a = await makePartner(t.db);
  const b = await makePartner(t.db);
  businessA = a.business.id;
  businessB = b.business.id;
  partnerA = await signIn(t.app, a.user.username, a.user.password);
  partnerB = await signIn(t.app, b.user.username, b.user.password);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: unknown) => callApi(t.app, method, url, payload, headers);

async function multipart(method: 'POST' | 'PUT', url: string, form: FormData, headers: Record<string, string>) {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { ...headers, 'content-type': request.headers.get('content-type')! } });
}
const png = () => sharp({ create: { width: 400, height: 300, channels: 3, background: '#15803d' } }).png().toBuffer();
const uploadsFile = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));

async function setProgram(patch: Partial<PartnerProgram>) {
  const res = await call('PUT', '/settings/partner-program', admin, { ...defaultPartnerProgram, ...patch });
  expect(res.statusCode).toBe(200);
}

/** The storefront's copy of a category's products (what a shopper sees). */
async function shopNames(categoryId: number): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/?category_id=${categoryId}&page=1` });
  return (res.json().data.items as { name: string }[]).map((p) => p.name);
}
const shopProduct = (id: number) => t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${id}` });
const queue = async () => (await call('GET', '/curation', admin)).json().data as { id: number; kind: string; product_id: number; previous: { name: string } | null; proposed: { name: string; category_name: string | null }; business: { id: number } | null; submitted_by: string | null }[];
const queued = async (productId: number) => (await queue()).find((q) => q.product_id === productId);

const form = (categoryId: number, extra: Record<string, unknown> = {}) => ({ name: 'Keripik Tempe Bu Sari', description: 'Renyah', price: 15000, stock: 20, category_id: categoryId, weight_grams: 200, ...extra });

describe(`a partner's products and their curation (${testEngine})`, () => {
  beforeEach(async () => {
    await setProgram({});
  });

  it("adds a product for its own business whatever business_id the body names, held out of the shop until approved", async () => {
    const category = await makeCategory(t.db);
    const res = await call('POST', '/mitra/products', partnerA, form(category.id, { business_id: businessB, is_active: true }));
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(res.json().message).toBe('Produk disimpan dan menunggu kurasi Dinas sebelum tampil di toko.');
    expect(p).toMatchObject({ business_id: businessA, is_active: false, curation: { status: 'pending', pending_change: { kind: 'new' } } });
    expect(await shopNames(category.id)).toEqual([]);
    expect((await shopProduct(p.id)).statusCode).toBe(404);

    const item = await queued(p.id);
    expect(item).toMatchObject({ kind: 'new', previous: null, proposed: { name: 'Keripik Tempe Bu Sari', category_name: category.name }, business: { id: businessA } });
    expect(item?.submitted_by).toContain('@');
    const approved = await call('POST', `/curation/${item!.id}/approve`, admin);
    expect(approved.statusCode).toBe(200);
    expect(await shopNames(category.id)).toEqual(['Keripik Tempe Bu Sari']);
    expect((await shopProduct(p.id)).statusCode).toBe(200);
    const mine = (await call('GET', `/mitra/products/${p.id}`, partnerA)).json().data;
    expect(mine).toMatchObject({ is_active: true, curation: { status: 'approved', pending_change: null, rejection_reason: null } });
    expect(await queued(p.id)).toBeUndefined();
    // Decided once: a second decision of the same proposal is refused.
    expect((await call('POST', `/curation/${item!.id}/approve`, admin)).statusCode).toBe(404);
    expect((await call('POST', `/curation/${item!.id}/reject`, admin, { reason: 'x' })).statusCode).toBe(404);
  });

  it("applies the admin form's rules with their messages", async () => {
    const category = await makeCategory(t.db);
    const bad = await call('POST', '/mitra/products', partnerA, { name: ' ', price: 0, stock: -1, category_id: category.id });
    expectFieldErrors(bad, { name: 'Nama produk wajib diisi.', stock: 'Stok wajib diisi dengan bilangan bulat 0 atau lebih.' });
    const unknown = await call('POST', '/mitra/products', partnerA, form(999_999));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.category_id).toBe('Kategori tidak ditemukan.');
    const variants = await call('POST', '/mitra/products', partnerA, form(category.id, { size_variants: [{ label: 'Besar', price: 0 }] }));
    expect(variants.json().error).toBe('Lengkapi nama dan harga positif untuk setiap varian yang digunakan.');
    expect(await shopNames(category.id)).toEqual([]);
  });

  it("reads and writes only its own products; another's id answers 404", async () => {
    const category = await makeCategory(t.db);
    const theirs = await makeProduct(t.db, { business_id: businessB, category_id: category.id });
    const office = await makeProduct(t.db, { category_id: category.id });
    const mine = await makeProduct(t.db, { business_id: businessA, category_id: category.id });
    const list = (await call('GET', '/mitra/products', partnerA)).json().data as { id: number; business_id: number }[];
    expect(list.map((p) => p.id)).toContain(mine.id);
    expect(list.every((p) => p.business_id === businessA)).toBe(true);
    for (const id of [theirs.id, office.id, 999_999]) {
      const get = await call('GET', `/mitra/products/${id}`, partnerA);
      expect(get.statusCode).toBe(404);
      expect(get.json().error).toBe('Produk tidak ditemukan.');
      expect((await call('PUT', `/mitra/products/${id}`, partnerA, form(category.id, { version: 1, stock: 0 }))).statusCode).toBe(404);
    }
    // The other partner's product is untouched.
    expect((await call('GET', `/mitra/products/${theirs.id}`, partnerB)).json().data.stock).toBe(10);
    // Moving a product to another business through the body is ignored too.
    const current = (await call('GET', `/mitra/products/${mine.id}`, partnerA)).json().data;
    const moved = await call('PUT', `/mitra/products/${mine.id}`, partnerA, form(category.id, { name: current.name, description: current.description, version: current.version, business_id: businessB }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.business_id).toBe(businessA);
  });

  it('keeps the old name in the catalogue and the product page while a change waits, then shows the new one', async () => {
    const category = await makeCategory(t.db);
    const p = await makeProduct(t.db, { business_id: businessA, category_id: category.id, name: 'Sambal Roa Lama', description: 'Pedas' });
    const before = (await call('GET', `/mitra/products/${p.id}`, partnerA)).json().data;
    const res = await call('PUT', `/mitra/products/${p.id}`, partnerA, form(category.id, { name: 'Sambal Roa Baru', description: 'Pedas sekali', price: before.price, stock: before.stock, weight_grams: before.weight_grams, version: before.version }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain('menunggu kurasi');
    expect(res.json().data).toMatchObject({ name: 'Sambal Roa Lama', curation: { status: 'approved', pending_change: { kind: 'change', proposed: { name: 'Sambal Roa Baru' } } } });
    expect(await shopNames(category.id)).toEqual(['Sambal Roa Lama']);
    expect((await shopProduct(p.id)).json().data).toMatchObject({ name: 'Sambal Roa Lama', description: 'Pedas' });
    // The search does not find it under the proposed name either.
    const search = await t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/?q=${encodeURIComponent('Sambal Roa Baru')}&page=1` });
    expect((search.json().data.items as { id: number; name: string }[]).filter((i) => i.id === p.id).map((i) => i.name)).not.toContain('Sambal Roa Baru');

    // A second edit replaces the waiting proposal: one pending per product, under a new id, so an
    // admin looking at the first cannot approve what replaced it.
    const first = (await queued(p.id))!;
    const second = await call('PUT', `/mitra/products/${p.id}`, partnerA, form(category.id, { name: 'Sambal Roa Juara', description: 'Pedas sekali', price: before.price, stock: before.stock, weight_grams: before.weight_grams, version: res.json().data.version }));
    expect(second.statusCode).toBe(200);
    const waiting = (await queue()).filter((q) => q.product_id === p.id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ kind: 'change', previous: { name: 'Sambal Roa Lama' }, proposed: { name: 'Sambal Roa Juara' } });
    expect(waiting[0]!.id).not.toBe(first.id);
    const stale = await call('POST', `/curation/${first.id}/approve`, admin);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error).toContain('sudah tidak menunggu kurasi');

    const version = (await shopProduct(p.id)).json().data.version;
    expect((await call('POST', `/curation/${waiting[0]!.id}/approve`, admin)).statusCode).toBe(200);
    expect(await shopNames(category.id)).toEqual(['Sambal Roa Juara']);
    const after = (await shopProduct(p.id)).json().data;
    expect(after).toMatchObject({ name: 'Sambal Roa Juara', description: 'Pedas sekali' });
    expect(after.version).toBe(version + 1);
    // The search text followed the name (trigger).
    const found = await t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/?q=${encodeURIComponent('roa juara')}&page=1` });
    expect((found.json().data.items as { id: number }[]).map((i) => i.id)).toContain(p.id);
  });

  it('rejecting keeps the product as it was and shows the reason to the partner', async () => {
    const category = await makeCategory(t.db);
    const p = await makeProduct(t.db, { business_id: businessA, category_id: category.id, name: 'Dodol Asli' });
    const before = (await call('GET', `/mitra/products/${p.id}`, partnerA)).json().data;
    await call('PUT', `/mitra/products/${p.id}`, partnerA, form(category.id, { name: 'Dodol TERMURAH!!!', price: before.price, stock: before.stock, weight_grams: before.weight_grams, version: before.version }));
    const item = (await queued(p.id))!;
    const noReason = await call('POST', `/curation/${item.id}/reject`, admin, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('Alasan penolakan wajib diisi.');
    expect((await call('POST', `/curation/${item.id}/reject`, admin, { reason: 'Nama produk tidak boleh berisi promosi.' })).statusCode).toBe(200);
    expect((await shopProduct(p.id)).json().data.name).toBe('Dodol Asli');
    const mine = (await call('GET', `/mitra/products/${p.id}`, partnerA)).json().data;
    expect(mine).toMatchObject({ name: 'Dodol Asli', is_active: true, curation: { status: 'approved', pending_change: null, rejection_reason: 'Nama produk tidak boleh berisi promosi.' } });

    // A rejected new product stays out of the shop with its reason; a new save resubmits it.
    const made = (await call('POST', '/mitra/products', partnerA, form(category.id, { name: 'Produk Tanpa Foto' }))).json().data;
    const newItem = (await queued(made.id))!;
    await call('POST', `/curation/${newItem.id}/reject`, admin, { reason: 'Tambahkan foto produk.' });
    const rejected = (await call('GET', `/mitra/products/${made.id}`, partnerA)).json().data;
    expect(rejected).toMatchObject({ is_active: false, curation: { status: 'rejected', rejection_reason: 'Tambahkan foto produk.' } });
    expect((await shopProduct(made.id)).statusCode).toBe(404);
    const again = await call('PUT', `/mitra/products/${made.id}`, partnerA, form(category.id, { name: 'Produk Tanpa Foto', version: rejected.version, is_active: true }));
    expect(again.json().data).toMatchObject({ is_active: false, curation: { status: 'pending', rejection_reason: null, pending_change: { kind: 'new' } } });
  });

  it('applies price and stock at once, audited with the partner as actor, while the name waits', async () => {
    const category = await makeCategory(t.db);
    const p = await makeProduct(t.db, { business_id: businessA, category_id: category.id, name: 'Kopi Lama', price: 30000, stock: 4 });
    const before = (await call('GET', `/mitra/products/${p.id}`, partnerA)).json().data;
    const res = await call('PUT', `/mitra/products/${p.id}`, partnerA, form(category.id, { name: 'Kopi Baru', price: 32000, stock: 9, weight_grams: before.weight_grams, version: before.version }));
    expect(res.statusCode).toBe(200);
    const shop = (await shopProduct(p.id)).json().data;
    expect(shop).toMatchObject({ name: 'Kopi Lama', price: 32000, stock: 9 });
    const events = await productEventsOf(t.db, p.id);
    const price = events.find((e) => e.kind === 'price');
    const stock = events.find((e) => e.kind === 'stock');
    expect(price).toMatchObject({ before: { price: 30000 }, after: { price: 32000 } });
    expect(stock).toMatchObject({ before: { stock: 4 }, after: { stock: 9 } });
    expect(price?.actor_name).toContain('@');
    expect(price?.actor_user_id).not.toBeNull();
    expect(events.map((e) => e.kind)).toContain('curation_submitted');
    // A stale version is refused (another device saved first), nothing applied.
    const stale = await call('PUT', `/mitra/products/${p.id}`, partnerA, form(category.id, { name: 'Kopi Baru', price: 1000, stock: 1, version: before.version }));
    expect(stale.statusCode).toBe(409);
    expect((await shopProduct(p.id)).json().data.price).toBe(32000);
  });

  it('holds nothing when the settings curate neither new products nor changes', async () => {
    await setProgram({ curate_new_products: false, curate_changes: false });
    const category = await makeCategory(t.db);
    const made = await call('POST', '/mitra/products', partnerA, form(category.id, { name: 'Langsung Tayang' }));
    expect(made.json().data).toMatchObject({ is_active: true, curation: { status: 'approved', pending_change: null } });
    expect(await shopNames(category.id)).toEqual(['Langsung Tayang']);
    const edited = await call('PUT', `/mitra/products/${made.json().data.id}`, partnerA, form(category.id, { name: 'Langsung Ganti', version: made.json().data.version }));
    expect(edited.json().data).toMatchObject({ name: 'Langsung Ganti', curation: { pending_change: null } });
    expect(await shopNames(category.id)).toEqual(['Langsung Ganti']);
    expect(await queued(made.json().data.id)).toBeUndefined();
    // Only new products curated: a change still applies at once.
    await setProgram({ curate_new_products: true, curate_changes: false });
    const v = edited.json().data.version;
    await call('PUT', `/mitra/products/${made.json().data.id}`, partnerA, form(category.id, { name: 'Ganti Lagi', version: v }));
    expect(await shopNames(category.id)).toEqual(['Ganti Lagi']);
  });

  it("leaves the admin's own edits uncurated, and shows the curation status on the admin grid", async () => {
    const category = await makeCategory(t.db);
    const p = await makeProduct(t.db, { business_id: businessA, category_id: category.id, name: 'Batik Tulis' });
    const current = (await call('GET', `/products/${p.id}`, admin)).json().data;
    const res = await call('PUT', `/products/${p.id}`, admin, { ...form(category.id, { name: 'Batik Tulis Halus' }), business_id: businessA, version: current.version });
    expect(res.statusCode).toBe(200);
    expect(await shopNames(category.id)).toEqual(['Batik Tulis Halus']);
    expect(await queued(p.id)).toBeUndefined();

    const mine = (await call('GET', `/mitra/products/${p.id}`, partnerA)).json().data;
    await call('PUT', `/mitra/products/${p.id}`, partnerA, form(category.id, { name: 'Batik Tulis Premium', version: mine.version }));
    const grid = (await call('GET', `/products/?category_id=${category.id}`, admin)).json().data;
    expect(grid.items[0]).toMatchObject({ id: p.id, curation_status: 'approved', curation_pending_change: true });
    const fresh = (await call('POST', '/mitra/products', partnerA, form(category.id, { name: 'Baru Masuk' }))).json().data;
    const grid2 = (await call('GET', `/products/?category_id=${category.id}`, admin)).json().data;
    expect(grid2.items.find((i: { id: number }) => i.id === fresh.id)).toMatchObject({ curation_status: 'pending', is_active: false });
    // The admin's form cannot show a waiting new product by ticking "Aktif": curation is the way in.
    const waiting = (await call('GET', `/products/${fresh.id}`, admin)).json().data;
    const activate = await call('PUT', `/products/${fresh.id}`, admin, { ...form(category.id, { name: 'Baru Masuk', is_active: true }), business_id: businessA, version: waiting.version });
    expect(activate.statusCode).toBe(422);
    expect(activate.json().error).toBe(curationMessages.activateWaiting);
    expect(await shopNames(category.id)).not.toContain('Baru Masuk');
  });

  it('keeps uploaded pictures of a waiting change off the product and deletes them when rejected', async () => {
    const category = await makeCategory(t.db);
    const p = await makeProduct(t.db, { business_id: businessA, category_id: category.id, name: 'Tas Anyaman' });
    const before = (await call('GET', `/mitra/products/${p.id}`, partnerA)).json().data;
    const fd = new FormData();
    for (const [k, v] of Object.entries(form(category.id, { name: 'Tas Anyaman', description: before.description, version: before.version }))) fd.append(k, String(v));
    fd.append('image_cover', new File([new Uint8Array(await png())], 'tas.png', { type: 'image/png' }));
    const res = await multipart('PUT', `/mitra/products/${p.id}`, fd, partnerA);
    expect(res.statusCode).toBe(200);
    const proposedCover = res.json().data.curation.pending_change.proposed.image_cover as string;
    expect(proposedCover).toMatch(/^\/uploads\//);
    expect(fs.existsSync(uploadsFile(proposedCover))).toBe(true);
    expect((await shopProduct(p.id)).json().data.image_cover).toBeNull();
    const item = (await queued(p.id))!;
    await call('POST', `/curation/${item.id}/reject`, admin, { reason: 'Foto kurang jelas.' });
    expect(fs.existsSync(uploadsFile(proposedCover))).toBe(false);

    // Approved, the proposal's picture becomes the product's.
    const again = (await call('GET', `/mitra/products/${p.id}`, partnerA)).json().data;
    const fd2 = new FormData();
    for (const [k, v] of Object.entries(form(category.id, { name: 'Tas Anyaman', description: again.description, version: again.version }))) fd2.append(k, String(v));
    fd2.append('image_cover', new File([new Uint8Array(await png())], 'tas.png', { type: 'image/png' }));
    const cover2 = (await multipart('PUT', `/mitra/products/${p.id}`, fd2, partnerA)).json().data.curation.pending_change.proposed.image_cover as string;
    await call('POST', `/curation/${(await queued(p.id))!.id}/approve`, admin);
    expect((await shopProduct(p.id)).json().data.image_cover).toBe(cover2);
    expect(fs.existsSync(uploadsFile(cover2))).toBe(true);
  });

  it("keeps a picture the waiting proposal still shows when the admin removes it from the live product", async () => {
    const category = await makeCategory(t.db);
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...form(category.id, { name: 'Caping Bambu' }), business_id: businessA })) fd.append(k, String(v));
    fd.append('image_cover', new File([new Uint8Array(await png())], 'caping.png', { type: 'image/png' }));
    const made = (await multipart('POST', '/products/', fd, admin)).json().data;
    const cover = made.image_cover as string;
    // The partner renames it; its proposal keeps the cover.
    const proposal = await call('PUT', `/mitra/products/${made.id}`, partnerA, form(category.id, { name: 'Caping Bambu Anyam', version: made.version }));
    expect(proposal.json().data.curation.pending_change.proposed.image_cover).toBe(cover);
    // The admin takes the cover off the live product: the file stays for the proposal.
    const live = (await call('GET', `/products/${made.id}`, admin)).json().data;
    expect((await call('PUT', `/products/${made.id}`, admin, { ...form(category.id, { name: 'Caping Bambu' }), business_id: businessA, image_cover: '', version: live.version })).statusCode).toBe(200);
    expect(fs.existsSync(uploadsFile(cover))).toBe(true);
    await call('POST', `/curation/${(await queued(made.id))!.id}/approve`, admin);
    expect((await shopProduct(made.id)).json().data).toMatchObject({ name: 'Caping Bambu Anyam', image_cover: cover });
  });

  it('is for admins only: customers, visitors and partners cannot use /curation', async () => {
    for (const headers of [{}, customer, partnerA]) {
      const expected = Object.keys(headers).length === 0 ? 401 : 403;
      expect((await call('GET', '/curation', headers)).statusCode).toBe(expected);
      expect((await call('POST', '/curation/1/approve', headers)).statusCode).toBe(expected);
      expect((await call('POST', '/curation/1/reject', headers, { reason: 'x' })).statusCode).toBe(expected);
    }
    // The corner is the partner's only: the admin and a customer are refused there.
    expect((await call('GET', '/mitra/products', admin)).statusCode).toBe(403);
    expect((await call('POST', '/mitra/products', customer, form(1))).statusCode).toBe(403);
  });
});
