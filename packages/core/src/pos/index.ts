/** Point of sale (docs/requirements/back-office.md §2 Point of sale, §4, §5, §9): one rule set for POS screen and API. */
import { z } from 'zod';
import { coercedIdField, optionalText } from '../common/index';
import { labelled } from '../common/labelled';
import { posPickupSchema, qrisSettingSchema } from '../settings/index';
import { posMessages } from './messages';

export * from './cart';
export * from './messages';
export * from './price-check';
export * from './qris';

export const { values: POS_PAYMENT_METHODS, labels: posPaymentLabels } = labelled(['cash', 'qris', 'debit', 'transfer'], { cash: 'Tunai', qris: 'QRIS', debit: 'Debit', transfer: 'Transfer' });
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number];

/** Cash input step and minimum (spec §9). */
export const CASH_STEP = 1000;

export const posSaleItemSchema = z.object({
  product_id: coercedIdField('Produk tidak valid.'),
  quantity: z.coerce.number({ error: 'Jumlah tidak valid.' }).int({ error: 'Jumlah tidak valid.' }).min(1, { error: 'Jumlah minimal 1.' }).max(1000, { error: posMessages.overStock }),
  /**
   * The unit price the cashier saw, whole rupiah. The server prices the line itself and refuses
   * the sale (409 PRICE_CHANGED) when this differs, so nothing is charged at a price not shown.
   */
  price: z
    .number({ error: posMessages.priceRequired })
    .int({ error: posMessages.priceRequired })
    .min(0, { error: posMessages.priceRequired })
    .max(1_000_000_000, { error: posMessages.priceRequired }),
  /** 'default' means no variant (spec §9). */
  variant_label: z.string().trim().max(100).nullish().transform((v) => (v && v !== 'default' ? v : null)),
});

export const posSaleSchema = z.object({
  customer_name: optionalText(120),
  customer_phone: optionalText(25),
  customer_email: optionalText(254).refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: posMessages.emailInvalid }),
  notes: optionalText(1000),
  payment_method: z.enum(POS_PAYMENT_METHODS, { error: posMessages.unknownMethod }).default('cash'),
  payment_reference: optionalText(120),
  cash_received: z.coerce.number().min(0).max(1_000_000_000).nullish().transform((v) => (v === null || v === undefined ? null : Math.round(v))),
  /** The total the customer was asked for (cash counted, QRIS amount); checked like the prices. */
  total_amount: z
    .number({ error: posMessages.totalRequired })
    .int({ error: posMessages.totalRequired })
    .min(0, { error: posMessages.totalRequired })
    .max(1_000_000_000_000, { error: posMessages.totalRequired }),
  order_items: z.array(posSaleItemSchema).max(200).default([]),
});
export type PosSale = z.infer<typeof posSaleSchema>;
/** What the POS screen sends (before the schema's defaults and trimming). */
export type PosSaleInput = z.input<typeof posSaleSchema>;

/** Change due = cash received minus total, when paying cash and positive (spec §9). */
export function changeDue(method: PosPaymentMethod, cashReceived: number | null, total: number): number {
  if (method !== 'cash' || cashReceived === null) return 0;
  return Math.max(0, cashReceived - total);
}

/** The sale-level rule in the spec's order: empty cart, then short cash. */
export function posSaleError(input: { itemCount: number; method: PosPaymentMethod; cashReceived: number | null; total: number }): string | null {
  if (input.itemCount === 0) return posMessages.emptyCart;
  if (input.method === 'cash' && (input.cashReceived ?? 0) < input.total) return posMessages.shortCash;
  return null;
}

export const posSettingsSchema = z.object({
  pickup: posPickupSchema,
  qris: qrisSettingSchema,
});
export type PosSettings = z.infer<typeof posSettingsSchema>;

/** What the POS screen reads: pickup (null when not configured) and the QRIS state. */
export const posSettingsViewSchema = posPickupSchema.extend({
  configured: z.boolean(),
  qris_payload: z.string(),
  qris_merchant_name: z.string(),
  qris_valid: z.boolean(),
});
export type PosSettingsView = z.infer<typeof posSettingsViewSchema>;
