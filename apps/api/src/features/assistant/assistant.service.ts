/**
 * The shopping assistant (issue 7 (docs/issues.md)). Retrieval always runs first over what the store knows; the
 * embedded default composes the answer from the best documents, and a configured language model
 * gets those documents as its only context. Product cards (price, stock) are read from the
 * database for each answer; the model's text is guarded sentence by sentence before it is
 * streamed, so a price or stock figure it invents never reaches the shopper (core guard.ts).
 * Every document the answer was built from is cited.
 */
import {
  AnswerGuard,
  assistantMessages,
  moneyAmounts,
  normalizeSearch,
  priceCeiling,
  redactPersonalData,
  smallTalk,
  splitSentences,
  terms,
  type AssistantProduct,
  type AssistantSource,
  type ChatAnswer,
  type ChatRequest,
  type GuardFacts,
} from '@pasar/core/assistant';
import { formatRupiah } from '@pasar/core/money';
import { applyDiscount } from '@pasar/core/pricing';
import type { Db } from '../../db/client';
import { ProviderFailure } from '../../integrations/http';
import type { ChatClient, ChatMessage } from '../../integrations/assistant/chat-client';
import { freshProducts, type Corpus, type Doc, type KnowledgeDoc, type ProductDoc, type SellableProduct } from './assistant-knowledge';
import { recordUnanswered } from './assistant.repository';

/**
 * The change counter the assistant's documents are built under: the public catalogue's cache keys
 * its answers by it too (catalog.cache.ts), as both are made from the same rows.
 */
export { corpusVersion, newStockFeedCursor, pruneStockFeed, readCatalogChanges, type CatalogChanges, type StockFeedCursor } from './assistant.repository';

/** Below this BM25 score the best document is not about the question. */
export const MIN_SCORE = 1.2;
/** ...and it must contain at least this share of the question's topic words. */
export const MIN_COVERAGE = 0.3;
/**
 * When nothing answers, documents at least this close, and at least half as close as the closest,
 * are offered as suggestions (issue 16).
 */
export const MIN_SUGGESTION_SCORE = 1;
export const MAX_SUGGESTIONS = 3;
/** A store fact ranked first speaks before the entry when it scores this many times the entry. */
export const STORE_FIRST_MARGIN = 1.2;

export interface Retrieval {
  question: string;
  ranked: { doc: Doc; score: number; coverage: number; matched: number }[];
  knowledge: KnowledgeDoc | null;
  products: SellableProduct[];
  store: Doc[];
  ceiling: number | null;
  /** The closest documents, when none passed the answer's thresholds. */
  near: Doc[];
}

/** The first sentences of a text, cut where the guard cuts ("No. 2", "pukul 09.00" stay whole). */
export const firstSentences = (text: string, count: number) => splitSentences(text.replace(/\s+/g, ' ').trim()).slice(0, count).join('').trim();

/** The question retrieval uses: the last one, with the previous when the last is a short follow-up. */
export function retrievalQuery(request: ChatRequest): string {
  const users = request.messages.filter((m) => m.role === 'user').map((m) => m.content.trim());
  const last = users.at(-1) ?? '';
  if (terms(last).length <= 1 && users.length > 1) return `${users.at(-2)} ${last}`;
  return last;
}

/**
 * The products a question names, with their name's terms: every word of the name, else two words
 * of a name of three or more (as the price guard reads names).
 */
export function namedProducts(corpus: Pick<Corpus, 'productNames' | 'productsByNameTerm' | 'productsByRarestNameTerm' | 'nameHits'>, question: string): Map<number, Set<string>> {
  const { productNames, productsByNameTerm, productsByRarestNameTerm, nameHits: hits } = corpus;
  const words = new Set(terms(question, { keepStopWords: true }));
  const named = (list: number[]) => new Map(list.map((at) => [productNames[at]!.id, new Set(productNames[at]!.name)]));
  // Named in full: every word of the name is in the question, its least common word too.
  const full: number[] = [];
  for (const w of words) for (const at of productsByRarestNameTerm.get(w) ?? []) if (productNames[at]!.name.every((t) => words.has(t))) full.push(at);
  if (full.length > 0) return named(full);
  // Else partly named: two words of a name of three or more, counted from the names of each word
  // (a name's words are distinct).
  const touched: number[] = [];
  for (const w of words) {
    for (const at of productsByNameTerm.get(w) ?? []) if (hits[at]!++ === 0) touched.push(at);
  }
  const partial = touched.filter((at) => hits[at]! >= 2 && productNames[at]!.name.length >= 3);
  for (const at of touched) hits[at] = 0;
  return named(partial);
}

