/** The shopping assistant's payloads, messages and answer composition (issue 7). */
import { z } from 'zod';

export * from './retrieval';

export const ASSISTANT_MAX_MESSAGES = 12;
export const ASSISTANT_MAX_CHARS = 500;

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
} as const;

export const chatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(4000),
});

export const chatRequestSchema = z
  .object({
    messages: z.array(chatMessageSchema).min(1, { error: assistantMessages.empty }).max(ASSISTANT_MAX_MESSAGES, { error: assistantMessages.tooMany }),
  })
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

/** Strips what could identify a shopper before a question is kept for the admin. */
export function redactPersonalData(text: string): string {
  return text
    .replace(/[^\s@]+@[^\s@]+\.[^\s@]+/g, '[email]')
    .replace(/(?:\+?62|0)[\s-]?8[\d\s-]{7,13}\d/g, '[telepon]')
    .replace(/\b\d{10,}\b/g, '[angka]')
    .trim()
    .slice(0, ASSISTANT_MAX_CHARS);
}

/**
 * Replaces rupiah amounts in model text that are not a price of the products shown: the model
 * may be wrong, the cards are not. Returns the text and whether anything was replaced.
 */
export function guardPrices(text: string, allowed: readonly number[]): { text: string; replaced: boolean } {
  let replaced = false;
  const out = text.replace(/Rp\.?\s?(\d{1,3}(?:[.,]\d{3})+|\d+)(?:,-|,00)?/gi, (match, digits: string) => {
    const amount = Number(digits.replace(/[.,]/g, ''));
    if (allowed.includes(amount)) return match;
    replaced = true;
    return '(harga: lihat kartu produk)';
  });
  return { text: out, replaced };
}
