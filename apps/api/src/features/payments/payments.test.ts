/**
 * Money that settles (issue 13 (docs/issues.md)): the order link, the proof of transfer, the admin's confirm and
 * reject (and their races), deadlines, kode unik, the abuse caps and the sandbox only on purpose.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentInstructionSchema, stepText } from '@pasar/core/checkout';
import { formatRupiah } from '@pasar/core/money';
import { paymentMessages } from '@pasar/core/payments';
import { formatDateTime } from '@pasar/core/time';
import { orders, payments, products } from '../../db/schema';
import { callbackSignature, SANDBOX_PRIVATE_KEY } from '../../integrations/payments/sandbox-gateway';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeProduct, type MadeProduct } from '../../test/factories';
import { guestOrderPayload, localCourierOption, proofForm, sendProof, type LocalCourierOption } from '../../test/orders';
import { expireUnpaidOrders } from './payments.service';

let t: TestApp;
let local: LocalCourierOption;
let admin: { authorization: string };
let customer: { authorization: string };
const clock = new Date('2026-11-23T03:00:00Z');
let pid: number;
/** The product most orders here buy: made for this file, in the store's own district. */
let product: MadeProduct;
let businessId: number;

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');

const stockOf = async (id: number) => (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers });

let seq = 0;
/** A guest manual-transfer order; each from its own e-mail and address unless told otherwise. */
async function guestOrder(over: { quantity?: number; email?: string; address?: string; method?: string; productId?: number } = {}) {
  seq += 1;
  const body = {
    ...guestOrderPayload({ productId: over.productId ?? pid, quantity: over.quantity ?? 1, local, email: over.email ?? `pembeli${seq}@contoh.id` }),
    shipping_address: over.address ?? `Jl. Braga No. ${seq}`,
    ...(over.method ? { payment_method: over.method } : {}),
  };
  return api('POST', '/orders', body);
}
const tokenOf = (orderUrl: string) => orderUrl.split('/').pop()!;
const uploadProof = (token: string, file = png, name = 'bukti.png', type = 'image/png') => sendProof(t.app, token, file, name, type);

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  local = await localCourierOption(t.app);
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
  businessId = (await makeBusiness(t.db)).id;
  product = await makeProduct(t.db, { business_id: businessId, price: 14000, stock: 500 });
  pid = product.id;
});
afterAll(async () => {
  await t?.close();
});

