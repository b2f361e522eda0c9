/**
 * The office's sales report (issue 29 part 5, decision 058), on both engines: the answer equals a
 * fresh aggregate of orders, order_items, products and businesses for several ranges and both ends of
 * a store midnight; the sales figures (migration 0023) follow payment, cancellation, a removed line,
 * a product or partner moved, the jobs' merge of the connections' rows and a change of the store's
 * zone; reading the report writes nothing; refund money is not goods; the workbook reads back with
 * numbers and dates; only an admin gets it.
 */
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportLabels, reportMessages, storeRangeInstants, type SalesReport } from '@pasar/core/reports';
import { storeDate } from '@pasar/core/time';
import { queryRows } from '../../db/client';
import { businesses, orders, products } from '../../db/schema';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeCategory, makePartner, makeProduct } from '../../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';
import { mergeFigureRows } from '../dashboard/dashboard.service';
import { dataOf, expectFieldErrors } from '../../test/answers';

let t: TestApp;
let local: LocalCourierOption;
let admin: { authorization: string };
let zone = 'Asia/Jakarta';
const ids = { a: 0, b: 0, c: 0, store: 0, catA: 0, catB: 0, partnerA: 0, partnerB: 0, partnerC: 0 };

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers });

let seq = 0;
async function guestOrder(lines: { productId: number; quantity: number }[]) {
  seq += 1;
  const body = {
    ...guestOrderPayload({ productId: lines[0]!.productId, quantity: 1, local, email: `laporan${seq}@contoh.id` }),
    shipping_address: `Jl. Laporan No. ${seq}`,
    order_items: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })),
  };
  return dataOf<{ id: number; total_amount: number }>(await api('POST', '/orders', body, {}), 201);
}
async function paidOrder(lines: { productId: number; quantity: number }[]) {
  const o = await guestOrder(lines);
  return dataOf<{ id: number; total_amount: number; order_items: { id: number; product_id: number; quantity: number; price: number }[] }>(await api('POST', `/orders/${o.id}/payment/confirm`, {}));
}
async function posSale(lines: { productId: number; quantity: number; price: number }[]) {
  const total = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const res = await api('POST', '/orders/pos', {
    payment_method: 'cash',
    cash_received: total + 100_000,
    total_amount: total,
    order_items: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity, price: l.price })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}
const moveOrder = (id: number, at: string) => t.db.update(orders).set({ created_at: new Date(at) }).where(eq(orders.id, id));

async function report(from: string, to: string): Promise<SalesReport> {
  return dataOf<SalesReport>(await api('GET', `/reports/sales?from=${from}&to=${to}`));
}

type Figures = { orders: number; items: number; gmv: number };
/** Figures by "dimension:key", straight from the tables (the rule of core reports, written again in SQL). */
async function fresh(from: string, to: string): Promise<Map<string, Figures>> {
  const { start, end } = storeRangeInstants(from, to, zone);
  const rows = await queryRows<{ dim: number; key: number; orders: number; items: string; gmv: string }>(
    t.db,
    sql`WITH l AS (
          SELECT o.id AS order_id, o.order_type, i.quantity, i.line_total, coalesce(p.business_id, 0) AS business_key,
                 CASE WHEN p.business_id IS NULL THEN 0 ELSE coalesce(b.district_id, -1) END AS district_key, p.category_id
          FROM orders o JOIN order_items i ON i.order_id = o.id JOIN products p ON p.id = i.product_id LEFT JOIN businesses b ON b.id = p.business_id
          WHERE o.payment_status = 'paid' AND o.status <> 'cancelled' AND o.created_at >= ${start.toISOString()} AND o.created_at < ${end.toISOString()})
        SELECT d.dim, d.key, count(DISTINCT l.order_id)::int AS orders, sum(l.quantity)::bigint AS items, sum(l.line_total)::bigint AS gmv
        FROM l CROSS JOIN LATERAL (VALUES (0, 0), (1, CASE WHEN l.order_type = 'pos' THEN 1 ELSE 0 END), (2, l.business_key), (3, l.district_key), (4, l.category_id)) d(dim, key)
        GROUP BY 1, 2`,
  );
  return new Map(rows.map((r) => [`${r.dim}:${r.key}`, { orders: Number(r.orders), items: Number(r.items), gmv: Number(r.gmv) }]));
}

