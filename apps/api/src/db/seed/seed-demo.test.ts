import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../client';
import { createTestApp, type TestApp } from '../../test/app';
import { isDatabaseEmpty, seedDemo, seedDemoIfEmpty } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(t.db, query))[0]?.n ?? 0);

describe('demo data', () => {
  it('makes the marketplace look alive and exercises every rule', async () => {
    expect(await count(sql`SELECT count(*)::int AS n FROM categories`)).toBeGreaterThanOrEqual(6);
    expect(await count(sql`SELECT count(*)::int AS n FROM businesses WHERE city_id = 3273 AND district_id BETWEEN 327301 AND 327330`)).toBeGreaterThanOrEqual(12);
    expect(await count(sql`SELECT count(*)::int AS n FROM products`)).toBeGreaterThanOrEqual(60);
    expect(await count(sql`SELECT max(c)::int AS n FROM (SELECT count(*) AS c FROM product_variants GROUP BY product_id) v`)).toBe(3);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE jsonb_array_length(option_groups) > 0`)).toBeGreaterThan(5);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE discount > 0`)).toBeGreaterThan(5);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE stock = 0`)).toBeGreaterThan(3);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE NOT is_active`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`SELECT count(*)::int AS n FROM products WHERE ai_status AND ai_description IS NOT NULL`)).toBeGreaterThan(3);
    expect(await count(sql`SELECT count(*)::int AS n FROM knowledge_entries`)).toBeGreaterThanOrEqual(8);
    expect(await count(sql`SELECT count(*)::int AS n FROM courier_prices`)).toBeGreaterThan(5);
    expect(await count(sql`SELECT count(DISTINCT destination_province_id)::int AS n FROM shipping_rates`)).toBe(38);
    // Stock of a product with variants is the sum of its variants (docs/decisions/008).
    expect(
      await count(sql`SELECT count(*)::int AS n FROM products p WHERE EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)
        AND p.stock <> (SELECT sum(stock) FROM product_variants v WHERE v.product_id = p.id)`),
    ).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id WHERE (u.username, r.name) IN (('admin','admin'),('operator','operator'),('pembeli','customer'))`)).toBe(3);
  });

  it('refuses a database that has data, and seedDemoIfEmpty leaves it alone', async () => {
    expect(await isDatabaseEmpty(t.db)).toBe(false);
    await expect(seedDemo(t.db, { uploadsDir: t.config.uploadsDir, withImages: false })).rejects.toThrow(/sudah berisi data/);
    const before = await count(sql`SELECT count(*)::int AS n FROM products`);
    expect(await seedDemoIfEmpty(t.db, { uploadsDir: t.config.uploadsDir, withImages: false })).toBe(false);
    expect(await count(sql`SELECT count(*)::int AS n FROM products`)).toBe(before);
  });
});

describe('the demo as npm start seeds it: images and the partner side', () => {
  let database: Database;
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-seed-img-'));
  afterAll(async () => {
    await database?.close();
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });
  it('draws pictures stored like uploads, leaving a few products without one', async () => {
    database = await openDatabase({});
    await seedDemo(database.db, { uploadsDir, withImages: true, withPartnerActivity: true });
    const rows = await queryRows<{ image_cover: string | null; images: string[] }>(database.db, sql`SELECT image_cover, images FROM products`);
    const withCover = rows.filter((r) => r.image_cover);
    expect(rows.length - withCover.length).toBeGreaterThanOrEqual(3);
    expect(rows.some((r) => r.images.length > 1)).toBe(true);
    for (const r of withCover.slice(0, 5)) {
      expect(fs.existsSync(path.join(uploadsDir, (r.image_cover ?? '').replace('/uploads/', '')))).toBe(true);
    }
  }, 120_000);

  const countIn = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(database.db, query))[0]?.n ?? 0);
  it("shows the partner side at once (issue 29): two partners' corners, their orders, an application and curation waiting", async () => {
    expect(await countIn(sql`SELECT count(*)::int AS n FROM users u JOIN roles r ON r.id = u.role_id WHERE r.name = 'mitra' AND u.business_id IS NOT NULL AND u.username IN ('buimas', 'batikcigadung')`)).toBe(2);
    // Orders of each partner's products: delivered and sent by the partner, paid and waiting, unpaid.
    expect(await countIn(sql`SELECT count(DISTINCT s.shipped_by_business_id)::int AS n FROM shipments s WHERE s.status = 'received'`)).toBe(2);
    expect(await countIn(sql`SELECT count(*)::int AS n FROM shipments s JOIN orders o ON o.id = s.order_id WHERE s.status = 'packing' AND o.payment_status = 'paid'`)).toBeGreaterThanOrEqual(2);
    expect(await countIn(sql`SELECT count(*)::int AS n FROM orders WHERE payment_status = 'unpaid'`)).toBeGreaterThanOrEqual(1);
    // Every line's total is its price times its quantity, and every order adds up.
    expect(await countIn(sql`SELECT count(*)::int AS n FROM order_items WHERE line_total <> price * quantity OR price <= 0`)).toBe(0);
    expect(await countIn(sql`SELECT count(*)::int AS n FROM orders o WHERE o.total_amount <> o.subtotal_amount + o.shipping_cost + o.unique_code
      OR o.subtotal_amount <> (SELECT sum(line_total) FROM order_items i WHERE i.order_id = o.id)`)).toBe(0);
    expect(await countIn(sql`SELECT count(*)::int AS n FROM partner_applications WHERE status = 'pending'`)).toBe(1);
    // Last month of Dapur Bu Imas paid out: Peuyeum 2 × 20,000 and Dodol 3 × 25,000 = 115,000 goods,
    // 5% commission 5,750, two parcels it sent itself at 11,000 each: 131,250.
    const [payout] = await queryRows<{ goods: number; commission: number; shipping: number; owed: number; amount: number }>(database.db, sql`SELECT goods, commission, shipping, owed, amount FROM partner_payouts`);
    expect(payout).toEqual({ goods: 115_000, commission: 5_750, shipping: 22_000, owed: 131_250, amount: 131_250 });
    expect(await countIn(sql`SELECT count(*)::int AS n FROM product_changes WHERE status = 'pending'`)).toBe(2);
    // The product waiting as new is kept out of the shop until the office approves it.
    expect(await countIn(sql`SELECT count(*)::int AS n FROM products WHERE curation_status = 'pending' AND is_active`)).toBe(0);
    expect(await countIn(sql`SELECT count(*)::int AS n FROM businesses WHERE halal_verified_at IS NOT NULL`)).toBeGreaterThanOrEqual(2);
    expect(await countIn(sql`SELECT count(*)::int AS n FROM businesses WHERE halal IS NOT NULL AND halal_verified_at IS NULL`)).toBeGreaterThanOrEqual(1);
  });
});
