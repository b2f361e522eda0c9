import { describe, expect, it } from 'vitest';
import { shipmentMessages } from '@pasar/core/shipments';
import { shownShipmentStatus, buyAgainLines, canBuyerCancel, canConfirmReceived, confirmOffer, deliverOffer, shipFormError, shipmentCourierText, shipOffer } from './shipment-actions';

const unpaid = { status: 'pending', payment_status: 'unpaid', order_type: 'online' };
const paid = { status: 'confirmed', payment_status: 'paid', order_type: 'online' };

describe('desk and buyer offers', () => {
  it('offers confirm and ship to a paid order only, saying why not', () => {
    expect(confirmOffer(unpaid)).toEqual({ allowed: false, reason: shipmentMessages.unpaidOrder });
    expect(confirmOffer({ ...unpaid, payment_status: 'paid' })).toEqual({ allowed: true, reason: null });
    expect(confirmOffer(paid)).toBeNull();
    expect(shipOffer(unpaid, { status: 'packing' })).toEqual({ allowed: false, reason: shipmentMessages.unpaidShipment });
    expect(shipOffer(paid, { status: 'packing' })?.allowed).toBe(true);
    expect(shipOffer(paid, { status: 'shipped' })).toBeNull();
    expect(deliverOffer(paid, { status: 'shipped' })?.allowed).toBe(true);
    expect(deliverOffer({ ...paid, status: 'cancelled' }, { status: 'shipped' })).toBeNull();
  });

  it('asks a resi of national couriers only', () => {
    expect(shipFormError({ kind: 'national' }, ' ')).toBe(shipmentMessages.resiRequired);
    expect(shipFormError({ kind: 'national' }, 'CGK1')).toBeNull();
    expect(shipFormError({ kind: 'local_courier' }, '')).toBeNull();
  });

  it('lets the buyer confirm a shipment on its way and cancel an unpaid open order', () => {
    expect(canConfirmReceived(paid, { status: 'shipped' })).toBe(true);
    expect(canConfirmReceived(paid, { status: 'delivered' })).toBe(true);
    expect(canConfirmReceived(paid, { status: 'packing' })).toBe(false);
    expect(canConfirmReceived(paid, { status: 'received' })).toBe(false);
    expect(canBuyerCancel(unpaid)).toBe(true);
    expect(canBuyerCancel(paid)).toBe(false);
    expect(canBuyerCancel({ ...unpaid, status: 'cancelled' })).toBe(false);
  });

  it('names the courier as shoppers know it and puts the lines back for "Beli lagi"', () => {
    expect(shipmentCourierText({ courier_name: 'POS Indonesia', service: 'Pos Kilat Khusus', kind: 'national' })).toBe('POS Indonesia · Pos Kilat Khusus');
    expect(shipmentCourierText({ courier_name: null, service: null, kind: 'pickup' })).toBe('Ambil sendiri');
    const lines = buyAgainLines({
      order_items: [{ product_id: 3, variant_label: 'L', selected_options: [{ group: 'Rasa', value: 'Pedas' }], quantity: 2 }] as never,
    });
    expect(lines).toEqual([{ productId: 3, variantLabel: 'L', options: [{ group: 'Rasa', value: 'Pedas' }], quantity: 2 }]);
  });

  it('shows a cancelled order\'s open shipments as cancelled', () => {
    expect(shownShipmentStatus({ status: 'cancelled' }, { status: 'packing', status_label: 'Dikemas' })).toBe('Dibatalkan');
    expect(shownShipmentStatus({ status: 'confirmed' }, { status: 'packing', status_label: 'Dikemas' })).toBe('Dikemas');
  });
});