/** The API's answer in the same shape as `fresh` (zero rows left out). */
function answered(r: SalesReport): Map<string, Figures> {
  const m = new Map<string, Figures>();
  const put = (k: string, f: Figures) => {
    if (f.orders !== 0 || f.items !== 0 || f.gmv !== 0) m.set(k, { orders: f.orders, items: f.items, gmv: f.gmv });
  };
  put('0:0', r.totals);
  for (const c of r.by_channel) put(`1:${c.channel === 'pos' ? 1 : 0}`, c);
  for (const p of r.by_partner) put(`2:${p.business_id ?? 0}`, p);
  for (const d of r.by_district) put(`3:${d.key}`, d);
  for (const c of r.by_category) put(`4:${c.category_id}`, c);
  return m;
}

async function expectFresh(from: string, to: string): Promise<SalesReport> {
  const r = await report(from, to);
  expect(answered(r)).toEqual(await fresh(from, to));
  return r;
}

const sorted = (m: Map<string, Figures>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));

beforeAll(async () => {
  t = await createTestApp();
  await allowManyUnpaidOrders(t.db);
  local = await localCourierOption(t.app);
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  ids.catA = (await makeCategory(t.db)).id;
  ids.catB = (await makeCategory(t.db)).id;
  ids.partnerA = (await makeBusiness(t.db)).id;
  ids.partnerB = (await makeBusiness(t.db, { district_id: 327318, district_name: 'Kecamatan Uji Lain' })).id;
  ids.partnerC = (await makeBusiness(t.db)).id;
  // A partner the office typed in without a kecamatan.
  await t.db.update(businesses).set({ district_id: null, district_name: null }).where(eq(businesses.id, ids.partnerC));
  ids.a = (await makeProduct(t.db, { business_id: ids.partnerA, category_id: ids.catA, price: 20_000, stock: 500 })).id;
  ids.b = (await makeProduct(t.db, { business_id: ids.partnerB, category_id: ids.catB, price: 7_500, stock: 500 })).id;
  ids.c = (await makeProduct(t.db, { business_id: ids.partnerC, category_id: ids.catA, price: 3_000, stock: 500 })).id;
  ids.store = (await makeProduct(t.db, { business_id: null, category_id: ids.catB, price: 11_000, stock: 500 })).id;
});
afterAll(async () => {
  await t?.close();
});

