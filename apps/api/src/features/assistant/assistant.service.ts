/**
 * The shopping assistant (issue 7). Retrieval always runs first over what the store knows; the
 * embedded default composes the answer from the best documents, and a configured language model
 * gets those documents as its only context. Product cards (price, stock) always come from the
 * database; rupiah amounts in model text that are not a shown product's price are replaced.
 */
import {
  AssistantIndex,
  assistantMessages,
  guardPrices,
  normalizeSearch,
  priceCeiling,
  redactPersonalData,
  terms,
  type AssistantProduct,
  type AssistantSource,
  type ChatAnswer,
  type ChatRequest,
} from '@pasar/core/assistant';
import { formatRupiah } from '@pasar/core/money';
import type { Db } from '../../db/client';
import { ProviderFailure } from '../../integrations/http';
import type { ChatClient, ChatMessage } from '../../integrations/assistant/chat-client';
import { loadAssistantDocs, type Doc, type KnowledgeDoc, type ProductDoc, type SellableProduct } from './assistant-knowledge';
import { recordUnanswered } from './assistant.repository';

/** Below this BM25 score the best document is not about the question. */
export const MIN_SCORE = 1.2;
/** ...and it must contain at least this share of the question's topic words. */
export const MIN_COVERAGE = 0.3;

export interface Retrieval {
  question: string;
  ranked: { doc: Doc; score: number; coverage: number; matched: number }[];
  knowledge: KnowledgeDoc | null;
  products: SellableProduct[];
  store: Doc[];
  ceiling: number | null;
}

const firstSentences = (text: string, count: number) => {
  const parts = text.replace(/\s+/g, ' ').trim().match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? [text];
  return parts.slice(0, count).join('').trim();
};

/** The question retrieval uses: the last one, with the previous when the last is a short follow-up. */
export function retrievalQuery(request: ChatRequest): string {
  const users = request.messages.filter((m) => m.role === 'user').map((m) => m.content.trim());
  const last = users.at(-1) ?? '';
  if (terms(last).length <= 1 && users.length > 1) return `${users.at(-2)} ${last}`;
  return last;
}

export function retrieve(docs: Doc[], question: string): Retrieval {
  const index = new AssistantIndex<Doc>(docs);
  const ceiling = priceCeiling(question);
  // A document about one word of a longer question is not an answer to it: one matching word
  // must be half the question, two or more a third of it.
  const ranked = index.search(question, 8).filter((r) => r.score >= MIN_SCORE && (r.matched >= 2 ? r.coverage >= MIN_COVERAGE : r.coverage >= 0.5));
  const best = ranked[0];
  const knowledge = (ranked.slice(0, 3).find((r) => r.doc.kind === 'knowledge')?.doc as KnowledgeDoc | undefined) ?? null;
  let products: SellableProduct[];
  if (ceiling !== null) {
    // "oleh-oleh di bawah 50 ribu": in stock, within budget, ranked by the rest of the question.
    const topic = question.replace(/(di ?bawah|kurang dari|maks(imal)?|max|budget|sampai|hingga).*$/i, '');
    const inBudget = (d: Doc) => d.kind === 'product' && d.product.stock > 0 && d.product.unit_price <= ceiling;
    const matched = index.search(topic, 6, inBudget).map((r) => (r.doc as ProductDoc).product);
    products = matched.length > 0 ? matched : docs.filter(inBudget).map((d) => (d as ProductDoc).product).sort((a, b) => a.unit_price - b.unit_price).slice(0, 4);
  } else {
    const top = best?.score ?? 0;
    products = ranked.filter((r) => r.doc.kind === 'product' && r.score >= top * 0.45).map((r) => (r.doc as ProductDoc).product).slice(0, 3);
  }
  // The product an entry is about comes with the entry.
  if (knowledge?.entry.product_id && !products.some((p) => p.id === knowledge.entry.product_id)) {
    const linked = docs.find((d): d is ProductDoc => d.kind === 'product' && d.id === knowledge.entry.product_id);
    if (linked && (ceiling === null || (linked.product.unit_price <= ceiling && linked.product.stock > 0))) products = [linked.product, ...products].slice(0, 4);
  }
  const store = ranked.slice(0, 3).filter((r) => r.doc.kind === 'store').map((r) => r.doc);
  return { question, ranked, knowledge, products, store, ceiling };
}

export function isAnswered(r: Retrieval): boolean {
  return r.ranked.length > 0 || (r.ceiling !== null && r.products.length > 0);
}

function productCard(p: SellableProduct): AssistantProduct {
  return {
    id: p.id,
    name: p.name,
    price: p.unit_price,
    list_price: p.list_price,
    discount: p.discount,
    stock: p.stock,
    image_url: p.image_cover ?? p.images[0] ?? null,
    has_variants: p.variants.length > 0,
    url: `/product/${p.id}`,
  };
}

