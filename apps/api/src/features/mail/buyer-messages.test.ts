/**
 * A word at every step (issue 28, decision 051), against a real database on both engines: each
 * step's message lands in the outbox once per channel, whether the step is told twice, by two
 * racing job runs, or (PostgreSQL) by two database handles standing for two processes; the
 * WhatsApp row goes to a mobile number only; "Kirim ulang" brings a failed message back.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPaymentSettings } from '@pasar/core/payments';
import { openDatabase, type Db } from '../../db/client';
import { mailOutbox, orderEvents, orders, payments as paymentRows, shipments } from '../../db/schema';
import { callbackSignature, SANDBOX_PRIVATE_KEY } from '../../integrations/payments/sandbox-gateway';
import { startJobs } from '../../jobs';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeProduct } from '../../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, sendProof, type LocalCourierOption } from '../../test/orders';
import { withSetting } from '../../test/settings';
import { expireUnpaidOrders } from '../payments/payments.service';
import { buyerDedupeKey, mobileNumber, queueBuyerMessage, queuePaymentReminders } from './buyer-messages';
import { MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from './mail.repository';
import { sendDueWhatsapp } from './mail.service';
import { loadConfig } from '../../config';
import { startFakeWhatsapp } from '../../integrations/whatsapp/fake-whatsapp';
import { createWhatsappSender } from '../../integrations/whatsapp/whatsapp-client';

let t: TestApp;
let local: LocalCourierOption;
let admin: { authorization: string };
let pid: number;
const clock = new Date('2026-11-23T03:00:00Z');
/** The app's clock: most tests keep it still; a test that needs two moments moves it. */
let current = clock;

const api = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers });

let seq = 0;
async function guestOrder(over: { phone?: string | null; method?: string } = {}): Promise<{ id: number; order_url: string }> {
  seq += 1;
  const body: Record<string, unknown> = { ...guestOrderPayload({ productId: pid, quantity: 1, local, email: `kabar${seq}@contoh.id` }), shipping_address: `Jl. Kabar No. ${seq}` };
  if (over.phone !== undefined) body.shipping_phone = over.phone;
  if (over.method) body.payment_method = over.method;
  const res = await api('POST', '/orders', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const rowsOf = (orderId: number, kind: string) =>
  t.db.select().from(mailOutbox).where(and(eq(mailOutbox.order_id, orderId), eq(mailOutbox.kind, kind))).orderBy(mailOutbox.channel);

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const uploadProof = (token: string) => sendProof(t.app, token, png, 'b.png');
const tokenOf = (orderUrl: string) => orderUrl.split('/').pop()!;

/** PostgreSQL: a second handle on the same database, standing for a second server process. */
async function otherProcess(): Promise<{ db: Db; close: () => Promise<void> }> {
  if (!t.databaseUrl) return { db: t.db, close: async () => undefined };
  const database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: undefined, poolSize: 3 });
  return { db: database.db, close: () => database.close() };
}

beforeAll(async () => {
  t = await createTestApp({ now: () => current, env: { PUBLIC_URL: 'https://toko.contoh.id', PAYMENT_SANDBOX: 'true' } });
  local = await localCourierOption(t.app);
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  await allowManyUnpaidOrders(t.db);
  const business = await makeBusiness(t.db);
  pid = (await makeProduct(t.db, { business_id: business.id, price: 20000, stock: 1000 })).id;
});
afterAll(async () => {
  await t?.close();
});

