/**
 * The cart (docs/requirements/storefront.md §3, §4): lines keyed by product, variant and chosen options;
 * add, remove, update quantity, clear; totals move by quantity × unit price. Pure: the web
 * keeps it in localStorage, the server never trusts it (checkout recomputes every price).
 */
import type { Product } from '../catalog/index';
import { formatRupiah } from '../money/index';
import { availableStock, findVariant, unitPrice } from '../pricing/index';

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
  /** Its name, for the cart's origin groups; absent on lines stored before it was kept. */
  business_district_name?: string | null;
  category_name: string | null;
  /** "Hanya kirim lokal" (issue 28): its origin group is offered local couriers only; absent on older lines. */
  local_only?: boolean;
  /** Stock of the product when it has no variants (null when unknown). */
  stock: number | null;
  /** "Berat (gram)" of one unit: the checkout's weight (decision 065); absent on older lines, weighed at 500 g. */
  weight_grams?: number;
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

type StockedLine = Pick<CartLine, 'variant' | 'product' | 'quantity'> & { id?: string };

/**
 * Lines draw on the same stock when they are the same product and size variant: the chosen
 * options (a spice level, a grind) have no stock of their own (docs/decisions/008).
 */
export function sameStock(a: StockKey, b: StockKey): boolean {
  return a.product.id === b.product.id && (a.variant?.label ?? null) === (b.variant?.label ?? null);
}

/** What names a stock: the product and the size variant's label. */
export interface StockKey {
  product: { id: number };
  variant: { label: string } | null;
}

/** Units of the line's product and variant already in the cart, on lines other than `exceptId`. */
export function quantityInCart(items: readonly CartLine[], line: StockKey, exceptId?: string): number {
  return items.filter((l) => l.id !== exceptId && sameStock(l, line)).reduce((sum, l) => sum + l.quantity, 0);
}

/**
 * The most a shopper may put on a line: its stock less what the cart's other lines of the same
 * product and variant hold; when stock is unknown or 0 the cap is the current quantity (shown
 * as 'Bebas') — spec §4 Cart. Never below 1: a line over the cap can still be lowered.
 */
export function maxQuantity(line: StockedLine, items: readonly CartLine[] = []): number {
  const stock = lineStock(line);
  if (stock === null || stock <= 0) return Math.max(1, line.quantity);
  return Math.max(1, stock - quantityInCart(items, line, line.id));
}

/**
 * Shopper-facing texts of the stock cap. Not in the spec (it only says the quantity is capped at
 * the stock, §4, §5): issue 16 asked for a clear message where the shopper tapped.
 */
export const cartMessages = {
  /** Nothing more can be added: the cart already holds the whole stock. */
  stockAllInCart: (name: string, stock: number) => `Stok ${name} tinggal ${stock} dan semuanya sudah ada di keranjang.`,
  /** Some can be added, fewer than asked. */
  stockPartlyInCart: (name: string, stock: number, inCart: number, remaining: number) =>
    `Stok ${name} tinggal ${stock} dan ${inCart} sudah ada di keranjang. Anda hanya dapat menambah ${remaining} lagi.`,
  /** More than the stock asked for with nothing in the cart yet (a stale page). */
  stockTooLow: (name: string, stock: number) => `Stok ${name} tinggal ${stock}.`,
  /** Beside the cart page's stepper when the line is at its cap. */
  lineAtStock: (stock: number, onOtherLines: number) =>
    onOtherLines > 0 ? `Stok tinggal ${stock}; ${onOtherLines} ada di baris lain dengan ukuran yang sama.` : `Jumlah sudah sebanyak stok (${stock}).`,
  /** Beside the stepper at the store's per-line limit (payment settings' max_line_quantity, which checkout enforces). */
  lineAtLimit: (max: number) => `Maksimal ${max} per barang dalam satu pesanan.`,
} as const;

