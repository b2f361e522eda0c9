/**
 * Retrieval for the shopping assistant (issue 7 (docs/issues.md)), with no I/O: documents in, ranked documents out.
 * Indonesian text is folded (case, accents, punctuation), shoppers' colloquial forms are rewritten
 * ('brp' -> 'berapa', 'nyimpen' -> 'menyimpan'), common spelling variants are merged
 * ('kripik' ~ 'keripik'), frequent affixes are stripped ('menyimpan' ~ 'simpan' ~ 'penyimpanan',
 * 'renyahnya' ~ 'renyah'), question words that carry no topic are ignored, and documents are scored with BM25
 * over their fields, titles weighing more than bodies. Topics of the commerce vocabulary
 * (vocabulary.ts: 'refund' and 'pengembalian' are both about returns) and place names (a city
 * points at out-of-town shipping) let a question meet an entry it shares no word with, weighted
 * below shared words (issue 16).
 */
import { normalizeSearch, spellingVariants } from '../catalog/search';
import {
  AMBIGUOUS_PLACES,
  PLACE_ALIASES,
  PLACE_CONTEXT,
  PLACE_DIRECTIONS,
  PLACE_NAME_PREFIXES,
  PLACE_TOPIC,
  RELATED,
  SAME_MEANING,
  STOP_WORDS,
  WORD_FORMS,
} from './vocabulary';

export type DocKind = 'knowledge' | 'product' | 'store';

export interface AssistantDoc {
  kind: DocKind;
  id: number | string;
  title: string;
  /** Weighted more than the body: a product's name and category, an entry's title. */
  heading: string;
  body: string;
}

export interface RankedDoc<D extends AssistantDoc = AssistantDoc> {
  doc: D;
  score: number;
  /** Share of the question's terms the document contains (0 to 1). */
  coverage: number;
  /** How many of the question's terms it contains. */
  matched: number;
  /** The question's terms it contains (itself or through a topic). */
  terms: string[];
}

const STOP = new Set(STOP_WORDS.split(' '));
const FORMS = new Map(Object.entries(WORD_FORMS));

/**
 * Prefixes, longest first so that 'meng-' is tried before 'men-' and 'me-'. The nasal prefixes
 * (me-N, pe-N) swallow the first letter of a root starting with k, p, s or t; `restore` puts it
 * back. 'menge-'/'penge-' (before one-syllable roots) are left out: those roots are shorter than
 * the 4 letters a stem keeps anyway. 'se-' is left out too: it is more often part of a root
 * (setrika, sereh, selai) than a prefix, and 'disetrika' must meet 'setrika'.
 */
const PREFIXES = ['meng', 'meny', 'peng', 'peny', 'mem', 'men', 'pem', 'pen', 'ber', 'ter', 'me', 'pe', 'di', 'ke'];
const PARTICLES = ['lah', 'kah', 'pun'];
const POSSESSIVES = ['nya'];
const DERIVATIONAL = ['kan', 'an', 'i'];
/** After ke- or pe(N)-, a final -kan is the noun confix -an on a root ending in k: kerusakan -> rusak. */
const NOUN_DERIVATIONAL = ['an', 'kan', 'i'];
const MIN_STEM = 4;

/**
 * Without a dictionary the restorations are ambiguous (mengirim = meng+kirim but mengambil =
 * meng+ambil; memakai = mem+pakai but memasak = mem+masak). These common roots keep their own
 * first letter; every other root gets the usual restoration.
 */
const VOWEL_ROOTS = ['ambil', 'antar', 'atur', 'ajar', 'awet', 'olah', 'ikut', 'isi', 'ingat', 'ukur', 'ubah', 'urus', 'obat', 'inap'];
const M_ROOTS = ['masak', 'makan', 'minum', 'masuk', 'mulai', 'milik', 'minta', 'mandi', 'merah', 'manis'];
const N_ROOTS = ['nikmat', 'nilai', 'nikah', 'nanti'];
/**
 * Roots that begin like a prefix (pe-san, ke-mas, ke-ring): a word starting with one keeps it, so
 * 'pesanan' meets 'pesan' and 'kemasan' meets 'kemas' (issue 16). Only suffixes are stripped.
 */
