/**
 * The category list is searched and sorted on the server (issue 31), like the other back-office
 * lists: `q` over name and description, `sort`/`dir` on whitelisted columns only.
 */
import { CATEGORY_SORTS, type AdminCategory, type CategorySort } from '@pasar/core/categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { appWithDemoSessions, type AuthHeaders } from '../../test/demo-sessions';
import { makeCategory, makeProduct } from '../../test/factories';
import { makeRowsDatedApart, sortCases, type SortDirection, sortedBy } from '../../test/sorting';
import { dataOf } from '../../test/answers';

let t: TestApp;
let admin: AuthHeaders;

// Letters only and of one length, so every collation orders them as JavaScript does; mixed case
// so an order that ignored lower() would show. Listed unlike their id order.
const names = ['Dcuq', 'acuq', 'Ecuq', 'bcuq', 'Ccuq'];

beforeAll(async () => {
  ({ t, admin } = await appWithDemoSessions());
  await makeRowsDatedApart(t.db, 'categories', names, async (name, i) => {
    const made = await makeCategory(t.db, { name, description: `Rak urutuji nomor ${i}`, is_active: i % 2 === 0 });
    for (let p = 0; p < (i * 3) % 5; p++) await makeProduct(t.db, { category_id: made.id });
    return made;
  });
  await makeCategory(t.db, { name: 'Diskon 100%', description: 'persen asli' });
  await makeCategory(t.db, { name: 'Diskon 1000', description: 'bukan persen' });
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string) {
  return dataOf<AdminCategory[]>(await t.app.inject({ method: 'GET', url: `/api/v1/categories/?${query}`, headers: admin }));
}

const key: Record<CategorySort, (c: AdminCategory) => string | number> = {
  name: (c) => c.name.toLowerCase(),
  product_count: (c) => c.product_count,
  is_active: (c) => (c.is_active ? 1 : 0),
  created_at: (c) => Date.parse(c.created_at),
};

const expected = (items: AdminCategory[], sort: CategorySort, dir: SortDirection) => sortedBy(items, key[sort], dir);

describe('GET /categories/ search and sort', () => {
  it('finds categories by name or description, in any letter case, with wildcards taken literally', async () => {
    expect((await list('q=URUTUJI')).map((c) => c.name).sort()).toEqual([...names].sort());
    expect((await list('q=ecuq')).map((c) => c.name)).toEqual(['Ecuq']);
    expect((await list(`q=${encodeURIComponent('100%')}`)).map((c) => c.name)).toEqual(['Diskon 100%']);
    expect(await list('q=tidakadasamasekali')).toEqual([]);
  });

  it('sorts by name A→Z by default, as before', async () => {
    expect((await list('q=urutuji')).map((c) => c.name)).toEqual(['acuq', 'bcuq', 'Ccuq', 'Dcuq', 'Ecuq']);
  });

  it.each(sortCases(CATEGORY_SORTS))('sorts by %s %s', async (sort, dir) => {
    const items = await list(`q=urutuji&sort=${sort}&dir=${dir}`);
    expect(items).toHaveLength(names.length);
    expect(items.map((c) => c.id)).toEqual(expected(items, sort, dir).map((c) => c.id));
  });

  it('sorts only on its own columns: anything else is the default order, never a server error', async () => {
    const byDefault = (await list('q=urutuji')).map((c) => c.id);
    expect((await list('q=urutuji&sort=description&dir=sideways')).map((c) => c.id)).toEqual(byDefault);
    expect((await list(`q=urutuji&sort=${encodeURIComponent('name; DROP TABLE categories')}`)).map((c) => c.id)).toEqual(byDefault);
  });

  it('refuses a search longer than any name with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/categories/?q=${'a'.repeat(201)}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Pencarian maksimal 200 karakter.' });
    const nul = await t.app.inject({ method: 'GET', url: '/api/v1/categories/?q=a%00b', headers: admin });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().success).toBe(false);
  });
});