/**
 * What the cart says when it reads its lines again from the catalogue (issue 31 item 5): one short
 * notice per changed line. Not in the spec.
 */
export const cartRefreshMessages = {
  priceChanged: (name: string, from: number, to: number) => `Harga ${name} berubah dari ${formatRupiah(from)} menjadi ${formatRupiah(to)}.`,
  stockLowered: (name: string, stock: number, quantity: number) => `Stok ${name} sekarang ${stock}; jumlahnya disesuaikan menjadi ${quantity}.`,
  limited: (name: string, max: number) => `Jumlah ${name} disesuaikan menjadi ${max}, batas per barang dalam satu pesanan.`,
  soldOut: (name: string) => `${name} sudah habis dan dikeluarkan dari keranjang.`,
  takenByOtherLines: (name: string, stock: number) => `Stok ${name} tinggal ${stock} dan sudah terpakai di baris lain; baris ini dikeluarkan dari keranjang.`,
  unavailable: (name: string) => `${name} tidak dijual lagi dan dikeluarkan dari keranjang.`,
  sizeGone: (name: string, label: string) => `Ukuran ${label} untuk ${name} tidak tersedia lagi dan dikeluarkan dari keranjang.`,
} as const;

/** The product as a cart line keeps it: what the cart, its origin groups and the checkout read. */
export function productSnapshot(product: Product): CartProductSnapshot {
  return {
    id: product.id,
    name: product.name,
    image: product.image_url,
    business_id: product.business_id,
    business_name: product.business_name,
    business_district_id: product.business?.district_id ?? null,
    business_district_name: product.business?.district_name ?? null,
    category_name: product.category?.name ?? null,
    local_only: product.local_only,
    stock: product.stock,
    weight_grams: product.weight_grams,
  };
}

export interface CartChange {
  line_id: string;
  message: string;
}

/**
 * The cart's lines read again from the catalogue (issue 31 item 5: a line kept the stock and price
 * of the moment it was added until checkout refused it). `products` holds what the catalogue
 * answered per product id: the product, or null when no active product has that id any more; a
 * product missing from it (its read failed) leaves its lines as they are. A line takes the
 * product's current price, stock and details; a line whose product, size or stock is gone leaves
 * the cart; a quantity above what the stock leaves (lines of one product and size share its stock,
 * in cart order) or above `maxLine` (the store's per-line limit) comes down to it. Each such
 * change is said once, per line.
 */
export function refreshLines(items: readonly CartLine[], products: ReadonlyMap<number, Product | null>, maxLine: number): { items: CartLine[]; changes: CartChange[] } {
  const kept: CartLine[] = [];
  const changes: CartChange[] = [];
  const say = (line: CartLine, message: string) => changes.push({ line_id: line.id, message });
  for (const line of items) {
    const product = products.get(line.product.id);
    if (product === undefined) {
      kept.push(line);
      continue;
    }
    const name = line.variant ? `${line.product.name} (${line.variant.label})` : line.product.name;
    if (product === null) {
      say(line, cartRefreshMessages.unavailable(name));
      continue;
    }
    const variant = line.variant ? findVariant(product.size_variants, line.variant.label) : undefined;
    if (line.variant && !variant) {
      say(line, cartRefreshMessages.sizeGone(line.product.name, line.variant.label));
      continue;
    }
    const stock = availableStock(product, variant?.label);
    if (stock <= 0) {
      say(line, cartRefreshMessages.soldOut(name));
      continue;
    }
    const fresh: CartLine = {
      ...line,
      product: productSnapshot(product),
      variant: variant ? { label: variant.label, stock: variant.stock } : null,
      unit_price: unitPrice(product, variant?.label),
    };
    const left = stock - quantityInCart(kept, fresh);
    if (left <= 0) {
      say(line, cartRefreshMessages.takenByOtherLines(name, stock));
      continue;
    }
    if (fresh.unit_price !== line.unit_price) say(line, cartRefreshMessages.priceChanged(name, line.unit_price, fresh.unit_price));
    const quantity = Math.min(line.quantity, left, Math.max(1, maxLine));
    if (quantity < line.quantity) {
      say(line, quantity === left ? cartRefreshMessages.stockLowered(name, stock, quantity) : cartRefreshMessages.limited(name, quantity));
    }
    kept.push({ ...fresh, quantity });
  }
  return { items: kept, changes };
}

