/**
 * The partner's Pesanan (issue 29 §2, decision 056) on the test engine: a partner sees only the
 * shipments of paid orders holding its products, and only its own lines; it cannot act on another
 * partner's shipment (404) or a mixed one (422); "Siapkan" then "Kirim" with the resi moves the
 * shipment and the order exactly as the order desk's send, tells the buyer once, and records that the
 * partner sent it. The gate itself (visitor 401, customer and admin 403) is the route-access walk's.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerShipmentFilterOf, partnerShipmentMessages, shipDeadline, type PartnerShipment, type PartnerShipmentList } from '@pasar/core/partner-shipments';
import { shipmentMessages } from '@pasar/core/shipments';
import { mailOutbox, orders, payments, shipmentEvents, shipments } from '../../db/schema';
import { demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { makePartner, makeProduct } from '../../test/factories';
import { appTakingManyOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';
import { partnerProgram, savePartnerProgram, storeTimeZone } from '../settings/settings.service';

let t: TestApp;
let admin: { authorization: string };
let partnerA: { authorization: string };
let partnerB: { authorization: string };
let businessA: number;
let local: LocalCourierOption;
let productA: number;
let productA2: number;
let productB: number;

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

interface Placed {
  id: number;
  shipmentId: number;
}

/** A guest order of the given products (one district: one shipment), paid unless told otherwise. */
async function order(lines: { productId: number; quantity: number }[], paid = true): Promise<Placed> {
  const body = { ...guestOrderPayload({ productId: lines[0]!.productId, quantity: 1, local, email: 'pembeli@contoh.id', name: 'Sari Pembeli' }), order_items: lines.map((l) => ({ product_id: l.productId, quantity: l.quantity })) };
  const res = await call('POST', '/orders', {}, body);
  if (res.statusCode !== 201) throw new Error(res.body);
  const data = res.json().data as { id: number; shipments: { id: number }[] };
  expect(data.shipments).toHaveLength(1);
  if (paid) {
    const confirm = await call('POST', `/orders/${data.id}/payment/confirm`, admin, {});
    if (confirm.statusCode !== 200) throw new Error(confirm.body);
  }
  return { id: data.id, shipmentId: data.shipments[0]!.id };
}

