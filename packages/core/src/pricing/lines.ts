/**
 * Pricing the lines of a sale, shared by online checkout and the point of sale (issue 13 §11 (docs/issues.md)):
 * the product must be on sale, a variant chosen when it has sizes, options must exist, and the
 * unit price is the server's own (`unitPrice`). Stock is checked against what is on the shelf,
 * per product and size, summed over every line that takes from it.
 */
import { AppError } from '../errors/index';
import { lineTotal, unitPrice } from './prices';

export interface SellableProduct {
  id: number;
  name: string;
  price: number;
  discount: number;
  stock: number;
  is_active: boolean;
  category_active: boolean;
  option_groups: { name: string; values: string[] }[];
  size_variants: { label: string; price: number; stock: number }[];
}

export interface LineRequest {
  product_id: number;
  quantity: number;
  variant_label: string | null;
  selected_options?: { group: string; value: string }[];
}

export interface PricedLine {
  product_id: number;
  product_name: string;
  variant_label: string | null;
  selected_options: { group: string; value: string }[];
  quantity: number;
  price: number;
  line_total: number;
}

export const lineMessages = {
  unknownProduct: (id: number) => `Produk #${id} tidak ditemukan atau sudah tidak dijual.`,
  variantRequired: (name: string) => `Pilih ukuran untuk ${name}.`,
  unknownVariant: (label: string, name: string) => `Ukuran "${label}" tidak tersedia untuk ${name}.`,
  unknownOption: (group: string, value: string, name: string) => `Pilihan "${group}: ${value}" tidak tersedia untuk ${name}.`,
} as const;

export function priceLine(product: SellableProduct | undefined, item: LineRequest): PricedLine {
  if (!product || !product.is_active || !product.category_active) throw new AppError('UNPROCESSABLE', lineMessages.unknownProduct(item.product_id));
  let variantLabel: string | null = null;
  if (product.size_variants.length > 0) {
    if (!item.variant_label) throw new AppError('UNPROCESSABLE', lineMessages.variantRequired(product.name));
    if (!product.size_variants.some((v) => v.label === item.variant_label)) throw new AppError('UNPROCESSABLE', lineMessages.unknownVariant(item.variant_label, product.name));
    variantLabel = item.variant_label;
  } else if (item.variant_label) {
    throw new AppError('UNPROCESSABLE', lineMessages.unknownVariant(item.variant_label, product.name));
  }
  const options = item.selected_options ?? [];
  const seen = new Set<string>();
  for (const option of options) {
    const group = product.option_groups.find((g) => g.name === option.group);
    if (!group || !group.values.includes(option.value) || seen.has(option.group)) {
      throw new AppError('UNPROCESSABLE', lineMessages.unknownOption(option.group, option.value, product.name));
    }
    seen.add(option.group);
  }
  const price = unitPrice(product, variantLabel);
  return { product_id: product.id, product_name: product.name, variant_label: variantLabel, selected_options: options, quantity: item.quantity, price, line_total: lineTotal(price, item.quantity) };
}

export function priceLines(products: ReadonlyMap<number, SellableProduct>, items: readonly LineRequest[]): PricedLine[] {
  return items.map((item) => priceLine(products.get(item.product_id), item));
}

export interface StockShortage {
  product_id: number;
  variant_label: string | null;
  name: string;
  available: number;
  wanted: number;
}

/** The first product or size whose lines together want more than its stock, or null. */
export function firstShortage(products: ReadonlyMap<number, SellableProduct>, lines: readonly PricedLine[]): StockShortage | null {
  const wanted = new Map<string, StockShortage>();
  for (const line of lines) {
    const key = `${line.product_id}|${line.variant_label ?? ''}`;
    const product = products.get(line.product_id);
    const available = line.variant_label ? (product?.size_variants.find((v) => v.label === line.variant_label)?.stock ?? 0) : (product?.stock ?? 0);
    const entry = wanted.get(key) ?? { product_id: line.product_id, variant_label: line.variant_label, name: line.product_name, available, wanted: 0 };
    entry.wanted += line.quantity;
    wanted.set(key, entry);
  }
  for (const entry of wanted.values()) if (entry.wanted > entry.available) return entry;
  return null;
}

export const subtotalOf = (lines: readonly PricedLine[]): number => lines.reduce((s, l) => s + l.line_total, 0);