describe(`buyer messages (${testEngine})`, () => {
  it('tells a confirmed payment once per channel: e-mail and WhatsApp to the mobile number, kept without SMTP or WhatsApp', async () => {
    const o = await guestOrder();
    expect((await api('POST', `/orders/${o.id}/payment/confirm`, {}, admin)).statusCode).toBe(200);
    // Told again (a retried hook, a second process): nothing more.
    expect(await queueBuyerMessage(t.db, { kind: 'payment_received', orderId: o.id })).toBe(0);
    const rows = await rowsOf(o.id, 'payment_received');
    expect(rows.map((r) => [r.channel, r.to_address, r.status, r.dedupe_key])).toEqual([
      ['email', `kabar${seq}@contoh.id`, 'kept', `payment_received:${o.id}:email`],
      ['whatsapp', '6281200000000', 'kept', `payment_received:${o.id}:whatsapp`],
    ]);
    const [email, wa] = rows;
    expect(email!.text_body).toContain(`https://toko.contoh.id${o.order_url}`);
    expect(email!.html_body).toContain(`href="https://toko.contoh.id${o.order_url}"`);
    expect(wa!.template).toBe('pasar_payment_received');
    expect(wa!.template_params).toContain(`#${o.id}`);
    expect(wa!.text_body).toContain(`https://toko.contoh.id${o.order_url}`);
  });

  it('sends no WhatsApp to a number that is not a mobile, and none without a number', async () => {
    expect(mobileNumber('022-4201234')).toBeNull();
    expect(mobileNumber('+62 812-3456-7890')).toBe('6281234567890');
    const landline = await guestOrder({ phone: '022-4201234' });
    await queueBuyerMessage(t.db, { kind: 'payment_reminder', orderId: landline.id });
    expect((await rowsOf(landline.id, 'payment_reminder')).map((r) => r.channel)).toEqual(['email']);
  });

  it('tells each rejected proof with the reason and the link to upload again, the same rejection once', async () => {
    const o = await guestOrder();
    expect((await uploadProof(tokenOf(o.order_url))).statusCode).toBe(200);
    expect((await api('POST', `/orders/${o.id}/payment/reject`, { reason: 'Nominal tidak sesuai' }, admin)).statusCode).toBe(200);
    await queueBuyerMessage(t.db, { kind: 'proof_rejected', orderId: o.id, reason: 'Nominal tidak sesuai' });
    let rows = await rowsOf(o.id, 'proof_rejected');
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.text_body).toContain('Nominal tidak sesuai');
      expect(r.text_body).toContain(`https://toko.contoh.id${o.order_url}`);
    }
    expect(rows[0]!.subject).toContain('ditolak');
    // A second proof, rejected again: the buyer hears of it too.
    current = new Date(clock.getTime() + 60_000);
    try {
      expect((await uploadProof(tokenOf(o.order_url))).statusCode).toBe(200);
      expect((await api('POST', `/orders/${o.id}/payment/reject`, { reason: 'Foto buram' }, admin)).statusCode).toBe(200);
    } finally {
      current = clock;
    }
    rows = await rowsOf(o.id, 'proof_rejected');
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.text_body.includes('Foto buram'))).toHaveLength(2);
  });

  it('tells each shipment once, with the courier, the resi and the tracking link', async () => {
    const o = await guestOrder();
    // Checkout made the first shipment; a second origin makes a second one.
    const [a] = await t.db.update(shipments).set({ courier_name: 'JNE', service: 'REG', tracking_number: 'JNE0012345', status: 'shipped' }).where(eq(shipments.order_id, o.id)).returning();
    const [b] = await t.db.insert(shipments).values({ order_id: o.id, position: 2, courier_name: 'Kurir Lokal', tracking_number: null, status: 'shipped' }).returning();
    await Promise.all([queueBuyerMessage(t.db, { kind: 'shipment_shipped', orderId: o.id, shipmentId: a!.id }), queueBuyerMessage(t.db, { kind: 'shipment_shipped', orderId: o.id, shipmentId: a!.id })]);
    await queueBuyerMessage(t.db, { kind: 'shipment_shipped', orderId: o.id, shipmentId: b!.id });
    await queueBuyerMessage(t.db, { kind: 'shipment_delivered', orderId: o.id, shipmentId: a!.id });
    const shipped = await rowsOf(o.id, 'shipment_shipped');
    expect(shipped.map((r) => r.dedupe_key).sort()).toEqual(
      [buyerDedupeKey({ kind: 'shipment_shipped', orderId: o.id, shipmentId: a!.id }, 'email'), buyerDedupeKey({ kind: 'shipment_shipped', orderId: o.id, shipmentId: a!.id }, 'whatsapp'), `shipment_shipped:${o.id}:${b!.id}:email`, `shipment_shipped:${o.id}:${b!.id}:whatsapp`].sort(),
    );
    const jne = shipped.find((r) => r.channel === 'email' && r.text_body.includes('JNE0012345'));
    expect(jne?.text_body).toContain('JNE REG');
    expect(jne?.text_body).toContain(`https://toko.contoh.id${o.order_url}`);
    expect(await rowsOf(o.id, 'shipment_delivered')).toHaveLength(2);
  });

  it('tells an expired order once, even when the expiry job runs in two processes at once', async () => {
    const other = await otherProcess();
    try {
      const placed = [await guestOrder(), await guestOrder(), await guestOrder()];
      const later = new Date(clock.getTime() + 30 * 24 * 3600_000);
      await Promise.all([expireUnpaidOrders(t.db, later), expireUnpaidOrders(other.db, later), expireUnpaidOrders(t.db, later)]);
      for (const o of placed) {
        const rows = await rowsOf(o.id, 'order_expired');
        expect(rows.map((r) => r.channel)).toEqual(['email', 'whatsapp']);
        expect(rows[0]!.subject).toBe(`Pesanan #${o.id} dibatalkan`);
      }
    } finally {
      await other.close();
    }
  });

  it('reminds an unpaid order once within the setting\'s hours before its deadline, also from two processes, and not when set to 0', async () => {
    const other = await otherProcess();
    try {
      const o = await guestOrder();
      const [row] = await t.db.select({ due: orders.payment_due_at }).from(orders).where(eq(orders.id, o.id));
      const due = row!.due!;
      const hours = defaultPaymentSettings.payment_reminder_hours;
      // Too early: the deadline is further away than the setting's hours.
      expect(await queuePaymentReminders(t.db, new Date(due.getTime() - (hours + 1) * 3600_000))).not.toContain(o.id);
      const inWindow = new Date(due.getTime() - (hours - 1) * 3600_000);
      const runs = await Promise.all([queuePaymentReminders(t.db, inWindow), queuePaymentReminders(other.db, inWindow), queuePaymentReminders(t.db, inWindow)]);
      expect(runs.flat().filter((id) => id === o.id)).toHaveLength(1);
      expect((await rowsOf(o.id, 'payment_reminder')).map((r) => r.channel)).toEqual(['email', 'whatsapp']);
      expect(await queuePaymentReminders(t.db, inWindow)).not.toContain(o.id);

      // A proof waiting for the shop's check: the buyer is not asked to pay.
      const proofed = await guestOrder();
      expect((await uploadProof(tokenOf(proofed.order_url))).statusCode).toBe(200);
      expect(await queuePaymentReminders(t.db, inWindow)).not.toContain(proofed.id);

      const off = await guestOrder();
      await withSetting(t.db, 'payments', { payment_reminder_hours: 0 }, async () => {
        expect(await queuePaymentReminders(t.db, inWindow)).toEqual([]);
        expect(await rowsOf(off.id, 'payment_reminder')).toHaveLength(0);
      });
    } finally {
      await other.close();
    }
  });

  it('lists the messages to the buyer through the order link, without bodies; 404 for another link', async () => {
    const o = await guestOrder();
    await api('POST', `/orders/${o.id}/payment/confirm`, {}, admin);
    const res = await api('GET', `/orders/access/${tokenOf(o.order_url)}/messages`);
    expect(res.statusCode).toBe(200);
    const items = res.json().data;
    expect(items.map((i: { kind: string; channel: string; label: string }) => [i.kind, i.channel, i.label])).toEqual([
      ['order_created', 'email', 'Konfirmasi pesanan'],
      ['payment_received', 'email', 'Pembayaran diterima'],
      ['payment_received', 'whatsapp', 'Pembayaran diterima'],
    ]);
    expect(items[0]).not.toHaveProperty('text_body');
    const token = tokenOf(o.order_url);
    const other = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    expect((await api('GET', `/orders/access/${other}/messages`)).statusCode).toBe(404);

    // The signed-in owner reads their own order's list; someone else's order is not found.
    const customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
    const placed = await api('POST', '/orders', { ...guestOrderPayload({ productId: pid, quantity: 1, local }), guest_email: null, shipping_address: 'Jl. Pelanggan No. 1' }, customer);
    expect(placed.statusCode, placed.body).toBe(201);
    const mineId = placed.json().data.id as number;
    await api('POST', `/orders/${mineId}/payment/confirm`, {}, admin);
    const own = await api('GET', `/orders/mine/${mineId}/messages`, undefined, customer);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((i: { kind: string; channel: string }) => `${i.kind}:${i.channel}`)).toEqual(['order_created:email', 'payment_received:email', 'payment_received:whatsapp']);
    expect((await api('GET', `/orders/mine/${o.id}/messages`, undefined, customer)).statusCode).toBe(404);
    expect((await api('GET', `/orders/mine/${o.id}/messages`)).statusCode).toBe(401);
  });

  it('"Kirim ulang" brings a failed message back to pending with fresh attempts, for an admin only, and refuses any other state', async () => {
    const o = await guestOrder();
    await queueBuyerMessage(t.db, { kind: 'payment_reminder', orderId: o.id });
    const [mail] = await t.db.select().from(mailOutbox).where(like(mailOutbox.dedupe_key, `payment_reminder:${o.id}:email`));
    expect((await api('POST', `/admin/mail/${mail!.id}/resend`, {}, admin)).statusCode).toBe(409);
    await t.db.update(mailOutbox).set({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, last_error: 'ditolak' }).where(eq(mailOutbox.id, mail!.id));
    expect((await api('POST', `/admin/mail/${mail!.id}/resend`, {})).statusCode).toBe(401);
    const customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
    expect((await api('POST', `/admin/mail/${mail!.id}/resend`, {}, customer)).statusCode).toBe(403);
    const res = await api('POST', `/admin/mail/${mail!.id}/resend`, {}, admin);
    expect(res.statusCode).toBe(200);
    const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(after).toMatchObject({ status: 'pending', attempts: 0 });
    // In the order's history, with who asked.
    const [event] = await t.db.select().from(orderEvents).where(and(eq(orderEvents.order_id, o.id), eq(orderEvents.kind, 'message')));
    expect(event?.actor_name).toContain('admin');
    expect(event?.note).toBe(`Pesan "Pengingat pembayaran" (Email) ke ${mail!.to_address} dijadwalkan kirim ulang.`);
    expect((await api('POST', '/admin/mail/999999999/resend', {}, admin)).statusCode).toBe(404);
    const outbox = (await api('GET', '/outbox?page_size=100', undefined, admin)).json().data;
    expect(outbox.whatsapp_configured).toBe(false);
    expect(outbox.items.find((i: { id: number }) => i.id === mail!.id)).toMatchObject({ channel: 'email', status: 'pending' });
  });

  it('writes the shared sentence into the WhatsApp row, with no missing fact printed', async () => {
    const o = await guestOrder();
    await queueBuyerMessage(t.db, { kind: 'order_expired', orderId: o.id });
    const [wa] = (await rowsOf(o.id, 'order_expired')).filter((r) => r.channel === 'whatsapp');
    expect(wa!.text_body).toMatch(new RegExp(`^Halo .+ membatalkan pesanan #${o.id} sebesar Rp`));
    expect(wa!.text_body).not.toMatch(/null|undefined/);
    expect(wa!.template_params!.every((p) => p.length > 0)).toBe(true);
  });

  it('sends each WhatsApp row once through the Cloud API, also from two processes; retries, then failed, then "Kirim ulang"', async () => {
    const fake = await startFakeWhatsapp('tok');
    const other = await otherProcess();
    try {
      const sender = createWhatsappSender(loadConfig({ WHATSAPP_TOKEN: 'tok', WHATSAPP_PHONE_NUMBER_ID: '1065', WHATSAPP_API_URL: fake.url }))!;
      const ctx = { origin: 'https://toko.contoh.id', smtp: false, whatsapp: true };
      const placed = [await guestOrder(), await guestOrder(), await guestOrder()];
      for (const o of placed) await queueBuyerMessage(t.db, { kind: 'payment_reminder', orderId: o.id }, ctx);
      const waiting = (await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'payment_reminder'), eq(mailOutbox.status, 'pending')))).filter((r) =>
        placed.some((o) => o.id === r.order_id),
      );
      expect(waiting.map((r) => r.channel)).toEqual(['whatsapp', 'whatsapp', 'whatsapp']);
      // Rows are due from when they were written (the database's clock), not the app's fake one.
      const sendAt = new Date(Date.now() + 1000);
      const [a, b] = await Promise.all([sendDueWhatsapp(t.db, sender, sendAt), sendDueWhatsapp(other.db, sender, sendAt)]);
      expect(a.sent + b.sent).toBe(3);
      expect(fake.received.map((r) => (r.body as { to: string }).to)).toEqual(['6281200000000', '6281200000000', '6281200000000']);
      for (const r of waiting) expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, r.id)))[0]?.status).toBe('sent');
      // The e-mails of the same steps are the e-mail job's: kept, untouched.
      expect((await rowsOf(placed[0]!.id, 'payment_reminder')).map((r) => [r.channel, r.status])).toEqual([['email', 'kept'], ['whatsapp', 'sent']]);

      const refused = await guestOrder();
      await queueBuyerMessage(t.db, { kind: 'payment_received', orderId: refused.id }, ctx);
      fake.mode = 'unknown-template';
      let at = sendAt;
      for (let i = 0; i < MAIL_MAX_ATTEMPTS; i++) {
        expect(await sendDueWhatsapp(t.db, sender, at)).toEqual({ sent: 0, failed: 1 });
        at = new Date(at.getTime() + mailRetryDelayMs(i + 1));
      }
      const [failed] = (await rowsOf(refused.id, 'payment_received')).filter((r) => r.channel === 'whatsapp');
      expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
      expect(failed!.last_error).toContain('132001');
      fake.mode = 'ok';
      expect((await api('POST', `/admin/mail/${failed!.id}/resend`, {}, admin)).statusCode).toBe(200);
      expect(await sendDueWhatsapp(t.db, sender, new Date(Date.now() + 1000))).toEqual({ sent: 1, failed: 0 });
    } finally {
      await other.close();
      await fake.close();
    }
  });

  it("tells a gateway's PAID callback once, however often the callback comes", async () => {
    // The live gateway (the demo sandbox here) and its first channel: a payment the gateway's callback may move.
    const offer = (await api('GET', '/payments/channels')).json().data.providers[0];
    const o = await guestOrder({ method: `${offer.id}:${offer.channels[0].code}` });
    const [payment] = await t.db.select().from(paymentRows).where(eq(paymentRows.order_id, o.id));
    const body = JSON.stringify({ reference: payment!.reference, merchant_ref: payment!.merchant_ref, status: 'PAID', paid_at: Math.floor(clock.getTime() / 1000) });
    const callback = () =>
      api('POST', `/payments/${offer.id}/callback`, body, { 'content-type': 'application/json', 'x-callback-event': 'payment_status', 'x-callback-signature': callbackSignature(body, SANDBOX_PRIVATE_KEY) });
    expect((await callback()).statusCode).toBe(200);
    expect((await callback()).statusCode).toBe(200);
    expect((await rowsOf(o.id, 'payment_received')).map((r) => r.channel)).toEqual(['email', 'whatsapp']);
  });

  it('queues one reminder per order and channel when two processes run the whole job round at once', async () => {
    const other = await otherProcess();
    try {
      const o = await guestOrder();
      const [row] = await t.db.select({ due: orders.payment_due_at }).from(orders).where(eq(orders.id, o.id));
      const at = new Date(row!.due!.getTime() - 3600_000);
      const config = loadConfig({ JOB_INTERVAL_MS: '0', PUBLIC_URL: 'https://toko.contoh.id' });
      const errors: unknown[] = [];
      const log = { info: () => undefined, error: (e: object) => errors.push(e) };
      const stops = [startJobs({ db: t.db, config, log, now: () => at }), startJobs({ db: other.db, config, log, now: () => at })];
      await Promise.all(stops.map((stop) => stop()));
      expect(errors).toEqual([]);
      const rows = await rowsOf(o.id, 'payment_reminder');
      expect(rows.map((r) => r.channel)).toEqual(['email', 'whatsapp']);
      expect(rows[0]!.text_body).toContain(`https://toko.contoh.id${o.order_url}`);
    } finally {
      await other.close();
    }
  });

  it('logs a job round with failed sends at error level, not info', async () => {
    const fake = await startFakeWhatsapp('tok');
    fake.mode = 'server-error';
    try {
      const o = await guestOrder();
      await queueBuyerMessage(t.db, { kind: 'order_expired', orderId: o.id }, { origin: 'https://toko.contoh.id', smtp: false, whatsapp: true });
      const config = loadConfig({ JOB_INTERVAL_MS: '0', WHATSAPP_TOKEN: 'tok', WHATSAPP_PHONE_NUMBER_ID: '1065', WHATSAPP_API_URL: fake.url });
      const lines: { level: string; message: string }[] = [];
      const log = { info: (_: object, message: string) => lines.push({ level: 'info', message }), error: (_: object, message: string) => lines.push({ level: 'error', message }) };
      await startJobs({ db: t.db, config, log, now: () => new Date(Date.now() + 1000) })();
      expect(lines.filter((l) => /WhatsApp/.test(l.message))).toEqual([{ level: 'error', message: 'sebagian pesan WhatsApp outbox gagal dikirim' }]);
    } finally {
      await fake.close();
    }
  });
});