const list = async (headers: Record<string, string>, query = '') => {
  const res = await call('GET', `/mitra/shipments${query}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json().data as PartnerShipmentList;
};
const shipmentRow = async (id: number) => (await t.db.select().from(shipments).where(eq(shipments.id, id)))[0]!;
const orderStatus = async (id: number) => (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
const shippedMessages = async (o: Placed) => t.db.select().from(mailOutbox).where(like(mailOutbox.dedupe_key, `shipment_shipped:${o.id}:${o.shipmentId}:%`));

let own: Placed;
let ownNational: Placed;
let mixed: Placed;
let theirs: Placed;
let unpaid: Placed;

beforeAll(async () => {
  t = await appTakingManyOrders();
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
  const a = await makePartner(t.db, { business: { name: 'Keripik Bu Sri Uji' } });
  const b = await makePartner(t.db, { business: { name: 'Batik Laweyan Uji' } });
  businessA = a.business.id;
  partnerA = await signIn(t.app, a.user.username, a.user.password);
  partnerB = await signIn(t.app, b.user.username, b.user.password);
  productA = (await makeProduct(t.db, { name: 'Keripik Singkong Uji', business_id: a.business.id, stock: 100 })).id;
  productA2 = (await makeProduct(t.db, { name: 'Rempeyek Uji', business_id: a.business.id, stock: 100 })).id;
  productB = (await makeProduct(t.db, { name: 'Batik Tulis Uji', business_id: b.business.id, stock: 100 })).id;
  local = await localCourierOption(t.app);

  own = await order([{ productId: productA, quantity: 2 }, { productId: productA2, quantity: 1 }]);
  ownNational = await order([{ productId: productA, quantity: 1 }]);
  // A parcel a national courier carries needs its resi (as the order desk's shipments test sets one up).
  await t.db.update(shipments).set({ kind: 'national', courier_code: 'jne', courier_name: null, service: 'REG' }).where(eq(shipments.id, ownNational.shipmentId));
  mixed = await order([{ productId: productA, quantity: 1 }, { productId: productB, quantity: 3 }]);
  theirs = await order([{ productId: productB, quantity: 1 }]);
  unpaid = await order([{ productId: productA, quantity: 1 }], false);
});
afterAll(async () => {
  await t?.close();
});

describe(`partner shipments (${testEngine})`, () => {
  it("lists only the partner's shipments of paid orders, newest first, with only its own lines", async () => {
    const mine = await list(partnerA);
    const ids = mine.items.map((s) => s.id);
    expect(ids).toEqual([mixed.shipmentId, ownNational.shipmentId, own.shipmentId]);
    expect(ids).not.toContain(theirs.shipmentId);
    expect(ids).not.toContain(unpaid.shipmentId);
    expect(mine.counts).toEqual({ to_send: 3, shipped: 0, done: 0, cancelled: 0 });
    expect(mine.total).toBe(3);

    const first = mine.items.find((s) => s.id === own.shipmentId)!;
    expect(first).toMatchObject({ order_id: own.id, order_code: `#${own.id}`, buyer_name: 'Sari Pembeli', buyer_phone: '6281200000000', shipping_address: 'Jl. Braga No. 5', status: 'packing', status_label: 'Dikemas', can_act: true, cannot_act_reason: null, late: false });
    expect(first.items.map((i) => [i.product_name, i.quantity])).toEqual([
      ['Keripik Singkong Uji', 2],
      ['Rempeyek Uji', 1],
    ]);
    expect(first.paid_at).not.toBeNull();
    expect(new Date(first.ship_by!).getTime()).toBeGreaterThan(new Date(first.paid_at!).getTime());
    expect(mine.items.find((s) => s.id === ownNational.shipmentId)).toMatchObject({ courier_name: 'JNE', service: 'REG', resi_required: true });

    // The mixed shipment shows A's line only, and says why A cannot send it.
    const shared = mine.items.find((s) => s.id === mixed.shipmentId)!;
    expect(shared.items.map((i) => i.product_name)).toEqual(['Keripik Singkong Uji']);
    expect(shared).toMatchObject({ can_act: false, cannot_act_reason: partnerShipmentMessages.mixed });

    // B sees its own and the mixed one with its own line only.
    const bs = await list(partnerB);
    expect(bs.items.map((s) => s.id)).toEqual([theirs.shipmentId, mixed.shipmentId]);
    expect(bs.items.find((s) => s.id === mixed.shipmentId)!.items.map((i) => i.product_name)).toEqual(['Batik Tulis Uji']);

    expect((await list(partnerA, '?status=shipped')).items).toEqual([]);
    const bad = await call('GET', '/mitra/shipments?status=semua', partnerA);
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for a shipment holding none of the partner's lines, and refuses to act on it", async () => {
    expect((await call('GET', `/mitra/shipments/${theirs.shipmentId}`, partnerA)).statusCode).toBe(404);
    expect((await call('GET', '/mitra/shipments/999999', partnerA)).statusCode).toBe(404);
    for (const action of ['prepare', 'ship']) {
      const res = await call('POST', `/mitra/shipments/${theirs.shipmentId}/${action}`, partnerA, { tracking_number: 'X1' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(partnerShipmentMessages.notFound);
    }
    const row = await shipmentRow(theirs.shipmentId);
    expect(row).toMatchObject({ status: 'packing', prepared_at: null, shipped_by_business_id: null });
  });

  it('refuses a mixed shipment (the office sends it) and an unpaid order, with the reason', async () => {
    for (const action of ['prepare', 'ship']) {
      const res = await call('POST', `/mitra/shipments/${mixed.shipmentId}/${action}`, partnerA, { tracking_number: 'X1' });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe(partnerShipmentMessages.mixed);
      const notPaid = await call('POST', `/mitra/shipments/${unpaid.shipmentId}/${action}`, partnerA, { tracking_number: 'X1' });
      expect(notPaid.statusCode).toBe(422);
      expect(notPaid.json().error).toBe(partnerShipmentMessages.unpaid);
    }
    expect(await shipmentRow(mixed.shipmentId)).toMatchObject({ status: 'packing', prepared_at: null });
    expect(await shipmentRow(unpaid.shipmentId)).toMatchObject({ status: 'packing', prepared_at: null });
  });

  it("gives the deadline from the payment's day and the setting's days, red once passed", async () => {
    const program = await partnerProgram(t.db);
    await savePartnerProgram(t.db, { ...program, ship_within_days: 1 });
    // The payment came ten days ago: one day to send has long passed.
    const paidAt = new Date(Date.now() - 10 * 24 * 3600_000);
    await t.db.update(payments).set({ paid_at: paidAt }).where(eq(payments.order_id, own.id));
    const shown = (await call('GET', `/mitra/shipments/${own.shipmentId}`, partnerA)).json().data as PartnerShipment;
    expect(shown.paid_at).toBe(paidAt.toISOString());
    expect(shown.ship_by).toBe(shipDeadline(paidAt, 1, await storeTimeZone(t.db)).toISOString());
    expect(shown.late).toBe(true);
    // A fresh payment is not late.
    expect((await call('GET', `/mitra/shipments/${ownNational.shipmentId}`, partnerA)).json().data.late).toBe(false);
    await savePartnerProgram(t.db, program);
  });

  it('prepares then ships with the resi: the shipment and the order move, the buyer is told once, the partner is recorded', async () => {
    const prepared = await call('POST', `/mitra/shipments/${ownNational.shipmentId}/prepare`, partnerA);
    expect(prepared.statusCode).toBe(200);
    expect(prepared.json().message).toBe(partnerShipmentMessages.prepared);
    const preparedAt = (prepared.json().data as PartnerShipment).prepared_at;
    expect(preparedAt).not.toBeNull();
    // Twice is once: the first time stays, one timeline entry.
    expect((await call('POST', `/mitra/shipments/${ownNational.shipmentId}/prepare`, partnerA)).json().data.prepared_at).toBe(preparedAt);
    const preparedEvents = await t.db.select().from(shipmentEvents).where(and(eq(shipmentEvents.shipment_id, ownNational.shipmentId), eq(shipmentEvents.description, partnerShipmentMessages.preparedEvent('Keripik Bu Sri Uji'))));
    expect(preparedEvents).toHaveLength(1);
    expect(preparedEvents[0]!.actor_user_id).not.toBeNull();

    // A national courier without its resi: 422 with the field, nothing moved.
    const noResi = await call('POST', `/mitra/shipments/${ownNational.shipmentId}/ship`, partnerA, { tracking_number: '  ' });
    expect(noResi.statusCode).toBe(422);
    expect(noResi.json()).toMatchObject({ error: shipmentMessages.resiRequired, fields: { tracking_number: shipmentMessages.resiRequired } });
    expect((await shipmentRow(ownNational.shipmentId)).status).toBe('packing');
    expect(await shippedMessages(ownNational)).toHaveLength(0);

    const version = (await shipmentRow(ownNational.shipmentId)).version;
    const sent = await call('POST', `/mitra/shipments/${ownNational.shipmentId}/ship`, partnerA, { tracking_number: ' CGK0001 ', version });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'shipped', status_label: 'Dikirim', tracking_number: 'CGK0001', shipped_by_partner: true, can_act: false, cannot_act_reason: null, filter: 'shipped' });
    const row = await shipmentRow(ownNational.shipmentId);
    expect(row).toMatchObject({ status: 'shipped', tracking_number: 'CGK0001', shipped_by_business_id: businessA });
    expect(row.shipped_at).not.toBeNull();
    expect(await orderStatus(ownNational.id)).toBe('shipped');
    const told = await shippedMessages(ownNational);
    expect(told.filter((m) => m.channel === 'email')).toHaveLength(1);

    // Already sent: a second "Kirim" is refused and tells nobody again; "Siapkan" answers as it is.
    const again = await call('POST', `/mitra/shipments/${ownNational.shipmentId}/ship`, partnerA, { tracking_number: 'CGK0002' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(partnerShipmentMessages.alreadyShipped);
    expect(await shippedMessages(ownNational)).toHaveLength(told.length);
    expect((await call('POST', `/mitra/shipments/${ownNational.shipmentId}/prepare`, partnerA)).statusCode).toBe(200);

    // The order desk sees in the timeline that the partner sent it.
    const desk = (await call('GET', `/orders/${ownNational.id}`, admin)).json().data as { shipments: { events: { description: string; status: string | null }[] }[] };
    const descriptions = desk.shipments[0]!.events.map((e) => e.description);
    expect(descriptions).toContain(partnerShipmentMessages.preparedEvent('Keripik Bu Sri Uji'));
    expect(descriptions.some((d) => d.includes(shipmentMessages.sentByPartner('Keripik Bu Sri Uji')) && d.includes('CGK0001'))).toBe(true);

    // The tabs follow.
    const mine = await list(partnerA, '?status=shipped');
    expect(mine.items.map((s) => s.id)).toEqual([ownNational.shipmentId]);
    expect(mine.counts).toMatchObject({ to_send: 2, shipped: 1 });
  });

  it('ships a local courier parcel without a resi and marks it prepared on the way; the desk-sent one owes the partner nothing', async () => {
    const sent = await call('POST', `/mitra/shipments/${own.shipmentId}/ship`, partnerA, {});
    expect(sent.statusCode).toBe(200);
    const row = await shipmentRow(own.shipmentId);
    expect(row.prepared_at).not.toBeNull();
    expect(row.shipped_by_business_id).toBe(businessA);
    expect(await orderStatus(own.id)).toBe('shipped');

    // The office sends B's own parcel from the order desk: not recorded as B's.
    expect((await call('POST', `/shipments/${theirs.shipmentId}/ship`, admin, {})).statusCode).toBe(200);
    expect((await shipmentRow(theirs.shipmentId)).shipped_by_business_id).toBeNull();
    expect((await call('GET', `/mitra/shipments/${theirs.shipmentId}`, partnerB)).json().data).toMatchObject({ status: 'shipped', shipped_by_partner: false });
  });

  it("sorts each shipment into the tab core says (the list's SQL and partnerShipmentFilterOf agree)", async () => {
    // A paid order cancelled with its shipment rows left as they were (the refund dialog's cancel may):
    // its open parcel reads cancelled, and nobody may act on it.
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, mixed.id));
    const cancelled = await list(partnerA, '?status=cancelled');
    expect(cancelled.items.map((s) => s.id)).toEqual([mixed.shipmentId]);
    expect(cancelled.items[0]).toMatchObject({ status_label: 'Dibatalkan', can_act: false, cannot_act_reason: partnerShipmentMessages.orderCancelled, late: false });
    expect((await call('POST', `/mitra/shipments/${mixed.shipmentId}/prepare`, partnerA)).statusCode).toBe(409);
    for (const headers of [partnerA, partnerB]) {
      for (const status of ['to_send', 'shipped', 'done', 'cancelled'] as const) {
        const page = await list(headers, `?status=${status}`);
        for (const s of page.items) {
          const o = (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, s.order_id)))[0]!.s;
          expect(partnerShipmentFilterOf(s.status, o)).toBe(status);
          expect(s.filter).toBe(status);
        }
      }
    }
  });
});