const PREFIX_LIKE_ROOTS = ['pesan', 'kemas', 'kembali', 'kering', 'dingin'];
/** Words whose ending only looks like a suffix: 'lebaran' is not 'lebar', 'durian' not 'duri'. */
const WHOLE_WORDS = new Set(['lebaran', 'durian']);

const vowel = (c: string | undefined) => c !== undefined && 'aiueo'.includes(c);

/** The root under a prefix: meny+V -> s, mem+V -> p, men+V -> t, meng+V -> k (and pe- alike). */
function restore(prefix: string, rest: string): string {
  if (!/^[mp]e/.test(prefix)) return rest; // ber-, ter-, di-, ke-
  const nasal = prefix.slice(2);
  if (nasal === 'ny') return vowel(rest[0]) ? `s${rest}` : rest;
  if (nasal === 'ng') return vowel(rest[0]) && !VOWEL_ROOTS.some((r) => rest.startsWith(r)) ? `k${rest}` : rest;
  if (nasal === 'm') {
    if (!vowel(rest[0])) return rest; // membayar -> bayar
    return M_ROOTS.some((r) => `m${rest}`.startsWith(r)) ? `m${rest}` : `p${rest}`;
  }
  if (nasal === 'n') {
    if (!vowel(rest[0])) return rest; // mencuci -> cuci, mendapat -> dapat, menjual -> jual
    return N_ROOTS.some((r) => `n${rest}`.startsWith(r)) ? `n${rest}` : `t${rest}`;
  }
  return rest; // me-/pe- before l, r, w, y: melihat -> lihat, perawatan -> rawatan
}

function stripOne(word: string, suffixes: readonly string[]): string {
  for (const s of suffixes) if (word.length - s.length >= MIN_STEM && word.endsWith(s)) return word.slice(0, -s.length);
  return word;
}

/**
 * A light Indonesian stemmer without a dictionary: a particle (-lah, -kah, -pun), then a
 * possessive (-nya), then the longest matching prefix with its root letter restored, then up to
 * two derivational suffixes (-kan, -an, -i; -an first after ke- and pe-), keeping at least 4 letters at each step. Stems are
 * not always words ('simpan' -> 'simp'), but the forms of a root meet: simpan, menyimpan,
 * disimpan, penyimpanan -> simp; kirim, mengirim, pengiriman -> kirim; ambil, mengambil -> ambil.
 */
export function stem(word: string): string {
  let w = stripOne(stripOne(word, PARTICLES), POSSESSIVES);
  if (WHOLE_WORDS.has(w)) return w;
  let suffixes = DERIVATIONAL;
  const prefixed = !PREFIX_LIKE_ROOTS.some((r) => w.startsWith(r));
  for (const p of prefixed ? PREFIXES : []) {
    if (!w.startsWith(p)) continue;
    const root = restore(p, w.slice(p.length));
    if (root.length >= MIN_STEM) {
      w = root;
      if (p === 'ke' || p.startsWith('pe')) suffixes = NOUN_DERIVATIONAL;
      break;
    }
  }
  for (let i = 0; i < 2; i++) {
    const next = stripOne(w, suffixes);
    if (next === w) break;
    w = next;
  }
  return w;
}

/** A stemmer: a folded word in, its root (or a stand-in every form of the root shares) out. */
export type Stem = (word: string) => string;

/**
 * The stemmer retrieval reads words with. The light one above by default; the API installs a
 * dictionary stemmer (apps/api/src/features/assistant/stemmer.ts, decision 060) that stays out
 * of the browser's bundle: this module is also reached by the web app through this package.
 */
let activeStem: Stem = stem;
const synonymIndex = new Map<string, string>();
const CANONICAL_CACHE_SIZE = 50_000;
const canonicalCache = new Map<string, string>();
let defaultVocabulary: Vocabulary | undefined;

function indexSynonyms(): void {
  synonymIndex.clear();
  for (const group of SAME_MEANING) for (const word of group) synonymIndex.set(activeStem(word), activeStem(group[0]!));
}
indexSynonyms();

/**
 * Reads every text from now on with `next`. Call it once when the process starts, before any
 * index is built: an index or vocabulary built before keeps the stems it was built with.
 */
