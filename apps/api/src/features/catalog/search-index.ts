/**
 * The catalogue search in each process's memory (issue 30 §1, docs/decisions/078-search-index-in-process.md):
 * the same answer as the SQL search (catalog.repository.ts `rankAndStore`, decision 007), from an
 * inverted index of the public products' words, built once per catalogue version. A search the shop
 * never saw before (every misspelling is one) costs no statement: the typo corrections come from the
 * vocabulary kept here, the matches from the word lists, the rank from the names.
 *
 * What "matches" means is the SQL's: a typed word (or one of its spellings or corrections) anywhere
 * inside the search text. Words are [a-z0-9] only (normalizeSearch), so such a match lies inside one
 * run of letters and digits of the text: the index keeps those runs and their products.
 */
import { isOneTypoAway, spellingVariants, TYPO_MIN_LENGTH } from '@pasar/core/catalog';
import type { ProductSearch, SearchTerm } from './catalog.repository';

export interface IndexedProduct {
  id: number;
  category_id: number;
  business_id: number | null;
  in_stock: boolean;
  /** The business's Halal mark is verified (the Halal filter). */
  halal: boolean;
  search_text: string;
  name: string;
}

/** What the SQL search is given (catalog.repository.ts `ProductSearch`), with its terms already made. */
export type IndexedSearch = Pick<ProductSearch, 'phrase' | 'categoryId' | 'halal' | 'offset' | 'limit' | 'countCap'> & { terms: SearchTerm[] };

export interface IndexedAnswer {
  ids: number[];
  total: number;
  partners: number;
  in_stock: number;
  approximate: boolean;
}

const RUN = /[a-z0-9]+/g;

/** Whether two different words are one insertion, deletion, substitution or swap of neighbours apart. */
function oneEditApart(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (la === lb) {
    let i = 0;
    while (i < la && a.charCodeAt(i) === b.charCodeAt(i)) i++;
    if (i === la) return false;
    // One substitution, or two neighbours swapped.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  if (Math.abs(la - lb) !== 1) return false;
  const [short, long] = la < lb ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short.charCodeAt(i) === long.charCodeAt(i)) i++;
  return short.slice(i) === long.slice(i + 1);
}

interface IndexParts {
  ids: Int32Array;
  categories: Int32Array;
  businesses: Int32Array;
  inStock: Uint8Array;
  halal: Uint8Array;
  names: string[];
  runs: string[];
  postings: Int32Array[];
}

/**
 * Builds an index from slices of the catalogue, newest (highest id) first, each after the one before:
 * at 1,000,000 products one read and one build would hold the process for seconds, while slices
 * let requests be answered between them (issue 30 §1).
 */
export class SearchIndexBuilder {
  private readonly ids: number[] = [];
  private readonly categories: number[] = [];
  private readonly businesses: number[] = [];
  private readonly inStock: number[] = [];
  private readonly halal: number[] = [];
  private readonly names: string[] = [];
  private readonly runIds = new Map<string, number>();
  /** Each run's positions, in arrays that double as they fill (a million products hold ~30 million). */
  private readonly lists: Int32Array[] = [];
  private readonly lengths: number[] = [];
  /** The last position each run was filed for: a run twice in one text is filed once. */
  private readonly lastPosition: number[] = [];

  add(slice: readonly IndexedProduct[]): void {
    for (const p of slice) {
      const last = this.ids[this.ids.length - 1];
      // Position order is the SQL's tie order (newest first): a slice out of order would break the ranking.
      if (last !== undefined && p.id >= last) throw new Error(`search index: product ${p.id} after ${last}, not in descending id order`);
      const i = this.ids.length;
      this.ids.push(p.id);
      this.categories.push(p.category_id);
      this.businesses.push(p.business_id ?? 0);
      this.inStock.push(p.in_stock ? 1 : 0);
      this.halal.push(p.halal ? 1 : 0);
      this.names.push(p.name.toLowerCase());
      for (const run of p.search_text.toLowerCase().match(RUN) ?? []) this.file(run, i);
    }
  }

