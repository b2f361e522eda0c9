/**
 * Store settings: typed values stored by key in the `settings` table.
 * The admin edits them; the checkout, the POS and the business form read them.
 */
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, STORE_TIME_ZONES } from '../time/index';
import { idField } from '../common/index';
import { partnerProgramSchema } from '../partners/index';

export const storeLocationSchema = z.object({
  province_id: idField(),
  province_name: z.string().min(1),
  city_id: idField(),
  city_name: z.string().min(1),
  district_id: idField(),
  district_name: z.string().min(1),
  address: z.string().default(''),
  postcode: z.string().default(''),
});
export type StoreLocation = z.infer<typeof storeLocationSchema>;

export const posPickupSchema = z.object({
  pickup_name: z.string().default(''),
  pickup_phone: z.string().default(''),
  pickup_address: z.string().default(''),
  pickup_district: z.string().default(''),
  pickup_city: z.string().default(''),
  pickup_province: z.string().default(''),
  pickup_postcode: z.string().default(''),
});
export type PosPickup = z.infer<typeof posPickupSchema>;

/** Digits only, as many as Indonesian banks give (5–20): the partner application's rule and words. */
export const bankAccountNumberMessage = 'Nomor rekening berisi 5–20 angka.';

export const bankAccountSchema = z.object({
  bank_name: z.string().min(1),
  account_number: z.string().trim().min(1, { abort: true }).regex(/^\d{5,20}$/, { error: bankAccountNumberMessage }),
  account_name: z.string().min(1),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** The store's static QRIS payload (EMVCo); the POS turns it into a dynamic QRIS per sale. */
export const qrisSettingSchema = z.object({
  payload: z.string().default(''),
  merchant_name: z.string().default(''),
});
export type QrisSetting = z.infer<typeof qrisSettingSchema>;

export const storeProfileSchema = z.object({
  name: z.string().min(1),
  tagline: z.string().default(''),
  phone: z.string().default(''),
  email: z.string().default(''),
  address: z.string().default(''),
  instagram: z.string().default(''),
  facebook: z.string().default(''),
});
export type StoreProfile = z.infer<typeof storeProfileSchema>;

/** The payment settings' fields and their rules, without defaults (the update below leaves a missing one as it is). */
const paymentSettingsFields = z.object({
  /** Accounts a manual transfer may go to; the first is the main one. */
  bank_accounts: z.array(bankAccountSchema).max(5, { error: 'Maksimal 5 rekening.' }),
  /** Off by default so totals follow the spec. */
  unique_code_enabled: z.boolean(),
  manual_deadline_hours: z.number({ error: 'Batas waktu harus berupa angka.' }).int({ error: 'Batas waktu harus bilangan bulat jam.' }).min(1, { error: 'Batas waktu minimal 1 jam.' }).max(168, { error: 'Batas waktu maksimal 168 jam (7 hari).' }),
  /**
   * How long a proof of transfer may wait for an admin before the order expires anyway, counted
   * once from the first proof (docs/decisions/044-proof-window-and-notices.md): a junk proof
   * cannot hold stock longer than this.
   */
  verification_window_hours: z.number({ error: 'Batas verifikasi harus berupa angka.' }).int({ error: 'Batas verifikasi harus bilangan bulat jam.' }).min(1, { error: 'Batas verifikasi minimal 1 jam.' }).max(168, { error: 'Batas verifikasi maksimal 168 jam (7 hari).' }),
  max_unpaid_per_email: z.number().int().min(1, { error: 'Minimal 1.' }).max(100, { error: 'Maksimal 100.' }),
  max_unpaid_per_address: z.number().int().min(1, { error: 'Minimal 1.' }).max(100, { error: 'Maksimal 100.' }),
  max_line_quantity: z.number().int().min(1, { error: 'Minimal 1.' }).max(1000, { error: 'Maksimal 1000.' }),
  /** A signed-in buyer's open unpaid orders (issue 26 part 4, decision 045); the e-mail and address caps count them too. */
  max_unpaid_per_account: z.number().int().min(1, { error: 'Minimal 1.' }).max(100, { error: 'Maksimal 100.' }),
  /** Units in one order, all lines together (decision 045): four lines at the default line cap. */
  max_order_units: z.number().int().min(1, { error: 'Minimal 1.' }).max(10000, { error: 'Maksimal 10000.' }),
  /** Hours before the payment deadline when the buyer is reminded (issue 28); 0 sends no reminder. */
  payment_reminder_hours: z.number({ error: 'Pengingat harus berupa angka.' }).int({ error: 'Pengingat harus bilangan bulat jam.' }).min(0, { error: 'Pengingat minimal 0 jam.' }).max(72, { error: 'Pengingat maksimal 72 jam.' }),
  /** Days after a shipment is delivered when it counts as received if the buyer has not confirmed (issue 28). */
  shipment_auto_complete_days: z.number({ error: 'Batas hari harus berupa angka.' }).int({ error: 'Batas hari harus bilangan bulat.' }).min(1, { error: 'Minimal 1 hari.' }).max(30, { error: 'Maksimal 30 hari.' }),
  /** Where new-order and proof notices go; empty means the store profile's e-mail. */
  notify_email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), { error: 'Format email tidak valid.' }),
});
/** The store's payment settings (admin: Pengaturan pembayaran). Defaults keep the spec's totals. */
export const paymentSettingsSchema = z.object({
  bank_accounts: paymentSettingsFields.shape.bank_accounts.default([]),
  unique_code_enabled: paymentSettingsFields.shape.unique_code_enabled.default(false),
  manual_deadline_hours: paymentSettingsFields.shape.manual_deadline_hours.default(24),
  verification_window_hours: paymentSettingsFields.shape.verification_window_hours.default(48),
  max_unpaid_per_email: paymentSettingsFields.shape.max_unpaid_per_email.default(3),
  max_unpaid_per_address: paymentSettingsFields.shape.max_unpaid_per_address.default(3),
  max_line_quantity: paymentSettingsFields.shape.max_line_quantity.default(50),
  max_unpaid_per_account: paymentSettingsFields.shape.max_unpaid_per_account.default(3),
  max_order_units: paymentSettingsFields.shape.max_order_units.default(200),
  payment_reminder_hours: paymentSettingsFields.shape.payment_reminder_hours.default(6),
  shipment_auto_complete_days: paymentSettingsFields.shape.shipment_auto_complete_days.default(3),
  notify_email: paymentSettingsFields.shape.notify_email.default(''),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/**
 * PUT /settings/payments (issue 31): the fields to change. A field left out keeps its saved value,
 * never the default: a body without `bank_accounts` used to save an empty list, and the page said
 * "Belum ada rekening" while orders still named the old account. `bank_accounts: []` still clears.
 */
export const paymentSettingsUpdateSchema = paymentSettingsFields.partial();
export type PaymentSettingsUpdate = z.infer<typeof paymentSettingsUpdateSchema>;
/** The store's time zone (issue 17): every date the shop shows, exports and mails is in it. */
export const timeZoneSettingSchema = z.object({
  time_zone: z.enum(STORE_TIME_ZONES, { error: 'Zona waktu tidak dikenal.' }).default(DEFAULT_TIME_ZONE),
});
export type TimeZoneSetting = z.infer<typeof timeZoneSettingSchema>;

export const settingSchemas = {
  time_zone: timeZoneSettingSchema,
  store_location: storeLocationSchema,
  pos_pickup: posPickupSchema,
  bank_account: bankAccountSchema,
  qris: qrisSettingSchema,
  store_profile: storeProfileSchema,
  payments: paymentSettingsSchema,
  /** Commission, curation and the sending deadline of the partner program (issue 29). */
  partner_program: partnerProgramSchema,
  /** Set by the demo seed: this database is the demo shop, so the sandbox gateway may run. */
  demo: z.object({ seeded_at: z.string() }),
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;

/**
 * The public store facts of GET /settings/store: one answer that the checkout, the POS, the
 * business form, the courier form and the order desk each read a part of.
 */
export const publicStoreSettingsSchema = z.object({
  store_location: storeLocationSchema.nullable(),
  /** The main account (the first of bank_accounts), kept for older clients. */
  bank_account: bankAccountSchema.nullable(),
  bank_accounts: z.array(bankAccountSchema),
  store_profile: storeProfileSchema.nullable(),
  /** Online payment is the demo sandbox: no money moves. */
  payment_sandbox: z.boolean(),
  /** A shop others reach that is a public demo (PUBLIC_URL and SEED_DEMO=true): every page says "Mode demo" (decision 043). */
  public_demo: z.boolean(),
  /** The store's time zone, in which every screen shows dates. */
  time_zone: z.string(),
  /** Units of one product per order line that checkout accepts (payment settings): the cart's stepper stops there. */
  max_line_quantity: z.number().int().positive(),
});
export type PublicStoreSettings = z.infer<typeof publicStoreSettingsSchema>;
