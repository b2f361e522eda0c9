/** Catalogue use cases: no SQL here (catalog.repository.ts), no HTTP (catalog.routes.ts). */
import { AppError } from '@pasar/core/errors';
import {
  isOneTypoAway,
  normalizeSearch,
  oneEditPatterns,
  SEARCH_CACHE_ENTRIES,
  SEARCH_CACHED_IDS,
  SEARCH_COUNT_CAP,
  TYPO_MIN_LENGTH,
  searchWords,
  spellingVariants,
  type Product,
  type ProductPage,
} from '@pasar/core/catalog';
import type { Db, DbOrTx } from '../../db/client';
import {
  findPublicProduct,
  listingPage,
  listingStats,
  pruneSearchCache,
  searchPublicProducts,
  vocabularyMatching,
  vocabularyWords,
  type CatalogStats,
  type SearchTerm,
} from './catalog.repository';

export const productNotFoundMessage = 'Produk tidak ditemukan.';

export async function getPublicProduct(db: Db, id: number): Promise<Product> {
  const product = await findPublicProduct(db, id);
  if (!product) throw new AppError('NOT_FOUND', productNotFoundMessage);
  return product;
}

/**
 * Each typed word matches itself and its colloquial spellings anywhere in the search text. A word
 * that is not itself a catalogue word is also taken as a typo of the catalogue words one edit away:
 * a substring hit does not stop the correction (issue 15: 'anaman' is inside 'tanaman', yet
 * "anaman rotan" means "anyaman rotan").
 */
export async function buildSearchTerms(db: DbOrTx, query: string): Promise<SearchTerm[]> {
  const typedWords = searchWords(query);
  const variantsOf = new Map(typedWords.map((typed) => [typed, spellingVariants(typed)]));
  const known = new Set(await vocabularyWords(db, [...variantsOf.values()].flat()));
  const terms: SearchTerm[] = [];
  for (const typed of typedWords) {
    const variants = variantsOf.get(typed) ?? [typed];
    const corrections = new Set<string>();
    // A typed word of 4 letters can still be one typo away from a 5-letter word ('batk' ~ 'batik').
    if (typed.length >= TYPO_MIN_LENGTH - 1 && !variants.some((v) => known.has(v))) {
      const candidates = await vocabularyMatching(db, variants.flatMap(oneEditPatterns));
      for (const word of candidates) {
        if (!variants.includes(word) && variants.some((v) => isOneTypoAway(v, word))) corrections.add(word);
      }
    }
    terms.push({ typed, variants, corrections: [...corrections].sort() });
  }
  return terms;
}

export interface CatalogQuery {
  q?: string | undefined;
  categoryId?: number | undefined;
  page: number;
  pageSize: number;
}

/** One in this many cache writes also prunes the cache (docs/decisions/033-catalog-speed.md). */
const PRUNE_EVERY = 50;
let writesSincePrune = 0;

export async function searchCatalog(db: DbOrTx, query: CatalogQuery): Promise<ProductPage> {
  const phrase = normalizeSearch(query.q ?? '');
  const offset = (query.page - 1) * query.pageSize;
  let items: Product[];
  let stats: CatalogStats;
  if (!phrase) {
    // No words: the trigger-kept counts and one index range, whatever the catalogue's size.
    [stats, items] = await Promise.all([listingStats(db, query.categoryId), listingPage(db, query.categoryId, query.pageSize, offset)]);
  } else {
    const key = `${query.categoryId ?? '*'}|${phrase}`;
    const result = await searchPublicProducts(db, {
      key,
      terms: () => buildSearchTerms(db, phrase),
      phrase,
      categoryId: query.categoryId,
      offset,
      limit: query.pageSize,
      countCap: SEARCH_COUNT_CAP,
      cachedIds: SEARCH_CACHED_IDS,
    });
    items = result.items;
    stats = result.stats;
    if (!result.cached && ++writesSincePrune >= PRUNE_EVERY) {
      writesSincePrune = 0;
      await pruneSearchCache(db, SEARCH_CACHE_ENTRIES);
    }
  }
  return {
    items,
    page: query.page,
    page_size: query.pageSize,
    total: stats.total_products,
    total_pages: Math.max(1, Math.ceil(stats.total_products / query.pageSize)),
    stats,
  };
}
