import { describe, expect, it } from 'vitest';
import { checkoutError, checkoutFailure, checkoutMessages as m, customerFee, isLocalDestination, mixedOriginNotice, parsePaymentMethod, shippingWeight, cartWeight, type CheckoutState } from './rules';

const ok: CheckoutState = {
  itemCount: 2,
  shipping_name: 'Siti',
  shipping_address: 'Jl. Braga 1',
  shipping_postcode: '40111',
  // A number that is one (issue 31 checks the shape); was '0812'.
  shipping_phone: '081234567890',
  shipping_province_id: 32,
  shipping_city_id: 3273,
  shipping_district_id: 327319,
  originDistrictIds: [327319, 327319, null],
  signedIn: false,
  guest_email: 'siti@contoh.id',
  shippingChosen: true,
  paymentMethod: 'manual',
  provider: { name: 'Tripay', channelsAvailable: false },
};

describe('checkout rules in the spec order (requirements/storefront.md §5)', () => {
  it('passes a complete checkout', () => {
    expect(checkoutError(ok)).toBeNull();
  });
  it('reports the first failing rule, each with its message', () => {
    const broken: CheckoutState = { ...ok, itemCount: 0, shipping_name: '', shipping_province_id: null, originDistrictIds: [1, 2], guest_email: '', shippingChosen: false, paymentMethod: 'tripay:QRIS' };
    expect(checkoutError(broken)).toBe(m.emptyCart);
    expect(checkoutError({ ...broken, itemCount: 1 })).toBe(m.shippingInfo);
    expect(checkoutError({ ...broken, itemCount: 1, shipping_name: 'A' })).toBe(m.location);
    // Rule 4 (several origins) informs and no longer refuses (decision 049): the next rule speaks.
    expect(checkoutError({ ...broken, itemCount: 1, shipping_name: 'A', shipping_province_id: 32 })).toBe(m.guestEmail);
    const rule5 = { ...broken, itemCount: 1, shipping_name: 'A', shipping_province_id: 32, originDistrictIds: [1, 1] };
    expect(checkoutError(rule5)).toBe(m.guestEmail);
    expect(checkoutError({ ...rule5, signedIn: true })).toBe(m.shippingService);
    expect(checkoutError({ ...rule5, signedIn: true, shippingChosen: true })).toBe('Metode pembayaran Tripay belum tersedia. Silakan pilih metode lain.');
    expect(checkoutError({ ...rule5, signedIn: true, shippingChosen: true, provider: { name: 'Tripay', channelsAvailable: true } })).toBeNull();
  });
  it('points each failure at the first input of its rule still missing, in the rule\'s order', () => {
    expect(checkoutFailure(ok)).toBeNull();
    expect(checkoutFailure({ ...ok, itemCount: 0 })).toEqual({ message: m.emptyCart, field: null });
    const blank = { ...ok, shipping_name: '', shipping_address: ' ', shipping_postcode: '', shipping_phone: '' };
    expect(checkoutFailure(blank)).toEqual({ message: m.shippingInfo, field: 'shipping_name' });
    expect(checkoutFailure({ ...blank, shipping_name: 'A' })).toEqual({ message: m.shippingInfo, field: 'shipping_address' });
    expect(checkoutFailure({ ...blank, shipping_name: 'A', shipping_address: 'B' })).toEqual({ message: m.shippingInfo, field: 'shipping_postcode' });
    expect(checkoutFailure({ ...ok, shipping_phone: undefined })).toEqual({ message: m.shippingInfo, field: 'shipping_phone' });
    // Rule 2 comes before rule 3 whatever the order of the inputs on the screen.
    expect(checkoutFailure({ ...ok, shipping_phone: '', shipping_province_id: null })).toEqual({ message: m.shippingInfo, field: 'shipping_phone' });
    const nowhere = { ...ok, shipping_province_id: null, shipping_city_id: null, shipping_district_id: null };
    expect(checkoutFailure(nowhere)).toEqual({ message: m.location, field: 'shipping_province_id' });
    expect(checkoutFailure({ ...nowhere, shipping_province_id: 32 })).toEqual({ message: m.location, field: 'shipping_city_id' });
    expect(checkoutFailure({ ...ok, shipping_district_id: 0 })).toEqual({ message: m.location, field: 'shipping_district_id' });
    expect(checkoutFailure({ ...ok, originDistrictIds: [1, 2] })).toBeNull();
    expect(checkoutFailure({ ...ok, guest_email: '' })).toEqual({ message: m.guestEmail, field: 'guest_email' });
    expect(checkoutFailure({ ...ok, guest_email: '', signedIn: true })).toBeNull();
    expect(checkoutFailure({ ...ok, shippingChosen: false })).toEqual({ message: m.shippingService, field: 'shipping_service' });
    expect(checkoutFailure({ ...ok, paymentMethod: 'tripay:QRIS' })).toEqual({ message: m.providerUnavailable('Tripay'), field: 'payment_method' });
  });
  it("keeps rule 4's text as information for a cart of several origins", () => {
    expect(mixedOriginNotice([1, 2, null])).toBe('Produk dalam keranjang berasal dari beberapa lokasi asal bisnis. Silakan pisahkan pesanan berdasarkan lokasi asal.');
    expect(mixedOriginNotice([1, 1, null])).toBeNull();
    expect(mixedOriginNotice([])).toBeNull();
  });
  it('treats blank text as missing', () => {
    expect(checkoutError({ ...ok, shipping_phone: '   ' })).toBe(m.shippingInfo);
    expect(checkoutError({ ...ok, shipping_postcode: null })).toBe(m.shippingInfo);
  });
});

