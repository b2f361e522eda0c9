/**
 * Issue 26 part 4 (docs/decisions/045-order-caps-that-hold.md): the caps on open unpaid orders hold
 * against the reproductions — e-mail and address spelled another way, parallel requests, signed-in
 * buyers, and one order's units as a whole — with the shop's default settings (3 per e-mail, address
 * and account; 50 a line; 200 an order).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capAddressKey, capEmailKey, paymentMessages } from '@pasar/core/payments';
import { queryRows } from '../../db/client';
import { createTestApp, signIn, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeProduct, makeUser, type MadeProduct } from '../../test/factories';
import { guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';

let t: TestApp;
let local: LocalCourierOption;
let product: MadeProduct;

beforeAll(async () => {
  t = await createTestApp();
  product = await makeProduct(t.db, { business_id: (await makeBusiness(t.db)).id, price: 1000, stock: 100_000 });
  local = await localCourierOption(t.app);
});
afterAll(async () => {
  await t?.close();
});

const place = (body: Record<string, unknown>, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: body, headers });

/** A guest's order of one unit, to `address` from `email`. */
const guest = (email: string, address: string) => place({ ...guestOrderPayload({ productId: product.id, quantity: 1, local, email }), shipping_address: address });

/** A signed-in buyer's order of one unit to `address`. */
const signedIn = (auth: { authorization: string }, address: string) => {
  const { guest_email: _none, ...body } = guestOrderPayload({ productId: product.id, quantity: 1, local });
  return place({ ...body, shipping_address: address }, auth);
};

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

