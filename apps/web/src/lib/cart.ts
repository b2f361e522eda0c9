/**
 * The cart store shared by catalogue, product page, cart, checkout and the assistant:
 * the core reducer, kept in localStorage across reloads and synced across tabs.
 */
import { useSyncExternalStore } from 'react';
import { addRefusal, cartReducer, emptyCart, productSnapshot, quantityInCart, refreshLines, restoreCart, type Cart, type CartAction, type CartChange, type CartLine, type CartOption } from '@pasar/core/cart';
import type { Product } from '@pasar/core/catalog';
import { availableStock, unitPrice } from '@pasar/core/pricing';
import { readJson, storageKeys, writeJson } from './storage';

let cart: Cart = typeof window === 'undefined' ? emptyCart : restoreCart(readJson(storageKeys.cart));
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function dispatch(action: CartAction): void {
  cart = cartReducer(cart, action);
  writeJson(storageKeys.cart, cart);
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKeys.cart) {
      cart = restoreCart(readJson(storageKeys.cart));
      emit();
    }
  });
}

export const cartActions = {
  /**
   * Adds the line unless the cart would then hold more of the product (and size) than its stock:
   * answers null when added, else the refusal to show where the shopper tapped (core addRefusal).
   */
  add: (line: Omit<CartLine, 'id'>): string | null => {
    const refusal = addRefusal(cart.items, line);
    if (refusal) return refusal;
    dispatch({ type: 'add', line });
    return null;
  },
  remove: (id: string) => dispatch({ type: 'remove', id }),
  /** Takes out the lines an order took; the rest of the cart stays. */
  removeLines: (ids: readonly string[]) => dispatch({ type: 'removeLines', ids }),
  update: (id: string, quantity: number) => dispatch({ type: 'update', id, quantity }),
  /** Moves lines to the prices the server answered (checkout's 409 PRICE_CHANGED, issue 28). */
  reprice: (prices: readonly { product_id: number; variant_label: string | null; price: number }[]) => dispatch({ type: 'reprice', prices }),
  /**
   * Moves the lines to the catalogue's current products (core refreshLines) and answers what
   * changed, a notice per line; the cart is written only when a line differs.
   */
  refresh: (products: ReadonlyMap<number, Product | null>, maxLine: number): CartChange[] => {
    const { items, changes } = refreshLines(cart.items, products, maxLine);
    if (JSON.stringify(items) !== JSON.stringify(cart.items)) dispatch({ type: 'refresh', products, maxLine });
    return changes;
  },
  clear: () => dispatch({ type: 'clear' }),
};

export function useCart(): Cart {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => cart,
    () => emptyCart,
  );
}

/** The badge text: the count, or 99+ above 99 (docs/requirements/storefront.md §9). */
export function cartBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}


/** The default choice for a product: its first variant and each option group's first value (spec §4 Product detail). */
export function defaultChoice(product: Product): { variantLabel: string | null; options: CartOption[] } {
  return {
    variantLabel: product.size_variants[0]?.label ?? null,
    options: product.option_groups.filter((g) => g.values.length > 0).map((g) => ({ group: g.name, value: g.values[0] as string })),
  };
}

/** A cart line for a product and a choice; the unit price comes from core pricing. */
export function lineFor(product: Product, variantLabel: string | null, options: CartOption[], quantity: number): Omit<CartLine, 'id'> {
  const variant = variantLabel ? product.size_variants.find((v) => v.label === variantLabel) : undefined;
  return {
    product: productSnapshot(product),
    quantity,
    unit_price: unitPrice(product, variant?.label),
    variant: variant ? { label: variant.label, stock: variant.stock } : null,
    selected_options: options,
  };
}

/** Units a shopper can add for a choice (the variant's stock when variants exist). */
export function stockFor(product: Product, variantLabel: string | null): number {
  return availableStock(product, variantLabel);
}

/** Units of a choice the cart already holds (every line of that product and size, whatever the options). */
export function inCartFor(items: readonly CartLine[], product: Product, variantLabel: string | null): number {
  const variant = variantLabel ? product.size_variants.find((v) => v.label === variantLabel) : undefined;
  return quantityInCart(items, { product, variant: variant ?? null });
}