describe(`manual transfer (${testEngine})`, () => {
  it('answers with the order link, the accounts, the note and the deadline; the link opens without signing in', async () => {
    const res = await guestOrder();
    expect(res.statusCode).toBe(201);
    const o = res.json().data;
    expect(o.order_url).toMatch(/^\/pesanan\/akses\/[0-9a-f]{64}$/);
    expect(o.payment).toMatchObject({
      provider: 'manual',
      transfer_note: `Pesanan #${o.id}`,
      state_label: 'Belum dibayar',
      sandbox: false,
      proof_status: 'none',
      amount: o.total_amount,
    });
    expect(o.payment.bank_accounts.map((a: { bank_name: string }) => a.bank_name)).toEqual(['Bank BJB', 'Bank Mandiri']);
    expect(o.unique_code).toBe(0);
    expect(new Date(o.payment_due_at).getTime() - clock.getTime()).toBe(24 * 3600_000);

    const page = await api('GET', `/orders/access/${tokenOf(o.order_url)}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ id: o.id, total_amount: o.total_amount });
    const wrong = await api('GET', `/orders/access/${'0'.repeat(64)}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toBe(paymentMessages.accessNotFound);
    expect((await api('GET', `/orders/access/${o.id}`)).statusCode).toBe(400);
  });

  // Issue 18 (docs/issues.md): instructions are words and bold, never markup, so no client parses HTML.
  it('answers its instructions as steps of words and bold: the amount, the accounts, the note and the deadline in bold', async () => {
    const o = (await guestOrder()).json().data;
    const [instruction] = paymentInstructionSchema.array().parse(o.payment.instructions);
    const bold = instruction!.steps.flatMap((s) => s.filter((x) => x.strong).map((x) => x.text));
    expect(bold).toEqual(expect.arrayContaining([formatRupiah(o.total_amount), 'Bank BJB 0001234567890', `Pesanan #${o.id}`, formatDateTime(o.payment_due_at)]));
    expect(stepText(instruction!.steps[1]!)).toBe(`Tulis berita transfer: Pesanan #${o.id}.`);
    expect(JSON.stringify(o.payment.instructions)).not.toMatch(/<\/?b>|&#/);
  });

  it('reads a payment stored before issue 18, its steps HTML strings, as words and bold', async () => {
    const o = (await guestOrder()).json().data;
    const old = [{ title: 'Transfer bank manual', steps: ['Transfer tepat <b>Rp10.000</b> ke rekening <b>Bank A &#38; B 123</b>.', 'Unggah bukti transfer.'] }];
    await t.db.update(payments).set({ instructions: old }).where(eq(payments.order_id, o.id));
    const read = (await api('GET', `/orders/access/${tokenOf(o.order_url)}`)).json().data.payment.instructions;
    expect(read).toEqual([
      {
        title: 'Transfer bank manual',
        steps: [[{ text: 'Transfer tepat ' }, { text: 'Rp10.000', strong: true }, { text: ' ke rekening ' }, { text: 'Bank A & B 123', strong: true }, { text: '.' }], [{ text: 'Unggah bukti transfer.' }]],
      },
    ]);
  });

  it('takes a proof checked by its content, then reads Menunggu verifikasi', async () => {
    const o = (await guestOrder()).json().data;
    const token = tokenOf(o.order_url);
    const fake = await uploadProof(token, Buffer.from('<svg onload="alert(1)"></svg>'), 'bukti.png', 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ success: false, error: paymentMessages.proofBadType });
    const big = await uploadProof(token, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe(paymentMessages.proofTooLarge);
    const none = await t.app.inject({ method: 'POST', url: `/api/v1/orders/access/${token}/payment-proof`, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(paymentMessages.proofMissing);

    const ok = await uploadProof(token, pdf, 'bukti.pdf', 'application/pdf');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.payment).toMatchObject({ proof_status: 'submitted', state_label: 'Menunggu verifikasi' });
    const proof = await api('GET', `/orders/${o.id}/payment/proof`, undefined, admin);
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('application/pdf');
    expect(proof.rawPayload.equals(pdf)).toBe(true);
    expect((await api('GET', `/orders/${o.id}/payment/proof`, undefined, customer)).statusCode).toBe(403);
  });

  it('lets a signed-in customer upload for their own order only', async () => {
    const mine = await api('POST', '/orders', { ...guestOrderPayload({ productId: pid, quantity: 1, local }), guest_email: null }, customer);
    expect(mine.statusCode).toBe(201);
    const id = mine.json().data.id as number;
    const m = proofForm(png);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/orders/mine/${id}/payment-proof`, payload: m.payload, headers: { ...m.headers, ...customer } });
    expect(res.statusCode).toBe(200);
    const other = (await guestOrder()).json().data;
    const m2 = proofForm(png);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/orders/mine/${other.id}/payment-proof`, payload: m2.payload, headers: { ...m2.headers, ...customer } })).statusCode).toBe(404);
  });

  it('is confirmed once by an admin: paid, pending becomes confirmed, in the audit trail and the filter', async () => {
    const o = (await guestOrder()).json().data;
    await uploadProof(tokenOf(o.order_url));
    const waiting = (await api('GET', '/orders?payment=verification&page_size=100', undefined, admin)).json().data;
    expect(waiting.items.map((x: { id: number }) => x.id)).toContain(o.id);
    expect(waiting.counts.verification).toBeGreaterThanOrEqual(1);
    const bell = (await api('GET', '/dashboard/notifications', undefined, admin)).json().data;
    expect(bell.awaiting_verification).toBeGreaterThanOrEqual(1);
    expect((await api('POST', `/orders/${o.id}/payment/confirm`, {}, customer)).statusCode).toBe(403);

    const [a, b] = await Promise.all([api('POST', `/orders/${o.id}/payment/confirm`, {}, admin), api('POST', `/orders/${o.id}/payment/confirm`, {}, admin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error).toBe(paymentMessages.alreadyPaid);
    const done = (a.statusCode === 200 ? a : b).json().data;
    expect(done).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(done.payment.state_label).toBe('Sudah dibayar');
    expect(done.events.filter((e: { kind: string; note: string }) => e.kind === 'payment' && e.note.includes('dikonfirmasi'))).toHaveLength(1);
    expect((await api('GET', `/orders/access/${tokenOf(o.order_url)}`)).json().data.payment_status).toBe('paid');
    const activity = (await api('GET', '/dashboard/summary', undefined, admin)).json().data.recent_activity;
    expect(activity).toContainEqual(expect.objectContaining({ kind: 'order_status', title: `Pesanan #${o.id}: Dikonfirmasi` }));
    const after = (await api('GET', '/orders?payment=verification&page_size=100', undefined, admin)).json().data;
    expect(after.items.map((x: { id: number }) => x.id)).not.toContain(o.id);
  });

  it('refuses a stale confirm and a confirm of a gateway payment', async () => {
    const o = (await guestOrder()).json().data;
    const stale = await api('POST', `/orders/${o.id}/payment/confirm`, { version: o.version + 5 }, admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_UPDATE');
    const online = (await guestOrder({ method: 'tripay:QRIS' })).json().data;
    expect(online.payment.sandbox).toBe(true);
    expect((await api('POST', `/orders/${online.id}/payment/confirm`, {}, admin)).json().error).toBe(paymentMessages.notManual);
  });

  it('is rejected with a reason the buyer reads, and a new proof can follow', async () => {
    const o = (await guestOrder()).json().data;
    const token = tokenOf(o.order_url);
    expect((await api('POST', `/orders/${o.id}/payment/reject`, { reason: 'x' }, admin)).statusCode).toBe(400);
    expect((await api('POST', `/orders/${o.id}/payment/reject`, { reason: 'Nominal tidak sesuai' }, admin)).json().error).toBe(paymentMessages.notRejectable);
    await uploadProof(token);
    const noReason = await api('POST', `/orders/${o.id}/payment/reject`, {}, admin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(paymentMessages.rejectReasonRequired);
    const rejected = await api('POST', `/orders/${o.id}/payment/reject`, { reason: 'Nominal tidak sesuai' }, admin);
    expect(rejected.statusCode).toBe(200);
    const seen = (await api('GET', `/orders/access/${token}`)).json().data;
    expect(seen.payment).toMatchObject({ proof_status: 'rejected', rejection_reason: 'Nominal tidak sesuai', state_label: 'Bukti ditolak' });
    const again = await uploadProof(token);
    expect(again.json().data.payment).toMatchObject({ proof_status: 'submitted', rejection_reason: null });
  });
});

describe(`deadlines (${testEngine})`, () => {
  it('cancels an unpaid order past its deadline once, even when the job runs twice at once, and returns its stock', async () => {
    // A product no other test orders: earlier tests' orders expire in the same run.
    const own = (await makeProduct(t.db, { business_id: businessId, price: 16000, stock: 27 })).id;
    const before = await stockOf(own);
    const placed = [];
    for (let i = 0; i < 6; i++) placed.push((await guestOrder({ quantity: 2, productId: own })).json().data);
    const o = placed[0];
    expect(await stockOf(own)).toBe(before - 12);
    const early = await expireUnpaidOrders(t.db, new Date(clock.getTime() + 23 * 3600_000));
    expect(early).not.toContain(o.id);
    const later = new Date(clock.getTime() + 24 * 3600_000 + 1000);
    const runs = await Promise.all([1, 2, 3, 4].map(() => expireUnpaidOrders(t.db, later)));
    for (const order of placed) expect(runs.flat().filter((id) => id === order.id)).toHaveLength(1);
    expect(await stockOf(own)).toBe(before);
    const seen = (await api('GET', `/orders/access/${tokenOf(o.order_url)}`)).json().data;
    expect(seen).toMatchObject({ status: 'cancelled', payment_status: 'expired' });
    expect(seen.payment.state_label).toBe('Kedaluwarsa');
    // Issue 28: its shipment goes with it, once, with a timeline entry.
    expect(seen.shipments.map((s: { status: string }) => s.status)).toEqual(['cancelled']);
    expect(seen.shipments[0].events.filter((e: { status: string | null }) => e.status === 'cancelled')).toHaveLength(1);
    expect((await api('POST', `/orders/${o.id}/payment/confirm`, {}, admin)).json().error).toBe(paymentMessages.notConfirmable);
    expect((await uploadProof(tokenOf(o.order_url))).json().error).toBe(paymentMessages.proofNotExpected);
  });

  it('keeps an order whose proof waits for an admin, within the verification window (decision 044: proof-window.test.ts)', async () => {
    const o = (await guestOrder()).json().data;
    await uploadProof(tokenOf(o.order_url));
    expect(await expireUnpaidOrders(t.db, new Date(clock.getTime() + 47 * 3600_000))).not.toContain(o.id);
    expect((await api('GET', `/orders/access/${tokenOf(o.order_url)}`)).json().data.status).toBe('pending');
  });

  it('lets an expiry racing a confirm end one way only', async () => {
    for (let round = 0; round < 4; round++) {
      const before = await stockOf(pid);
      const o = (await guestOrder({ quantity: 2 })).json().data;
      const later = new Date(clock.getTime() + 25 * 3600_000);
      const [expired, confirm] = await Promise.all([expireUnpaidOrders(t.db, later), api('POST', `/orders/${o.id}/payment/confirm`, {}, admin)]);
      const [row] = await t.db.select({ status: orders.status, payment_status: orders.payment_status, stock_held: orders.stock_held }).from(orders).where(eq(orders.id, o.id));
      if (confirm.statusCode === 200) {
        expect(expired).not.toContain(o.id);
        expect(row).toMatchObject({ status: 'confirmed', payment_status: 'paid', stock_held: true });
        expect(await stockOf(pid)).toBe(before - 2);
      } else {
        expect(expired).toContain(o.id);
        expect(row).toMatchObject({ status: 'cancelled', payment_status: 'expired', stock_held: false });
        expect(await stockOf(pid)).toBe(before);
      }
    }
  });
});

describe(`kode unik and caps (${testEngine})`, () => {
  it('adds a kode unik of 1..999 to a manual total when the setting is on, and never to a gateway', async () => {
    const current = (await api('GET', '/settings/payments', undefined, admin)).json().data;
    expect(current.unique_code_enabled).toBe(false);
    const saved = await api('PUT', '/settings/payments', { ...current, unique_code_enabled: true }, admin);
    expect(saved.statusCode).toBe(200);
    try {
      const o = (await guestOrder()).json().data;
      expect(o.unique_code).toBeGreaterThanOrEqual(1);
      expect(o.unique_code).toBeLessThanOrEqual(999);
      expect(o.total_amount).toBe(o.subtotal_amount + o.shipping_cost + o.unique_code);
      expect(o.payment.amount).toBe(o.total_amount);
      const online = (await guestOrder({ method: 'tripay:BRIVA' })).json().data;
      expect(online.unique_code).toBe(0);
    } finally {
      await api('PUT', '/settings/payments', current, admin);
    }
    const bad = await api('PUT', '/settings/payments', { ...current, manual_deadline_hours: 0 }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Batas waktu minimal 1 jam.');
  });

  it('caps open unpaid guest orders per e-mail and per address, and the quantity of one line', async () => {
    for (let i = 0; i < 3; i++) expect((await guestOrder({ email: 'rajin@contoh.id' })).statusCode).toBe(201);
    const fourth = await guestOrder({ email: 'RAJIN@contoh.id' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toBe(paymentMessages.tooManyUnpaidEmail(3));
    for (let i = 0; i < 3; i++) expect((await guestOrder({ address: 'Jl. Dago No. 99' })).statusCode).toBe(201);
    const sameAddress = await guestOrder({ address: 'jl dago no 99' });
    expect(sameAddress.statusCode).toBe(429);
    expect(sameAddress.json().error).toBe(paymentMessages.tooManyUnpaidAddress(3));
    const huge = await guestOrder({ quantity: 51 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error).toBe(paymentMessages.lineQuantityTooLarge(product.name, 50));
    // Signed-in buyers are capped too, per account (issue 26): features/orders/order-caps.test.ts.
  });

  it('keeps every new order message in the outbox when no SMTP server is configured', async () => {
    const o = (await guestOrder({ email: 'surat@contoh.id' })).json().data;
    const box = (await api('GET', '/outbox?page_size=50', undefined, admin)).json().data;
    const mine = box.items.filter((m: { order_id: number | null }) => m.order_id === o.id);
    expect(mine.length).toBeGreaterThanOrEqual(1);
    const toBuyer = mine.find((m: { to_address: string }) => m.to_address === 'surat@contoh.id');
    expect(toBuyer).toMatchObject({ status: 'kept' });
    expect(toBuyer.text_body).toContain(o.order_url);
  });
});

describe(`the sandbox only on purpose (${testEngine})`, () => {
  const sandboxCallback = (app: TestApp['app']) => {
    const body = JSON.stringify({ reference: 'SBX-000000000000', merchant_ref: 'ORD-1', status: 'PAID' });
    return app.inject({
      method: 'POST',
      url: '/api/v1/payments/sandbox/callback',
      payload: body,
      headers: { 'content-type': 'application/json', 'x-callback-event': 'payment_status', 'x-callback-signature': callbackSignature(body, SANDBOX_PRIVATE_KEY) },
    });
  };

  it('is never offered in a shop without the demo data, whatever NODE_ENV says', async () => {
    for (const env of [{ NODE_ENV: 'production' }, {}] as Record<string, string>[]) {
      const shop = await createTestApp({ seed: false, env });
      try {
        expect((await shop.app.inject({ method: 'GET', url: '/api/v1/payments/channels' })).json().data).toEqual({ providers: [] });
        expect((await sandboxCallback(shop.app)).statusCode).toBe(404);
        expect((await shop.app.inject({ method: 'GET', url: '/api/v1/payments/sandbox/pay/SBX-000000000000' })).statusCode).toBe(404);
        expect((await shop.app.inject({ method: 'GET', url: '/api/v1/settings/store' })).json().data.payment_sandbox).toBe(false);
      } finally {
        await shop.close();
      }
    }
  });

  it('is offered, labelled as a demo, with PAYMENT_SANDBOX=true or in the demo shop', async () => {
    const shop = await createTestApp({ seed: false, env: { PAYMENT_SANDBOX: 'true' } });
    try {
      const [offer, ...others] = (await shop.app.inject({ method: 'GET', url: '/api/v1/payments/channels' })).json().data.providers;
      expect(others).toEqual([]);
      expect(offer).toMatchObject({ id: 'sandbox', sandbox: true, error: null });
      expect(offer.channels.length).toBeGreaterThan(0);
    } finally {
      await shop.close();
    }
    // The storefront spec's §7 call names the provider in its path; the sandbox answered it under its old prefix, and still does.
    expect((await api('GET', '/payments/tripay/channels')).json().data.sandbox).toBe(true);
    expect((await api('GET', '/payments/sandbox/channels')).json().data.sandbox).toBe(true);
    const o = (await guestOrder({ method: 'tripay:QRIS' })).json().data;
    expect(o.payment.instructions[0].title).toContain('Mode demo');
    const [instruction] = paymentInstructionSchema.array().parse(o.payment.instructions);
    expect(instruction!.steps.at(-1)).toEqual([{ text: 'Pastikan jumlahnya ' }, { text: formatRupiah(o.total_amount), strong: true }, { text: ', lalu konfirmasi.' }]);
    const page = await api('GET', `/payments/sandbox/pay/${o.payment.reference}`);
    expect(page.body).toContain('Mode demo — tidak ada uang yang berpindah.');
  });
});