export function useStemmer(next: Stem): void {
  activeStem = next;
  canonicalCache.clear();
  defaultVocabulary = undefined;
  indexSynonyms();
}

/** The canonical form of a word: spelling variant, stem, then synonym group. */
function canonical(word: string): string {
  const known = canonicalCache.get(word);
  if (known !== undefined) return known;
  const variants = spellingVariants(word);
  // The longest spelling is the canonical one ('keripik' over 'kripik').
  const chosen = variants.sort((a, b) => b.length - a.length || a.localeCompare(b))[0] ?? word;
  const stemmed = activeStem(chosen);
  const result = synonymIndex.get(stemmed) ?? synonymIndex.get(chosen) ?? stemmed;
  // Every text is read word by word (documents at each rebuild, each question): remember the
  // words seen, within a bound, since questions may bring any string.
  if (canonicalCache.size >= CANONICAL_CACHE_SIZE) canonicalCache.clear();
  canonicalCache.set(word, result);
  return result;
}

/** A text folded to lower-case ASCII words, with shoppers' colloquial forms rewritten. */
function words(text: string): string[] {
  const folded = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/(\w)-(\w)/g, '$1 $2')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  const out: string[] = [];
  for (const word of folded.split(' ')) {
    if (!word) continue;
    const form = FORMS.get(word);
    if (form) out.push(...form.split(' '));
    else out.push(word);
  }
  return out;
}

/** A word of a text as retrieval reads it. */
export interface TextToken {
  /** The folded word (after its colloquial form was rewritten). */
  word: string;
  /** Its canonical form (canonical()). */
  term: string;
  /** Says nothing about the topic (a stop word) or is a single letter. */
  stop: boolean;
}

/** A stop word, also with -nya ('caranya', 'apanya'), or a single letter. */
const isStop = (word: string) => word.length < 2 || STOP.has(word) || (word.endsWith('nya') && STOP.has(word.slice(0, -3)));

function tokens(text: string): TextToken[] {
  return words(text).map((word) => ({ word, term: canonical(word), stop: isStop(word) }));
}

/** Terms of a text: folded, stop words dropped, canonical forms. Numbers are kept. */
export function terms(text: string, options: { keepStopWords?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (!options.keepStopWords && isStop(word)) continue;
    if (word.length < 2) continue;
    out.push(canonical(word));
  }
  return out;
}

/** A topic or place found in a text: what it points at and the tokens it spans. */
interface Span {
  topic: string;
  start: number;
  end: number;
}

interface Phrase {
  /** Canonical terms (topics) or folded words (places), in order. */
  parts: string[];
  topic: string;
  ambiguous?: boolean;
}

function phraseIndex(phrases: Phrase[]): Map<string, Phrase[]> {
  const byFirst = new Map<string, Phrase[]>();
  // Longest first, so 'jakarta selatan' is tried before 'jakarta'.
  for (const p of [...phrases].sort((a, b) => b.parts.length - a.parts.length)) {
    const first = p.parts[0];
    if (first === undefined) continue;
    byFirst.set(first, [...(byFirst.get(first) ?? []), p]);
  }
  return byFirst;
}

const foldName = (name: string) => words(name).join(' ');

/** 'KOTA ADMINISTRASI JAKARTA SELATAN' -> 'jakarta selatan' and 'jakarta'. */
export function placeForms(officialName: string): string[] {
  let name = foldName(officialName);
  for (const prefix of PLACE_NAME_PREFIXES) {
    if (name.startsWith(`${prefix} `)) {
      name = name.slice(prefix.length + 1);
      break;
    }
  }
  const out = [name];
  for (const direction of PLACE_DIRECTIONS) {
    if (name.endsWith(` ${direction}`)) {
      out.push(name.slice(0, -direction.length - 1));
      break;
    }
  }
  return out;
}

/**
 * The vocabulary retrieval expands with (vocabulary.ts): the topics of RELATED, and place names
 * (official names of cities, regencies and provinces given by the caller, plus PLACE_ALIASES)
 * that point at PLACE_TOPIC. Topics are found in documents and questions alike; places only in
 * questions, since a document naming a place ('khas Garut') is not about shipping there.
 */
