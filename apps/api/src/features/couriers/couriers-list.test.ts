/**
 * The courier list is searched and sorted on the server (issue 31): `q` over name, phone,
 * e-mail, address and vehicle number; `sort`/`dir` on whitelisted columns only.
 */
import { COURIER_SORTS, COURIER_STATUSES, type Courier, type CourierSort } from '@pasar/core/couriers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { appWithDemoSessions, type AuthHeaders } from '../../test/demo-sessions';
import { makeCourier } from '../../test/factories';
import { makeRowsDatedApart, sortCases, sortedBy } from '../../test/sorting';
import { dataOf } from '../../test/answers';

let t: TestApp;
let admin: AuthHeaders;

// Letters only and of one length, so every collation orders them as JavaScript does.
const names = ['Dzor', 'azor', 'Ezor', 'bzor', 'Czor'];

beforeAll(async () => {
  ({ t, admin } = await appWithDemoSessions());
  await makeRowsDatedApart(t.db, 'couriers', names, (courier_name, i) =>
    makeCourier(t.db, {
      courier_name,
      status: COURIER_STATUSES[(i * 2) % 3]!,
      phone_number: `08129900${i}${i}${i}`,
      address: `Jl. Gangkurir ${i}`,
      email: i === 3 ? 'Kilat@Antar.ID' : null,
      vehicle_number: i === 1 ? 'D 1234 XYZ' : null,
      prices: Array.from({ length: (i * 3) % 4 }, (_, k) => ({ region: `Wilayah ${k}` })),
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string) {
  return dataOf<Courier[]>(await t.app.inject({ method: 'GET', url: `/api/v1/couriers?${query}`, headers: admin }));
}

const key: Record<CourierSort, (c: Courier) => string | number> = {
  courier_name: (c) => c.courier_name.toLowerCase(),
  status: (c) => COURIER_STATUSES.indexOf(c.status as (typeof COURIER_STATUSES)[number]),
  price_count: (c) => c.price_count,
  created_at: (c) => Date.parse(c.created_at),
};

describe('GET /couriers search and sort', () => {
  it('finds couriers by name, phone, e-mail, address or vehicle number, in any letter case', async () => {
    expect((await list('q=GANGKURIR')).map((c) => c.courier_name).sort()).toEqual([...names].sort());
    expect((await list('q=ezor')).map((c) => c.courier_name)).toEqual(['Ezor']);
    expect((await list('q=08129900333')).map((c) => c.courier_name)).toEqual(['bzor']);
    expect((await list('q=kilat@antar')).map((c) => c.courier_name)).toEqual(['bzor']);
    expect((await list('q=d 1234')).map((c) => c.courier_name)).toEqual(['azor']);
    expect(await list(`q=${encodeURIComponent('%')}`)).toEqual([]);
  });

  it('keeps each courier with its own prices while searching', async () => {
    const [found] = await list('q=ezor');
    expect(found!.price_count).toBe(2);
    expect(found!.prices.every((p) => p.courier_id === found!.id)).toBe(true);
  });

  it.each(sortCases(COURIER_SORTS))('sorts by %s %s', async (sort, dir) => {
    const items = await list(`q=gangkurir&sort=${sort}&dir=${dir}`);
    const want = sortedBy(items, key[sort], dir);
    expect(items).toHaveLength(names.length);
    expect(items.map((c) => c.courier_name)).toEqual(want.map((c) => c.courier_name));
  });

  it('sorts by name A→Z by default; an unknown column is the default order, never a server error', async () => {
    expect((await list('q=gangkurir')).map((c) => c.courier_name)).toEqual(['azor', 'bzor', 'Czor', 'Dzor', 'Ezor']);
    expect((await list('q=gangkurir&sort=license_number&dir=x')).map((c) => c.courier_name)).toEqual(['azor', 'bzor', 'Czor', 'Dzor', 'Ezor']);
  });

  it('refuses a too long search with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/couriers?q=${'a'.repeat(201)}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'Pencarian maksimal 200 karakter.' });
  });
});
