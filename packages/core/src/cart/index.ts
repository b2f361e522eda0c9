/**
 * The cart (docs/requirements/storefront.md §3, §4): lines keyed by product, variant and chosen options;
 * add, remove, update quantity, clear; totals move by quantity × unit price. Pure: the web
 * keeps it in localStorage, the server never trusts it (checkout recomputes every price).
 */

export interface CartOption {
  group: string;
  value: string;
}

export interface CartProductSnapshot {
  id: number;
  name: string;
  image: string | null;
  business_id: number | null;
  business_name: string | null;
  /** The business's district: the checkout's one-origin rule (spec §5 rule 4) reads it. */
  business_district_id: number | null;
  category_name: string | null;
  /** Stock of the product when it has no variants (null when unknown). */
  stock: number | null;
}

export interface CartLine {
  id: string;
  product: CartProductSnapshot;
  quantity: number;
  unit_price: number;
  variant: { label: string; stock: number | null } | null;
  selected_options: CartOption[];
}

export interface Cart {
  items: CartLine[];
  totalItems: number;
  totalAmount: number;
}

export const emptyCart: Cart = { items: [], totalItems: 0, totalAmount: 0 };

/**
 * Line id = product id, the variant label or 'default', and the option `group:value` pairs
 * sorted, joined with '|' (e.g. `12|500 g|Level pedas:Pedas`); options are joined with ','.
 */
export function cartLineId(productId: number, variantLabel: string | null | undefined, options: readonly CartOption[] = []): string {
  const variant = variantLabel && variantLabel !== 'default' ? variantLabel : 'default';
  const pairs = options.map((o) => `${o.group}:${o.value}`).sort();
  return [String(productId), variant, pairs.join(',')].join('|');
}

/** The stock that caps a line: the variant's when chosen, else the product's; null when unknown. */
export function lineStock(line: Pick<CartLine, 'variant' | 'product'>): number | null {
  const stock = line.variant ? line.variant.stock : line.product.stock;
  return stock === null || stock === undefined || !Number.isFinite(stock) ? null : stock;
}

/**
 * The most a shopper may put on a line: its stock; when stock is unknown or 0 the cap is
 * the current quantity (shown as 'Bebas') — spec §4 Cart.
 */
export function maxQuantity(line: Pick<CartLine, 'variant' | 'product' | 'quantity'>): number {
  const stock = lineStock(line);
  if (stock === null || stock <= 0) return Math.max(1, line.quantity);
  return stock;
}

/** 'Bebas' is shown instead of a stock figure when stock is unknown or 0. */
export function isFreeStock(line: Pick<CartLine, 'variant' | 'product'>): boolean {
  const stock = lineStock(line);
  return stock === null || stock <= 0;
}

export function totals(items: readonly CartLine[]): Cart {
  return {
    items: [...items],
    totalItems: items.reduce((sum, l) => sum + l.quantity, 0),
    totalAmount: items.reduce((sum, l) => sum + l.quantity * l.unit_price, 0),
  };
}

export type CartAction =
  | { type: 'add'; line: Omit<CartLine, 'id'> & { id?: string } }
  | { type: 'remove'; id: string }
  | { type: 'update'; id: string; quantity: number }
  | { type: 'clear' };

/** Adding an existing line id increases its quantity; otherwise the line is appended. */
export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      const quantity = Math.max(1, Math.floor(action.line.quantity || 1));
      const id = action.line.id ?? cartLineId(action.line.product.id, action.line.variant?.label, action.line.selected_options);
      const existing = cart.items.find((l) => l.id === id);
      if (existing) {
        return totals(cart.items.map((l) => (l.id === id ? { ...l, quantity: l.quantity + quantity, unit_price: action.line.unit_price } : l)));
      }
      return totals([...cart.items, { ...action.line, id, quantity }]);
    }
    case 'remove':
      return totals(cart.items.filter((l) => l.id !== action.id));
    case 'update': {
      const quantity = Math.max(1, Math.floor(Number.isFinite(action.quantity) ? action.quantity : 1));
      return totals(cart.items.map((l) => (l.id === action.id ? { ...l, quantity } : l)));
    }
    case 'clear':
      return emptyCart;
  }
}

/** Reads a stored cart defensively: anything malformed is dropped, totals are recomputed. */
export function restoreCart(value: unknown): Cart {
  if (!value || typeof value !== 'object' || !Array.isArray((value as Cart).items)) return emptyCart;
  const items = (value as Cart).items.filter(
    (l): l is CartLine =>
      !!l &&
      typeof l.id === 'string' &&
      typeof l.quantity === 'number' &&
      l.quantity >= 1 &&
      typeof l.unit_price === 'number' &&
      !!l.product &&
      typeof l.product.id === 'number',
  );
  return totals(items);
}
