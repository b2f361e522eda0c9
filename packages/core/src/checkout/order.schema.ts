/** The checkout's order payload (docs/requirements/storefront.md §3 Order payload) and the order answer. */
import { z } from 'zod';
import { coercedIdField } from '../common/index';
import { shipmentSchema, shippingAddressFields } from '../shipments/index';
import { indonesianPhone } from '../accounts/accounts.schema';
import { checkoutMessages, isPostcode } from './rules';

/** The longest text kept for each recipient input (the checkout's inputs read them back with textMaxLength). */
const orderFieldMax = { guest_email: 254, shipping_name: 120, shipping_address: 500, shipping_postcode: 5, shipping_phone: 25, notes: 1000 } as const;

const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
const optionalId = coercedIdField().nullish().transform((v) => v ?? null);

export const orderItemInputSchema = z.object({
  product_id: coercedIdField('Produk tidak valid.'),
  quantity: z.coerce.number({ error: 'Jumlah tidak valid.' }).int({ error: 'Jumlah tidak valid.' }).min(1, { error: 'Jumlah minimal 1.' }).max(1000, { error: 'Jumlah terlalu besar.' }),
  /**
   * The unit price the page showed. The server prices every line itself; with `expected_total` sent,
   * a line whose shown price differs answers 409 PRICE_CHANGED (issue 28, as the point of sale does).
   */
  price: z.number().optional(),
  variant_label: z.string().trim().max(100).nullish().transform((v) => (v && v !== 'default' ? v : null)),
  selected_options: z
    .array(z.object({ group: z.string().trim().max(100), value: z.string().trim().max(100) }))
    .max(20)
    .nullish()
    .transform((v) => v ?? []),
});

export const shippingBreakdownSchema = z
  .object({
    type: z.string().max(40),
    courier_id: coercedIdField().nullish(),
    price_id: coercedIdField().nullish(),
    cost: z.number().optional(),
  })
  .passthrough()
  .nullish();

/** One origin group's shipping choice (decision 049): the same three fields as the spec's one-origin payload. */
export const shipmentChoiceSchema = z.object({
  /** The group's origin district; null for lines whose business and store have none. */
  origin_district_id: coercedIdField().nullish().transform((v) => v ?? null),
  shipping_courier: optionalText(60),
  shipping_service: optionalText(120),
  shipping_cost_breakdown: shippingBreakdownSchema,
});
export type ShipmentChoice = z.infer<typeof shipmentChoiceSchema>;

export const orderPayloadSchema = z.object({
  /** Ignored: the user comes from the token. */
  user_id: z.unknown().optional(),
  guest_email: z
    .string()
    .trim()
    .max(orderFieldMax.guest_email)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: 'Format email tidak valid.' }),
  /** Sent by the client, never used: the server computes the total. */
  total_amount: z.number().optional(),
  payment_method: z.string().trim().max(60).default('manual'),
  shipping_name: optionalText(orderFieldMax.shipping_name),
  shipping_address: optionalText(orderFieldMax.shipping_address),
  shipping_province_id: optionalId,
  shipping_province: optionalText(120),
  shipping_city_id: optionalId,
  shipping_city: optionalText(120),
  shipping_district_id: optionalId,
  shipping_district: optionalText(120),
  // Issue 31: a filled postcode or phone must be one (that they are filled is rule 2, checked after parsing).
  shipping_postcode: optionalText(orderFieldMax.shipping_postcode).refine((v) => v === null || isPostcode(v), { error: checkoutMessages.postcodeInvalid }),
  /** Kept as 62…, as a partner's phone is, so the order desk's WhatsApp link and the e-mails read one form. */
  shipping_phone: optionalText(orderFieldMax.shipping_phone).transform((v, ctx) => {
    if (v === null) return null;
    const number = indonesianPhone(v);
    if (number === null) {
      ctx.addIssue({ code: 'custom', message: checkoutMessages.phoneInvalid });
      return z.NEVER;
    }
    return number;
  }),
  notes: optionalText(orderFieldMax.notes),
  order_items: z.array(orderItemInputSchema).max(100, { error: 'Terlalu banyak barang dalam satu pesanan.' }).default([]),
  shipping_courier: optionalText(60),
  shipping_service: optionalText(120),
  shipping_cost_breakdown: shippingBreakdownSchema,
  /**
   * One choice per origin group (decision 049). A group without one uses the spec's single
   * shipping fields above, so a one-origin cart sends just those, as before.
   */
  shipments: z.array(shipmentChoiceSchema).max(100).default([]),
  /** The total the page showed; when sent, a different server total answers 409 PRICE_CHANGED. */
  expected_total: z.number().int().optional(),
  /** From POST /orders/quote: the order id the quote's kode unik was made for. */
  quote_token: z.string().trim().max(200).nullish().transform((v) => v ?? null),
});
export type OrderPayload = z.infer<typeof orderPayloadSchema>;