  private file(run: string, position: number): void {
    let id = this.runIds.get(run);
    if (id === undefined) {
      id = this.lists.length;
      this.runIds.set(run, id);
      this.lists.push(new Int32Array(4));
      this.lengths.push(0);
      this.lastPosition.push(-1);
    } else if (this.lastPosition[id] === position) {
      return;
    }
    this.lastPosition[id] = position;
    let list = this.lists[id]!;
    const length = this.lengths[id]!;
    if (length === list.length) {
      const grown = new Int32Array(length * 2);
      grown.set(list);
      this.lists[id] = list = grown;
    }
    list[length] = position;
    this.lengths[id] = length + 1;
  }

  get size(): number {
    return this.ids.length;
  }

  build(vocabulary: readonly string[]): SearchIndex {
    return new SearchIndex(
      {
        ids: Int32Array.from(this.ids),
        categories: Int32Array.from(this.categories),
        businesses: Int32Array.from(this.businesses),
        inStock: Uint8Array.from(this.inStock),
        halal: Uint8Array.from(this.halal),
        names: this.names,
        runs: [...this.runIds.keys()],
        // Trimmed to their length: the spare half of a doubled array is given back.
        postings: this.lists.map((list, id) => list.slice(0, this.lengths[id])),
      },
      vocabulary,
    );
  }
}

export class SearchIndex {
  /** Products by position: newest (highest id) first, so position order is the SQL's tie order. */
  private readonly ids: Int32Array;
  private readonly categories: Int32Array;
  private readonly businesses: Int32Array;
  private readonly inStock: Uint8Array;
  private readonly halal: Uint8Array;
  private readonly names: string[];
  /** Every distinct run of the search texts, and the positions holding it. */
  private readonly runs: string[];
  private readonly postings: Int32Array[];
  /** The catalogue's vocabulary (search_words), by length, for typo corrections. */
  private readonly vocabulary: Set<string>;
  private readonly vocabularyByLength = new Map<number, string[]>();
  /** Each search's count of terms matched per product. */
  private readonly matched: Uint8Array;
  /** Runs holding a word, for the words searched lately (spellings and corrections repeat). */
  private readonly runsOfWord = new Map<string, Int32Array>();

  constructor(parts: IndexParts, vocabulary: readonly string[]) {
    ({ ids: this.ids, categories: this.categories, businesses: this.businesses, inStock: this.inStock, halal: this.halal, names: this.names, runs: this.runs, postings: this.postings } = parts);
    this.matched = new Uint8Array(this.ids.length);
    this.vocabulary = new Set(vocabulary);
    for (const word of this.vocabulary) {
      const same = this.vocabularyByLength.get(word.length);
      if (same) same.push(word);
      else this.vocabularyByLength.set(word.length, [word]);
    }
  }

  get size(): number {
    return this.ids.length;
  }

  /** buildSearchTerms (catalog.service.ts) against the vocabulary kept here. */
  terms(typedWords: readonly string[]): SearchTerm[] {
    return typedWords.map((typed) => {
      const variants = spellingVariants(typed);
      const corrections = new Set<string>();
      if (typed.length >= TYPO_MIN_LENGTH - 1 && !variants.some((v) => this.vocabulary.has(v))) {
        for (const variant of variants) {
          for (let length = variant.length - 1; length <= variant.length + 1; length++) {
            for (const word of this.vocabularyByLength.get(length) ?? []) {
              if (!variants.includes(word) && oneEditApart(variant, word) && isOneTypoAway(variant, word)) corrections.add(word);
            }
          }
        }
      }
      return { typed, variants, corrections: [...corrections].sort() };
    });
  }

