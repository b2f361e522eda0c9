/**
 * The POS price check (issue 13 §9 (docs/issues.md), docs/decisions/013-payments.md "POS"): a sale carries the
 * unit price of every line as the cashier showed it and the total the customer was asked for.
 * The server prices the lines itself; when any price or the total differs it records nothing and
 * answers 409 `PRICE_CHANGED` with the current prices, so the cash counted, the QRIS code and the
 * receipt can never disagree with the stored order.
 */
import { z } from 'zod';
import { formatRupiah, toRupiah } from '../money/index';

/** One line of the answer: what the cashier saw and what the product costs now. */
export const posPriceLineSchema = z.object({
  product_id: z.number().int(),
  variant_label: z.string().nullable(),
  name: z.string(),
  price_seen: z.number().int(),
  price: z.number().int(),
});
export type PosPriceLine = z.infer<typeof posPriceLineSchema>;

/** The 409 body (the error handler spreads the details beside `error` and `code`). */
export const posPriceChangedSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('PRICE_CHANGED'),
  /** Every line of the sale, in the order sent, with its current unit price. */
  prices: z.array(posPriceLineSchema),
  /** The server's total for the same lines and quantities at the current prices. */
  total_amount: z.number().int(),
});
export type PosPriceChanged = z.infer<typeof posPriceChangedSchema>;

export interface PosPriceConflict {
  prices: PosPriceLine[];
  total_amount: number;
}

interface SentLine {
  product_id: number;
  variant_label: string | null;
  price: number;
}

interface ServerLine {
  product_id: number;
  product_name: string;
  variant_label: string | null;
  price: number;
}

/**
 * Compares the sale as sent with the server's pricing of the same lines (`server[i]` prices
 * `sent.items[i]`, as core/pricing priceLines keeps the order). Any line whose price differs, or a
 * total that differs even when every line agrees, is a conflict; null when everything matches.
 */
export function posPriceConflict(sent: { items: readonly SentLine[]; total_amount: number }, server: readonly ServerLine[], serverTotal: number): PosPriceConflict | null {
  if (sent.items.length !== server.length) throw new Error('posPriceConflict: every sent line needs its server line');
  const prices = server.map((line, i) => ({
    product_id: line.product_id,
    variant_label: line.variant_label,
    name: line.product_name,
    price_seen: sent.items[i]!.price,
    price: line.price,
  }));
  const differs = prices.some((p) => p.price_seen !== p.price) || sent.total_amount !== serverTotal;
  return differs ? { prices, total_amount: serverTotal } : null;
}

/**
 * What changed, for the cashier to read: one text per product whose price moved,
 * e.g. "Opak Ketan Bakar (500 g): Rp22.000 → Rp44.000". A product sent on two lines is told once.
 */
export function describePriceChanges(prices: readonly PosPriceLine[]): string[] {
  const seen = new Set<string>();
  const texts: string[] = [];
  for (const p of prices) {
    const key = `${p.product_id}|${p.variant_label ?? ''}`;
    if (p.price_seen === p.price || seen.has(key)) continue;
    seen.add(key);
    texts.push(`${p.name}${p.variant_label ? ` (${p.variant_label})` : ''}: ${formatRupiah(p.price_seen)} → ${formatRupiah(p.price)}`);
  }
  return texts;
}

/**
 * "Uang pas" is the exact total (issue 13 §9 (docs/issues.md)): rounding it up to the cash step made a cash sale
 * look paid with money the cashier never counted, and hid a total that had changed.
 */
export function uangPas(total: number): number {
  return Math.max(0, toRupiah(total));
}