export function retrieve(corpus: Corpus, question: string): Retrieval {
  const { docs, index, productDocs } = corpus;
  const ceiling = priceCeiling(question);
  // A document about one word of a longer question is not an answer to it: one matching word
  // must be half the question, two or more a third of it.
  const found = index.search(question, 8);
  let ranked = found.filter((r) => r.score >= MIN_SCORE && (r.matched >= 2 ? r.coverage >= MIN_COVERAGE : r.coverage >= 0.5));
  // Issue 16: "Bagaimana cara menyimpan {product}?" is answered by the entry linked to that
  // product when it is about the rest of the question, before entries about other products.
  const named = namedProducts(corpus, question);
  if (named.size > 0) {
    const linked = (r: (typeof ranked)[number]) => {
      if (r.doc.kind !== 'knowledge' || r.doc.entry.product_id === null) return false;
      const name = named.get(r.doc.entry.product_id);
      return name !== undefined && r.terms.some((t) => !name.has(t));
    };
    ranked = [...ranked.filter(linked), ...ranked.filter((r) => !linked(r))];
  }
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
    const linked = productDocs.get(knowledge.entry.product_id);
    if (linked && (ceiling === null || (linked.product.unit_price <= ceiling && linked.product.stock > 0))) products = [linked.product, ...products].slice(0, 4);
  }
  const store = ranked.slice(0, 3).filter((r) => r.doc.kind === 'store').map((r) => r.doc);
  const closest = found[0]?.score ?? 0;
  // Entries and store facts before products among the close ones: a title asked back as a question
  // reads better, and a product shares a stray word more often ('seumur hidup' and a seedling's
  // 'umur 3 minggu' meet once 'seumur' is stemmed right, issue 31).
  const close = ranked.length === 0 ? found.filter((r) => r.score >= Math.max(MIN_SUGGESTION_SCORE, closest / 2)) : [];
  const near = [...close.filter((r) => r.doc.kind !== 'product'), ...close.filter((r) => r.doc.kind === 'product')].slice(0, MAX_SUGGESTIONS).map((r) => r.doc);
  return { question, ranked, knowledge, products, store, ceiling, near };
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

/** A document as a source or suggestion: knowledge entries link to their product, products to their page. */
function sourceOf(d: Doc): AssistantSource {
  if (d.kind === 'knowledge') return { kind: 'knowledge', id: d.id, title: d.title, url: d.entry.product_id ? `/product/${d.entry.product_id}` : null };
  if (d.kind === 'product') return { kind: 'product', id: d.id, title: d.title, url: `/product/${d.id}` };
  return { kind: 'store', id: d.id, title: d.title, url: null };
}

/** The sources of an answer: the knowledge entries and store facts it was built from, then the products. */
function sourcesOf(docs: readonly Doc[], products: readonly SellableProduct[]): AssistantSource[] {
  const out = docs.filter((d) => d.kind !== 'product').map(sourceOf);
  for (const p of products) out.push({ kind: 'product', id: p.id, title: p.name, url: `/product/${p.id}` });
  return out;
}

const priceText = (p: SellableProduct) => `${p.variants.length > 0 ? 'mulai ' : ''}${formatRupiah(p.unit_price)}`;

/** The embedded default: the answer composed from what retrieval found, and the documents it used. */
export function composeAnswer(r: Retrieval): { text: string; used: Doc[] } {
  const parts: string[] = [];
  const used: Doc[] = [];
  const best = r.ranked[0]?.doc;
  // An entry speaks before a store fact, unless the fact answers clearly better: "sudah transfer
  // tapi belum dikonfirmasi" is about confirming a transfer, not about the ways to pay (issue 31).
  const knowledgeScore = r.ranked.find((x) => x.doc === r.knowledge)?.score ?? 0;
  const storeFirst = best?.kind === 'store' && (r.ranked[0]!.score >= knowledgeScore * STORE_FIRST_MARGIN || !r.knowledge);
  if (storeFirst) {
    parts.push(best.body);
    used.push(best);
  }
  if (r.knowledge && (best?.kind !== 'product' || r.ceiling === null)) {
    parts.push(firstSentences(r.knowledge.body, 4));
    used.push(r.knowledge);
  }
  for (const s of r.store) {
    if (s !== best && parts.length < 2) {
      parts.push(s.body);
      used.push(s);
    }
  }
  if (r.products.length > 0) {
    const intro = r.ceiling !== null ? `Produk yang tersedia dengan harga di bawah ${formatRupiah(r.ceiling)}:` : parts.length > 0 ? 'Produk terkait:' : 'Produk yang cocok:';
    const lines = r.products.map((p) => `• ${p.name} — ${priceText(p)}${p.stock > 0 ? '' : ' (stok habis)'}. ${firstSentences(p.ai_description || p.description, 1)}`);
    parts.push([intro, ...lines].join('\n'));
  }
  return { text: parts.join('\n\n'), used };
}

/** The knowledge entries and store facts given to the model (products are added apart). */
export function contextDocs(r: Retrieval): Doc[] {
  return r.ranked.slice(0, 5).map((x) => x.doc).filter((d) => d.kind !== 'product');
}

function contextFor(r: Retrieval): string {
  const blocks: string[] = [];
  for (const doc of contextDocs(r)) {
    blocks.push(`[${doc.kind === 'knowledge' ? 'Pengetahuan' : 'Info toko'}: ${doc.title}]\n${doc.body.slice(0, 1500)}`);
  }
  for (const p of r.products) {
    blocks.push(`[Produk: ${p.name}] harga ${priceText(p)}, ${p.stock > 0 ? `stok ${p.stock}` : 'stok habis'}. ${p.description} ${p.ai_description ?? ''}`.trim());
  }
  return blocks.join('\n\n');
}

