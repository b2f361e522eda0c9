/** Category payloads and messages of the back office (docs/requirements/back-office.md §5, §8). */
import { z } from 'zod';
import { categorySchema } from '../catalog/product';
import { listSearchField, requiredText, sortQueryFields, versionField } from '../common/index';

export const categoryMessages = {
  nameRequired: 'Category name is required',
  loadFailed: 'Failed to load categories',
  deleteFailed: 'Failed to delete category',
  saveFailed: 'Failed to save category',
  notFound: 'Kategori tidak ditemukan.',
  deleteConfirm: (name: string) => `Hapus kategori "${name}"?`,
  hasProducts: (count: number) =>
    `Kategori ini masih dipakai oleh ${count} produk. Pindahkan atau hapus produknya dulu, atau nonaktifkan kategorinya.`,
  created: 'Kategori berhasil ditambahkan.',
  updated: 'Kategori berhasil diperbarui.',
  deleted: 'Kategori berhasil dihapus.',
  /** Not in the spec (issue 17): names are unique regardless of letter case and surrounding spaces. */
  nameTaken: 'Nama kategori sudah digunakan.',
} as const;

export const categoryInputSchema = z.object({
  name: requiredText(categoryMessages.nameRequired, 100, 'Nama kategori maksimal 100 karakter.'),
  description: z.string().trim().max(1000, { error: 'Deskripsi maksimal 1000 karakter.' }).nullish().transform((v) => v ?? ''),
  is_active: z.boolean().default(true),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categoryUpdateSchema = categoryInputSchema.extend({ version: versionField });
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

/** A category as the back office sees it: the storefront's, with its version and how many products use it. */
export const adminCategorySchema = categorySchema.extend({
  version: z.number().int(),
  product_count: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** The columns the category table can be sorted by (issue 31), as its headings read. */
export const CATEGORY_SORTS = ['name', 'product_count', 'is_active', 'created_at'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];
/** By name, as the list was before it could be sorted. */
export const DEFAULT_CATEGORY_SORT = { sort: 'name', dir: 'asc' } as const;
/** `q` finds a category by name or description, any letter case. */
export const categoryListQuerySchema = z.object({ q: listSearchField, ...sortQueryFields(CATEGORY_SORTS, DEFAULT_CATEGORY_SORT) });
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;
