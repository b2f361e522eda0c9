import { describe, expect, it } from 'vitest';
import type { CartLine } from '@pasar/core/cart';
import { checkoutError, checkoutMessages, orderPayloadSchema } from '@pasar/core/checkout';
import type { PaymentChannel, PaymentProviderOffer } from '@pasar/core/payments';
import { sumurBandung } from '@pasar/core/testing';
import { buildOrderPayload, checkoutStateOf, checkoutTotals, chosenChannel, chosenProvider, type CheckoutDraft } from './order-payload';

const line = (over: Partial<CartLine> = {}): CartLine => ({
  id: '7-L-',
  product: { id: 7, name: 'Batik Tulis', image: null, business_id: 2, business_name: 'Batik Braga', business_district_id: 327319, category_name: null, stock: 5 },
  quantity: 2,
  unit_price: 125_000,
  variant: { label: 'L', stock: 3 },
  selected_options: [{ group: 'Warna', value: 'Biru' }],
  ...over,
});
const qris: PaymentChannel = { kind: 'qris', code: 'QRIS', name: 'QRIS', type: 'direct', fee_customer: { flat: 750, percent: 0.7 }, minimum_amount: 1_000, maximum_amount: 5_000_000, icon_url: null, active: true };
const kurir = { courier_id: 3, price_id: 11, courier_name: 'Kurir Braga', region: 'Sumur Bandung', effective_price: 12_000, notes: null };
const jne = { courier_code: 'jne', courier_name: 'JNE', service: 'REG', description: 'Reguler', cost: 18_000, estimated_delivery: '2-3' };

const draft = (over: Partial<CheckoutDraft> = {}): CheckoutDraft => ({
  form: { guest_email: 'tamu@contoh.id', shipping_name: 'Siti', shipping_address: 'Jl. Braga 5', shipping_postcode: '40111', shipping_phone: '081234567890', notes: '' },
  destination: { province: { id: 32, name: 'Jawa Barat' }, city: { id: 3273, name: 'Kota Bandung' }, district: { id: 327319, name: 'Sumur Bandung' } },
  lines: [line()],
  userId: null,
  shipments: [{ origin_district_id: 327319, choice: { kind: 'local', option: kurir } }],
  payment: 'manual',
  provider: { name: 'Gateway A', channelsAvailable: true },
  ...over,
});

describe('checkoutTotals', () => {
  it('adds shipping, and the channel fee on subtotal plus shipping only for a channel', () => {
    expect(checkoutTotals(250_000, { kind: 'local', option: kurir }, undefined)).toEqual({ shippingCost: 12_000, fee: 0, uniqueCode: 0, total: 262_000 });
    // 750 + 0.7 % of 262 000 = 750 + 1 834 (rounded up)
    expect(checkoutTotals(250_000, { kind: 'local', option: kurir }, qris)).toEqual({ shippingCost: 12_000, fee: 2_584, uniqueCode: 0, total: 264_584 });
    expect(checkoutTotals(250_000, null, undefined).total).toBe(250_000);
  });

  it("adds every origin's shipment and the quote's kode unik", () => {
    expect(checkoutTotals(250_000, [{ kind: 'local', option: kurir }, { kind: 'national', option: jne }], undefined, 427)).toEqual({ shippingCost: 30_000, fee: 0, uniqueCode: 427, total: 280_427 });
  });

  it('finds the chosen channel under the provider the API listed, never for manual transfer', () => {
    const gopay: PaymentChannel = { ...qris, kind: 'e_wallet', code: 'gopay', name: 'GoPay', fee_customer: { flat: 0, percent: 0 } };
    const providers: PaymentProviderOffer[] = [
      { id: 'gateway-a', name: 'Gateway A', sandbox: false, channels: [qris], error: null },
      { id: 'gateway-b', name: 'Gateway B', sandbox: false, channels: [gopay, { ...qris, fee_customer: { flat: 0, percent: 0 } }], error: null },
    ];
    expect(chosenChannel('gateway-a:QRIS', providers)).toBe(qris);
    // One code offered by two providers: the prefix decides whose channel (and whose fee) it is.
    expect(chosenChannel('gateway-b:QRIS', providers)?.fee_customer).toEqual({ flat: 0, percent: 0 });
    expect(chosenChannel('gateway-b:gopay', providers)).toBe(gopay);
    expect(chosenChannel('manual', providers)).toBeUndefined();
    expect(chosenChannel('gateway-a:BRIVA', providers)).toBeUndefined();
    expect(chosenChannel('gateway-c:QRIS', providers)).toBeUndefined();
  });

  it("names the chosen method's provider for the spec's rule 7, as listed or as sent", () => {
    const providers: PaymentProviderOffer[] = [
      { id: 'gateway-a', name: 'Gateway A', sandbox: false, channels: [qris], error: null },
      { id: 'gateway-b', name: 'Gateway B', sandbox: false, channels: [], error: 'Gagal memuat metode pembayaran Gateway B. Silakan coba lagi.' },
    ];
    expect(chosenProvider('gateway-a:QRIS', providers)).toEqual({ name: 'Gateway A', channelsAvailable: true });
    expect(chosenProvider('gateway-b:QRIS', providers)).toEqual({ name: 'Gateway B', channelsAvailable: false });
    expect(chosenProvider('gateway-c:QRIS', providers)).toEqual({ name: 'gateway-c', channelsAvailable: false });
    expect(chosenProvider('manual', providers).channelsAvailable).toBe(true);
  });
});