/** The product (and variant) as the messages name it: `Sambal Roa (250 g)`. */
function stockName(line: Pick<CartLine, 'variant' | 'product'>): string {
  return line.variant ? `${line.product.name} (${line.variant.label})` : line.product.name;
}

/**
 * Why adding `line` to the cart is refused, or null when it may be added: what the cart already
 * holds of the same product and variant plus the added quantity may not pass the stock the line
 * carries (the variant's when it has one). An unknown stock is not checked here; the server
 * checks every order (spec §5 Add to cart: stock above 0, quantity at most the available stock).
 */
export function addRefusal(items: readonly CartLine[], line: Omit<CartLine, 'id'> & { id?: string }): string | null {
  const stock = lineStock(line);
  if (stock === null) return null;
  const quantity = Math.max(1, Math.floor(line.quantity || 1));
  const inCart = quantityInCart(items, line);
  if (inCart + quantity <= stock) return null;
  const remaining = Math.max(0, stock - inCart);
  if (inCart === 0) return cartMessages.stockTooLow(stockName(line), Math.max(0, stock));
  return remaining === 0 ? cartMessages.stockAllInCart(stockName(line), stock) : cartMessages.stockPartlyInCart(stockName(line), stock, inCart, remaining);
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
  /** The lines an order took (a checkout of one origin group leaves the rest in the cart). */
  | { type: 'removeLines'; ids: readonly string[] }
  | { type: 'update'; id: string; quantity: number }
  /** The current prices the checkout's 409 PRICE_CHANGED answered (issue 28), by product and size. */
  | { type: 'reprice'; prices: readonly { product_id: number; variant_label: string | null; price: number }[] }
  /** The lines as the catalogue has them now (refreshLines). */
  | { type: 'refresh'; products: ReadonlyMap<number, Product | null>; maxLine: number }
  | { type: 'clear' };

/**
 * Adding an existing line id increases its quantity; otherwise the line is appended. An add
 * that `addRefusal` refuses leaves the cart as it was; an update never raises a line past
 * `maxQuantity` (lowering is always allowed).
 */
export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      if (addRefusal(cart.items, action.line)) return cart;
      const quantity = Math.max(1, Math.floor(action.line.quantity || 1));
      const id = action.line.id ?? cartLineId(action.line.product.id, action.line.variant?.label, action.line.selected_options);
      const existing = cart.items.find((l) => l.id === id);
      if (existing) {
        // The product was just read: its price and stock replace the line's older copy.
        const { product, variant, unit_price } = action.line;
        return totals(cart.items.map((l) => (l.id === id ? { ...l, product, variant, unit_price, quantity: l.quantity + quantity } : l)));
      }
      return totals([...cart.items, { ...action.line, id, quantity }]);
    }
    case 'remove':
      return totals(cart.items.filter((l) => l.id !== action.id));
    case 'removeLines':
      return totals(cart.items.filter((l) => !action.ids.includes(l.id)));
    case 'update': {
      const asked = Math.max(1, Math.floor(Number.isFinite(action.quantity) ? action.quantity : 1));
      return totals(
        cart.items.map((l) => {
          if (l.id !== action.id) return l;
          const quantity = asked > l.quantity ? Math.max(l.quantity, Math.min(asked, maxQuantity(l, cart.items))) : asked;
          return { ...l, quantity };
        }),
      );
    }
    case 'reprice':
      return totals(
        cart.items.map((l) => {
          const current = action.prices.find((p) => p.product_id === l.product.id && (p.variant_label ?? null) === (l.variant?.label ?? null));
          return current && current.price !== l.unit_price ? { ...l, unit_price: current.price } : l;
        }),
      );
    case 'refresh':
      return totals(refreshLines(cart.items, action.products, action.maxLine).items);
    case 'clear':
      return emptyCart;
  }
}

