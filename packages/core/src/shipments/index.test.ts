import { describe, expect, it } from 'vitest';
import { autoCompleteDueAt, canMoveShipment, courierName, orderCourierText, orderStatusFromShipments, paymentBlocksFulfilment, resiRequired, shipShipmentSchema } from './index';

describe('shipment rules', () => {
  it('moves forward only; cancel is not undone and received is final', () => {
    expect(canMoveShipment('packing', 'shipped')).toBe(true);
    expect(canMoveShipment('shipped', 'delivered')).toBe(true);
    expect(canMoveShipment('shipped', 'received')).toBe(true);
    expect(canMoveShipment('delivered', 'received')).toBe(true);
    expect(canMoveShipment('packing', 'delivered')).toBe(false);
    expect(canMoveShipment('packing', 'received')).toBe(false);
    expect(canMoveShipment('delivered', 'shipped')).toBe(false);
    expect(canMoveShipment('received', 'cancelled')).toBe(false);
    expect(canMoveShipment('cancelled', 'shipped')).toBe(false);
  });

  it('derives the order status from its live shipments', () => {
    expect(orderStatusFromShipments(['packing', 'shipped'])).toBeNull();
    expect(orderStatusFromShipments(['shipped', 'delivered'])).toBe('shipped');
    expect(orderStatusFromShipments(['received', 'shipped'])).toBe('shipped');
    expect(orderStatusFromShipments(['received', 'cancelled', 'received'])).toBe('delivered');
    expect(orderStatusFromShipments(['shipped', 'cancelled'])).toBe('shipped');
    expect(orderStatusFromShipments(['cancelled'])).toBeNull();
    expect(orderStatusFromShipments([])).toBeNull();
  });

  it('completes N whole days after delivery', () => {
    expect(autoCompleteDueAt(new Date('2026-11-20T10:00:00Z'), 3).toISOString()).toBe('2026-11-23T10:00:00.000Z');
  });

  it('blocks fulfilment of an unpaid online order only', () => {
    expect(paymentBlocksFulfilment({ order_type: 'online', payment_status: 'unpaid' })).toBe(true);
    expect(paymentBlocksFulfilment({ order_type: 'online', payment_status: 'expired' })).toBe(true);
    expect(paymentBlocksFulfilment({ order_type: 'online', payment_status: 'paid' })).toBe(false);
    expect(paymentBlocksFulfilment({ order_type: 'pos', payment_status: 'unpaid' })).toBe(false);
  });

  it('requires a resi for national couriers only', () => {
    expect(resiRequired('national')).toBe(true);
    expect(resiRequired('local_courier')).toBe(false);
    expect(resiRequired('pickup')).toBe(false);
  });

  it('names couriers as shoppers know them and trims the ship form', () => {
    expect(courierName('jne')).toBe('JNE');
    expect(courierName('pos')).toBe('POS Indonesia');
    expect(orderCourierText('jne')).toBe('JNE');
    expect(orderCourierText('Kurir Toko')).toBe('Kurir Toko');
    expect(shipShipmentSchema.parse({ tracking_number: '  ', courier_name: ' JNE ' })).toEqual({ courier_name: 'JNE' });
  });
});
