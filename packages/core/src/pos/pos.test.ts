import { describe, expect, it } from 'vitest';
import { changeDue, posMessages, posSaleError, posSaleSchema } from './index';

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

  it('reads the sale payload with the variant "default" as none', () => {
    const sale = posSaleSchema.parse({ payment_method: 'cash', cash_received: '50000', total_amount: 2, order_items: [{ product_id: '3', quantity: 2, price: 1, variant_label: 'default' }] });
    expect(sale.order_items[0]).toMatchObject({ product_id: 3, quantity: 2, price: 1, variant_label: null });
    expect(sale.cash_received).toBe(50000);
    expect(sale.total_amount).toBe(2);
    expect(posSaleSchema.safeParse({ payment_method: 'bitcoin', total_amount: 0 }).success).toBe(false);
  });

  // Issue 13 §9 (docs/issues.md): the server can only check what the cashier saw if the sale says it.
  it('requires every line price and the total, in whole rupiah, with Indonesian messages', () => {
    const line = { product_id: 3, quantity: 1, variant_label: null };
    const issue = (body: unknown) => posSaleSchema.safeParse(body).error?.issues[0];
    expect(issue({ total_amount: 22000, order_items: [line] })).toMatchObject({ path: ['order_items', 0, 'price'], message: posMessages.priceRequired });
    expect(issue({ total_amount: 22000, order_items: [{ ...line, price: null }] })?.message).toBe(posMessages.priceRequired);
    expect(issue({ total_amount: 22000, order_items: [{ ...line, price: '22000' }] })?.message).toBe(posMessages.priceRequired);
    expect(issue({ total_amount: 22000, order_items: [{ ...line, price: 21999.5 }] })?.message).toBe(posMessages.priceRequired);
    expect(issue({ total_amount: 22000, order_items: [{ ...line, price: -1 }] })?.message).toBe(posMessages.priceRequired);
    expect(issue({ order_items: [{ ...line, price: 22000 }] })).toMatchObject({ path: ['total_amount'], message: posMessages.totalRequired });
    expect(issue({ total_amount: 39375.5, order_items: [{ ...line, price: 22000 }] })?.message).toBe(posMessages.totalRequired);
    expect(posSaleSchema.safeParse({ total_amount: 22000, order_items: [{ ...line, price: 22000 }] }).success).toBe(true);
  });
});