/** What the model may state: the given products' prices and stock, and amounts of the given texts. */
export function guardFacts(r: Retrieval): GuardFacts {
  return {
    products: r.products.map((p) => ({
      name: p.name,
      price: p.unit_price,
      prices: [p.unit_price, p.list_price, ...p.variants.flatMap((v) => [v.price, applyDiscount(v.price, p.discount)])],
      stock: p.stock,
      variantStocks: p.variants.map((v) => v.stock),
      hasVariants: p.variants.length > 0,
    })),
    amounts: [...contextDocs(r).flatMap((d) => moneyAmounts(d.body)), ...moneyAmounts(r.question), ...(r.ceiling !== null ? [r.ceiling] : [])],
  };
}

const SYSTEM_PROMPT = `Anda asisten belanja Pasar UMKM. Jawab singkat (maksimal 4 kalimat) dalam bahasa Indonesia yang ramah.
Gunakan HANYA informasi pada bagian KONTEKS. Jika jawabannya tidak ada di konteks, katakan terus terang bahwa Anda belum tahu dan sarankan menghubungi admin.
Jangan mengarang harga, stok, bahan, atau kebijakan. Sebut harga hanya persis seperti tertulis di konteks.`;

export interface AnswerOptions {
  model?: ChatClient | undefined;
  /** The documents to search and their index (kept between questions: CorpusCache). */
  corpus: () => Promise<Corpus>;
  onDelta?: (text: string) => void;
  onMeta?: (meta: Pick<ChatAnswer, 'sources' | 'products' | 'answered' | 'suggestions'>) => void;
}

function reply(text: string, options: AnswerOptions): ChatAnswer {
  options.onMeta?.({ sources: [], products: [], answered: true, suggestions: [] });
  options.onDelta?.(text);
  return { answer: text, answered: true, sources: [], products: [], suggestions: [], mode: 'retrieval' };
}

export async function answerChat(db: Db, request: ChatRequest, options: AnswerOptions): Promise<ChatAnswer> {
  const last = request.messages.at(-1)!.content;
  // A greeting or a thank-you is not a question the store failed to answer.
  const talk = smallTalk(last);
  if (talk) return reply(talk === 'thanks' ? assistantMessages.thanks : assistantMessages.greeting, options);

  const question = retrievalQuery(request);
  const r = retrieve(await options.corpus(), question);
  // The index may be a moment old; what the shopper sees about a product is read now.
  r.products = (await freshProducts(db, r.products)).filter((p) => r.ceiling === null || (p.stock > 0 && p.unit_price <= r.ceiling));
  const answered = isAnswered(r);
  if (!answered) {
    const kept = redactPersonalData(last);
    const normalized = normalizeSearch(kept);
    if (normalized) await recordUnanswered(db, normalized, kept);
    // Still unanswered (kept for the admin), but the closest entries are offered (issue 16).
    const suggestions = r.near.map(sourceOf);
    const text = suggestions.length > 0 ? `${assistantMessages.unknown}\n\n${assistantMessages.suggestionsLead}` : assistantMessages.unknown;
    options.onMeta?.({ sources: [], products: [], answered: false, suggestions });
    options.onDelta?.(text);
    return { answer: text, answered: false, sources: [], products: [], suggestions, mode: 'retrieval' };
  }
  const products = r.products.map(productCard);
  const composed = composeAnswer(r);
  const composedAnswer = (): ChatAnswer => ({ answer: composed.text, answered: true, sources: sourcesOf(composed.used, r.products), products, suggestions: [], mode: 'retrieval' });
  if (!options.model) {
    const answer = composedAnswer();
    options.onMeta?.({ sources: answer.sources, products, answered: true, suggestions: [] });
    options.onDelta?.(answer.answer);
    return answer;
  }
  const sources = sourcesOf(contextDocs(r), r.products);
  options.onMeta?.({ sources, products, answered: true, suggestions: [] });
  const history: ChatMessage[] = request.messages.slice(-6).map((m) => ({ role: m.role, content: m.content.slice(0, 1000) }));
  const messages: ChatMessage[] = [{ role: 'system', content: `${SYSTEM_PROMPT}\n\nKONTEKS:\n${contextFor(r)}` }, ...history];
  // Only guarded, complete sentences are streamed: an invented figure is corrected before it is shown.
  const guard = new AnswerGuard(guardFacts(r));
  const emit = (text: string) => {
    if (text) options.onDelta?.(text);
  };
  try {
    const result = await options.model.complete(messages, (piece) => emit(guard.push(piece)));
    if (result.kind === 'refusal' || result.text.trim() === '') return composedAnswer();
    emit(guard.end());
    return { answer: guard.text.trim(), answered: true, sources, products, suggestions: [], mode: 'model' };
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
    // The store's own answer beats no answer when the model is down or slow.
    return composedAnswer();
  }
}