function sourcesOf(r: Retrieval): AssistantSource[] {
  const out: AssistantSource[] = [];
  if (r.knowledge) out.push({ kind: 'knowledge', id: r.knowledge.id, title: r.knowledge.title, url: r.knowledge.entry.product_id ? `/product/${r.knowledge.entry.product_id}` : null });
  for (const s of r.store) out.push({ kind: 'store', id: s.id, title: s.title, url: null });
  for (const p of r.products) out.push({ kind: 'product', id: p.id, title: p.name, url: `/product/${p.id}` });
  return out;
}

const priceText = (p: SellableProduct) => `${p.variants.length > 0 ? 'mulai ' : ''}${formatRupiah(p.unit_price)}`;

/** The embedded default: the answer composed from what retrieval found. */
export function composeAnswer(r: Retrieval): string {
  const parts: string[] = [];
  const best = r.ranked[0]?.doc;
  if (r.knowledge && (best?.kind !== 'product' || r.ceiling === null)) parts.push(firstSentences(r.knowledge.body, 4));
  else if (best?.kind === 'store') parts.push(best.body);
  for (const s of r.store) if (s !== best && parts.length < 2) parts.push(s.body);
  if (r.products.length > 0) {
    const intro = r.ceiling !== null ? `Produk yang tersedia dengan harga di bawah ${formatRupiah(r.ceiling)}:` : parts.length > 0 ? 'Produk terkait:' : 'Produk yang cocok:';
    const lines = r.products.map((p) => `• ${p.name} — ${priceText(p)}${p.stock > 0 ? '' : ' (stok habis)'}. ${firstSentences(p.ai_description || p.description, 1)}`);
    parts.push([intro, ...lines].join('\n'));
  }
  return parts.join('\n\n');
}

function contextFor(r: Retrieval): string {
  const blocks: string[] = [];
  for (const { doc } of r.ranked.slice(0, 5)) {
    if (doc.kind === 'product') continue;
    blocks.push(`[${doc.kind === 'knowledge' ? 'Pengetahuan' : 'Info toko'}: ${doc.title}]\n${doc.body.slice(0, 1500)}`);
  }
  for (const p of r.products) {
    blocks.push(`[Produk: ${p.name}] harga ${priceText(p)}, ${p.stock > 0 ? `stok ${p.stock}` : 'stok habis'}. ${p.description} ${p.ai_description ?? ''}`.trim());
  }
  return blocks.join('\n\n');
}

const SYSTEM_PROMPT = `Anda asisten belanja Pasar UMKM. Jawab singkat (maksimal 4 kalimat) dalam bahasa Indonesia yang ramah.
Gunakan HANYA informasi pada bagian KONTEKS. Jika jawabannya tidak ada di konteks, katakan terus terang bahwa Anda belum tahu dan sarankan menghubungi admin.
Jangan mengarang harga, stok, bahan, atau kebijakan. Sebut harga hanya persis seperti tertulis di konteks.`;

export interface AnswerOptions {
  model?: ChatClient | undefined;
  onDelta?: (text: string) => void;
  onMeta?: (meta: Pick<ChatAnswer, 'sources' | 'products' | 'answered'>) => void;
}

export async function answerChat(db: Db, request: ChatRequest, options: AnswerOptions = {}): Promise<ChatAnswer> {
  const question = retrievalQuery(request);
  const r = retrieve(await loadAssistantDocs(db), question);
  const answered = isAnswered(r);
  const products = r.products.map(productCard);
  const sources = sourcesOf(r);
  options.onMeta?.({ sources, products, answered });
  if (!answered) {
    const last = request.messages.at(-1)!.content;
    const kept = redactPersonalData(last);
    const normalized = normalizeSearch(kept);
    if (normalized) await recordUnanswered(db, normalized, kept);
    options.onDelta?.(assistantMessages.unknown);
    return { answer: assistantMessages.unknown, answered: false, sources: [], products: [], mode: 'retrieval' };
  }
  const composed = composeAnswer(r);
  if (!options.model) {
    options.onDelta?.(composed);
    return { answer: composed, answered: true, sources, products, mode: 'retrieval' };
  }
  const history: ChatMessage[] = request.messages.slice(-6).map((m) => ({ role: m.role, content: m.content.slice(0, 1000) }));
  const messages: ChatMessage[] = [{ role: 'system', content: `${SYSTEM_PROMPT}\n\nKONTEKS:\n${contextFor(r)}` }, ...history];
  try {
    const result = await options.model.complete(messages, options.onDelta);
    if (result.kind === 'refusal' || result.text.trim() === '') {
      return { answer: composed, answered: true, sources, products, mode: 'retrieval' };
    }
    const allowed = r.products.flatMap((p) => [p.unit_price, p.list_price, ...p.variants.map((v) => v.price), ...p.variants.map((v) => Math.round(v.price * (1 - p.discount / 100)))]);
    return { answer: guardPrices(result.text.trim(), allowed).text, answered: true, sources, products, mode: 'model' };
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
    // The store's own answer beats no answer when the model is down or slow.
    return { answer: composed, answered: true, sources, products, mode: 'retrieval' };
  }
}
