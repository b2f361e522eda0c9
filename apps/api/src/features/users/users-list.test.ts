/**
 * The users list (issue 17): every registered customer is in it, so it is searched, filtered by
 * role, sorted and paged on the server.
 */
import { sql } from 'drizzle-orm';
import { USER_SORTS, userListQuerySchema, type AdminUser, type UserPage, type UserSort } from '@pasar/core/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { testEngine, type TestApp } from '../../test/app';
import { appWithDemoSessions, type AuthHeaders } from '../../test/demo-sessions';
import { makeUser } from '../../test/factories';
import { userListFilter } from './users.repository';
import { sortCases, sortedBy, type SortDirection } from '../../test/sorting';
import { dataOf } from '../../test/answers';

let t: TestApp;
let admin: AuthHeaders;
let roles: { id: number; name: string }[];

const COUNT = 25;
// Letters only and of one length, so every collation (C on PGlite, a locale on a server) orders
// them as JavaScript does; the letter case is mixed so an order that ignored lower() would show.
const firstNames = ['Agus', 'bima', 'Citra', 'DEWI', 'eko'];
const code = (i: number) => {
  const letters = String.fromCharCode(97 + Math.floor(i / 26)) + String.fromCharCode(97 + (i % 26));
  return i % 2 === 0 ? letters.toUpperCase() : letters;
};
const roleOf = (i: number) => (['customer', 'operator', 'customer', 'admin'] as const)[i % 4]!;

beforeAll(async () => {
  ({ t, admin } = await appWithDemoSessions());
  roles = (await t.app.inject({ method: 'GET', url: '/api/v1/roles/', headers: admin })).json().data;
  // Listed in an order unlike the id order, so sorting by any column differs from the ids.
  for (const i of Array.from({ length: COUNT }, (_, k) => (k * 7) % COUNT)) {
    await makeUser(t.db, {
      username: `pgt${code(i)}`,
      email: `${code(24 - i)}@halamanuji.id`,
      first_name: firstNames[(i * 3) % firstNames.length]!,
      last_name: 'Halamanuji',
      role: roleOf(i),
      password_hash: 'tidak-dipakai',
    });
  }
  await makeUser(t.db, { username: 'siti.nh', email: 'Siti.Nur@CariAku.ID', first_name: 'Siti', last_name: 'NurHaliza', phone_number: '0857 9911 2233', password_hash: 'x' });
  await makeUser(t.db, { username: 'aa_bb', email: 'aa_bb@literal.id', first_name: 'Garis', last_name: 'Bawah', password_hash: 'x' });
  await makeUser(t.db, { username: 'aaxbb', email: 'aaxbb@literal.id', first_name: 'Bukan', last_name: 'Garis', password_hash: 'x' });
  await makeUser(t.db, { username: 'persen.asli', email: 'persen@literal.id', first_name: 'Diskon', last_name: '100%Asli', password_hash: 'x' });
  await makeUser(t.db, { username: 'persen.palsu', email: 'palsu@literal.id', first_name: 'Diskon', last_name: '100 Asli', password_hash: 'x' });
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string): Promise<UserPage> {
  return dataOf<UserPage>(await t.app.inject({ method: 'GET', url: `/api/v1/users/?${query}`, headers: admin }));
}

const usernames = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).items.map((u) => u.username);

/** Every page of the order, one after another. */
async function allPages(query: string, pageSize = 10): Promise<AdminUser[]> {
  const first = await list(`${query}&page=1&page_size=${pageSize}`);
  const rest: AdminUser[] = [];
  for (let page = 2; page <= first.total_pages; page += 1) rest.push(...(await list(`${query}&page=${page}&page_size=${pageSize}`)).items);
  return [...first.items, ...rest];
}

const keyOf: Record<UserSort, (u: AdminUser) => string> = {
  name: (u) => `${u.first_name} ${u.last_name}`.toLowerCase(),
  username: (u) => u.username.toLowerCase(),
  email: (u) => u.email.toLowerCase(),
  role: (u) => u.role.display_name.toLowerCase(),
  created_at: (u) => u.created_at,
};