describe(`the unpaid-order caps hold (${testEngine})`, () => {
  it('counts an e-mail spelled with +tag, dots, capitals or googlemail.com as the same one', async () => {
    for (let i = 1; i <= 3; i++) expect((await guest('pembeli.rajin@gmail.com', `Jl. Surel No. ${i}`)).statusCode).toBe(201);
    for (const [i, email] of ['pembeli.rajin+1@gmail.com', 'pembelirajin@gmail.com', 'Pembeli.Rajin@GoogleMail.com', 'p.e.m.b.e.l.i.rajin+promo@googlemail.com'].entries()) {
      const refused = await guest(email, `Jl. Surel No. ${10 + i}`);
      expect(refused.statusCode, email).toBe(429);
      expect(refused.json().error).toBe(paymentMessages.tooManyUnpaidEmail(3));
    }
    // Another mailbox is another buyer.
    expect((await guest('pembeli.rajin@contoh.id', 'Jl. Surel No. 20')).statusCode).toBe(201);
  });

  it('counts an address spelled with Jalan/Jl., Nomor/No., leading zeros, RT/RW or other spacing as the same one', async () => {
    for (let i = 1; i <= 3; i++) expect((await guest(`alamat${i}@contoh.id`, 'Jl. Merdeka 7')).statusCode).toBe(201);
    const variants = ['Jalan Merdeka 7', 'Jl. Merdeka Nomor 7', 'Jl. Merdeka No. 07', 'Jl. Merdeka 7 RT 01/RW 02', 'JL.MERDEKA NO.007, RT.001 / RW.002', 'jalan  merdeka , no 7'];
    for (const [i, address] of variants.entries()) {
      const refused = await guest(`alamat-lain${i}@contoh.id`, address);
      expect(refused.statusCode, address).toBe(429);
      expect(refused.json().error).toBe(paymentMessages.tooManyUnpaidAddress(3));
    }
    // The house next door, and the same street name in another district, are other addresses.
    expect((await guest('tetangga@contoh.id', 'Jl. Merdeka 8')).statusCode).toBe(201);
    const options = await t.app.inject({ method: 'GET', url: '/api/v1/couriers/local-options?district_id=327314&city_id=3273' });
    const there = (options.json() as { data: { options: LocalCourierOption[] } }).data.options[0]!;
    const elsewhere = { ...guestOrderPayload({ productId: product.id, quantity: 1, local: there, email: 'kecamatan-lain@contoh.id' }), shipping_address: 'Jl. Merdeka 7' };
    const other = await place({ ...elsewhere, shipping_district_id: 327314, shipping_district: 'Cibeunying Kidul', shipping_postcode: '40121' });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('lets 3 of 20 parallel orders from one buyer through a cap of 3', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guest(`balap.an+${i}@gmail.com`, `Jl. Balapan No. ${i + 1}`)));
    expect(statuses(answers)).toEqual([...Array(3).fill(201), ...Array(17).fill(429)]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) expect(refused.json().error).toBe(paymentMessages.tooManyUnpaidEmail(3));
    const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM orders WHERE cap_email = ${capEmailKey('balapan@gmail.com')} AND payment_status = 'unpaid'`);
    expect(row?.n).toBe(3);
  });

  it('lets 3 of 20 parallel orders to one address through, whoever sends them', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guest(`serbu${i}@contoh.id`, i % 2 ? 'Jl. Serbu No. 9' : 'Jalan Serbu 09 RT 1 RW 1')));
    expect(statuses(answers)).toEqual([...Array(3).fill(201), ...Array(17).fill(429)]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) expect(refused.json().error).toBe(paymentMessages.tooManyUnpaidAddress(3));
  });

  it('answers repeated submits of one Idempotency-Key that fill the cap with the one order, not a refusal', async () => {
    for (let i = 1; i <= 2; i++) expect((await guest('ganda@contoh.id', `Jl. Ganda No. ${i}`)).statusCode).toBe(201);
    const body = { ...guestOrderPayload({ productId: product.id, quantity: 1, local, email: 'ganda@contoh.id' }), shipping_address: 'Jl. Ganda No. 3' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => place(body, { 'idempotency-key': 'ganda-kirim-1' })));
    expect(answers.map((a) => a.statusCode), answers.map((a) => a.body).join('\n')).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
  });

  it('caps a signed-in buyer per account, in parallel too, and counts again once an order is no longer open', async () => {
    const buyer = await makeUser(t.db, { email: 'akun.rajin@contoh.id' });
    const auth = await signIn(t.app, buyer.username, buyer.password);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => signedIn(auth, `Jl. Akun No. ${i + 1}`)));
    expect(statuses(answers)).toEqual([...Array(3).fill(201), ...Array(7).fill(429)]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) expect(refused.json().error).toBe(paymentMessages.tooManyUnpaidAccount(3));
    // One order paid: the buyer may place one more, and no more.
    const paid = (answers.find((a) => a.statusCode === 201)!.json() as { data: { id: number } }).data.id;
    await queryRows(t.db, sql`UPDATE orders SET payment_status = 'paid' WHERE id = ${paid}`);
    expect((await signedIn(auth, 'Jl. Akun No. 50')).statusCode).toBe(201);
    expect((await signedIn(auth, 'Jl. Akun No. 51')).statusCode).toBe(429);
  });

  it("applies the address cap to signed-in buyers: 25 accounts to one address, 3 orders", async () => {
    const answers = [];
    for (let i = 0; i < 25; i++) {
      const account = await makeUser(t.db, { password: 'rahasia-sekali' });
      answers.push(await signedIn(await signIn(t.app, account.username, 'rahasia-sekali'), i % 2 ? 'Jl. Daftar No. 25' : 'Jalan Daftar Nomor 025 RT 03/RW 04'));
    }
    expect(statuses(answers)).toEqual([...Array(3).fill(201), ...Array(22).fill(429)]);
    expect(answers[3]!.json().error).toBe(paymentMessages.tooManyUnpaidAddress(3));
  });

  it("caps the units of one order as a whole, with the line cap still per line", async () => {
    const lines = (count: number, quantity: number) => Array.from({ length: count }, () => ({ product_id: product.id, quantity }));
    const order = (items: { product_id: number; quantity: number }[], n: number) =>
      place({ ...guestOrderPayload({ productId: product.id, quantity: 1, local, email: `borong${n}@contoh.id` }), shipping_address: `Jl. Borong No. ${n}`, order_items: items });
    const hoard = await order(lines(100, 50), 1);
    expect(hoard.statusCode).toBe(400);
    expect(hoard.json().error).toBe(paymentMessages.orderUnitsTooLarge(5000, 200));
    expect(hoard.json().fields.order_items).toBe(paymentMessages.orderUnitsTooLarge(5000, 200));
    const justOver = await order([...lines(4, 50), { product_id: product.id, quantity: 1 }], 2);
    expect(justOver.statusCode).toBe(400);
    expect(justOver.json().error).toBe(paymentMessages.orderUnitsTooLarge(201, 200));
    expect((await order(lines(4, 50), 3)).statusCode).toBe(201);
  });

  it("computes the same keys in SQL (migration 0019's backfill) as core does at checkout", async () => {
    const emails = ['Pembeli.Rajin+promo@GoogleMail.com', ' budi@Contoh.ID ', 'a.b.c@contoh.id', 'x+y+z@gmail.com', 'tanpa-at', '"a@b"+x@gmail.com', 'Élodie.Ü+1@gmail.com'];
    const addresses = [
      'Jl. Merdeka No. 07 RT 01/RW 02',
      'jalan merdeka nomor 7 rt.1 rw.2',
      'JLN MERDEKA NO.7, RT/RW 001/002',
      'Gg. Mawar Blk. C-05 Kav. 2, Kel. Sukajadi, Kec. Sukajadi',
      'Komp. Griya Asri Perum. Bumi Dsn. Cikole Ds. Jayagiri Kab. Bandung Barat',
      'Jl. Cikapundung Barát No. 1\tlantai 2\nbelakang masjid',
      'RT 03 RW 04 Jl. Merdeka 7',
      'No. 0 / 000',
      '  北京   路  ',
      '',
    ];
    for (const email of emails) {
      const [row] = await queryRows<{ key: string }>(t.db, sql`SELECT order_cap_email(${email}::text) AS key`);
      expect(row?.key, email).toBe(capEmailKey(email));
    }
    for (const address of addresses) {
      const [row] = await queryRows<{ key: string }>(t.db, sql`SELECT order_cap_address(${address}::text) AS key`);
      expect(row?.key, address).toBe(capAddressKey(address));
    }
  });
});