export class Vocabulary {
  private readonly topics: Map<string, Phrase[]>;
  private readonly places: Map<string, Phrase[]>;
  private readonly context = new Set(PLACE_CONTEXT);

  constructor(options: { places?: readonly string[] } = {}) {
    const topics: Phrase[] = [];
    for (const [topic, list] of Object.entries(RELATED)) {
      for (const phrase of list) {
        const parts = tokens(phrase).map((t) => t.term);
        if (parts.length > 0) topics.push({ parts, topic });
      }
    }
    this.topics = phraseIndex(topics);
    const ambiguous = new Set(AMBIGUOUS_PLACES);
    const names = new Set<string>(PLACE_ALIASES.map(foldName));
    for (const official of options.places ?? []) for (const form of placeForms(official)) if (form) names.add(form);
    this.places = phraseIndex([...names].map((name) => ({ parts: name.split(' '), topic: PLACE_TOPIC, ambiguous: ambiguous.has(name) })));
  }

  /** How many place names it knows (for logs and tests). */
  get placeCount(): number {
    let n = 0;
    for (const list of this.places.values()) n += list.length;
    return n;
  }

  private static find(list: readonly string[], byFirst: Map<string, Phrase[]>, accept: (p: Phrase, start: number) => boolean = () => true): Span[] {
    const out: Span[] = [];
    for (let i = 0; i < list.length; i++) {
      for (const p of byFirst.get(list[i]!) ?? []) {
        if (p.parts.every((part, j) => list[i + j] === part) && accept(p, i)) {
          out.push({ topic: p.topic, start: i, end: i + p.parts.length });
        }
      }
    }
    return out;
  }

  /** The topics a text is about (for tests and for whoever extends the vocabulary). */
  topicsIn(text: string): string[] {
    return [...new Set(this.topicsOf(tokens(text)).map((s) => s.topic))];
  }

  topicsOf(toks: readonly TextToken[]): Span[] {
    return Vocabulary.find(
      toks.map((t) => t.term),
      this.topics,
    );
  }

  placesOf(toks: readonly TextToken[]): Span[] {
    const list = toks.map((t) => t.word);
    const spans = Vocabulary.find(list, this.places, (p, start) => !p.ambiguous || this.context.has(list[start - 1] ?? ''));
    // Only the longest name at a position: 'jakarta selatan', not also 'jakarta'.
    return spans.filter((s) => !spans.some((o) => o !== s && o.start <= s.start && o.end >= s.end && o.end - o.start > s.end - s.start));
  }
}

/** The vocabulary without place names, built with the stemmer in use. */
function vocabularyInUse(): Vocabulary {
  defaultVocabulary ??= new Vocabulary();
  return defaultVocabulary;
}

export { normalizeSearch };

/**
 * The documents having a term or a topic of the vocabulary (ascending), with its weighted count
 * in each (heading 3, body 1).
 */
