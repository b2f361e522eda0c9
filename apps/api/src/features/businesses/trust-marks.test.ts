/**
 * Trust marks (issue 29 part 6, docs/decisions/059-trust-marks.md): the partner enters its NIB,
 * PIRT, BPOM and Halal numbers, the office ticks each one, and only verified marks are ever public:
 * in the business list, in the catalogue's product answers and as the catalogue's Halal filter.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBusiness } from '@pasar/core/businesses';
import { queryRows } from '../../db/client';
import { signIn, testEngine, type TestApp } from '../../test/app';
import { appWithDemoSessions, callApi, type AuthHeaders } from '../../test/demo-sessions';
import { businessForm, makeBusiness, makeCategory, makePartner, makeProduct } from '../../test/factories';
import { expectFieldErrors } from '../../test/answers';

let t: TestApp, admin: AuthHeaders, customer: AuthHeaders;

beforeAll(async () => {
  ({ t, admin, customer } = await appWithDemoSessions());
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = admin) => callApi(t.app, method, url, payload, headers);

// Kota Bandung (3273), district Sumur Bandung (327319): the store's province in the test config; no description nor website.
const valid = { ...businessForm, description: '', website: '' };

const NIB = '1234567890123';
const HALAL = 'ID32110000123450324';
const PIRT = '2063273010123-27';

async function adminBusiness(id: number): Promise<AdminBusiness> {
  const all = (await call('GET', '/businesses/')).json().data as AdminBusiness[];
  const found = all.find((b) => b.id === id);
  if (!found) throw new Error(`business ${id} not in the admin list`);
  return found;
}

/** The admin form as it would be sent back for this business, with changes. */
function formOf(b: AdminBusiness, changes: Record<string, unknown> = {}) {
  const cert = (kind: string) => b.certificates.find((c) => c.kind === kind);
  return {
    ...valid,
    name: b.name,
    owner_name: b.owner_name,
    sells: b.sells,
    nib: cert('nib')?.number ?? '',
    nib_verified: cert('nib')?.verified ?? false,
    pirt: cert('pirt')?.number ?? '',
    pirt_verified: cert('pirt')?.verified ?? false,
    bpom: cert('bpom')?.number ?? '',
    bpom_verified: cert('bpom')?.verified ?? false,
    halal: cert('halal')?.number ?? '',
    halal_verified: cert('halal')?.verified ?? false,
    bank_name: b.bank_name,
    bank_account_number: b.bank_account_number,
    bank_account_name: b.bank_account_name,
    version: b.version,
    ...changes,
  };
}

