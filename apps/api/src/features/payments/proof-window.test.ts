/**
 * Issue 26 (docs/decisions/044-proof-window-and-notices.md): a proof of transfer cannot park stock.
 * A waiting proof holds its order until the verification window counted from the first proof, then
 * the order expires like any other and the order desk reads "Verifikasi terlambat"; a rejected proof gives
 * the payment deadline back; no upload past the deadline revives an order. And the shop hears of one
 * order's uploads at most once an hour, the next notice counting them. A movable clock drives the
 * uploads and the expiry job's body.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages } from '@pasar/core/payments';
import { queryRows } from '../../db/client';
import { mailOutbox, products } from '../../db/schema';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeProduct } from '../../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, sendProof, type LocalCourierOption } from '../../test/orders';
import { withSetting } from '../../test/settings';
import { countByStatus } from '../orders/admin-orders.repository';
import { expireUnpaidOrders } from './payments.service';

const HOUR = 3600_000;
const start = new Date('2026-11-26T03:00:00Z');
let now = start;
const at = (hours: number) => new Date(start.getTime() + hours * HOUR);

let t: TestApp;
let local: LocalCourierOption;
let admin: { authorization: string };
let businessId: number;

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16, 0)]);

const api = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers });

const uploadProof = (token: string) => sendProof(t.app, token, png);

let seq = 0;
/** A guest manual-transfer order of 2 units of its own product, placed at `now`. */
async function order() {
  seq += 1;
  const product = await makeProduct(t.db, { business_id: businessId, price: 12000, stock: 10 });
  const res = await api('POST', '/orders', { ...guestOrderPayload({ productId: product.id, quantity: 2, local, email: `bukti${seq}@contoh.id` }), shipping_address: `Jl. Asia Afrika No. ${seq}` });
  expect(res.statusCode).toBe(201);
  const data = res.json().data as { id: number; order_url: string; payment_due_at: string };
  return { id: data.id, token: data.order_url.split('/').pop()!, dueAt: new Date(data.payment_due_at), productId: product.id };
}

/** An order placed at the start whose first proof is uploaded (and taken) `hours` later. */
async function orderWithProofAt(hours: number) {
  now = start;
  const o = await order();
  now = at(hours);
  expect((await uploadProof(o.token)).statusCode).toBe(200);
  return o;
}

