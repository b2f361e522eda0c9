/** The shopping assistant's payloads, messages and answer composition (issue 7 (docs/issues.md)). */
import { z } from 'zod';

export * from './retrieval';
export * from './guard';
export * from './small-talk';
export * from './vocabulary';

export const ASSISTANT_MAX_MESSAGES = 12;
export const ASSISTANT_MAX_CHARS = 500;
/** An earlier message of the conversation (the assistant's answers are longer than questions). */
export const ASSISTANT_HISTORY_MAX_CHARS = 4000;

export const assistantMessages = {
  title: 'Tanya Asisten',
  tooLong: `Pertanyaan terlalu panjang. Maksimal ${ASSISTANT_MAX_CHARS} karakter.`,
  empty: 'Tulis pertanyaan Anda terlebih dahulu.',
  tooMany: `Percakapan terlalu panjang. Mulai percakapan baru (maksimal ${ASSISTANT_MAX_MESSAGES} pesan).`,
  rateLimited: 'Terlalu banyak pertanyaan dalam waktu singkat. Tunggu sebentar lalu coba lagi.',
  failed: 'Asisten sedang tidak dapat menjawab. Silakan coba lagi.',
  unknown:
    'Maaf, saya belum punya informasi untuk pertanyaan itu. Pertanyaan Anda sudah dicatat untuk admin. Anda juga bisa menghubungi admin toko.',
  greeting: 'Halo! Saya asisten Pasar UMKM. Tanyakan produk, cara penyimpanan, pengiriman atau pembayaran.',
  modelUnavailable: 'Model bahasa tidak menjawab; jawaban disusun dari data toko.',
  invalidRequest: 'Permintaan tidak valid: kirim percakapan sebagai daftar pesan (messages).',
  invalidMessage: 'Setiap pesan harus berisi peran (role) dan isi (content).',
  invalidRole: 'Peran pesan harus "user" (pembeli) atau "assistant" (asisten).',
  invalidContent: 'Isi pesan harus berupa teks.',
  historyTooLong: `Salah satu pesan dalam percakapan terlalu panjang. Maksimal ${ASSISTANT_HISTORY_MAX_CHARS} karakter per pesan; mulai percakapan baru.`,
  thanks: 'Sama-sama! Ada lagi yang ingin ditanyakan tentang produk, pengiriman atau pembayaran?',
  interrupted: 'Jawaban terhenti sebelum selesai. Kirim pertanyaan lagi bila perlu.',
  /** Before the closest entries when nothing answers the question (issue 16). */
  suggestionsLead: 'Mungkin maksud Anda:',
  suggestionsLabel: 'Saran pertanyaan',
} as const;

// Every refusal carries an Indonesian message for the shopper (or the developer calling the API).
export const chatMessageSchema = z.object(
  {
    role: z.enum(['user', 'assistant'], { error: assistantMessages.invalidRole }),
    content: z.string({ error: assistantMessages.invalidContent }).max(ASSISTANT_HISTORY_MAX_CHARS, { error: assistantMessages.historyTooLong }),
  },
  { error: assistantMessages.invalidMessage },
);

export const chatRequestSchema = z
  .object(
    {
      messages: z
        .array(chatMessageSchema, { error: assistantMessages.invalidRequest })
        .min(1, { error: assistantMessages.empty })
        .max(ASSISTANT_MAX_MESSAGES, { error: assistantMessages.tooMany }),
    },
    { error: assistantMessages.invalidRequest },
  )
  .superRefine((value, ctx) => {
    const last = value.messages.at(-1);
    if (!last || last.role !== 'user' || last.content.trim() === '') ctx.addIssue({ code: 'custom', path: ['messages'], message: assistantMessages.empty });
    else if (last.content.length > ASSISTANT_MAX_CHARS) ctx.addIssue({ code: 'custom', path: ['messages'], message: assistantMessages.tooLong });
  });
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const assistantSourceSchema = z.object({
  kind: z.enum(['knowledge', 'product', 'store']),
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  url: z.string().nullable(),
});
export type AssistantSource = z.infer<typeof assistantSourceSchema>;

/** A product card in an answer: every figure read from the database, never from model text. */
export const assistantProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number().int(),
  list_price: z.number().int(),
  discount: z.number(),
  stock: z.number().int(),
  image_url: z.string().nullable(),
  has_variants: z.boolean(),
  url: z.string(),
});
export type AssistantProduct = z.infer<typeof assistantProductSchema>;

export const chatAnswerSchema = z.object({
  answer: z.string(),
  answered: z.boolean(),
  sources: z.array(assistantSourceSchema),
  products: z.array(assistantProductSchema),
  /**
   * When nothing answers the question: the closest entries, products or store facts (issue 16).
   * Their titles are offered as follow-up questions; empty otherwise.
   */
  suggestions: z.array(assistantSourceSchema),
  mode: z.enum(['retrieval', 'model']),
});
export type ChatAnswer = z.infer<typeof chatAnswerSchema>;

export const unansweredQuestionSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  times_asked: z.number().int(),
  first_asked_at: z.string(),
  last_asked_at: z.string(),
  resolved: z.boolean(),
});

/**
 * "Buat deskripsi AI" may send the form's unsaved name and description: the draft then follows
 * what the admin is typing, not what was last saved. Both optional; limits as the product form.
 */
export const aiDescriptionDraftSchema = z
  .object(
    {
      name: z.string({ error: 'Nama produk harus berupa teks.' }).trim().max(200, { error: 'Nama produk maksimal 200 karakter.' }).optional(),
      description: z.string({ error: 'Deskripsi harus berupa teks.' }).trim().max(10_000, { error: 'Deskripsi maksimal 10.000 karakter.' }).optional(),
    },
    { error: 'Data produk untuk draf tidak valid.' },
  )
  .nullish();
export type AiDescriptionDraft = z.infer<typeof aiDescriptionDraftSchema>;

/** Strips what could identify a shopper before a question is kept for the admin. */
export function redactPersonalData(text: string): string {
  return text
    .replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, '[email]')
    .replace(/(?:\+?62|0)[\s-]?8[\d\s-]{7,13}\d/g, '[telepon]')
    .replace(/\b\d{10,}\b/g, '[angka]')
    .trim()
    .slice(0, ASSISTANT_MAX_CHARS);
}