  private runsHolding(word: string): Int32Array {
    let found = this.runsOfWord.get(word);
    if (!found) {
      const hits: number[] = [];
      for (let r = 0; r < this.runs.length; r++) if (this.runs[r]!.includes(word)) hits.push(r);
      found = Int32Array.from(hits);
      // The words of many searches: forget the oldest half when the map grows large.
      if (this.runsOfWord.size >= 20_000) {
        let drop = 10_000;
        for (const key of this.runsOfWord.keys()) {
          if (drop-- <= 0) break;
          this.runsOfWord.delete(key);
        }
      }
      this.runsOfWord.set(word, found);
    }
    return found;
  }

  /**
   * The SQL search's answer: products matching every term, ranked the whole phrase in the name (3),
   * every term's typed word or spelling in the name (2), the same counting corrections (1), the rest
   * (0); newest first within a rank. Counted up to `countCap`, like the SQL. Undefined when only
   * the SQL can answer.
   */
  search(search: IndexedSearch): IndexedAnswer | undefined {
    const terms = search.terms;
    // Each term's words as typed (with their spellings), and with the corrections too.
    const typedWords = terms.map((term) => term.variants);
    const correctedWords = terms.map((term) => [...term.variants, ...term.corrections]);
    // A spelling with a space ('oleh oleh') can match across two runs: only the SQL can tell.
    if (correctedWords.some((words) => words.some((word) => !/^[a-z0-9]+$/.test(word)))) return undefined;
    // One array for every search (they run one at a time): allocating it each time kept the collector busy.
    const matched = this.matched;
    matched.fill(0);
    // Each term's runs; the term with the fewest products names the candidates.
    const runsOfTerm = correctedWords.map((words) => [...new Set(words.flatMap((word) => [...this.runsHolding(word)]))]);
    runsOfTerm.forEach((runs, t) => {
      for (const run of runs) {
        for (const position of this.postings[run]!) if (matched[position] === t) matched[position] = t + 1;
      }
    });
    const all = correctedWords.length;
    let fewest = 0;
    const sizes = runsOfTerm.map((runs) => runs.reduce((sum, run) => sum + this.postings[run]!.length, 0));
    sizes.forEach((size, t) => {
      if (size < sizes[fewest]!) fewest = t;
    });
    const candidates: number[] = [];
    for (const run of runsOfTerm[fewest] ?? []) {
      for (const position of this.postings[run]!) {
        if (matched[position] === all) {
          candidates.push(position);
          // Taken once, though several of its runs hold the word.
          matched[position] = 0;
        }
      }
    }
    // Position order is newest first, the SQL's order within a rank.
    const positions = Int32Array.from(candidates).sort();
    const inName = (words: string[][], position: number) => {
      const name = this.names[position]!;
      return words.every((list) => list.some((word) => name.includes(word)));
    };
    const buckets: number[][] = [[], [], [], []];
    const partners = new Set<number>();
    let count = 0;
    let inStock = 0;
    // The page is whole once the top rank holds it (positions come newest first): the rest is only counted.
    const top = buckets[0]!;
    const pageEnd = search.offset + search.limit;
    for (const i of positions) {
      if (search.categoryId !== undefined && this.categories[i] !== search.categoryId) continue;
      if (search.halal && !this.halal[i]) continue;
      count += 1;
      if (count <= search.countCap + 1) {
        if (this.businesses[i] !== 0) partners.add(this.businesses[i]!);
        if (this.inStock[i]) inStock += 1;
      } else if (top.length >= pageEnd) {
        break;
      }
      if (top.length >= pageEnd) continue;
      let rank = 0;
      if (inName(typedWords, i)) {
        rank = this.names[i]!.replace(/[^a-z0-9]+/g, ' ').includes(search.phrase) ? 3 : 2;
      } else if (inName(correctedWords, i)) {
        rank = 1;
      }
      buckets[3 - rank]!.push(i);
    }
    const ordered = buckets.flat();
    return {
      ids: ordered.slice(search.offset, search.offset + search.limit).map((position) => this.ids[position]!),
      total: Math.min(count, search.countCap),
      partners: partners.size,
      in_stock: inStock,
      approximate: count > search.countCap,
    };
  }
}
