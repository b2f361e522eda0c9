/**
 * Issue 31 item 26 (docs/decisions/065-product-weight-and-back-office-data.md): each unit weighs its
 * product's "Berat (gram)", in the quote, in the shipping cost charged and in each origin's shipment.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderQuote } from '@pasar/core/checkout';
import { queryRows } from '../../db/client';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeProduct, type MadeProduct } from '../../test/factories';
import { allowManyUnpaidOrders, guestOrderPayload, localCourierOption, type LocalCourierOption } from '../../test/orders';

let t: TestApp;
let local: LocalCourierOption;
let heavy: MadeProduct;
let light: MadeProduct;

const jakarta = { shipping_province_id: 31, shipping_province: 'DKI Jakarta', shipping_city_id: 3171, shipping_city: 'Jakarta Selatan', shipping_district_id: 317101, shipping_district: 'Jagakarsa' };
const jne = { shipping_courier: 'jne', shipping_service: 'REG', shipping_cost_breakdown: { type: 'rajaongkir' } };
const post = (url: string, body: unknown) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload: body as Record<string, unknown> });

/** JNE REG from an origin to Jagakarsa for a weight, as the checkout page asks it. */
async function jneCost(origin: number, weight: number): Promise<number> {
  const res = await post('/shipping/cost', { origin_district_id: origin, destination_district_id: 317101, weight, courier: 'jne' });
  const reg = (res.json().data.options as { service: string; cost: number }[]).find((o) => o.service === 'REG');
  if (!reg) throw new Error(`no JNE REG quote: ${res.body}`);
  return reg.cost;
}

const payload = (email: string, items: { product_id: number; quantity: number }[]) => ({ ...guestOrderPayload({ productId: items[0]!.product_id, quantity: 1, local, email }), ...jakarta, ...jne, order_items: items });

beforeAll(async () => {
  t = await createTestApp();
  await allowManyUnpaidOrders(t.db);
  const cibeunying = await makeBusiness(t.db, { district_id: 327314, district_name: 'Cibeunying Kidul' });
  const coblong = await makeBusiness(t.db, { district_id: 327302, district_name: 'Coblong' });
  heavy = await makeProduct(t.db, { business_id: cibeunying.id, name: 'Rengginang Toples Besar', price: 30000, stock: 50, weight_grams: 700 });
  light = await makeProduct(t.db, { business_id: coblong.id, name: 'Keripik Sachet', price: 5000, stock: 50, weight_grams: 150 });
  local = await localCourierOption(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe(`product weight in shipping (${testEngine})`, () => {
  it("quotes and charges two 700 g units as 1.400 g, each origin's shipment by its own lines", async () => {
    // The case: a 700 g product was billed as 500 g a unit. 1.400 g is 2 kg to the courier, 1.000 g would be 1 kg.
    expect(await jneCost(327314, 1400)).not.toBe(await jneCost(327314, 1000));
    const items = [
      { product_id: heavy.id, quantity: 2 },
      { product_id: light.id, quantity: 3 },
    ];
    const quote = (await post('/orders/quote', payload('berat@contoh.id', items))).json().data as OrderQuote;
    expect(quote.shipments.map((s) => [s.origin_district_id, s.weight_grams])).toEqual([
      [327314, 1400],
      [327302, 450],
    ]);
    expect(quote.shipments.map((s) => s.cost)).toEqual([await jneCost(327314, 1400), await jneCost(327302, 450)]);

    const res = await post('/orders', payload('berat@contoh.id', items));
    expect(res.statusCode, res.body).toBe(201);
    const order = (res.json() as { data: Order }).data;
    expect(order.shipments.map((s) => s.cost)).toEqual(quote.shipments.map((s) => s.cost));
    expect(order.shipping_cost).toBe(quote.shipping_cost);
    const stored = await queryRows<{ weight_grams: number; origin_district_id: number }>(t.db, sql`SELECT weight_grams, origin_district_id FROM shipments WHERE order_id = ${order.id} ORDER BY id`);
    expect(stored.map((s) => [s.origin_district_id, s.weight_grams])).toEqual([
      [327314, 1400],
      [327302, 450],
    ]);
  });

  it('weighs a local courier shipment the same way', async () => {
    const quote = (await post('/orders/quote', { ...guestOrderPayload({ productId: heavy.id, quantity: 3, local, email: 'lokal-berat@contoh.id' }) })).json().data as OrderQuote;
    expect(quote.shipments.map((s) => s.weight_grams)).toEqual([2100]);
  });
});
