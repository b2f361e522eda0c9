/**
 * How the catalogue search forgives what shoppers type (issue 2 (docs/issues.md)): case and punctuation
 * are folded, common Indonesian spelling variants are tried ('kripik' ~ 'keripik'), and one
 * typo is forgiven in words of 5 or more letters ('batk' finds 'batik'). Exact matches rank first.
 * The SQL side lives in apps/api/src/features/catalog/catalog.repository.ts.
 */

/** Query text longer than this is cut: nobody types a longer product search. */
export const MAX_SEARCH_LENGTH = 100;
/** At most this many words of a query are used (each must match). */
export const MAX_SEARCH_WORDS = 6;
/** A typo is forgiven when the longer of the two words has at least this many letters. */
export const TYPO_MIN_LENGTH = 5;
/**
 * A search counts its matches up to this many; above it the stats tiles are lower bounds and say
 * so (issue 15: exact up to a cap, honestly labelled above it).
 */
export const SEARCH_COUNT_CAP = 10_000;
/** Ranked ids kept per cached search: 100 pages of 12 are answered without ranking again. */
export const SEARCH_CACHED_IDS = 1_200;
/** Cached searches kept at most (the newest). */
export const SEARCH_CACHE_ENTRIES = 5_000;

export function normalizeSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .slice(0, MAX_SEARCH_LENGTH)
    .trim();
}

export function searchWords(text: string): string[] {
  const words = normalizeSearch(text).split(' ').filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * Pairs of spellings Indonesian shoppers use interchangeably. Each pair is tried both ways
 * as a substring rewrite, so 'kripik' also searches 'keripik' and 'sambel' also 'sambal'.
 * Extend it with pairs seen in the shop's searches; both words must be written as normalizeSearch
 * leaves them (lower case, a-z0-9).
 */
const spellingPairs: readonly (readonly [string, string])[] = [
  ['kripik', 'keripik'],
  ['krupuk', 'kerupuk'],
  ['sambel', 'sambal'],
  ['kue', 'kueh'],
  ['coklat', 'cokelat'],
  ['tahu', 'tahoe'],
  ['kopi', 'coffee'],
  ['teh', 'tea'],
  ['bolu', 'bolu'],
  ['ori', 'original'],
  ['batik', 'batiek'],
  ['rajut', 'rajutan'],
  ['anyam', 'anyaman'],
  ['oleh2', 'oleh oleh'],
  ['sabun', 'soap'],
  ['madu', 'honey'],
  ['pedes', 'pedas'],
  ['ayam', 'ayem'],
  ['dodol', 'dodoll'],
  ['kaos', 'kaus'],
  ['jamu', 'jamoe'],
  ['sirup', 'sirop'],
  ['sereh', 'serai'],
  ['ikan', 'iwak'],
  // Colloquial forms shoppers type (issue 15).
  ['cabe', 'cabai'],
  ['pete', 'petai'],
  ['sate', 'satai'],
  ['gule', 'gulai'],
  ['tempe', 'tempeh'],
  ['baso', 'bakso'],
  ['kunir', 'kunyit'],
  ['nenas', 'nanas'],
  ['sirsat', 'sirsak'],
  ['gurame', 'gurami'],
  ['bihon', 'bihun'],
  ['ranginang', 'rengginang'],
  ['sarong', 'sarung'],
  ['jilbab', 'hijab'],
  ['krudung', 'kerudung'],
];

/** The word itself and its common spelling variants. */
export function spellingVariants(word: string): string[] {
  const out = new Set<string>([word]);
  for (const [a, b] of spellingPairs) {
    if (a === b) continue;
    if (word.includes(a)) out.add(word.replace(a, b));
    if (word.includes(b)) out.add(word.replace(b, a));
  }
  // Indonesian reduplication written with a 2: 'oleh2' = 'oleh-oleh'.
  const redup = /^([a-z]+)2$/.exec(word);
  if (redup?.[1]) out.add(redup[1]);
  return [...out];
}

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transposition),
 * stopping early once it exceeds `max`.
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  for (let j = 0; j < cols; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i < rows; i++) {
    const row = d[i] as number[];
    const prev = d[i - 1] as number[];
    let rowMin = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
  }
  return (d[rows - 1] as number[])[cols - 1] as number;
}

/** True when `candidate` is the shopper's `typed` word with one typo, under the length rule. */
export function isOneTypoAway(typed: string, candidate: string): boolean {
  if (Math.max(typed.length, candidate.length) < TYPO_MIN_LENGTH) return false;
  return editDistance(typed, candidate, 1) <= 1;
}

/**
 * LIKE patterns (with `_` as the one-letter wildcard) that together cover every word
 * one edit away from `word`: a substituted or inserted letter, a deleted letter, or two
 * neighbours swapped. Words are [a-z0-9] only, so nothing needs escaping.
 */
export function oneEditPatterns(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) {
    out.add(word.slice(0, i) + '_' + word.slice(i + 1));
    out.add(word.slice(0, i) + word.slice(i + 1));
    if (i + 1 < word.length) out.add(word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2));
  }
  for (let i = 0; i <= word.length; i++) out.add(word.slice(0, i) + '_' + word.slice(i));
  out.delete('');
  return [...out];
}
