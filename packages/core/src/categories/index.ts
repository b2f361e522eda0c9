/** Category payloads and messages of the back office (docs/requirements/back-office.md §5, §8). */
import { z } from 'zod';
import { versionField } from '../common/index';

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
  name: z.string({ error: categoryMessages.nameRequired }).trim().min(1, { error: categoryMessages.nameRequired }).max(100, { error: 'Nama kategori maksimal 100 karakter.' }),
  description: z.string().trim().max(1000, { error: 'Deskripsi maksimal 1000 karakter.' }).nullish().transform((v) => v ?? ''),
  is_active: z.boolean().default(true),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const categoryUpdateSchema = categoryInputSchema.extend({ version: versionField });
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

/** A category as the back office sees it: with its version and how many products use it. */
export const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  version: z.number().int(),
  product_count: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;
