/**
 * Shipments (issue 28) on the test engine: an unpaid order is neither confirmed nor shipped; "Kirim"
 * with a resi; the buyer's "Pesanan diterima" by account and by order link; the auto-complete job
 * after the setting's days, once across two runs at the same time; the buyer's cancel of an unpaid
 * order returning stock; tracking offline (the shop's timeline).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentMessages } from '@pasar/core/shipments';
import { orders, products, shipments } from '../../db/schema';
import { demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { appForOrders, guestOrderPayload, type LocalCourierOption } from '../../test/orders';
import { getSetting, putSetting } from '../settings/settings.repository';
import { defaultPaymentSettings } from '@pasar/core/payments';
import { completeDeliveredShipments, followShipments } from './shipments.service';
import { completeDueShipments } from './shipments.repository';

let t: TestApp;
let admin: { authorization: string };
let productId: number;
let local: LocalCourierOption;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = admin) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
const stockOf = async () => (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, productId)))[0]!.s;

interface Placed {
  id: number;
  token: string;
  shipmentId: number;
}

async function placeOrder(email = 'kirim@contoh.id'): Promise<Placed> {
  const res = await call('POST', '/orders', guestOrderPayload({ productId, quantity: 1, local, email }), {});
  if (res.statusCode !== 201) throw new Error(res.body);
  const order = res.json().data as { id: number; order_url: string; shipments: { id: number }[] };
  return { id: order.id, token: /([0-9a-f]{64})/.exec(order.order_url)![1]!, shipmentId: order.shipments[0]!.id };
}

async function paidOrder(email?: string): Promise<Placed> {
  const placed = await placeOrder(email);
  const res = await call('POST', `/orders/${placed.id}/payment/confirm`, {});
  if (res.statusCode !== 200) throw new Error(res.body);
  return placed;
}

const shipmentRow = async (id: number) => (await t.db.select().from(shipments).where(eq(shipments.id, id)))[0]!;
const orderStatus = async (id: number) => (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;

beforeAll(async () => {
  ({ t, admin, productId, local } = await appForOrders());
});
afterAll(async () => {
  await t?.close();
});

describe(`shipments (${testEngine})`, () => {
  it('refuses to confirm, ship or deliver an unpaid order, with the reason', async () => {
    const o = await placeOrder();
    for (const status of ['confirmed', 'shipped', 'delivered']) {
      const res = await call('PUT', `/orders/${o.id}`, { status });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe(shipmentMessages.unpaidOrder);
    }
    const ship = await call('POST', `/shipments/${o.shipmentId}/ship`, { tracking_number: 'X1' });
    expect(ship.statusCode).toBe(422);
    expect(ship.json().error).toBe(shipmentMessages.unpaidShipment);
    expect((await shipmentRow(o.shipmentId)).status).toBe('packing');
    expect(await orderStatus(o.id)).toBe('pending');
  });

  it('ships with a resi (required for a national courier), and the order follows its shipments', async () => {
    const o = await paidOrder();
    await t.db.update(shipments).set({ kind: 'national', courier_code: 'jne', courier_name: 'JNE', service: 'REG' }).where(eq(shipments.id, o.shipmentId));
    const noResi = await call('POST', `/shipments/${o.shipmentId}/ship`, {});
    expect(noResi.statusCode).toBe(422);
    expect(noResi.json().error).toBe(shipmentMessages.resiRequired);

    const version = (await shipmentRow(o.shipmentId)).version;
    expect((await call('POST', `/shipments/${o.shipmentId}/ship`, { tracking_number: 'JNE1', version: version + 5 })).statusCode).toBe(409);
    const res = await call('POST', `/shipments/${o.shipmentId}/ship`, { tracking_number: ' CGK0123456789 ', service: 'YES', version });
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order.status).toBe('shipped');
    expect(order.shipments[0]).toMatchObject({ status: 'shipped', tracking_number: 'CGK0123456789', courier_name: 'JNE', service: 'YES' });
    expect(order.shipments[0].events.at(-1)).toMatchObject({ status: 'shipped', source: 'staff', description: shipmentMessages.shipped('JNE', 'CGK0123456789') });
    expect(order.events.some((e: { to_status: string }) => e.to_status === 'shipped')).toBe(true);
    // Forward only: a second "Kirim" is refused.
    expect((await call('POST', `/shipments/${o.shipmentId}/ship`, { tracking_number: 'X' })).statusCode).toBe(409);

    const entry = await call('POST', `/shipments/${o.shipmentId}/events`, { description: 'Transit di Semarang', location: 'Semarang' });
    expect(entry.json().data.shipments[0].events.some((e: { description: string; location: string }) => e.description === 'Transit di Semarang' && e.location === 'Semarang')).toBe(true);

    // Offline (no RajaOngkir key) the tracking is the shop's timeline, for the order desk and the order link.
    const tracking = (await call('GET', `/orders/access/${o.token}/shipments/${o.shipmentId}/tracking`, undefined, {})).json().data;
    expect(tracking.source).toBe('staff');
    expect(tracking.events.map((e: { description: string }) => e.description)).toContain('Transit di Semarang');
    expect((await call('GET', `/shipments/${o.shipmentId}/tracking`)).statusCode).toBe(200);
  });

  it('lets a local courier ship without a resi; the buyer confirms received by the order link', async () => {
    const o = await paidOrder();
    expect((await call('POST', `/shipments/${o.shipmentId}/ship`, {})).statusCode).toBe(200);
    expect((await call('POST', `/shipments/${o.shipmentId}/deliver`, {})).json().data.shipments[0].status).toBe('delivered');

    const stranger = await placeOrder('lain@contoh.id');
    expect((await call('POST', `/orders/access/${stranger.token}/shipments/${o.shipmentId}/received`, undefined, {})).statusCode).toBe(404);

    const res = await call('POST', `/orders/access/${o.token}/shipments/${o.shipmentId}/received`, undefined, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('delivered');
    expect(res.json().data.shipments[0]).toMatchObject({ status: 'received' });
    expect(res.json().data.shipments[0].events.at(-1)).toMatchObject({ status: 'received', source: 'buyer' });
    // Twice is once.
    expect((await call('POST', `/orders/access/${o.token}/shipments/${o.shipmentId}/received`, undefined, {})).statusCode).toBe(200);
  });

  it('refuses "Pesanan diterima" before the parcel left, and takes it from the signed-in owner only', async () => {
    const customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
    const body = { ...guestOrderPayload({ productId, quantity: 1, local }), guest_email: undefined };
    const placed = await call('POST', '/orders', body, customer);
    expect(placed.statusCode).toBe(201);
    const { id, shipments: [first] } = placed.json().data as { id: number; shipments: { id: number }[] };
    expect((await call('POST', `/orders/mine/${id}/shipments/${first!.id}/received`, undefined, customer)).statusCode).toBe(409);
    await call('POST', `/orders/${id}/payment/confirm`, {});
    await call('POST', `/shipments/${first!.id}/ship`, {});
    expect((await call('POST', `/orders/mine/${id}/shipments/${first!.id}/received`, undefined, admin)).statusCode).toBe(404);
    const res = await call('POST', `/orders/mine/${id}/shipments/${first!.id}/received`, undefined, customer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('delivered');
  });

  it('completes delivered shipments after the setting\'s days, once across two runs at the same time', async () => {
    const settings = (await getSetting(t.db, 'payments')) ?? defaultPaymentSettings;
    await putSetting(t.db, 'payments', { ...settings, shipment_auto_complete_days: 2 });
    const o = await paidOrder();
    await call('POST', `/shipments/${o.shipmentId}/ship`, {});
    await call('POST', `/shipments/${o.shipmentId}/deliver`, {});
    const deliveredAt = (await shipmentRow(o.shipmentId)).delivered_at!;

    const early = await completeDeliveredShipments(t.db, new Date(deliveredAt.getTime() + 47 * 3600_000));
    expect(early).not.toContain(o.shipmentId);
    expect((await shipmentRow(o.shipmentId)).status).toBe('delivered');

    const at = new Date(deliveredAt.getTime() + 49 * 3600_000);
    // One run holds its claim open while a second runs: the second must neither wait to complete the
    // shipment again nor complete it twice (on PostgreSQL it skips the claimed row).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let claimed!: () => void;
    const claimedNow = new Promise<void>((r) => (claimed = r));
    const first = t.db.transaction(async (tx) => {
      const rows = await completeDueShipments(tx, at, 2, 100);
      for (const r of rows) await followShipments(tx, r.order_id, { kind: 'system' });
      claimed();
      await held;
      return rows.map((r) => r.id);
    });
    await claimedNow;
    const second = completeDeliveredShipments(t.db, at);
    await new Promise((r) => setTimeout(r, 300));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect([...a, ...b].filter((id) => id === o.shipmentId)).toHaveLength(1);
    const row = await shipmentRow(o.shipmentId);
    expect(row.status).toBe('received');
    expect(await orderStatus(o.id)).toBe('delivered');
    expect(await completeDeliveredShipments(t.db, new Date(at.getTime() + 3600_000))).not.toContain(o.shipmentId);

    // The job's own run writes the system entry and moves the order.
    const next = await paidOrder();
    await call('POST', `/shipments/${next.shipmentId}/ship`, {});
    await call('POST', `/shipments/${next.shipmentId}/deliver`, {});
    const nextAt = new Date((await shipmentRow(next.shipmentId)).delivered_at!.getTime() + 49 * 3600_000);
    expect(await completeDeliveredShipments(t.db, nextAt)).toContain(next.shipmentId);
    const events = (await call('GET', `/orders/${next.id}`)).json().data.shipments[0].events as { source: string; status: string }[];
    expect(events.filter((e) => e.source === 'system' && e.status === 'received')).toHaveLength(1);
    expect(await orderStatus(next.id)).toBe('delivered');
  });

  it('lets the buyer cancel an unpaid order (stock back once), never a paid one', async () => {
    const before = await stockOf();
    const o = await placeOrder();
    expect(await stockOf()).toBe(before - 1);
    const res = await call('POST', `/orders/access/${o.token}/cancel`, undefined, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    expect(res.json().data.shipments[0].status).toBe('cancelled');
    expect(await stockOf()).toBe(before);
    expect((await call('POST', `/orders/access/${o.token}/cancel`, undefined, {})).statusCode).toBe(409);
    expect(await stockOf()).toBe(before);

    const paid = await paidOrder();
    const refused = await call('POST', `/orders/access/${paid.token}/cancel`, undefined, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(shipmentMessages.buyerCancelPaid);
    expect(await orderStatus(paid.id)).not.toBe('cancelled');
  });
});