function expectedOrder(items: AdminUser[], sort: UserSort, dir: SortDirection): number[] {
  return sortedBy(items, keyOf[sort], dir).map((u) => u.id);
}

describe(`users list (${testEngine})`, () => {
  it('searches first name, last name, full name, username, e-mail and phone in any letter case, trimmed', async () => {
    expect(await usernames('nurhaliza')).toEqual(['siti.nh']);
    expect(await usernames('SITI NURHALIZA')).toEqual(['siti.nh']);
    expect(await usernames('  SiTi.Nh  ')).toEqual(['siti.nh']);
    expect(await usernames('siti.nur@cariaku.id')).toEqual(['siti.nh']);
    expect(await usernames('9911 2233')).toEqual(['siti.nh']);
    // A phone typed without its spaces, or with +62 for the leading 0, still finds it.
    expect(await usernames('085799112233')).toEqual(['siti.nh']);
    expect(await usernames('+62 857-9911')).toEqual(['siti.nh']);
    expect(await usernames('tidakadayangcocok')).toEqual([]);
  });

  it('searches through the trigram index of migration 0008 (its expression and the query stay one)', async () => {
    // A table this small is scanned anyway; without sequential scans the planner shows whether the
    // index can serve the search at all, which it cannot once the two expressions differ.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const where = userListFilter(userListQuerySchema.parse({ q: 'nurhaliza' }))!;
      return (await queryRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN SELECT users.id FROM users WHERE ${where}`)).map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('users_search_trgm_idx');
  });

  it('takes % and _ as the characters typed, not as wildcards', async () => {
    expect(await usernames('aa_bb')).toEqual(['aa_bb']);
    expect(await usernames('100%asli')).toEqual(['persen.asli']);
    expect(await usernames('%')).toEqual(['persen.asli']);
  });

  it('pages with the total and the number of pages, each user on one page', async () => {
    const pages = [await list('q=halamanuji&page_size=10&page=1'), await list('q=halamanuji&page_size=10&page=2'), await list('q=halamanuji&page_size=10&page=3')];
    expect(pages.map((p) => [p.page, p.page_size, p.total, p.total_pages, p.items.length])).toEqual([
      [1, 10, COUNT, 3, 10],
      [2, 10, COUNT, 3, 10],
      [3, 10, COUNT, 3, 5],
    ]);
    const ids = pages.flatMap((p) => p.items.map((u) => u.id));
    expect(new Set(ids).size).toBe(COUNT);
    expect((await list('q=halamanuji&page_size=50')).items).toHaveLength(COUNT);
    // Past the end: an empty page that still tells the real total, so the list can step back.
    expect(await list('q=halamanuji&page_size=20&page=3')).toMatchObject({ items: [], total: COUNT, total_pages: 2 });
    const odd = await t.app.inject({ method: 'GET', url: '/api/v1/users/?page_size=7', headers: admin });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error).toBe('Ukuran halaman harus 10, 20, atau 50.');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/?page=0', headers: admin })).json().error).toBe('Nomor halaman tidak valid.');
  });

  it('filters by role, together with the search', async () => {
    const operator = roles.find((r) => r.name === 'operator')!.id;
    const page = await list(`q=halamanuji&role_id=${operator}&page_size=50`);
    expect(page.total).toBe(Array.from({ length: COUNT }, (_, i) => roleOf(i)).filter((r) => r === 'operator').length);
    expect(page.items.every((u) => u.role.name === 'operator')).toBe(true);
  });

  it.each(sortCases(USER_SORTS))('sorts by %s %s across pages', async (sort, dir) => {
    const items = await allPages(`q=halamanuji&sort=${sort}&dir=${dir}`);
    const ids = items.map((u) => u.id);
    expect(new Set(ids).size).toBe(COUNT);
    expect(ids).toEqual(expectedOrder(items, sort, dir));
  });

  it('falls back to username A→Z for an unknown column or direction', async () => {
    const fallback = await allPages('q=halamanuji&sort=password_hash&dir=sideways');
    expect(fallback.map((u) => u.id)).toEqual(expectedOrder(fallback, 'username', 'asc'));
    expect(fallback.map((u) => u.id)).toEqual((await allPages('q=halamanuji')).map((u) => u.id));
  });
});