interface Posting {
  items: Int32Array;
  f: Float64Array;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Whether the document is in the posting (binary search: the documents are in order). */
function has(list: Posting | undefined, i: number): boolean {
  if (!list) return false;
  let lo = 0;
  let hi = list.items.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = list.items[mid]!;
    if (at === i) return true;
    if (at < i) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** A topic shared by a question and a document counts this much of a shared word. */
export const EXPANSION_WEIGHT = 0.5;

const K1 = 1.2;
const B = 0.6;

/**
 * An index over a fixed set of documents. Heading terms count three times: a question about
 * "keripik tempe" should find the product and the entry named so before one that mentions it.
 * A question also meets documents about the same topic of the vocabulary (or, for a place name,
 * about shipping out of town), at EXPANSION_WEIGHT: the word a shopper typed still ranks first
 * where a document has it.
 */
export class AssistantIndex<D extends AssistantDoc> {
  private readonly docs: readonly D[];
  private readonly df = new Map<string, number>();
  private readonly topicDf = new Map<string, number>();
  /**
   * The documents having each term and each topic, in document order, with its weighted count
   * in each: a question scores only the documents that share a word or a topic with it (any
   * other scores 0 and is left out anyway), not every product of a catalogue of 100,000 (issue
   * 15). Typed arrays rather than a map per document: a third of the memory the garbage collector
   * walks through.
   */
  private readonly postings = new Map<string, Posting>();
  private readonly topicPostings = new Map<string, Posting>();
  /** BM25's length part of each document: K1 * (1 - B + B * length / average length). */
  private readonly norms: Float64Array;
  /**
   * Per-document scratch of a search, kept between searches and cleared where written: a fresh
   * array per question was over a megabyte at 100,000 documents, and that garbage brought on full
   * collections of the whole index (the p99). A search runs to its end without yielding, and its
   * filter must not search the same index.
   */
  private readonly scores: Float64Array;
  /** Which of the question's words (bit k: the k-th) each document has, itself or by a topic. */
  private readonly masks: Uint32Array;
  /** The documents a search touched, in the order first touched. */
  private readonly touched: Int32Array;

  constructor(
    docs: readonly D[],
    private readonly vocabulary: Vocabulary = vocabularyInUse(),
  ) {
    this.docs = docs;
    const terms = new Map<string, { items: number[]; f: number[] }>();
    const topicTerms = new Map<string, { items: number[]; f: number[] }>();
    const post = (lists: typeof terms, key: string, i: number, f: number) => {
      const list = lists.get(key);
      if (list) {
        list.items.push(i);
        list.f.push(f);
      } else lists.set(key, { items: [i], f: [f] });
    };
    const lengths = docs.map((doc, i) => {
      const tf = new Map<string, number>();
      const topics = new Map<string, number>();
      const add = (text: string, w: number) => {
        const toks = tokens(text);
        for (const t of toks) if (!t.stop) tf.set(t.term, (tf.get(t.term) ?? 0) + w);
        for (const span of vocabulary.topicsOf(toks)) topics.set(span.topic, (topics.get(span.topic) ?? 0) + w);
      };
      add(doc.heading, 3);
      add(doc.body, 1);
      for (const [t, f] of tf) post(terms, t, i, f);
      for (const [t, f] of topics) post(topicTerms, t, i, f);
      let length = 0;
      for (const v of tf.values()) length += v;
      return length;
    });
    for (const [t, list] of terms) {
      this.postings.set(t, { items: Int32Array.from(list.items), f: Float64Array.from(list.f) });
      this.df.set(t, list.items.length);
    }
    for (const [t, list] of topicTerms) {
      this.topicPostings.set(t, { items: Int32Array.from(list.items), f: Float64Array.from(list.f) });
      this.topicDf.set(t, list.items.length);
    }
    const avgLength = lengths.reduce((s, l) => s + l, 0) / Math.max(1, docs.length);
    this.norms = Float64Array.from(lengths, (length) => K1 * (1 - B + (B * length) / avgLength));
    this.scores = new Float64Array(docs.length);
    this.masks = new Uint32Array(docs.length);
    this.touched = new Int32Array(docs.length);
  }

  /**
   * The question's terms, each with the topics it points at: those of the vocabulary phrases it
   * is part of, and PLACE_TOPIC for a place name no document mentions (the store's own city is in
   * its shipping text, so it stays a plain word).
   */
  private analyse(query: string): { term: string; topics: string[] }[] {
    const toks = tokens(query);
    const topicsAt = toks.map(() => new Set<string>());
    for (const span of this.vocabulary.topicsOf(toks)) for (let i = span.start; i < span.end; i++) topicsAt[i]!.add(span.topic);
    for (const span of this.vocabulary.placesOf(toks)) {
      const inside = toks.slice(span.start, span.end).filter((t) => !t.stop);
      if (inside.every((t) => this.df.has(t.term))) continue;
      for (let i = span.start; i < span.end; i++) topicsAt[i]!.add(span.topic);
    }
    const byTerm = new Map<string, Set<string>>();
    toks.forEach((t, i) => {
      if (t.stop) return;
      const set = byTerm.get(t.term) ?? new Set<string>();
      for (const topic of topicsAt[i]!) set.add(topic);
      byTerm.set(t.term, set);
    });
    return [...byTerm].map(([term, topics]) => ({ term, topics: [...topics] }));
  }

  private idf(df: number): number {
    return Math.log(1 + (this.docs.length - df + 0.5) / (df + 0.5));
  }

  search(query: string, limit = 5, filter?: (doc: D) => boolean): RankedDoc<D>[] {
    const q = this.analyse(query);
    if (q.length === 0) return [];
    const topics = [...new Set(q.flatMap((x) => x.topics))];
    // Term at a time over the postings: a document sharing no word or topic with the question
    // scores 0 and is never touched. Each document's score adds its terms, then its topics, in
    // the question's order, as a document-at-a-time loop over every item would.
    const { scores, masks, norms, touched } = this;
    let touchedCount = 0;
    // A question word counts as matched when the document has it or a topic it points at: one bit
    // a word, set while scoring (a question of more than 32 words counts them afterwards).
    const bits = q.length <= 32;
    const add = (list: Posting | undefined, df: number, factor: number | null, mask: number) => {
      if (!list) return;
      const idf = this.idf(df);
      const { items, f } = list;
      for (let k = 0; k < items.length; k++) {
        const i = items[k]!;
        const fk = f[k]!;
        const w = (idf * (fk * (K1 + 1))) / (fk + norms[i]!);
        if (scores[i] === 0) touched[touchedCount++] = i;
        scores[i] = scores[i]! + (factor === null ? w : factor * w);
        masks[i] = masks[i]! | mask;
      }
    };
    q.forEach(({ term }, k) => add(this.postings.get(term), this.df.get(term) ?? 0, null, bits ? 1 << k : 0));
    for (const topic of topics) {
      let mask = 0;
      if (bits) q.forEach((x, k) => (mask |= x.topics.includes(topic) ? 1 << k : 0));
      add(this.topicPostings.get(topic), this.topicDf.get(topic) ?? 0, EXPANSION_WEIGHT, mask);
    }
    const matchedBy = (i: number) => q.filter((x) => has(this.postings.get(x.term), i) || x.topics.some((t) => has(this.topicPostings.get(t), i)));
    // The best `limit`, best first, an earlier item first among equal scores (as a stable sort of
    // every scored item gives): thousands of products share a common word.
    const top: { i: number; score: number; matched: number }[] = [];
    const before = (score: number, i: number, other: { i: number; score: number }) => score > other.score || (score === other.score && i < other.i);
    for (let t = 0; t < touchedCount; t++) {
      const i = touched[t]!;
      const score = scores[i]!;
      const count = bits ? popcount(masks[i]!) : matchedBy(i).length;
      scores[i] = 0;
      masks[i] = 0;
      if (!(score > 0)) continue;
      // Documents matching more of the question's words rank above a single strong match.
      const ranked = score * (0.5 + count / q.length);
      if (top.length === limit && !before(ranked, i, top[top.length - 1]!)) continue;
      if (filter && !filter(this.docs[i]!)) continue;
      let at = top.length;
      while (at > 0 && before(ranked, i, top[at - 1]!)) at -= 1;
      top.splice(at, 0, { i, score: ranked, matched: count });
      if (top.length > limit) top.pop();
    }
    return top.map(({ i, score, matched: count }) => {
      const terms = matchedBy(i).map((x) => x.term);
      return { doc: this.docs[i]!, score, coverage: count / q.length, matched: count, terms };
    });
  }
}

/** "di bawah 50 ribu", "maks 100rb", "< Rp75.000", "kurang dari 50k" → 50000; else null. */
export function priceCeiling(question: string): number | null {
  const text = question.toLowerCase().replace(/rp\.?\s*/g, '');
  const m = /(?:di ?bawah|dibawah|kurang dari|maks(?:imal)?|max|budget|<|sampai|hingga|paling mahal)\s*(\d+(?:[.,]\d{3})*(?:[.,]\d+)?)\s*(ribu|rb|k|juta|jt)?/.exec(text);
  if (!m) return null;
  let amount = Number(m[1]!.replace(/[.,](?=\d{3}\b)/g, '').replace(',', '.'));
  const unit = m[2];
  if (unit === 'ribu' || unit === 'rb' || unit === 'k') amount *= 1000;
  if (unit === 'juta' || unit === 'jt') amount *= 1_000_000;
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount) : null;
}
