import { describe, expect, it } from 'vitest';
import {
  isShipmentLate,
  orderCode,
  partnerShipmentFilterOf,
  partnerShipmentMessages,
  partnerShipmentQuerySchema,
  partnerShipmentRefusal,
  partnerShipSchema,
  shipDeadline,
  shippingAddressLines,
  slipSize,
} from './index';

describe('partner shipment deadline', () => {
  it('is the end of the store day `days` days after the payment day, in the store zone', () => {
    // 27 Nov 2026 15:00 WIB (08:00 UTC), 2 days → 29 Nov 23:59:59.999 WIB = 29 Nov 16:59:59.999 UTC.
    expect(shipDeadline(new Date('2026-11-27T08:00:00Z'), 2, 'Asia/Jakarta').toISOString()).toBe('2026-11-29T16:59:59.999Z');
    // 23:30 WIB on the 27th is still the 27th in Jakarta (16:30 UTC) — same deadline.
    expect(shipDeadline(new Date('2026-11-27T16:30:00Z'), 2, 'Asia/Jakarta').toISOString()).toBe('2026-11-29T16:59:59.999Z');
    // 00:30 WIB on the 28th (17:30 UTC on the 27th) is the next store day.
    expect(shipDeadline(new Date('2026-11-27T17:30:00Z'), 2, 'Asia/Jakarta').toISOString()).toBe('2026-11-30T16:59:59.999Z');
    // WIT (+9): the same instant 17:30 UTC is 02:30 on the 28th there too, but midnight falls 2 h earlier.
    expect(shipDeadline(new Date('2026-11-27T17:30:00Z'), 1, 'Asia/Jayapura').toISOString()).toBe('2026-11-29T14:59:59.999Z');
  });

  it('is late only while still to send after the deadline', () => {
    const deadline = new Date('2026-11-29T16:59:59.999Z');
    expect(isShipmentLate(deadline, 'to_send', new Date('2026-11-29T16:59:59.999Z'))).toBe(false);
    expect(isShipmentLate(deadline, 'to_send', new Date('2026-11-29T17:00:00Z'))).toBe(true);
    expect(isShipmentLate(deadline, 'shipped', new Date('2026-12-05T00:00:00Z'))).toBe(false);
    expect(isShipmentLate(deadline, 'cancelled', new Date('2026-12-05T00:00:00Z'))).toBe(false);
  });
});

describe('partner shipment tabs', () => {
  it('puts each shipment in one tab; a cancelled order reads cancelled unless received', () => {
    expect(partnerShipmentFilterOf('packing', 'confirmed')).toBe('to_send');
    expect(partnerShipmentFilterOf('shipped', 'shipped')).toBe('shipped');
    expect(partnerShipmentFilterOf('delivered', 'shipped')).toBe('done');
    expect(partnerShipmentFilterOf('received', 'delivered')).toBe('done');
    expect(partnerShipmentFilterOf('cancelled', 'cancelled')).toBe('cancelled');
    expect(partnerShipmentFilterOf('packing', 'cancelled')).toBe('cancelled');
    expect(partnerShipmentFilterOf('received', 'cancelled')).toBe('done');
  });

  it('reads the tab and page from the query, refusing unknown ones', () => {
    expect(partnerShipmentQuerySchema.parse({})).toEqual({ status: 'to_send', page: 1 });
    expect(partnerShipmentQuerySchema.parse({ status: 'done', page: '3' })).toEqual({ status: 'done', page: 3 });
    expect(partnerShipmentQuerySchema.safeParse({ status: 'semua' }).success).toBe(false);
    expect(partnerShipmentQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('what a partner may do with a shipment', () => {
  const base = { orderStatus: 'confirmed', paymentStatus: 'paid', shipmentStatus: 'packing' as const, mixed: false };
  it('allows its own, paid, open parcel', () => {
    expect(partnerShipmentRefusal(base)).toBeNull();
  });
  it('refuses with the first reason that applies', () => {
    expect(partnerShipmentRefusal({ ...base, orderStatus: 'cancelled', paymentStatus: 'unpaid', mixed: true })).toBe(partnerShipmentMessages.orderCancelled);
    expect(partnerShipmentRefusal({ ...base, shipmentStatus: 'cancelled' })).toBe(partnerShipmentMessages.orderCancelled);
    expect(partnerShipmentRefusal({ ...base, paymentStatus: 'unpaid', mixed: true })).toBe(partnerShipmentMessages.unpaid);
    expect(partnerShipmentRefusal({ ...base, paymentStatus: 'refunded', mixed: true })).toBe(partnerShipmentMessages.refunded);
    expect(partnerShipmentRefusal({ ...base, paymentStatus: 'expired' })).toBe(partnerShipmentMessages.unpaid);
    expect(partnerShipmentRefusal({ ...base, mixed: true, shipmentStatus: 'shipped' })).toBe(partnerShipmentMessages.mixed);
    expect(partnerShipmentRefusal({ ...base, shipmentStatus: 'shipped' })).toBe(partnerShipmentMessages.alreadyShipped);
    expect(partnerShipmentRefusal({ ...base, shipmentStatus: 'received' })).toBe(partnerShipmentMessages.alreadyShipped);
  });
});

describe('small helpers', () => {
  it('trims the resi and treats blank as none', () => {
    expect(partnerShipSchema.parse({ tracking_number: '  JNE123 ' })).toEqual({ tracking_number: 'JNE123' });
    expect(partnerShipSchema.parse({ tracking_number: '   ' })).toEqual({ tracking_number: undefined });
    expect(partnerShipSchema.safeParse({ tracking_number: 'x'.repeat(61) }).success).toBe(false);
  });
  it('names the order, the slip size and the address lines', () => {
    expect(orderCode(42)).toBe('#42');
    expect(slipSize('a4')).toBe('a4');
    expect(slipSize('A5')).toBe('58');
    expect(slipSize(null)).toBe('58');
    expect(
      shippingAddressLines({ shipping_address: 'Jl. Braga No. 5', shipping_district: 'Sumur Bandung', shipping_city: 'Kota Bandung', shipping_province: 'Jawa Barat', shipping_postcode: '40111' }),
    ).toEqual(['Jl. Braga No. 5', 'Kec. Sumur Bandung, Kota Bandung', 'Jawa Barat 40111']);
  });
});
