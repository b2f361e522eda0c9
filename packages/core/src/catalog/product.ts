/**
 * The product as the public API answers it (docs/requirements/storefront.md §3, snake_case).
 * `images` is answered as an array of paths; `parseImageList` also reads the JSON text
 * and comma-separated forms the spec mentions (e.g. from multipart form fields).
 */
import { z } from 'zod';
import { trustMarkSchema } from '../businesses/index';
import { pageFields } from '../common/index';

// Zod-free constants and helpers live in constants.ts so the storefront bundle stays small.
export * from './constants';

export const sizeVariantSchema = z.object({
  label: z.string(),
  price: z.number().int().nonnegative(),
  reseller_price: z.number().int().nonnegative(),
  stock: z.number().int().nonnegative(),
});
export type SizeVariant = z.infer<typeof sizeVariantSchema>;

export const optionGroupSchema = z.object({
  name: z.string(),
  values: z.array(z.string()),
});
export type OptionGroup = z.infer<typeof optionGroupSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  product_count: z.number().int().optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int().nonnegative(),
  reseller_price: z.number().int().nonnegative(),
  discount: z.number().min(0).max(100),
  stock: z.number().int().nonnegative(),
  is_active: z.boolean(),
  category_id: z.number().int(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  business_id: z.number().int().nullable(),
  business: z
    .object({
      id: z.number().int(),
      name: z.string(),
      district_id: z.number().int().nullable(),
      /** The district's name, so the cart can say where each group of lines is sent from (issue 16). */
      district_name: z.string().nullable(),
      city_id: z.number().int().nullable(),
      /**
       * The business's certificates the office verified (issue 29): badges on cards and the product
       * page. The API always sends it; optional for products kept from before it (a saved cart).
       */
      trust_marks: z.array(trustMarkSchema).optional(),
    })
    .nullable(),
  business_name: z.string().nullable(),
  size: z.string().nullable(),
  notes: z.string().nullable(),
  /** The cover, or else the first image: what a card shows. */
  image_url: z.string().nullable(),
  image_cover: z.string().nullable(),
  images: z.array(z.string()),
  weight_grams: z.number().int().positive(),
  /** "Hanya kirim lokal" (issue 28): a local courier only, e.g. cold or fragile goods. */
  local_only: z.boolean(),
  ai_status: z.boolean(),
  ai_description: z.string().nullable(),
  size_variants: z.array(sizeVariantSchema),
  option_groups: z.array(optionGroupSchema),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type Product = z.infer<typeof productSchema>;

/** A page of the catalogue when `page`/`page_size` are asked for. */
export const productPageSchema = z.object({
  ...pageFields(productSchema),
  total_pages: z.number().int(),
  /** Tiles of the catalogue (docs/requirements/storefront.md §2) over the whole filtered result, not just this page. */
  stats: z.object({
    total_products: z.number().int(),
    partners: z.number().int(),
    in_stock: z.number().int(),
    /** True when a search stopped counting at SEARCH_COUNT_CAP: the figures are lower bounds, shown as such. */
    approximate: z.boolean().optional(),
  }),
});
export type ProductPage = z.infer<typeof productPageSchema>;

