import { describe, expect, it } from 'vitest';
import { changeDue, clampPosQuantity, posLineKey, posMessages, posSaleError, posSaleSchema } from './index';

describe('POS rules', () => {
  it('checks an empty cart before short cash', () => {
    expect(posSaleError({ itemCount: 0, method: 'cash', cashReceived: 0, total: 0 })).toBe(posMessages.emptyCart);
    expect(posSaleError({ itemCount: 1, method: 'cash', cashReceived: 9000, total: 10000 })).toBe(posMessages.shortCash);
    expect(posSaleError({ itemCount: 1, method: 'cash', cashReceived: 10000, total: 10000 })).toBeNull();
    expect(posSaleError({ itemCount: 1, method: 'qris', cashReceived: null, total: 10000 })).toBeNull();
  });

  it('computes change only for cash', () => {
    expect(changeDue('cash', 50000, 37500)).toBe(12500);
    expect(changeDue('cash', 30000, 37500)).toBe(0);
    expect(changeDue('debit', 50000, 37500)).toBe(0);
  });

  it('keys lines by product and variant and clamps quantity between 1 and stock', () => {
    expect(posLineKey(4, null)).toBe('4-default');
    expect(posLineKey(4, 'default')).toBe('4-default');
    expect(posLineKey(4, 'L')).toBe('4-L');
    expect(clampPosQuantity(0, 5)).toBe(1);
    expect(clampPosQuantity(9, 5)).toBe(5);
    expect(clampPosQuantity(3.7, 5)).toBe(3);
  });

  it('reads the sale payload with the variant "default" as none', () => {
    const sale = posSaleSchema.parse({ payment_method: 'cash', cash_received: '50000', order_items: [{ product_id: '3', quantity: 2, price: 1, variant_label: 'default' }] });
    expect(sale.order_items[0]).toMatchObject({ product_id: 3, quantity: 2, variant_label: null });
    expect(sale.cash_received).toBe(50000);
    expect(posSaleSchema.safeParse({ payment_method: 'bitcoin' }).success).toBe(false);
  });
});