describe(`trust marks (${testEngine})`, () => {
  it('keeps the office fields on a business; the public list shows verified marks only, never an unverified number or the bank account', async () => {
    const res = await call('POST', '/businesses/', {
      ...valid,
      owner_name: 'Sari Rahayu',
      sells: 'Sambal dan keripik',
      nib: '1234 5678 90123',
      nib_verified: true,
      pirt: PIRT,
      halal: HALAL,
      bank_name: 'BJB',
      bank_account_number: '0012-3456-789',
      bank_account_name: 'Sari Rahayu',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data as AdminBusiness;
    expect(created).toMatchObject({ owner_name: 'Sari Rahayu', sells: 'Sambal dan keripik', bank_name: 'BJB', bank_account_number: '00123456789', bank_account_name: 'Sari Rahayu' });
    expect(created.certificates.map((c) => [c.kind, c.number, c.verified])).toEqual([
      ['nib', NIB, true],
      ['pirt', PIRT, false],
      ['halal', HALAL, false],
    ]);
    expect(created.trust_marks).toEqual([{ kind: 'nib', number: NIB }]);

    for (const headers of [{}, customer]) {
      const body = (await call('GET', '/businesses/', undefined, headers)).body;
      const mine = (JSON.parse(body) as { data: Record<string, unknown>[] }).data.find((b) => b.id === created.id);
      expect(mine?.trust_marks).toEqual([{ kind: 'nib', number: NIB }]);
      for (const secret of [PIRT, HALAL, '00123456789', 'Sari Rahayu', 'Sambal dan keripik']) expect(body).not.toContain(secret);
      expect(Object.keys(mine ?? {})).not.toContain('certificates');
    }
  });

  it('verifying records the time, keeps it while ticked, and unticking or changing the number clears it (admin)', async () => {
    const id = (await call('POST', '/businesses/', { ...valid, name: 'Keripik Ma Ijah', halal: HALAL, pirt: PIRT })).json().data.id as number;
    let b = await adminBusiness(id);
    expect(b.certificates.every((c) => !c.verified)).toBe(true);

    const ticked = await call('PUT', `/businesses/${id}`, formOf(b, { halal_verified: true, pirt_verified: true }));
    expect(ticked.statusCode).toBe(200);
    b = ticked.json().data as AdminBusiness;
    const halalAt = b.certificates.find((c) => c.kind === 'halal')?.verified_at;
    expect(halalAt).toBeTruthy();

    // Saved again with the tick kept: the first verification's time stands.
    b = (await call('PUT', `/businesses/${id}`, formOf(b, { sells: 'Keripik' }))).json().data as AdminBusiness;
    expect(b.certificates.find((c) => c.kind === 'halal')?.verified_at).toBe(halalAt);

    // A new number with the tick still on: the new number is not verified.
    b = (await call('PUT', `/businesses/${id}`, formOf(b, { halal: 'ID32110000999990324' }))).json().data as AdminBusiness;
    expect(b.certificates.find((c) => c.kind === 'halal')).toMatchObject({ number: 'ID32110000999990324', verified: false, verified_at: null });
    expect(b.certificates.find((c) => c.kind === 'pirt')?.verified).toBe(true);

    b = (await call('PUT', `/businesses/${id}`, formOf(b, { pirt_verified: false }))).json().data as AdminBusiness;
    expect(b.certificates.find((c) => c.kind === 'pirt')).toMatchObject({ verified: false, verified_at: null });
    expect(b.trust_marks).toEqual([]);
  });

  it('refuses malformed numbers and a tick without a number with Indonesian messages; the spec fields stay optional-free as before', async () => {
    const res = await call('POST', '/businesses/', { ...valid, nib: '12345', pirt: 'P-IRT <script>', bpom_verified: true, bank_account_number: 'rek-abc' });
    expectFieldErrors(res, {
      nib: 'NIB terdiri dari 13 angka.',
      pirt: 'Nomor hanya boleh berisi huruf, angka, spasi, titik, garis miring, atau tanda hubung.',
      bpom_verified: 'Isi nomornya dulu sebelum menandai terverifikasi.',
      bank_account_number: 'Nomor rekening hanya berisi angka (6 sampai 30 angka).',
    });
    const long = await call('POST', '/businesses/', { ...valid, halal: 'A'.repeat(51) });
    expect(long.json().fields).toMatchObject({ halal: 'Nomor terlalu panjang (maksimal 50 karakter).' });
    // Without any of the new fields a business is made exactly as before.
    expect((await call('POST', '/businesses/', valid)).statusCode).toBe(201);
  });

  it('a partner edits only its own numbers; a changed number waits for the office again, an unchanged one stays verified', async () => {
    const mine = await makePartner(t.db, { business: { nib: NIB, nib_verified: true, halal: HALAL, halal_verified: true } });
    const other = await makePartner(t.db, { business: { halal: HALAL, halal_verified: true } });
    const partner = await signIn(t.app, mine.user.username, mine.user.password);
    // The office's form as it was read before the partner's save.
    const officeForm = formOf(await adminBusiness(mine.business.id));

    expect((await call('PUT', '/mitra/certificates', { nib: NIB }, {})).statusCode).toBe(401);
    expect((await call('PUT', '/mitra/certificates', { nib: NIB }, customer)).statusCode).toBe(403);
    expect((await call('PUT', '/mitra/certificates', { nib: NIB }, admin)).statusCode).toBe(403);

    // An id in the body names nothing: the business is the session's.
    const res = await call('PUT', '/mitra/certificates', { business_id: other.business.id, id: other.business.id, nib: NIB, halal: 'ID32110000555550324', pirt: PIRT }, partner);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Nomor sertifikat tersimpan. Nomor yang berubah menunggu verifikasi Dinas.');
    expect((res.json().data as { kind: string; number: string; verified: boolean }[]).map((c) => [c.kind, c.number, c.verified])).toEqual([
      ['nib', NIB, true],
      ['pirt', PIRT, false],
      ['halal', 'ID32110000555550324', false],
    ]);
    // That form cannot write the old numbers back over the partner's: it is stale.
    expect((await call('PUT', `/businesses/${mine.business.id}`, officeForm)).statusCode).toBe(409);
    const theirs = await adminBusiness(other.business.id);
    expect(theirs.certificates).toEqual([expect.objectContaining({ kind: 'halal', number: HALAL, verified: true })]);

    const me = (await call('GET', '/mitra/me', undefined, partner)).json().data.business.certificates as { kind: string; verified: boolean }[];
    expect(me.map((c) => [c.kind, c.verified])).toEqual([
      ['nib', true],
      ['pirt', false],
      ['halal', false],
    ]);

    // Emptying a number removes it (and its verification).
    const cleared = await call('PUT', '/mitra/certificates', { nib: '', pirt: PIRT }, partner);
    expect((cleared.json().data as { kind: string }[]).map((c) => c.kind)).toEqual(['pirt']);
    const bad = await call('PUT', '/mitra/certificates', { nib: 'NIB-1' }, partner);
    expectFieldErrors(bad, { nib: 'NIB terdiri dari 13 angka.' });
  });

  it("shows a product's business's verified marks in the catalogue, never an unverified number", async () => {
    const category = await makeCategory(t.db);
    const business = await makeBusiness(t.db, { nib: NIB, nib_verified: true, bpom: 'MD 224510001234', halal: HALAL });
    const product = await makeProduct(t.db, { category_id: category.id, business_id: business.id });
    const one = await call('GET', `/catalog/products/${product.id}`, undefined, {});
    expect(one.json().data.business.trust_marks).toEqual([{ kind: 'nib', number: NIB }]);
    expect(one.body).not.toContain('MD 224510001234');
    expect(one.body).not.toContain(HALAL);
    const page = await call('GET', `/catalog/products/?category_id=${category.id}`, undefined, {});
    expect(page.json().data.items[0].business.trust_marks).toEqual([{ kind: 'nib', number: NIB }]);
    expect(page.body).not.toContain(HALAL);
  });
});

describe(`the catalogue's Halal filter (${testEngine})`, () => {
  const idsOf = (res: { json: () => { data: { items: { id: number }[] } } }) => res.json().data.items.map((p) => p.id).sort((a, b) => a - b);

  it('returns exactly the active products of verified-Halal businesses, and follows the office at once (no stale cache)', async () => {
    const category = await makeCategory(t.db);
    const word = 'rendangkalio';
    const verified = await makeBusiness(t.db, { halal: HALAL, halal_verified: true });
    const entered = await makePartner(t.db, { business: { halal: HALAL } });
    const none = await makeBusiness(t.db);
    const a1 = await makeProduct(t.db, { category_id: category.id, business_id: verified.id, name: `Rendang ${word} A` });
    const a2 = await makeProduct(t.db, { category_id: category.id, business_id: verified.id, name: `Rendang ${word} B`, stock: 0 });
    await makeProduct(t.db, { category_id: category.id, business_id: verified.id, name: `Rendang ${word} lama`, is_active: false });
    const b1 = await makeProduct(t.db, { category_id: category.id, business_id: entered.business.id, name: `Rendang ${word} C` });
    await makeProduct(t.db, { category_id: category.id, business_id: none.id, name: `Rendang ${word} D` });

    const listing = `/catalog/products/?category_id=${category.id}&halal=true`;
    const search = `/catalog/products/?q=${word}&halal=true`;
    const get = (url: string) => call('GET', url, undefined, {});

    expect(idsOf(await get(listing))).toEqual([a1.id, a2.id]);
    expect(idsOf(await get(search))).toEqual([a1.id, a2.id]);
    expect((await get(listing)).json().data.stats).toMatchObject({ total_products: 2, partners: 1, in_stock: 1 });
    // Without the filter (or with halal=false) the same address answers every product.
    expect(idsOf(await get(`/catalog/products/?q=${word}`))).toHaveLength(4);
    expect(idsOf(await get(`/catalog/products/?q=${word}&halal=false`))).toHaveLength(4);

    // The whole catalogue's Halal page equals a fresh look at the database.
    const expected = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT p.id FROM products p JOIN categories c ON c.id = p.category_id JOIN businesses b ON b.id = p.business_id
          WHERE p.is_active AND c.is_active AND b.halal_verified_at IS NOT NULL ORDER BY p.id`,
    );
    const all = await get(`/catalog/products/?halal=true&page_size=100`);
    expect(idsOf(all)).toEqual(expected.map((r) => r.id).slice(0, 100));
    expect(all.json().data.total).toBe(expected.length);

    // The office verifies the partner's Halal mark: both answers change on the next request.
    const form = formOf(await adminBusiness(entered.business.id), { halal_verified: true });
    expect((await call('PUT', `/businesses/${entered.business.id}`, form)).statusCode).toBe(200);
    expect(idsOf(await get(listing))).toEqual([a1.id, a2.id, b1.id]);
    expect(idsOf(await get(search))).toEqual([a1.id, a2.id, b1.id]);

    // The partner changes its number: the mark waits for the office again and leaves the filter.
    const partner = await signIn(t.app, entered.user.username, entered.user.password);
    expect((await call('PUT', '/mitra/certificates', { halal: 'ID32110000777770324' }, partner)).statusCode).toBe(200);
    expect(idsOf(await get(listing))).toEqual([a1.id, a2.id]);
    expect(idsOf(await get(search))).toEqual([a1.id, a2.id]);

    // The office unticks the first business's mark.
    const untick = formOf(await adminBusiness(verified.id), { halal_verified: false });
    expect((await call('PUT', `/businesses/${verified.id}`, untick)).statusCode).toBe(200);
    expect(idsOf(await get(listing))).toEqual([]);
    expect(idsOf(await get(search))).toEqual([]);
  });

  it('refuses a halal value that is not true or false', async () => {
    const res = await call('GET', '/catalog/products/?halal=ya', undefined, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Filter halal harus true atau false.');
  });
});
