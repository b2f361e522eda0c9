/**
 * Store settings: typed values stored by key in the `settings` table.
 * The admin edits them; the checkout, the POS and the business form read them.
 */
import { z } from 'zod';

export const storeLocationSchema = z.object({
  province_id: z.number().int().positive(),
  province_name: z.string().min(1),
  city_id: z.number().int().positive(),
  city_name: z.string().min(1),
  district_id: z.number().int().positive(),
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

export const bankAccountSchema = z.object({
  bank_name: z.string().min(1),
  account_number: z.string().min(1),
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

export const settingSchemas = {
  store_location: storeLocationSchema,
  pos_pickup: posPickupSchema,
  bank_account: bankAccountSchema,
  qris: qrisSettingSchema,
  store_profile: storeProfileSchema,
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingSchemas)[K]>;
