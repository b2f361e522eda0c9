/** Knowledge entries for the shopping assistant (docs/requirements/back-office.md §3, §5, §8). */
import { z } from 'zod';
import { coercedVersionField, listSearchField, requiredText, sortQueryFields, versionField } from '../common/index';

/** An attached file the shop stores (issue 7 (docs/issues.md)): text, Markdown or PDF, up to 5 MB. */
export const KNOWLEDGE_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const KNOWLEDGE_FILE_TYPES = ['.txt', '.md', '.pdf'] as const;
export const KNOWLEDGE_FILE_ACCEPT = '.txt,.md,.pdf,text/plain,text/markdown,application/pdf';
/** Where the shop serves the knowledge files it stored (under DATA_DIR/uploads/knowledge). */
export const KNOWLEDGE_FILE_PREFIX = '/uploads/knowledge/';

export const knowledgeMessages = {
  titleRequired: 'Judul wajib diisi.',
  loadFailed: 'Gagal memuat data pengetahuan.',
  deleteFailed: 'Gagal menghapus entri pengetahuan.',
  saveFailed: 'Gagal menyimpan data pengetahuan.',
  tryAgain: 'Silakan coba lagi.',
  notFound: 'Entri pengetahuan tidak ditemukan.',
  unknownProduct: 'Produk terkait tidak ditemukan.',
  deleteConfirm: (title: string) => `Hapus entri pengetahuan "${title}"?`,
  created: 'Entri pengetahuan berhasil ditambahkan.',
  updated: 'Entri pengetahuan berhasil diperbarui.',
  deleted: 'Entri pengetahuan berhasil dihapus.',
  fileTooLarge: `Berkas terlalu besar. Ukuran maksimal ${KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  fileType: 'Jenis berkas tidak didukung. Unggah berkas .txt, .md atau .pdf.',
  fileNotPdf: 'Berkas .pdf ini bukan PDF yang sah. Unggah berkas PDF asli.',
  oneFile: 'Unggah satu berkas saja untuk setiap entri.',
  fileNotText: 'Berkas teks harus berupa teks UTF-8 (bukan berkas biner).',
  fileUnreadable: 'Berkas tersimpan, tetapi teksnya tidak terbaca (misalnya PDF hasil pindaian); asisten belum dapat memakainya.',
} as const;

const trimmedOptional = (max: number, message: string) =>
  z.string().trim().max(max, { error: message }).nullish().transform((v) => v ?? '');

/** product_id: a product's id, or 0 / null / absent for none (docs/requirements/back-office.md §7: 0 unlinks). */
const productLink = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '' || v === 0 || v === '0') return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: knowledgeMessages.unknownProduct });
      return z.NEVER;
    }
    return n;
  });

export const knowledgeInputSchema = z.object({
  title: requiredText(knowledgeMessages.titleRequired, 200, 'Judul maksimal 200 karakter.'),
  file: trimmedOptional(1000, 'Alamat berkas maksimal 1000 karakter.'),
  description: trimmedOptional(20_000, 'Deskripsi maksimal 20.000 karakter.'),
  product_id: productLink,
});
export type KnowledgeInput = z.infer<typeof knowledgeInputSchema>;

export const knowledgeUpdateSchema = knowledgeInputSchema.extend({ version: versionField });
export type KnowledgeUpdate = z.infer<typeof knowledgeUpdateSchema>;
/** The same fields sent as multipart/form-data, where every value is text. */
export const knowledgeUpdateFormSchema = knowledgeInputSchema.extend({ version: coercedVersionField });

export const knowledgeEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  file: z.string(),
  description: z.string(),
  product_id: z.number().int().nullable(),
  product: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Characters of the attached file's text the assistant can read (0: none). */
  file_text_chars: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type KnowledgeEntry = z.infer<typeof knowledgeEntrySchema>;

/** The columns the knowledge table can be sorted by (issue 31). */
export const KNOWLEDGE_SORTS = ['title', 'product', 'created_at'] as const;
export type KnowledgeSort = (typeof KNOWLEDGE_SORTS)[number];
/** Newest first (docs/requirements/back-office.md §2 Knowledge). */
export const DEFAULT_KNOWLEDGE_SORT = { sort: 'created_at', dir: 'desc' } as const;
/** `q` finds an entry by title, description, file or related product name, any letter case. */
export const knowledgeListQuerySchema = z.object({ q: listSearchField, ...sortQueryFields(KNOWLEDGE_SORTS, DEFAULT_KNOWLEDGE_SORT) });
export type KnowledgeListQuery = z.infer<typeof knowledgeListQuerySchema>;
