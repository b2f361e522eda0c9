import { useEffect, useReducer, useState } from 'react';
import type { Product } from '@pasar/core/catalog';
import type { AdminOrder } from '@pasar/core/orders';
import { availableStock, unitPrice } from '@pasar/core/pricing';
import { changeDue, describePriceChanges, emptyPosCart, posCartCount, posCartReducer, posCartTotal, posMessages, posSaleError, type PosPaymentMethod } from '@pasar/core/pos';
import { failureMessage } from '../../components/form';
import { useSession } from '../../lib/session';
import { readPosDraft, writePosDraft } from './pos-draft';
import { priceChangedOf, useRecordSale } from './api/pos-api';
import type { PriceChange } from './components/price-change-notice';
import { buildSalePayload, cashReceived, emptyCustomer, initialPayment, switchMethod, type PosCustomer } from './sale-payload';

/**
 * One sale at the counter (docs/requirements/back-office.md §4, §5, §9): core's cart reducer (the one POS cart),
 * the customer, payment and notes, and what the last action said. The sale carries the prices and
 * total the cart shows; the server refuses it when they are no longer current (issue 13 §9), and
 * the cart then takes the current prices, says what changed and, for QRIS, draws a new code.
 */
export function usePosSale() {
  const record = useRecordSale();
  // The POS is behind the admin guard, so a session is there; 0 only keeps the types simple.
  const userId = useSession()?.user.id ?? 0;
  // Read once, when the screen opens: the sale left on this browser by this user (issue 17).
  const [draft] = useState(() => readPosDraft(userId));
  const [cart, dispatch] = useReducer(posCartReducer, emptyPosCart, (empty) => (draft ? { ...empty, lines: draft.lines } : empty));
  const [customer, setCustomer] = useState<PosCustomer>(draft?.customer ?? emptyCustomer);
  const [payment, setPayment] = useState(draft?.payment ?? initialPayment);
  const [notes, setNotes] = useState(draft?.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  /** The QRIS code on screen, with a note when it was redrawn for a new total; null when closed. */
  const [qris, setQris] = useState<{ notice: string | null } | null>(null);
  const [receipt, setReceipt] = useState<AdminOrder | null>(null);

  const lines = cart.lines;
  const total = posCartTotal(lines);
  useEffect(() => {
    writePosDraft(userId, { lines, customer, payment, notes });
  }, [userId, lines, customer, payment, notes]);
  const cash = cashReceived(payment.cash);

  const add = (product: Product, variant: string | null) => {
    setError(null);
    setNotice(null);
    // The line keeps the price the grid shows now: it is sent with the sale and checked there.
    dispatch({ type: 'add', item: { product_id: product.id, name: product.name, variant_label: variant, price: unitPrice(product, variant), stock: availableStock(product, variant) } });
  };

  const setQuantity = (key: string, wanted: number) => {
    setError(null);
    dispatch({ type: 'quantity', key, quantity: wanted });
  };

  const remove = (key: string) => {
    setError(null);
    dispatch({ type: 'remove', key });
  };

  const chooseMethod = (method: PosPaymentMethod) => {
    setPayment((p) => switchMethod(p, method));
    // Spec §4: choosing qris opens the QRIS code.
    if (method === 'qris') setQris({ notice: null });
  };

  const reset = () => {
    dispatch({ type: 'clear' });
    setPriceChange(null);
    setCustomer(emptyCustomer);
    setNotes('');
    setPayment(initialPayment);
  };

  const pay = async () => {
    setNotice(null);
    setPriceChange(null);
    dispatch({ type: 'dismiss' });
    const rule = posSaleError({ itemCount: lines.length, method: payment.method, cashReceived: cash ?? 0, total });
    if (rule) return setError(rule);
    setError(null);
    try {
      const result = await record.mutateAsync(buildSalePayload({ customer, notes, payment, lines }));
      reset();
      setNotice(result.message ?? posMessages.saved);
      setReceipt(result.data);
    } catch (err) {
      const changed = priceChangedOf(err);
      if (!changed) return setError(failureMessage(err, posMessages.saveFailed));
      // Nothing was recorded: the cart keeps its lines at the current prices and the cashier,
      // having told the customer, presses Bayar again. A QRIS code for the old total is useless,
      // so a new one is drawn for the new total straight away.
      dispatch({ type: 'reprice', prices: changed.prices });
      setPriceChange({ changes: describePriceChanges(changed.prices), total: changed.total_amount });
      if (payment.method === 'qris') setQris({ notice: posMessages.qrisRedrawn });
    }
  };

  return {
    lines,
    total,
    itemCount: posCartCount(lines),
    change: changeDue(payment.method, cash, total),
    // A failed save and a refused cart action share the banner; the newer one is what is shown.
    error: error ?? cart.problem,
    dismissError: () => {
      setError(null);
      dispatch({ type: 'dismiss' });
    },
    notice,
    setNotice,
    priceChange,
    dismissPriceChange: () => setPriceChange(null),
    customer,
    setCustomer,
    payment,
    chooseMethod,
    setCash: (value: string) => setPayment((p) => ({ ...p, cash: value })),
    setReference: (value: string) => setPayment((p) => ({ ...p, reference: value })),
    notes,
    setNotes,
    qris,
    showQris: () => setQris({ notice: null }),
    closeQris: () => setQris(null),
    receipt,
    closeReceipt: () => setReceipt(null),
    /** The cashier empties the cart: the sale and its stored draft are gone. */
    clear: () => {
      setError(null);
      setNotice(null);
      reset();
    },
    add,
    setQuantity,
    remove,
    pay,
    saving: record.isPending,
  };
}