const stockOf = async (id: number) => (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const statusOf = async (token: string) => (await api('GET', `/orders/access/${token}`)).json().data as { status: string; payment_status: string; payment: { state_label: string; proof_status: string } };

/** The order desk's count of proofs waiting (`order_figures`, migration 0014's triggers) beside a fresh count. */
async function expectVerificationFiguresRight() {
  const kept = [...(await countByStatus(t.db, 'verification')).values()].reduce((sum, f) => sum + f.count, 0);
  const [fresh] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM orders o WHERE o.payment_status = 'unpaid'
        AND EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'unpaid' AND p.proof_status = 'submitted')`,
  );
  expect(kept).toBe(fresh!.n);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  local = await localCourierOption(t.app);
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  businessId = (await makeBusiness(t.db)).id;
  await allowManyUnpaidOrders(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe(`a proof waiting for verification (${testEngine})`, () => {
  it('holds a junk proof only for the window: then the order expires, its stock returns and the desk reads Verifikasi terlambat', async () => {
    now = start;
    const o = await order();
    expect(await stockOf(o.productId)).toBe(8);
    expect(o.dueAt.getTime()).toBe(at(24).getTime());
    now = at(1);
    expect((await uploadProof(o.token)).statusCode).toBe(200);

    // Past the payment deadline the waiting proof still holds it, until 48 h after the proof.
    expect(await expireUnpaidOrders(t.db, at(30))).not.toContain(o.id);
    expect(await expireUnpaidOrders(t.db, new Date(at(49).getTime() - 1000))).not.toContain(o.id);
    expect((await statusOf(o.token)).payment.state_label).toBe(paymentMessages.awaitingVerification);
    await expectVerificationFiguresRight();

    // Ten days on (the reproduction) it has long gone.
    expect(await expireUnpaidOrders(t.db, at(49))).toContain(o.id);
    expect(await expireUnpaidOrders(t.db, at(240))).not.toContain(o.id);
    expect(await stockOf(o.productId)).toBe(10);
    expect(await statusOf(o.token)).toMatchObject({ status: 'cancelled', payment_status: 'expired', payment: { state_label: 'Verifikasi terlambat' } });
    await expectVerificationFiguresRight();

    const desk = (await api('GET', `/orders/${o.id}`, undefined, admin)).json().data as { payment: { state_label: string }; events: { note: string | null }[] };
    expect(desk.payment.state_label).toBe('Verifikasi terlambat');
    expect(desk.events.map((e) => e.note)).toContain(paymentMessages.verificationLateNote);
    expect((await api('POST', `/orders/${o.id}/payment/confirm`, {}, admin)).json().error).toBe(paymentMessages.notConfirmable);
    expect((await uploadProof(o.token)).statusCode).toBe(409);
  });

  it('an upload a minute before the deadline gets the window from that upload, then the order expires and its stock returns', async () => {
    now = start;
    const o = await order();
    now = new Date(o.dueAt.getTime() - 60_000);
    expect((await uploadProof(o.token)).statusCode).toBe(200);
    const windowEnd = new Date(now.getTime() + 48 * HOUR);
    expect(await expireUnpaidOrders(t.db, new Date(o.dueAt.getTime() + 60_000))).not.toContain(o.id);
    expect(await expireUnpaidOrders(t.db, new Date(windowEnd.getTime() - 1000))).not.toContain(o.id);
    expect(await stockOf(o.productId)).toBe(8);
    expect(await expireUnpaidOrders(t.db, windowEnd)).toContain(o.id);
    expect(await stockOf(o.productId)).toBe(10);
  });

  it('the window is counted once from the first proof: a later upload, before or after a rejection, never extends it', async () => {
    const o = await orderWithProofAt(1);
    now = at(2);
    expect((await api('POST', `/orders/${o.id}/payment/reject`, { reason: 'Bukan bukti transfer' }, admin)).statusCode).toBe(200);
    now = at(20);
    expect((await uploadProof(o.token)).statusCode).toBe(200);
    now = at(40);
    expect((await uploadProof(o.token)).statusCode).toBe(200);
    // The first proof came at 1 h: the wait ends at 49 h whatever came after it.
    expect(await expireUnpaidOrders(t.db, new Date(at(49).getTime() - 1000))).not.toContain(o.id);
    expect(await expireUnpaidOrders(t.db, at(49))).toContain(o.id);
    expect(await stockOf(o.productId)).toBe(10);
  });

  it('a rejection past the payment deadline gives that deadline back: the order expires and no new upload revives it', async () => {
    const o = await orderWithProofAt(1);
    now = at(30);
    expect((await api('POST', `/orders/${o.id}/payment/reject`, { reason: 'Nominal tidak sesuai' }, admin)).statusCode).toBe(200);
    // Before the job's next run: the upload is refused, so the order stays due.
    const late = await uploadProof(o.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(paymentMessages.proofTooLate);
    expect((await statusOf(o.token)).payment.proof_status).toBe('rejected');
    expect(await expireUnpaidOrders(t.db, at(30))).toContain(o.id);
    expect(await stockOf(o.productId)).toBe(10);
    expect(await statusOf(o.token)).toMatchObject({ status: 'cancelled', payment_status: 'expired', payment: { state_label: 'Kedaluwarsa' } });
  });

  it('a first proof past the payment deadline is refused even before the job has run', async () => {
    now = start;
    const o = await order();
    now = new Date(o.dueAt.getTime() + 1000);
    expect((await uploadProof(o.token)).json().error).toBe(paymentMessages.proofTooLate);
    expect(await expireUnpaidOrders(t.db, now)).toContain(o.id);
  });

  it('an admin may still confirm a proof inside its window after the payment deadline', async () => {
    const o = await orderWithProofAt(23);
    now = at(40);
    expect(await expireUnpaidOrders(t.db, now)).not.toContain(o.id);
    expect((await api('POST', `/orders/${o.id}/payment/confirm`, {}, admin)).statusCode).toBe(200);
    expect(await expireUnpaidOrders(t.db, at(100))).not.toContain(o.id);
    expect(await statusOf(o.token)).toMatchObject({ payment_status: 'paid' });
    expect(await stockOf(o.productId)).toBe(8);
  });

  it('follows the verification window setting', async () => {
    await withSetting(t.db, 'payments', { verification_window_hours: 2 }, async () => {
      const o = await orderWithProofAt(23);
      expect(await expireUnpaidOrders(t.db, new Date(at(25).getTime() - 1000))).not.toContain(o.id);
      expect(await expireUnpaidOrders(t.db, at(25))).toContain(o.id);
    });
  });
});

describe(`notices of uploaded proofs (${testEngine})`, () => {
  it('45 uploads at once make one notice; the next, an hour later, says how many uploads it covers', async () => {
    await withSetting(t.db, 'payments', { notify_email: 'kasir@contoh.id' }, async () => {
      now = start;
      const o = await order();
      const notices = async () =>
        (await t.db.select({ text: mailOutbox.text_body, to: mailOutbox.to_address }).from(mailOutbox).where(sql`${mailOutbox.order_id} = ${o.id} AND ${mailOutbox.kind} = 'payment_proof_store'`).orderBy(mailOutbox.id));
      now = at(1);
      const uploads = await Promise.all(Array.from({ length: 45 }, () => uploadProof(o.token)));
      expect(uploads.map((r) => r.statusCode)).toEqual(Array.from({ length: 45 }, () => 200));
      expect(await notices()).toHaveLength(1);
      expect((await notices())[0]).toMatchObject({ to: 'kasir@contoh.id' });
      expect((await notices())[0]?.text).toContain(`Pembeli mengunggah bukti transfer untuk pesanan #${o.id}.`);

      // Within the hour: counted, not sent.
      now = new Date(at(2).getTime() - 1000);
      expect((await uploadProof(o.token)).statusCode).toBe(200);
      expect(await notices()).toHaveLength(1);

      // An hour after the notice the next upload is told, covering every upload since it: 44 + 1 + this one.
      now = at(2);
      expect((await uploadProof(o.token)).statusCode).toBe(200);
      const sent = await notices();
      expect(sent).toHaveLength(2);
      expect(sent[1]?.text).toContain(`Pembeli mengunggah 46 bukti transfer untuk pesanan #${o.id} sejak pemberitahuan terakhir`);
    });
  });
});