/** A step is words and bold words (instruction-steps.ts); never markup, whoever wrote it. */
export const stepSegmentSchema = z.object({ text: z.string(), strong: z.boolean().optional() });
export const paymentInstructionSchema = z.object({ title: z.string(), steps: z.array(z.array(stepSegmentSchema)) });
export type StepSegment = z.infer<typeof stepSegmentSchema>;
export type InstructionStep = StepSegment[];
export type PaymentInstruction = z.infer<typeof paymentInstructionSchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  product_name: z.string(),
  variant_label: z.string().nullable(),
  selected_options: z.array(z.object({ group: z.string(), value: z.string() })),
  quantity: z.number().int(),
  price: z.number().int(),
  line_total: z.number().int(),
  /** The shipment that sends this line (null for the point of sale). */
  shipment_id: z.number().int().nullable(),
});

export const paymentSchema = z.object({
  provider: z.string(),
  reference: z.string(),
  payment_name: z.string(),
  amount: z.number().int(),
  total_amount: z.number().int(),
  fee_customer: z.number().int(),
  status: z.string(),
  pay_code: z.string().nullable(),
  pay_url: z.string().nullable(),
  checkout_url: z.string().nullable(),
  qr_url: z.string().nullable(),
  instructions: z.array(paymentInstructionSchema),
  expires_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** The embedded sandbox gateway: no money moves ("Mode demo"). */
  sandbox: z.boolean(),
  /** Manual transfer: the accounts to pay into and the note to write (empty for gateways). */
  bank_accounts: z.array(z.object({ bank_name: z.string(), account_number: z.string(), account_name: z.string() })),
  transfer_note: z.string().nullable(),
  proof_status: z.enum(['none', 'submitted', 'rejected']),
  proof_uploaded_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  verified_at: z.string().nullable(),
  /** "Belum dibayar", "Menunggu verifikasi", "Bukti ditolak", "Sudah dibayar", … */
  state_label: z.string(),
});

/** What an order charges, in whole rupiah: the same figures whether quoted before "Buat pesanan" or stored after. */
const orderTotalsFields = {
  subtotal_amount: z.number().int(),
  shipping_cost: z.number().int(),
  payment_fee: z.number().int(),
  /** Kode unik added to a manual-transfer total (0 when off); already inside total_amount. */
  unique_code: z.number().int(),
  total_amount: z.number().int(),
};

export const orderSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  guest_email: z.string().nullable(),
  status: z.string(),
  status_label: z.string(),
  payment_status: z.string(),
  payment_status_label: z.string(),
  order_type: z.string(),
  payment_method: z.string(),
  ...orderTotalsFields,
  /** Money given back by refunds (issue 28, decision 050); 0 when none. */
  refunded_amount: z.number().int(),
  /** POS: the reference the cashier typed (QRIS, debit, transfer). */
  payment_reference: z.string().nullable(),
  /** When an unpaid order is cancelled if no payment arrives. */
  payment_due_at: z.string().nullable(),
  /** Web path of the order's own page (a random-token link), for online orders. */
  order_url: z.string().nullable(),
  cash_received: z.number().int().nullable(),
  change_due: z.number().int().nullable(),
  notes: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  customer_email: z.string().nullable(),
  shipping_name: z.string().nullable(),
  shipping_phone: z.string().nullable(),
  ...shippingAddressFields,
  shipping_courier: z.string().nullable(),
  shipping_service: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
  order_items: z.array(orderItemSchema),
  payment: paymentSchema.nullable(),
  /** What each origin sends (decision 049); empty for the point of sale. */
  shipments: z.array(shipmentSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** One origin group of a quote: its lines (indexes into order_items) and its shipping. */
export const quoteShipmentSchema = z.object({
  position: z.number().int(),
  origin_district_id: z.number().int().nullable(),
  origin_label: z.string().nullable(),
  kind: z.enum(['national', 'local_courier', 'pickup']),
  courier_name: z.string().nullable(),
  service: z.string().nullable(),
  cost: z.number().int(),
  weight_grams: z.number().int(),
  line_indexes: z.array(z.number().int()),
});

/**
 * POST /orders/quote (issue 28): what placing this payload would charge, before "Buat pesanan":
 * the priced lines, each shipment's cost, the fee, the kode unik and the total. `quote_token`
 * sent back with the order makes the order use the id the kode unik was made for.
 */
export const orderQuoteSchema = z.object({
  lines: z.array(z.object({ product_id: z.number().int(), product_name: z.string(), variant_label: z.string().nullable(), quantity: z.number().int(), price: z.number().int(), line_total: z.number().int() })),
  shipments: z.array(quoteShipmentSchema),
  ...orderTotalsFields,
  quote_token: z.string().nullable(),
});
export type OrderQuote = z.infer<typeof orderQuoteSchema>;

