import { describe, expect, it } from 'vitest';
import { checkoutMessages as m } from '@pasar/core/checkout';
import type { CartLine } from '@pasar/core/cart';
import { checkoutFieldErrors, firstRefused, inputValues, serverFieldErrors } from './checkout-problems';
import type { CheckoutDraft } from './order-payload';

const line = { id: '1-default', quantity: 1, unit_price: 10_000, product: { id: 1, business_district_id: 327319 }, variant: null, selected_options: [] } as unknown as CartLine;
const filled: CheckoutDraft = {
  form: { guest_email: 'tamu@contoh.id', shipping_name: 'Tamu', shipping_address: 'Jl. Braga 5', shipping_postcode: '40111', shipping_phone: '081234567890', notes: '' },
  destination: { province: { id: 32, name: 'Jawa Barat' }, city: { id: 3273, name: 'Kota Bandung' }, district: { id: 327319, name: 'Sumur Bandung' } },
  lines: [line],
  userId: null,
  shipments: [{ origin_district_id: 327319, choice: { kind: 'national', option: { courier_code: 'jne', courier_name: 'JNE', service: 'REG', description: 'Reguler', cost: 18_000, estimated_delivery: '2-3' } } }],
  payment: 'manual',
  provider: { name: 'Gateway A', channelsAvailable: true },
};
const withForm = (form: Partial<CheckoutDraft['form']>): CheckoutDraft => ({ ...filled, form: { ...filled.form, ...form } });

describe('checkoutFieldErrors (issue 16: the message on its input)', () => {
  it('shows nothing before a submit, however empty the form', () => {
    expect(checkoutFieldErrors(withForm({ shipping_name: '', shipping_phone: '' }), false, null)).toEqual({});
  });

  it("after a refused submit, puts the first failing rule's message on its first missing input and follows it as inputs are fixed", () => {
    const empty = withForm({ shipping_name: '', shipping_address: '', guest_email: '' });
    expect(checkoutFieldErrors(empty, true, null)).toEqual({ shipping_name: m.shippingInfo });
    expect(checkoutFieldErrors(withForm({ shipping_address: '', guest_email: '' }), true, null)).toEqual({ shipping_address: m.shippingInfo });
    expect(checkoutFieldErrors(withForm({ guest_email: '' }), true, null)).toEqual({ guest_email: m.guestEmail });
    // Fixed: no message left anywhere.
    expect(checkoutFieldErrors(filled, true, null)).toEqual({});
  });

  it('marks the area selects, the shipping chooser and the payment chooser', () => {
    expect(checkoutFieldErrors({ ...filled, destination: { ...filled.destination, district: null } }, true, null)).toEqual({ shipping_district_id: m.location });
    expect(checkoutFieldErrors({ ...filled, shipments: [{ origin_district_id: 327319, choice: null }] }, true, null)).toEqual({ shipping_service: m.shippingService });
    expect(checkoutFieldErrors({ ...filled, payment: 'gateway-a:QRIS', provider: { name: 'Gateway A', channelsAvailable: false } }, true, null)).toEqual({ payment_method: m.providerUnavailable('Gateway A') });
  });

  it('leaves a rule about no input (several origins) to the message beside the button', () => {
    const mixed = { ...filled, lines: [line, { ...line, id: '2-default', product: { ...line.product, id: 2, business_district_id: 320101 } }] };
    expect(checkoutFieldErrors(mixed, true, null)).toEqual({});
  });

  it("keeps the server's refusal on its input until that input changes", () => {
    const draft = withForm({ guest_email: 'bukan-email' });
    const server = { errors: serverFieldErrors({ guest_email: 'Format email tidak valid.' }), values: inputValues(draft) };
    expect(checkoutFieldErrors(draft, true, server)).toEqual({ guest_email: 'Format email tidak valid.' });
    expect(checkoutFieldErrors({ ...draft, form: { ...draft.form, shipping_name: 'Lain' } }, true, server)).toEqual({ guest_email: 'Format email tidak valid.' });
    expect(checkoutFieldErrors(withForm({ guest_email: 'tamu@contoh.id' }), true, server)).toEqual({});
  });
});

describe("the server's field names on the checkout's inputs", () => {
  it('maps payload names (ids, names, courier and breakdown) to the input that shows them, and skips the rest', () => {
    expect(
      serverFieldErrors({
        shipping_phone: 'Nomor terlalu panjang.',
        shipping_city: 'Kota tidak dikenal.',
        'shipping_cost_breakdown.price_id': 'Tarif tidak dikenal.',
        'order_items.0.quantity': 'Jumlah tidak valid.',
      }),
    ).toEqual({ shipping_phone: 'Nomor terlalu panjang.', shipping_city_id: 'Kota tidak dikenal.', shipping_service: 'Tarif tidak dikenal.' });
    expect(serverFieldErrors(undefined)).toEqual({});
  });

  it('finds the first refused input in the order of the screen', () => {
    expect(firstRefused({ shipping_phone: 'x', shipping_name: 'y' })).toBe('shipping_name');
    expect(firstRefused({ payment_method: 'x', shipping_district_id: 'y' })).toBe('shipping_district_id');
    expect(firstRefused({})).toBeNull();
  });
});
