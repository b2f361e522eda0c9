/**
 * Issue 31: the order desk's search takes a bare number for an order id first (item 19), and the CSV
 * export names the payment method, the time the money came and the chosen options, with a
 * semicolon variant for spreadsheets set to Indonesian (item 23).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDateTime } from '@pasar/core/time';
import { queryRows } from '../../db/client';
import { orderItems, orders, payments } from '../../db/schema';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { sql } from 'drizzle-orm';

let t: TestApp;
let admin: { authorization: string };
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  productId = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products ORDER BY id LIMIT 1`))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: admin });
const found = async (q: string) => (await get(`/orders?q=${encodeURIComponent(q)}&page_size=100`)).json().data.items.map((o: { id: number }) => o.id) as number[];

async function order(values: Partial<typeof orders.$inferInsert>): Promise<number> {
  const [row] = await t.db.insert(orders).values({ total_amount: 10000, status: 'pending', ...values }).returning({ id: orders.id });
  return row!.id;
}

describe(`the desk's number search (${testEngine})`, () => {
  it('takes a bare number, with or without "#", for that order alone, though dates, names and e-mails hold it', async () => {
    const wanted = await order({ guest_email: 'nomor-satu@contoh.id', shipping_name: 'Bu Nomor' });
    // Other orders whose name, e-mail or date holds the number's digits.
    await order({ guest_email: `pemesan${wanted}@contoh.id`, shipping_name: `Pak ${wanted}` });
    await order({ guest_email: 'nomor-tiga@contoh.id', shipping_name: `Kios ${wanted}A` });
    expect(await found(String(wanted))).toEqual([wanted]);
    expect(await found(`#${wanted}`)).toEqual([wanted]);
    // Every order's date holds a "2": the smallest order id is still found alone.
    const [first] = await queryRows<{ id: number }>(t.db, sql`SELECT min(id)::int AS id FROM orders`);
    expect(await found(String(first!.id))).toEqual([first!.id]);
    const counts = (await get(`/orders?q=${wanted}`)).json().data;
    expect(counts.total).toBe(1);
    // The export follows the same search.
    const csv = (await get(`/orders/export.csv?q=${wanted}`)).body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([wanted]);
  });

  it('searches a number no order has as text (a name or e-mail holding it), and text as before', async () => {
    const none = 987654321;
    expect((await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE id = ${none}`))[0]!.n).toBe(0);
    const holder = await order({ guest_email: `tamu${none}@contoh.id`, shipping_name: 'Tamu Angka' });
    expect(await found(String(none))).toEqual([holder]);
    expect(await found('tamu angka')).toEqual([holder]);
  });
});

describe(`the orders CSV (${testEngine})`, () => {
  let sale: number;
  let transfer: number;
  let unpaid: number;
  const paidAt = new Date('2026-11-21T05:30:00Z');

  beforeAll(async () => {
    sale = await order({ order_type: 'pos', payment_method: 'cash', status: 'delivered', payment_status: 'paid', customer_name: 'Csv Tigasatu Kasir', cash_received: 50000, change_due: 30000, total_amount: 20000, subtotal_amount: 20000, created_at: new Date('2026-11-20T03:00:00Z') });
    transfer = await order({ payment_method: 'manual', status: 'confirmed', payment_status: 'paid', guest_email: 'csv-tigasatu@contoh.id', shipping_name: 'Csv Tigasatu Transfer', total_amount: 15000, subtotal_amount: 15000, created_at: new Date('2026-11-21T01:00:00Z') });
    unpaid = await order({ payment_method: 'qris', order_type: 'pos', status: 'pending', payment_status: 'unpaid', customer_name: 'Csv Tigasatu Belum', created_at: new Date('2026-11-22T01:00:00Z') });
    await t.db.insert(orderItems).values([
      { order_id: sale, product_id: productId, product_name: 'Keripik Tigasatu', variant_label: 'Besar', selected_options: [{ group: 'Rasa', value: 'Pedas' }, { group: 'Kemasan', value: 'Toples' }], quantity: 2, price: 10000, line_total: 20000 },
      { order_id: transfer, product_id: productId, product_name: 'Opak Tigasatu', selected_options: [{ group: 'Rasa', value: 'Manis' }], quantity: 1, price: 15000, line_total: 15000 },
      { order_id: unpaid, product_id: productId, product_name: 'Rengginang Tigasatu', quantity: 1, price: 10000, line_total: 10000 },
    ]);
    await t.db.insert(payments).values({ order_id: transfer, provider: 'manual', reference: `MAN-CSV-${transfer}`, merchant_ref: `ORD-${transfer}`, payment_name: 'Transfer bank', amount: 15000, status: 'paid', proof_status: 'submitted', paid_at: paidAt });
  });

  const rows = async (query = '') => {
    const res = await get(`/orders/export.csv?q=tigasatu${query}`);
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  /** A spreadsheet's reading of one CSV line: quoted cells may hold the separator and doubled quotes. */
  const cells = (line: string, sep: string) => [...line.matchAll(new RegExp(`(?:^|${sep})("(?:[^"]|"")*"|[^${sep}"]*)`, 'g'))].map((m) => m[1]!.replace(/^"([\s\S]*)"$/, '$1').replace(/""/g, '"'));
  const byId = (body: string, sep: string) => {
    const [header, ...lines] = body.replace(/^\uFEFF/, '').trim().split('\r\n');
    const names = cells(header!, sep);
    return { names, row: (id: number) => Object.fromEntries(cells(lines.find((l) => l.startsWith(`${id}${sep}`))!, sep).map((cell, i) => [names[i], cell])) };
  };

  it('names the payment method in Indonesian, says when the money came and lists the chosen options', async () => {
    const { names, row } = byId(await rows(), ',');
    expect(names.slice(0, 7)).toEqual(['ID Pesanan', 'Tanggal (WIB)', 'Tipe', 'Status', 'Status Pembayaran', 'Tanggal Bayar (WIB)', 'Metode Pembayaran']);
    expect(row(sale)).toMatchObject({ 'Metode Pembayaran': 'Tunai', 'Tanggal Bayar (WIB)': storeDateTime(new Date('2026-11-20T03:00:00Z')), Produk: 'Keripik Tigasatu (Besar, Rasa: Pedas, Kemasan: Toples) x2' });
    expect(row(transfer)).toMatchObject({ 'Metode Pembayaran': 'Transfer bank', 'Tanggal Bayar (WIB)': storeDateTime(paidAt), Produk: 'Opak Tigasatu (Rasa: Manis) x1' });
    expect(row(unpaid)).toMatchObject({ 'Metode Pembayaran': 'QRIS', 'Tanggal Bayar (WIB)': '', Produk: 'Rengginang Tigasatu x1' });
    expect(storeDateTime(paidAt)).toBe('2026-11-21 12:30');
  });

  it('writes the same file with semicolons for spreadsheets set to Indonesian, BOM first', async () => {
    const comma = await rows();
    const semicolon = await rows('&sep=semicolon');
    expect(semicolon.startsWith('\uFEFFID Pesanan;Tanggal (WIB);')).toBe(true);
    const a = byId(comma, ',');
    const b = byId(semicolon, ';');
    expect(b.names).toEqual(a.names);
    for (const id of [sale, transfer, unpaid]) expect(b.row(id)).toEqual(a.row(id));
    // A cell holding ';' is quoted, so it stays one cell.
    const noted = await order({ customer_name: 'Csv Tigasatu Catatan', notes: 'antar pagi; jangan sore' });
    expect((await rows('&sep=semicolon')).split('\r\n').find((l) => l.startsWith(`${noted};`))).toContain('"antar pagi; jangan sore"');
    expect((await get('/orders/export.csv?sep=tab')).statusCode).toBe(400);
  });
});
