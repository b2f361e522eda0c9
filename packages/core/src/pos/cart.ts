/**
 * The POS cart (docs/requirements/back-office.md §5, §9), apart from the storefront cart: lines keyed by product
 * and variant, quantity between 1 and stock, and each line's unit price as shown to the cashier.
 * That price is sent with the sale and checked by the server (issue 13 §9 (docs/issues.md)); when the server
 * answers PRICE_CHANGED, `reprice` moves the lines to the current prices and keeps the cart.
 * The reducer also says what went wrong with the last action (`problem`), in the spec's words.
 */
import { lineTotal } from '../pricing/index';
import { posMessages } from './messages';

export interface PosCartLine {
  /** posLineKey(product_id, variant_label) */
  key: string;
  product_id: number;
  name: string;
  /** null when the product has no sizes (sent as 'default'). */
  variant_label: string | null;
  /** Unit price in whole rupiah as the cashier saw it when adding, or as the server last told. */
  price: number;
  stock: number;
  quantity: number;
}

export interface PosCart {
  lines: PosCartLine[];
  /** The spec's message for the last action that could not be done as asked, else null. */
  problem: string | null;
}

export const emptyPosCart: PosCart = { lines: [], problem: null };

export interface PosCartItem {
  product_id: number;
  name: string;
  variant_label: string | null;
  price: number;
  stock: number;
}

export type PosCartAction =
  | { type: 'add'; item: PosCartItem }
  | { type: 'quantity'; key: string; quantity: number }
  | { type: 'remove'; key: string }
  | { type: 'reprice'; prices: readonly { product_id: number; variant_label: string | null; price: number }[] }
  | { type: 'dismiss' }
  | { type: 'clear' };

/** The POS cart line key combines product id and variant label (spec §9). */
export function posLineKey(productId: number, variantLabel: string | null | undefined): string {
  return `${productId}-${variantLabel && variantLabel !== 'default' ? variantLabel : 'default'}`;
}

/** Quantity clamped between 1 and stock (spec §5). */
export function clampPosQuantity(quantity: number, stock: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.max(1, Math.min(Math.floor(quantity), Math.max(stock, 1)));
}

export function posCartReducer(cart: PosCart, action: PosCartAction): PosCart {
  switch (action.type) {
    case 'add': {
      const { item } = action;
      // Spec §5: adding an item with no stock is refused.
      if (item.stock <= 0) return { ...cart, problem: posMessages.noStock };
      const key = posLineKey(item.product_id, item.variant_label);
      const existing = cart.lines.find((l) => l.key === key);
      if (!existing) return { lines: [...cart.lines, { ...item, variant_label: item.variant_label || null, key, quantity: 1 }], problem: null };
      if (existing.quantity + 1 > item.stock) return { ...cart, problem: posMessages.overStock };
      // The line keeps the price already quoted for it: a different price is for the server to
      // announce (PRICE_CHANGED), not for a second tap to change silently.
      return { lines: cart.lines.map((l) => (l.key === key ? { ...l, stock: item.stock, quantity: l.quantity + 1 } : l)), problem: null };
    }
    case 'quantity': {
      const line = cart.lines.find((l) => l.key === action.key);
      if (!line) return cart;
      return {
        lines: cart.lines.map((l) => (l.key === action.key ? { ...l, quantity: clampPosQuantity(action.quantity, l.stock) } : l)),
        problem: action.quantity > line.stock ? posMessages.overStock : null,
      };
    }
    case 'remove':
      return { lines: cart.lines.filter((l) => l.key !== action.key), problem: null };
    case 'reprice': {
      const current = new Map(action.prices.map((p) => [posLineKey(p.product_id, p.variant_label), p.price]));
      return { lines: cart.lines.map((l) => ({ ...l, price: current.get(l.key) ?? l.price })), problem: null };
    }
    case 'dismiss':
      return cart.problem === null ? cart : { ...cart, problem: null };
    case 'clear':
      return emptyPosCart;
  }
}

/** POS total = sum of unit price times quantity, whole rupiah, no tax or fee (spec §9). */
export function posCartTotal(lines: readonly PosCartLine[]): number {
  return lines.reduce((sum, l) => sum + lineTotal(l.price, l.quantity), 0);
}

export function posCartCount(lines: readonly PosCartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/** The lines and total of a sale exactly as the cart shows them, for the server to check. */
export function posSaleLines(lines: readonly PosCartLine[]): { order_items: { product_id: number; quantity: number; price: number; variant_label: string }[]; total_amount: number } {
  return {
    order_items: lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity, price: l.price, variant_label: l.variant_label ?? 'default' })),
    total_amount: posCartTotal(lines),
  };
}
