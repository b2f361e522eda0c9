/**
 * Guards a language model's answer before a shopper sees it (issue 7 (docs/issues.md)): the model may invent a
 * price or a stock figure; the database may not. Every rupiah amount the text states (Rp15.000,
 * Rp15rb, IDR 5.000, 15.000 rupiah, 10 ribu, 12rb, 1,5 juta, "harga 15.000") must be a price of
 * a product the sentence names, or, when the sentence names none, of a product given to the
 * model or an amount of the store's own texts. Stock claims ("stok tinggal 999", "sisa 3") must
 * match the database. A wrong price of one named product is replaced by its price, a wrong stock
 * by its stock; anything else is replaced by a pointer to the product cards.
 *
 * The guard works sentence by sentence, so the server can stream an answer one guarded sentence
 * at a time (`AnswerGuard`) and no invented figure ever reaches the shopper.
 */
import { formatRupiah } from '../money/index';
import { terms } from './retrieval';

export interface GuardProduct {
  name: string;
  /** What a shopper pays now (the cheapest variant after discount, or the base price). */
  price: number;
  /** Every price the product may be quoted at: before and after discount, each variant. */
  prices: readonly number[];
  stock: number;
  /** Stock of each variant, when it has variants. */
  variantStocks?: readonly number[];
  hasVariants: boolean;
}

export interface GuardFacts {
  products: readonly GuardProduct[];
  /** Amounts that are not product prices but may be repeated: from the store's texts and the question. */
  amounts?: readonly number[];
}

export const PRICE_PLACEHOLDER = '(harga: lihat kartu produk)';
export const STOCK_PLACEHOLDER = 'stok: lihat kartu produk';

const NUM = String.raw`\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|\d{1,3}(?:,\d{3})+|\d+(?:[.,]\d+)?`;
const UNIT = String.raw`ribu|rb|k|juta|jt`;
/**
 * One money expression. Groups: 1-2 "Rp/IDR amount [unit]"; 3-4 "amount unit"; 5 "amount rupiah";
 * 6-7 a bare amount with thousands dots after a price word ("harga 15.000"), 6 being the word.
 */
const MONEY = new RegExp(
  [
    String.raw`\b(?:Rp\.?|IDR)\s?(${NUM})(?:\s?(${UNIT})\b)?(?:,-|,00\b)?(?:\s?rupiah\b)?`,
    String.raw`\b(${NUM})\s?(${UNIT})\b(?:\s?rupiah\b)?`,
    String.raw`\b(${NUM})\s?rupiah\b`,
    String.raw`\b((?:harga(?:nya)?|seharga|cuma|hanya|mulai(?:\s+dari)?)\s+)(\d{1,3}(?:\.\d{3})+)\b`,
  ].join('|'),
  'gi',
);

/** "stok tinggal 999", "stoknya 5", "sisa 3 pcs", "tinggal 2 lagi" (not "tinggal 2 hari"). Groups: lead, number, tail. */
const STOCK =
  /\b((?:stok(?:nya)?(?:\s+(?:tinggal|hanya|cuma|masih|tersisa|sisa|ada))?|tersisa|sisa(?:nya)?|tinggal)\s+(?:hanya\s+|cuma\s+)?)(\d{1,3}(?:\.\d{3})+|\d+)\b(?!\s*(?:hari|jam|menit|detik|minggu|bulan|tahun|%|persen|km|kg|gram|g\b|ml|liter|cm|meter|x\b|kali))((?:\s*(?:buah|pcs|pak|unit|biji|botol|bungkus|toples|porsi|lembar|pasang|set|potong|item|barang))?(?:\s+lagi)?)/gi;

/** The amount in rupiah of a number as written, with an optional unit (ribu, rb, k, juta, jt). */
export function parseAmount(number: string, unit?: string): number {
  let value: number;
  if (/^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/.test(number)) value = Number(number.split(',')[0]!.replaceAll('.', ''));
  else if (/^\d{1,3}(?:,\d{3})+$/.test(number)) value = Number(number.replaceAll(',', ''));
  else value = Number(number.replace(',', '.'));
  const u = unit?.toLowerCase();
  if (u === 'ribu' || u === 'rb' || u === 'k') value *= 1000;
  else if (u === 'juta' || u === 'jt') value *= 1_000_000;
  return Math.round(value);
}

interface MoneyMatch {
  start: number;
  end: number;
  /** Text kept before the amount (the price word of a bare amount). */
  lead: string;
  amount: number;
}

function moneyMatches(text: string): MoneyMatch[] {
  const out: MoneyMatch[] = [];
  for (const m of text.matchAll(MONEY)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[1] !== undefined) out.push({ start, end, lead: '', amount: parseAmount(m[1], m[2]) });
    else if (m[3] !== undefined) out.push({ start, end, lead: '', amount: parseAmount(m[3], m[4]) });
    else if (m[5] !== undefined) out.push({ start, end, lead: '', amount: parseAmount(m[5]) });
    else if (m[7] !== undefined) out.push({ start, end, lead: m[6] ?? '', amount: parseAmount(m[7]) });
  }
  return out;
}

/** Every rupiah amount a text states, e.g. to allow the amounts of the store's own texts. */
export function moneyAmounts(text: string): number[] {
  return moneyMatches(text).map((m) => m.amount);
}

interface Prepared {
  product: GuardProduct;
  nameTerms: string[];
}

/**
 * Products a sentence names: those whose every name word it contains ("Keripik Tempe Original");
 * when none, those with all words of a one- or two-word name or two words of a longer one.
 */
