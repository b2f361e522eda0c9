/**
 * Tracking (issue 28): the real RajaOngkir client against a local fake that speaks its Tracking AWB
 * protocol (POST /track/waybill, header `key`, form awb/courier/last_phone_number; `{ meta, data:
 * { delivered, manifest[] } }`), merged with the shop's timeline; a failing courier leaves the
 * shop's timeline with a notice; without a key there is no courier tracker.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shipmentMessages } from '@pasar/core/shipments';
import { queryRows } from '../../db/client';
import { shipments } from '../../db/schema';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption } from '../../test/orders';
import { RajaOngkirClient } from '../../integrations/shipping/rajaongkir-client';
import { rajaongkirTracker, trackerFor } from '../../integrations/shipping/tracking';
import { shipmentOfOrder, shipmentTracking } from './shipments.service';

let fake: { url: string; close: () => Promise<void> };
const seen: { key: string | undefined; form: URLSearchParams; url: string | undefined }[] = [];
let t: TestApp;

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push({ key: req.headers.key as string | undefined, form, url: req.url });
      if (req.headers.key !== 'good-key') return json(res, 400, { meta: { message: 'Invalid Api key, key not found', code: 400, status: 'failed' }, data: null });
      if (req.method !== 'POST' || req.url !== '/track/waybill') return json(res, 404, { meta: { code: 404, message: 'not found' }, data: null });
      if (form.get('awb') === 'MISSING') return json(res, 400, { meta: { message: 'Invalid waybill', code: 400, status: 'failed' }, data: null });
      return json(res, 200, {
        meta: { message: 'Success Get Waybill', code: 200, status: 'success' },
        data: {
          delivered: true,
          summary: { courier_code: 'JNE', courier_name: 'Jalur Nugraha Ekakurir (JNE)', waybill_number: form.get('awb'), service_code: 'REG', status: 'DELIVERED' },
          delivery_status: { status: 'DELIVERED', pod_receiver: 'TAMU', pod_date: '2099-01-03', pod_time: '10:00' },
          manifest: [
            { manifest_code: '1', manifest_description: 'Manifested', manifest_date: '2099-01-01', manifest_time: '08:15:00', city_name: 'BANDUNG' },
            { manifest_code: '3', manifest_description: 'Delivered to TAMU', manifest_date: '2099-01-03', manifest_time: '10:00:00', city_name: 'JAKARTA' },
            { manifest_code: '2', manifest_description: '', manifest_date: 'kemarin', manifest_time: '' },
          ],
        },
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
  t = await createTestApp();
  await allowManyUnpaidOrders(t.db);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe(`shipment tracking (${testEngine})`, () => {
  it('has no courier tracker without a RajaOngkir key (the offline default)', () => {
    expect(trackerFor({})).toBeNull();
  });

  it("merges the courier's waybill scans with the shop's timeline, by time", async () => {
    const admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
    const productId = (await queryRows<{ id: number }>(t.db, sql`SELECT id FROM products WHERE name = 'Opak Ketan Bakar'`))[0]!.id;
    const local = await localCourierOption(t.app);
    const placed = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId, quantity: 1, local, email: 'lacak@contoh.id' }) });
    const order = placed.json().data as { id: number; shipments: { id: number }[] };
    const shipmentId = order.shipments[0]!.id;
    await t.app.inject({ method: 'POST', url: `/api/v1/orders/${order.id}/payment/confirm`, headers: admin, payload: {} });
    await t.db.update(shipments).set({ kind: 'national', courier_code: 'jne', courier_name: 'JNE', service: 'REG' }).where(eq(shipments.id, shipmentId));
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/shipments/${shipmentId}/ship`, headers: admin, payload: { tracking_number: 'CGK123' } })).statusCode).toBe(200);

    const { shipment, phone } = await shipmentOfOrder(t.db, order.id, shipmentId);
    const good = rajaongkirTracker(new RajaOngkirClient({ apiKey: 'good-key', baseUrl: fake.url, timeoutMs: 1000 }));
    const tracking = await shipmentTracking(t.db, shipment, phone, good);
    const last = seen.at(-1)!;
    expect(last.form.get('awb')).toBe('CGK123');
    expect(last.form.get('courier')).toBe('jne');
    // The guest's phone 081200000000: its last five digits, as JNE asks.
    expect(last.form.get('last_phone_number')).toBe('00000');
    expect(tracking.source).toBe('rajaongkir');
    expect(tracking.delivered).toBe(true);
    // The shop's "Kirim" entry first (now), then the courier's scans (2099, WIB), the unreadable scan left out.
    expect(tracking.events.map((e) => [e.source, e.description, e.location])).toEqual([
      ['staff', shipmentMessages.shipped('JNE', 'CGK123'), null],
      ['tracking', 'Manifested', 'BANDUNG'],
      ['tracking', 'Delivered to TAMU', 'JAKARTA'],
    ]);
    expect(tracking.events[1]!.happened_at).toBe('2099-01-01T01:15:00.000Z');

    const bad = rajaongkirTracker(new RajaOngkirClient({ apiKey: 'bad-key', baseUrl: fake.url, timeoutMs: 1000 }));
    const fallback = await shipmentTracking(t.db, shipment, phone, bad);
    expect(fallback).toMatchObject({ source: 'staff', notice: shipmentMessages.trackingUnavailable });
    expect(fallback.events.map((e) => e.source)).toEqual(['staff']);
  });
});
