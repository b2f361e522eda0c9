import { describe, expect, it } from 'vitest';
import { emptyPosCart, posCartReducer, posSaleSchema, type PosCartAction } from '@pasar/core/pos';
import { buildSalePayload, cashReceived, emptyCustomer, initialPayment, switchMethod } from './sale-payload';

const opak = { product_id: 7, name: 'Opak Ketan Bakar', variant_label: null, price: 22_000, stock: 3 };
const kopi = { product_id: 9, name: 'Kopi Arabika', variant_label: '500 g', price: 27_000, stock: 5 };
const lines = ([{ type: 'add', item: opak }, { type: 'add', item: opak }, { type: 'add', item: kopi }] satisfies PosCartAction[]).reduce(posCartReducer, emptyPosCart).lines;

describe('switchMethod (requirements/back-office.md §4)', () => {
  it('clears the cash received when leaving cash and the reference when going to cash', () => {
    const cash = { method: 'cash' as const, cash: '50000', reference: '' };
    const qris = switchMethod(cash, 'qris');
    expect(qris).toEqual({ method: 'qris', cash: '', reference: '' });
    const debit = switchMethod({ ...qris, reference: 'REF-1' }, 'debit');
    expect(debit).toEqual({ method: 'debit', cash: '', reference: 'REF-1' });
    expect(switchMethod(debit, 'cash')).toEqual({ method: 'cash', cash: '', reference: '' });
    expect(switchMethod(cash, 'cash')).toEqual(cash);
  });
});

describe('cashReceived', () => {
  it('reads whole rupiah, never below 0, and nothing from an empty field', () => {
    expect(cashReceived('')).toBeNull();
    expect(cashReceived('71000.6')).toBe(71_001);
    expect(cashReceived('-5')).toBe(0);
  });
});

describe('buildSalePayload (requirements/back-office.md §7 POST /orders/pos)', () => {
  it('sends a cash sale with the prices and total the cart shows and empty optional fields as null', () => {
    const body = buildSalePayload({ customer: emptyCustomer, notes: '', payment: { ...initialPayment, cash: '100000', reference: 'ignored' }, lines });
    expect(body).toEqual({
      customer_name: null,
      customer_phone: null,
      customer_email: null,
      notes: null,
      payment_method: 'cash',
      payment_reference: null,
      cash_received: 100_000,
      total_amount: 71_000,
      order_items: [
        { product_id: 7, quantity: 2, price: 22_000, variant_label: 'default' },
        { product_id: 9, quantity: 1, price: 27_000, variant_label: '500 g' },
      ],
    });
    expect(posSaleSchema.safeParse(body).success).toBe(true);
  });

  it('sends a QRIS sale with its reference and the customer, and no cash', () => {
    const body = buildSalePayload({ customer: { name: 'Bu Ani', phone: '0812', email: 'ani@contoh.id' }, notes: 'Bungkus kado', payment: { method: 'qris', cash: '100000', reference: 'QR-9' }, lines });
    expect(body).toMatchObject({ customer_name: 'Bu Ani', customer_phone: '0812', customer_email: 'ani@contoh.id', notes: 'Bungkus kado', payment_method: 'qris', payment_reference: 'QR-9', cash_received: null, total_amount: 71_000 });
    expect(buildSalePayload({ customer: emptyCustomer, notes: '', payment: { method: 'debit', cash: '', reference: '' }, lines }).payment_reference).toBeNull();
  });
});