describe(`the sales report equals a fresh aggregate (${testEngine})`, () => {
  it('over paid, unpaid, cancelled-after-paid and POS orders, store products and a partner without a kecamatan', async () => {
    const before = await report('2030-03-01', '2030-03-31');
    expect(before.totals).toEqual({ orders: 0, items: 0, gmv: 0 });

    const paid = await paidOrder([{ productId: ids.a, quantity: 2 }, { productId: ids.b, quantity: 1 }]);
    await moveOrder(paid.id, '2030-03-10T03:00:00Z');
    const unpaid = await guestOrder([{ productId: ids.a, quantity: 5 }]);
    await moveOrder(unpaid.id, '2030-03-10T04:00:00Z');
    const cancelled = await paidOrder([{ productId: ids.c, quantity: 3 }]);
    await moveOrder(cancelled.id, '2030-03-11T04:00:00Z');
    const pos = await posSale([{ productId: ids.store, quantity: 4, price: 11_000 }, { productId: ids.a, quantity: 1, price: 20_000 }]);
    await moveOrder(pos.id, '2030-03-12T04:00:00Z');
    const noDistrict = await paidOrder([{ productId: ids.c, quantity: 2 }]);
    await moveOrder(noDistrict.id, '2030-03-13T04:00:00Z');

    const withCancelled = await expectFresh('2030-03-01', '2030-03-31');
    expect(withCancelled.totals).toEqual({ orders: 4, items: 2 + 1 + 3 + 4 + 1 + 2, gmv: 40_000 + 7_500 + 9_000 + 44_000 + 20_000 + 6_000 });

    const cancel = await api('POST', `/orders/${cancelled.id}/cancel`, { refund: { method: 'cash', reason: 'Batal' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const r = await expectFresh('2030-03-01', '2030-03-31');
    expect(r.totals).toEqual({ orders: 3, items: 2 + 1 + 4 + 1 + 2, gmv: 40_000 + 7_500 + 44_000 + 20_000 + 6_000 });
    expect(r.by_channel).toEqual([
      { channel: 'online', name: reportLabels.online, orders: 2, items: 5, gmv: 53_500 },
      { channel: 'pos', name: reportLabels.pos, orders: 1, items: 5, gmv: 64_000 },
    ]);
    // The POS sale holds partner A's product and the store's: counted once in total, once in each row.
    expect(r.by_partner.find((p) => p.business_id === ids.partnerA)).toMatchObject({ orders: 2, items: 3, gmv: 60_000 });
    expect(r.by_partner.find((p) => p.business_id === null)).toMatchObject({ name: reportLabels.store, orders: 1, items: 4, gmv: 44_000 });
    expect(r.by_district.find((d) => d.key === -1)).toMatchObject({ name: reportLabels.noDistrict, district_id: null, orders: 1, gmv: 6_000, partners: 1 });
    expect(r.by_district.find((d) => d.key === 327319)).toMatchObject({ name: 'Sumur Bandung', orders: 2, gmv: 60_000 });
    expect(r.by_category.find((c) => c.category_id === ids.catB)).toMatchObject({ orders: 2, items: 5, gmv: 51_500 });
    expect(r.partners.active).toBe(3);
    // Highest first.
    expect(r.by_partner.map((p) => p.gmv)).toEqual([...r.by_partner.map((p) => p.gmv)].sort((x, y) => y - x));
    // Ranges inside, at the edge and apart.
    await expectFresh('2030-03-10', '2030-03-10');
    await expectFresh('2030-03-11', '2030-03-12');
    await expectFresh('2030-01-01', '2030-12-31');
    await expectFresh('2029-06-01', '2031-05-31');
    expect((await report('2030-04-01', '2030-04-30')).totals.orders).toBe(0);
    // The store's whole history (the demo orders too), and today's month.
    const today = storeDate(new Date(), zone);
    await expectFresh(`${Number(today.slice(0, 4)) - 2}-01-01`, today);
  });

  it("splits a night at the store's midnight, and follows a change of the store's zone", async () => {
    // 23:30 and 00:30 WIB: 16:30 and 17:30 UTC on 5 June.
    const late = await paidOrder([{ productId: ids.a, quantity: 1 }]);
    await moveOrder(late.id, '2030-06-05T16:30:00Z');
    const early = await paidOrder([{ productId: ids.b, quantity: 2 }]);
    await moveOrder(early.id, '2030-06-05T17:30:00Z');
    expect((await expectFresh('2030-06-05', '2030-06-05')).totals).toEqual({ orders: 1, items: 1, gmv: 20_000 });
    expect((await expectFresh('2030-06-06', '2030-06-06')).totals).toEqual({ orders: 1, items: 2, gmv: 15_000 });
    expect((await expectFresh('2030-06-05', '2030-06-06')).totals.orders).toBe(2);

    // In WIT (+9) both are on 6 June.
    expect((await api('PUT', '/settings/time-zone', { time_zone: 'Asia/Jayapura' })).statusCode).toBe(200);
    zone = 'Asia/Jayapura';
    try {
      const r = await expectFresh('2030-06-06', '2030-06-06');
      expect(r.totals.orders).toBe(2);
      expect(r.time_zone).toBe('Asia/Jayapura');
      expect((await expectFresh('2030-06-05', '2030-06-05')).totals.orders).toBe(0);
      await expectFresh('2030-01-01', '2030-12-31');
    } finally {
      await api('PUT', '/settings/time-zone', { time_zone: 'Asia/Jakarta' });
      zone = 'Asia/Jakarta';
    }
  });

  it('follows payment confirmation and a line removed; refund money is not goods', async () => {
    const o = await guestOrder([{ productId: ids.a, quantity: 3 }, { productId: ids.b, quantity: 2 }]);
    await moveOrder(o.id, '2030-08-15T05:00:00Z');
    expect((await expectFresh('2030-08-15', '2030-08-15')).totals.orders).toBe(0);
    const confirmed = await api('POST', `/orders/${o.id}/payment/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await expectFresh('2030-08-15', '2030-08-15')).totals).toEqual({ orders: 1, items: 5, gmv: 75_000 });

    // One unit of A back, with a refund of a different amount (a goodwill sum): GMV drops by the unit's worth.
    const lineA = (confirmed.json().data.order_items as { id: number; product_id: number }[]).find((i) => i.product_id === ids.a)!;
    const removed = await api('POST', `/orders/${o.id}/lines/${lineA.id}/remove`, { quantity: 1, refund: { method: 'cash', amount: 25_000, reason: 'Rusak' } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await expectFresh('2030-08-15', '2030-08-15')).totals).toEqual({ orders: 1, items: 4, gmv: 55_000 });
    // The whole line of B: partner B leaves the day, the order stays with A.
    const lineB = (confirmed.json().data.order_items as { id: number; product_id: number }[]).find((i) => i.product_id === ids.b)!;
    expect((await api('POST', `/orders/${o.id}/lines/${lineB.id}/remove`, { refund: { method: 'cash', reason: 'Habis' } })).statusCode).toBe(200);
    const r = await expectFresh('2030-08-15', '2030-08-15');
    expect(r.totals).toEqual({ orders: 1, items: 2, gmv: 40_000 });
    expect(r.by_partner.map((p) => p.business_id)).toEqual([ids.partnerA]);
  });

  it('follows a confirmation reversed the same day: the order leaves, and comes back when paid again', async () => {
    const o = await paidOrder([{ productId: ids.b, quantity: 1 }]);
    await moveOrder(o.id, '2030-08-20T05:00:00Z');
    expect((await expectFresh('2030-08-20', '2030-08-20')).totals.orders).toBe(1);
    const reversed = await api('POST', `/orders/${o.id}/payment/reverse`, { reason: 'Dana belum masuk ke rekening' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await expectFresh('2030-08-20', '2030-08-20')).totals.orders).toBe(0);
    expect((await api('POST', `/orders/${o.id}/payment/confirm`, {})).statusCode).toBe(200);
    expect((await expectFresh('2030-08-20', '2030-08-20')).totals).toEqual({ orders: 1, items: 1, gmv: 7_500 });
  });

  it("follows a product moved to another partner or category and a partner's new kecamatan, and the jobs' merge", async () => {
    const o = await paidOrder([{ productId: ids.c, quantity: 1 }, { productId: ids.a, quantity: 1 }]);
    await moveOrder(o.id, '2030-09-01T05:00:00Z');
    await expectFresh('2030-09-01', '2030-09-01');
    await t.db.update(products).set({ business_id: ids.partnerB, category_id: ids.catB }).where(eq(products.id, ids.c));
    const moved = await expectFresh('2030-01-01', '2030-12-31');
    expect(moved.by_partner.find((p) => p.business_id === ids.partnerC)).toBeUndefined();
    await t.db.update(businesses).set({ district_id: 327320, district_name: 'Kecamatan Baru' }).where(eq(businesses.id, ids.partnerA));
    const relocated = await expectFresh('2030-01-01', '2030-12-31');
    expect(relocated.by_district.find((d) => d.key === 327320)).toMatchObject({ name: 'Kecamatan Baru', city_name: 'Kota Bandung' });
    // The background jobs' merge of the connections' rows changes no sum.
    const beforeMerge = sorted(answered(relocated));
    await mergeFigureRows(t.db);
    const left = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM sales_figures WHERE backend <> 0`);
    expect(left[0]!.n).toBe(0);
    expect(sorted(answered(await expectFresh('2030-01-01', '2030-12-31')))).toEqual(beforeMerge);
    // An order deleted takes its lines' figures with it (the cascade's own trigger moves nothing twice).
    await t.db.delete(orders).where(eq(orders.id, o.id));
    await expectFresh('2030-09-01', '2030-09-01');
  });

  it('reading the report writes nothing, however many connection rows wait for the jobs', async () => {
    const o = await paidOrder([{ productId: ids.b, quantity: 2 }]);
    await moveOrder(o.id, '2030-10-05T05:00:00Z');
    // Rows of connections long gone (no live backend has a negative id), more than readers ever
    // merged themselves; zero figures on the range's keys, so every sum stays what it is.
    await t.db.execute(sql`INSERT INTO sales_figures (grain, period, dimension, key, backend, orders, items, goods)
      SELECT 0, '2030-10-05T05:00:00Z'::timestamptz, 0, 0, -g, 0, 0, 0 FROM generate_series(1, 2100) g`);
    const contents = async () =>
      (await queryRows<{ rows: string }>(t.db, sql`SELECT coalesce(json_agg(f ORDER BY f.grain, f.period, f.dimension, f.key, f.backend), '[]')::text AS rows FROM sales_figures f`))[0]!.rows;
    const before = await contents();
    expect((await expectFresh('2030-10-01', '2030-10-31')).totals).toEqual({ orders: 1, items: 2, gmv: 15_000 });
    expect((await api('GET', '/reports/sales.xlsx?from=2030-10-01&to=2030-10-31')).statusCode).toBe(200);
    expect(await contents()).toBe(before);
    await t.db.execute(sql`DELETE FROM sales_figures WHERE backend < 0`);
  });

  it("the migration's backfill (the rebuild) gives the figures the triggers kept", async () => {
    const whole = `${new Date().getUTCFullYear() - 1}-01-01`;
    const kept = sorted(answered(await expectFresh('2029-06-01', '2031-05-31')));
    const keptNow = sorted(answered(await expectFresh(whole, storeDate(new Date(), zone))));
    await t.db.execute(sql`SELECT sales_figures_rebuild()`);
    expect(sorted(answered(await report('2029-06-01', '2031-05-31')))).toEqual(kept);
    expect(sorted(answered(await report(whole, storeDate(new Date(), zone))))).toEqual(keptNow);
  });

  it('counts partners registered, new in the range, and active (with a sale)', async () => {
    const today = storeDate(new Date(), zone);
    const r = await report(today, today);
    const made = await queryRows<{ total: number; fresh: number }>(
      t.db,
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE created_at >= ${storeRangeInstants(today, today, zone).start.toISOString()})::int AS fresh FROM businesses`,
    );
    expect(r.partners.total).toBe(made[0]!.total);
    expect(r.partners.new).toBe(made[0]!.fresh);
    expect(r.new_partners.map((p) => p.business_id)).toEqual(expect.arrayContaining([ids.partnerA, ids.partnerB, ids.partnerC]));
    expect(r.new_partners[0]!.joined_on).toBe(today);
    expect(r.partners.active).toBe(r.by_partner.filter((p) => p.business_id !== null && p.orders > 0).length);
  });
});

describe(`the report's rules (${testEngine})`, () => {
  it('is for an admin only', async () => {
    const url = '/reports/sales?from=2030-03-01&to=2030-03-31';
    expect((await api('GET', url, undefined, {})).statusCode).toBe(401);
    const customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
    expect((await api('GET', url, undefined, customer)).statusCode).toBe(403);
    expect((await api('GET', url.replace('sales?', 'sales.xlsx?'), undefined, customer)).statusCode).toBe(403);
    const partner = await makePartner(t.db);
    const mitra = await signIn(t.app, partner.user.username, partner.user.password);
    expect((await api('GET', url, undefined, mitra)).statusCode).toBe(403);
  });

  it('answers a bad range with a 400 in Indonesian', async () => {
    const bad = await api('GET', '/reports/sales?from=2030-02-30&to=2030-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(reportMessages.dateInvalid);
    const reversed = await api('GET', '/reports/sales.xlsx?from=2030-03-02&to=2030-03-01');
    expectFieldErrors(reversed, { to: reportMessages.rangeOrder });
    expect((await api('GET', '/reports/sales?from=2026-01-01')).statusCode).toBe(400);
    expect((await api('GET', '/reports/sales?from=2020-01-01&to=2026-01-01')).json().error).toBe(reportMessages.rangeTooLong);
  });

  it('the workbook reads back: a summary and one sheet per breakdown, numbers as numbers, dates as dates', async () => {
    const res = await api('GET', '/reports/sales.xlsx?from=2030-03-01&to=2030-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="laporan-dinas-2030-03-01_2030-03-31.xlsx"');
    const json = await report('2030-03-01', '2030-03-31');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const L = reportLabels.sheets;
    expect(book.worksheets.map((s) => s.name)).toEqual([L.summary, L.partners, L.districts, L.categories, L.channels, L.newPartners]);
    const summary = book.getWorksheet(L.summary)!;
    const valueOf = (label: string) => summary.getColumn(1).values.indexOf(label);
    const from = summary.getRow(valueOf(reportLabels.from)).getCell(2);
    expect(from.value).toBeInstanceOf(Date);
    expect((from.value as Date).toISOString().slice(0, 10)).toBe('2030-03-01');
    expect(from.numFmt).toBe('dd/mm/yyyy');
    const gmv = summary.getRow(valueOf(reportLabels.gmv)).getCell(2);
    expect(gmv.value).toBe(json.totals.gmv);
    expect(gmv.numFmt).toContain('#,##0');

    const partners = book.getWorksheet(L.partners)!;
    expect(partners.getRow(1).font?.bold).toBe(true);
    expect(partners.getColumn(1).width).toBeGreaterThan(20);
    expect(partners.rowCount).toBe(json.by_partner.length + 1);
    const first = partners.getRow(2);
    expect(first.getCell(1).value).toBe(json.by_partner[0]!.name);
    expect(first.getCell(3).value).toBe(json.by_partner[0]!.orders);
    expect(first.getCell(5).value).toBe(json.by_partner[0]!.gmv);
    expect(typeof first.getCell(5).value).toBe('number');
    expect(first.getCell(5).numFmt).toContain('Rp');
    const channels = book.getWorksheet(L.channels)!;
    expect([2, 3].map((n) => channels.getRow(n).getCell(4).value)).toEqual(json.by_channel.map((c) => c.gmv));

    const joined = await api('GET', `/reports/sales.xlsx?from=${storeDate(new Date(), zone)}&to=${storeDate(new Date(), zone)}`);
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(joined.rawPayload as unknown as ArrayBuffer);
    const newSheet = book2.getWorksheet(L.newPartners)!;
    expect(newSheet.rowCount).toBeGreaterThan(1);
    expect(newSheet.getRow(2).getCell(3).value).toBeInstanceOf(Date);
  });
});