/** The store's own location: where products without a partner business are sent from. */
export interface StoreOrigin {
  district_id: number;
  district_name: string;
}

/** Lines sent from one place: a partner's district, or the store's for products without a business. */
export interface OriginGroup {
  /** Names the group in the checkout's address (`/checkout?asal=<key>`): the district id, or 'toko'. */
  key: string;
  district_id: number | null;
  district_name: string | null;
  /** True when the store's own products are in it. */
  includes_store: boolean;
  /** The partner businesses of its lines, in cart order. */
  businesses: string[];
  items: CartLine[];
  totalItems: number;
  totalAmount: number;
}

/** The query parameter that names the origin group a checkout orders. */
export const ORIGIN_PARAM = 'asal';
/** The key of lines whose origin is unknown (no business district and no store location yet). */
const UNKNOWN_ORIGIN = 'toko';

function lineOrigin(line: CartLine, store: StoreOrigin | null): { district_id: number | null; district_name: string | null; fromStore: boolean } {
  const district = line.product.business_district_id;
  if (typeof district === 'number' && district > 0) return { district_id: district, district_name: line.product.business_district_name ?? null, fromStore: false };
  return { district_id: store?.district_id ?? null, district_name: store?.district_name ?? null, fromStore: true };
}

/**
 * The cart's lines grouped by where they are sent from (spec §5 checkout rule 4: one order has
 * one origin district, and only partner businesses' districts count). Partners' lines group by
 * their district; the store's own products (no partner district) join the partner group at the
 * store's district, else the first partner group (the order service then ships them from that
 * partner's district), or form a group at the store's location when the cart has no partner's
 * products: a cart the server accepts as one order is one group. Groups keep the cart's order.
 */
export function originGroups(items: readonly CartLine[], store: StoreOrigin | null): OriginGroup[] {
  const groups = new Map<string, OriginGroup>();
  const storeLines: CartLine[] = [];
  const groupFor = (key: string, district_id: number | null, district_name: string | null) => {
    let group = groups.get(key);
    if (!group) {
      group = { key, district_id, district_name, includes_store: false, businesses: [], items: [], totalItems: 0, totalAmount: 0 };
      groups.set(key, group);
    }
    group.district_name ??= district_name;
    return group;
  };
  for (const line of items) {
    const origin = lineOrigin(line, store);
    if (origin.fromStore) {
      storeLines.push(line);
      continue;
    }
    const group = groupFor(String(origin.district_id), origin.district_id, origin.district_name);
    const business = line.product.business_name;
    if (business && !group.businesses.includes(business)) group.businesses.push(business);
    group.items.push(line);
  }
  if (storeLines.length > 0) {
    const home = store ? groups.get(String(store.district_id)) : undefined;
    const group = home ?? groups.values().next().value ?? groupFor(store ? String(store.district_id) : UNKNOWN_ORIGIN, store?.district_id ?? null, store?.district_name ?? null);
    group.includes_store = true;
    // Keep the cart's order within the group.
    const taken = new Set([...group.items, ...storeLines]);
    group.items = items.filter((line) => taken.has(line));
  }
  return [...groups.values()].map((g) => ({ ...g, ...totals(g.items), items: g.items }));
}

/**
 * What a checkout orders: the whole cart, or only the lines of the origin group `key` names
 * (empty when no such group is left, e.g. after it was ordered).
 */
export function cartOfOrigin(cart: Cart, key: string | null | undefined, store: StoreOrigin | null): Cart {
  if (!key) return cart;
  return totals(originGroups(cart.items, store).find((g) => g.key === key)?.items ?? []);
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