function mentioned(sentence: string, products: readonly Prepared[]): GuardProduct[] {
  const words = new Set(terms(sentence, { keepStopWords: true }));
  const full: GuardProduct[] = [];
  const partial: GuardProduct[] = [];
  for (const p of products) {
    if (p.nameTerms.length === 0) continue;
    const hits = p.nameTerms.filter((t) => words.has(t)).length;
    if (hits === p.nameTerms.length) full.push(p.product);
    else if (hits >= 2) partial.push(p.product);
  }
  return full.length > 0 ? full : partial;
}

/**
 * "Rp. 15.000", "a.n. Budi", "Jl. Wastukencana No. 2", "Kec. Coblong": a dot that ends no
 * sentence. A dot inside a number or a time ("09.00", "15.000") has no space after it and ends
 * none either (issue 31).
 */
const ABBREVIATION = /(?:^|[^a-z])(?:rp|jl|jln|gg|no|nmr|a\.n|dll|dsb|dst|tn|ny|dr|hlm|kec|kel|kab|prov|tgl|bpk|sdr|telp|ket|pkl)$/i;

/**
 * Where sentences end: after . ! ? (and a closing quote or bracket) followed by white space, or
 * after line breaks. "Rp15." alone is not an end: the next piece of a stream may be "000".
 */
function sentenceEnds(text: string): number[] {
  return [...text.matchAll(/[.!?…]+["')\]]*\s+|\n+/g)]
    .filter((m) => !ABBREVIATION.test(text.slice(Math.max(0, m.index - 5), m.index)))
    .map((m) => m.index + m[0].length);
}

/** A text cut into its sentences (each keeping the space after it), where the guard cuts it. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  for (const end of sentenceEnds(text)) {
    out.push(text.slice(at, end));
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

const priceOf = (p: GuardProduct) => `${p.hasVariants ? 'mulai ' : ''}${formatRupiah(p.price)}`;

/** Guards a stream of text one sentence at a time; `push` returns what is safe to show now. */
export class AnswerGuard {
  private readonly products: Prepared[];
  private readonly extra: Set<number>;
  private buffer = '';
  private carried: GuardProduct[] = [];
  private out = '';
  replaced = false;

  constructor(private readonly facts: GuardFacts) {
    this.products = facts.products.map((product) => ({ product, nameTerms: [...new Set(terms(product.name, { keepStopWords: true }))] }));
    this.extra = new Set(facts.amounts ?? []);
  }

  /** Adds model text; returns the guarded complete sentences it completes (possibly ''). */
  push(delta: string): string {
    this.buffer += delta;
    const ends = sentenceEnds(this.buffer);
    return ends.length > 0 ? this.release(ends) : '';
  }

  /** The guarded rest once the model has finished. */
  end(): string {
    if (!this.buffer) return '';
    return this.release([...sentenceEnds(this.buffer).filter((e) => e < this.buffer.length), this.buffer.length]);
  }

  /** Everything released so far. */
  get text(): string {
    return this.out;
  }

  private release(ends: number[]): string {
    let released = '';
    let at = 0;
    for (const end of ends) {
      released += this.sentence(this.buffer.slice(at, end));
      at = end;
    }
    this.buffer = this.buffer.slice(at);
    this.out += released;
    return released;
  }

  private sentence(text: string): string {
    const named = mentioned(text, this.products);
    const subject = named.length > 0 ? named : this.carried;
    if (named.length > 0) this.carried = named;
    let result = this.guardMoney(text, named, subject);
    result = this.guardStock(result, subject);
    return result;
  }

  private guardMoney(text: string, named: GuardProduct[], subject: GuardProduct[]): string {
    const matches = moneyMatches(text);
    if (matches.length === 0) return text;
    let out = '';
    let at = 0;
    for (const m of matches) {
      out += text.slice(at, m.start);
      at = m.end;
      const original = text.slice(m.start, m.end);
      // A sentence naming products may quote only their prices; one naming none may also quote
      // the store's own amounts (a free-shipping threshold, the shopper's budget).
      const allowed = named.length > 0 ? named.some((p) => p.prices.includes(m.amount)) : this.facts.products.some((p) => p.prices.includes(m.amount)) || this.extra.has(m.amount);
      if (allowed) {
        out += original;
        continue;
      }
      this.replaced = true;
      const only = subject.length === 1 ? subject[0]! : this.facts.products.length === 1 ? this.facts.products[0]! : undefined;
      out += `${m.lead}${only ? priceOf(only) : PRICE_PLACEHOLDER}`;
    }
    return out + text.slice(at);
  }

  private guardStock(text: string, subject: GuardProduct[]): string {
    const candidates = subject.length > 0 ? subject : this.facts.products;
    return text.replace(STOCK, (claim: string, lead: string, digits: string, tail: string) => {
      const n = parseAmount(digits);
      if (candidates.some((p) => p.stock === n || (p.variantStocks ?? []).includes(n))) return claim;
      this.replaced = true;
      const p = candidates.length === 1 ? candidates[0]! : undefined;
      // The right figure in the same words; a sold-out product or an unsure one loses the claim.
      if (p && p.stock > 0) return `${lead}${p.stock}${tail}`;
      const replacement = p ? 'stok habis' : STOCK_PLACEHOLDER;
      return /^[A-Z]/.test(claim) ? replacement[0]!.toUpperCase() + replacement.slice(1) : replacement;
    });
  }
}

/** Guards a whole answer; see AnswerGuard. */
export function guardPrices(text: string, facts: GuardFacts): { text: string; replaced: boolean } {
  const guard = new AnswerGuard(facts);
  guard.push(text);
  guard.end();
  return { text: guard.text, replaced: guard.replaced };
}
