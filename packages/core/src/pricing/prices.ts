/**
 * Pricing rules, the only place prices are computed (docs/requirements/storefront.md §4, back-office §9):
 * - the base price is the lowest variant price when variants exist, else the product price;
 * - a chosen variant's price replaces the base price;
 * - the discount percent reduces it (price − price × discount / 100), never below 0,
 *   rounded to whole rupiah (docs/decisions/003-integer-rupiah.md);
 * - a discount is shown only when above 0.
 */
import { toRupiah } from '../money/index';

export interface PricedVariant {
  label: string;
  price: number;
  stock?: number | null;
}

export interface PricedProduct {
  price: number;
  discount?: number | null;
  stock?: number | null;
  size_variants?: readonly PricedVariant[] | null;
}


export function applyDiscount(price: number, discountPercent: number | null | undefined): number {
  const discount = clampDiscount(discountPercent);
  return Math.max(0, toRupiah(price - (price * discount) / 100));
}

export function clampDiscount(discountPercent: number | null | undefined): number {
  const d = Number(discountPercent ?? 0);
  if (!Number.isFinite(d) || d <= 0) return 0;
  return Math.min(100, d);
}

export function hasDiscount(product: Pick<PricedProduct, 'discount'>): boolean {
  return clampDiscount(product.discount) > 0;
}

/** Lowest variant price if variants exist, else the product price; before discount. */
export function basePrice(product: PricedProduct): number {
  const variants = product.size_variants ?? [];
  if (variants.length === 0) return product.price;
  return Math.min(...variants.map((v) => v.price));
}

export function findVariant<V extends PricedVariant>(variants: readonly V[] | null | undefined, label: string | null | undefined): V | undefined {
  if (!label || label === 'default') return undefined;
  return (variants ?? []).find((v) => v.label === label);
}

/** The price before discount for a chosen variant (or the base price when none is chosen). */
export function listPrice(product: PricedProduct, variantLabel?: string | null): number {
  const variant = findVariant(product.size_variants, variantLabel);
  return variant ? variant.price : basePrice(product);
}

/** What one unit costs the buyer: list price with the discount applied. */
export function unitPrice(product: PricedProduct, variantLabel?: string | null): number {
  return applyDiscount(listPrice(product, variantLabel), product.discount);
}

/**
 * Units available for a product or one of its variants. With variants, each variant
 * has its own stock and the product's stock is their sum (kept so by every write).
 */
export function availableStock(product: PricedProduct, variantLabel?: string | null): number {
  const variant = findVariant(product.size_variants, variantLabel);
  const stock = variant ? variant.stock : product.stock;
  return Math.max(0, Number(stock ?? 0) || 0);
}

/** Line total of a quantity at a unit price, in whole rupiah. */
export function lineTotal(unit: number, quantity: number): number {
  return toRupiah(unit * quantity);
}