describe('buildOrderPayload (requirements/storefront.md §3 Order payload)', () => {
  it('sends a guest order with a local courier as the spec names the fields', () => {
    const d = draft({ form: { ...draft().form, notes: 'Titip di pos satpam' } });
    const body = buildOrderPayload(d, checkoutTotals(250_000, d.shipments.map((s) => s.choice), undefined));
    expect(body).toEqual({
      user_id: undefined,
      guest_email: 'tamu@contoh.id',
      total_amount: 262_000,
      payment_method: 'manual',
      shipping_name: 'Siti',
      shipping_address: 'Jl. Braga 5',
      ...sumurBandung,
      shipping_phone: '081234567890',
      notes: 'Titip di pos satpam',
      order_items: [{ product_id: 7, quantity: 2, price: 125_000, variant_label: 'L', selected_options: [{ group: 'Warna', value: 'Biru' }] }],
      shipping_courier: 'Kurir Braga',
      shipping_service: 'same-day',
      shipping_cost_breakdown: { type: 'local_courier', courier_id: 3, price_id: 11, cost: 12_000 },
      shipments: [],
      expected_total: 262_000,
      quote_token: null,
    });
    expect(orderPayloadSchema.safeParse(body).success).toBe(true);
  });

  it('sends a signed-in order with a national service and a channel: no guest e-mail, empty notes as null', () => {
    const d = draft({ userId: 9, shipments: [{ origin_district_id: 327319, choice: { kind: 'national', option: jne } }], payment: 'gateway-a:QRIS', lines: [line({ variant: null, selected_options: [] })] });
    const body = buildOrderPayload(d, checkoutTotals(250_000, d.shipments.map((s) => s.choice), qris));
    expect(body).toMatchObject({
      user_id: 9,
      guest_email: null,
      notes: null,
      payment_method: 'gateway-a:QRIS',
      total_amount: 250_000 + 18_000 + 750 + 1_876,
      shipping_courier: 'jne',
      shipping_service: 'REG',
      shipping_cost_breakdown: { type: 'rajaongkir', cost: 18_000 },
    });
    expect(body.order_items[0]).toMatchObject({ variant_label: null, selected_options: [] });
  });

  it('sends one choice per origin for a cart of several origins, with the total shown and the quote token', () => {
    const d = draft({
      lines: [line(), line({ id: 'x', product: { ...line().product, id: 8, business_district_id: 327314 } })],
      shipments: [
        { origin_district_id: 327319, choice: { kind: 'local', option: kurir } },
        { origin_district_id: 327314, choice: { kind: 'national', option: jne } },
      ],
      quoteToken: '123.456.abc',
    });
    const body = buildOrderPayload(d, checkoutTotals(500_000, d.shipments.map((s) => s.choice), undefined, 321));
    expect(body.shipments).toEqual([
      { origin_district_id: 327319, shipping_courier: 'Kurir Braga', shipping_service: 'same-day', shipping_cost_breakdown: { type: 'local_courier', courier_id: 3, price_id: 11, cost: 12_000 } },
      { origin_district_id: 327314, shipping_courier: 'jne', shipping_service: 'REG', shipping_cost_breakdown: { type: 'rajaongkir', cost: 18_000 } },
    ]);
    expect(body).toMatchObject({ shipping_courier: 'Kurir Braga', expected_total: 500_000 + 30_000 + 321, quote_token: '123.456.abc' });
    expect(orderPayloadSchema.safeParse(body).success).toBe(true);
  });
});

describe('checkoutStateOf feeds core checkoutError in the spec order', () => {
  it('asks a guest for the e-mail, then for a shipping service', () => {
    expect(checkoutError(checkoutStateOf(draft()))).toBeNull();
    expect(checkoutError(checkoutStateOf(draft({ form: { ...draft().form, guest_email: '' } })))).toBe(checkoutMessages.guestEmail);
    expect(checkoutError(checkoutStateOf(draft({ userId: 9, form: { ...draft().form, guest_email: '' } })))).toBeNull();
    expect(checkoutError(checkoutStateOf(draft({ shipments: [{ origin_district_id: 327319, choice: null }] })))).toBe(checkoutMessages.shippingService);
    // Every origin needs its courier (decision 049).
    expect(checkoutError(checkoutStateOf(draft({ shipments: [draft().shipments[0]!, { origin_district_id: 1, choice: null }] })))).toBe(checkoutMessages.shippingService);
    expect(checkoutError(checkoutStateOf(draft({ destination: { ...draft().destination, district: null } })))).toBe(checkoutMessages.location);
    // Rule 4 informs and no longer refuses (decision 049).
    expect(checkoutError(checkoutStateOf(draft({ lines: [line(), line({ id: 'x', product: { ...line().product, business_district_id: 1 } })] })))).toBeNull();
  });
});