describe('shipping weight, local rule, payment', () => {
  it('weighs 500 g per unit whose weight is unknown, with a 100 g minimum', () => {
    expect(shippingWeight([])).toBe(100);
    expect(shippingWeight([{ quantity: 1 }])).toBe(500);
    expect(shippingWeight([{ quantity: 3, weight_grams: null }])).toBe(1500);
    expect(shippingWeight([{ quantity: 2, weight_grams: 0 }])).toBe(1000);
  });
  it("weighs each line by its product's weight (decision 065, issue 31)", () => {
    // Two units of a 700 g product: 1.400 g, not the estimate's 1.000 g (nor the 1.500 g the issue saw).
    expect(shippingWeight([{ quantity: 2, weight_grams: 700 }])).toBe(1400);
    expect(shippingWeight([{ quantity: 2, weight_grams: 700 }, { quantity: 3, weight_grams: 150 }, { quantity: 1 }])).toBe(1400 + 450 + 500);
    expect(shippingWeight([{ quantity: 1, weight_grams: 40 }])).toBe(100);
    expect(cartWeight([{ quantity: 2, product: { weight_grams: 700 } }, { quantity: 1, product: {} }])).toBe(1900);
  });
  it('offers local couriers only inside the store city', () => {
    expect(isLocalDestination(3273, 3273)).toBe(true);
    expect(isLocalDestination(3204, 3273)).toBe(false);
    expect(isLocalDestination(null, 3273)).toBe(false);
  });
  it('parses payment methods and fees', () => {
    expect(parsePaymentMethod('manual')).toEqual({ kind: 'manual' });
    expect(parsePaymentMethod('tripay:QRIS')).toEqual({ kind: 'provider', provider: 'tripay', channel: 'QRIS' });
    expect(customerFee({ flat: 750, percent: '0.70' }, 100000)).toBe(1450);
    expect(customerFee(null, 5)).toBe(0);
  });
});

describe('postcode and phone that are one (issue 31)', () => {
  it('refuses a postcode that is not five digits and a phone that is not an Indonesian number, right after rule 2', () => {
    expect(checkoutFailure({ ...ok, shipping_postcode: 'abc' })).toEqual({ message: m.postcodeInvalid, field: 'shipping_postcode' });
    expect(checkoutFailure({ ...ok, shipping_postcode: '4011' })).toEqual({ message: m.postcodeInvalid, field: 'shipping_postcode' });
    expect(checkoutFailure({ ...ok, shipping_phone: 'telepon saya' })).toEqual({ message: m.phoneInvalid, field: 'shipping_phone' });
    expect(checkoutFailure({ ...ok, shipping_phone: '12' })).toEqual({ message: 'Gunakan format nomor telepon yang valid.', field: 'shipping_phone' });
    // Before the area rule: the inputs above the area lists speak first.
    expect(checkoutFailure({ ...ok, shipping_phone: 'abc', shipping_province_id: null })?.field).toBe('shipping_phone');
    for (const phone of ['0812-3456-7890', '+62 812 3456 7890', '(022) 420-1234', '6281234567890']) expect(checkoutFailure({ ...ok, shipping_phone: phone })).toBeNull();
  });
  it('asks nothing of the recipient for a quote', () => {
    expect(checkoutFailure({ ...ok, shipping_name: null, shipping_postcode: null, shipping_phone: 'x', quote: true })).toBeNull();
  });
});
