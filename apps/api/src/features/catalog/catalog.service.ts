/**
 * Catalogue use cases: no SQL here (catalog.repository.ts), no HTTP (catalog.routes.ts). The public
 * answers go through the process's catalogue cache (catalog.cache.ts): the routes and the
 * server-rendered storefront read them here, never from the repository directly.
 */
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
  type Category,
  type Product,
  type ProductPage,
} from '@pasar/core/catalog';
import type { Db, DbOrTx } from '../../db/client';
import { ReadBatch } from '../../lib/batch';
import { corpusVersion } from '../assistant/assistant.service';
import { catalogCache, type CatalogCacheView } from './catalog.cache';
import { SearchIndexBuilder, type SearchIndex } from './search-index';
import {
  halalListingPage,
  halalListingStats,
  listingPage,
  listPublicCategories,
  listPublicProductsOfCategory,
  productsWithIds,
  publicProductsById,
  publicProductsByIds,
  randomProductIds,
  shelfPool,
  listingStats,
  pruneSearchCache,
  readSearchIndexSource,
  searchPublicProducts,
  vocabularyMatching,
  vocabularyWords,
  type CatalogStats,
  type SearchTerm,
} from './catalog.repository';

export const productNotFoundMessage = 'Produk tidak ditemukan.';

/**
 * Products by id in the catalogue's shape, whether the storefront shows them or not (the back
 * office's product lists), in the order of the ids given; no cache: an admin reads what is stored.
 */
export function productsByIds(db: DbOrTx, ids: readonly number[]): Promise<Product[]> {
  return productsWithIds(db, ids);
}

/*
 * Each use case reads through `cache`: by default the process's catalogue cache (one fresh counter
 * read); a caller that already holds a request's view (keptReply, catalog.http.ts) passes it, so a
 * request reads the counter once however many answers it looks up.
 */

const productBatches = new WeakMap<object, ReadBatch<number, Product>>();

/**
 * Product pages missing from the kept answers in one turn of the event loop are read by one
 * statement (decision 033, "Products by id read together"): under load, the requests one counter
 * read answers all miss at once, and a statement each was most of the database's work.
 */
function productBatch(db: Db): ReadBatch<number, Product> {
  let batch = productBatches.get(db);
  if (!batch) {
    batch = new ReadBatch((ids) => publicProductsById(db, ids));
    productBatches.set(db, batch);
  }
  return batch;
}

/** One product a shopper may see, or undefined (unknown, hidden, or of a hidden category). */
export function publicProduct(db: Db, id: number, cache: CatalogCacheView = catalogCache(db)): Promise<Product | undefined> {
  return cache.answer(`product:${id}`, () => productBatch(db).load(id));
}

/**
 * The product of GET /catalog/products/:id, read without keeping the object: keptReply keeps the
 * answer's bytes, and keeping the object beside them would halve what the cache holds (and cost a
 * JSON.stringify to size it).
 */
export async function getPublicProduct(db: Db, id: number): Promise<Product> {
  const product = await productBatch(db).load(id);
  if (!product) throw new AppError('NOT_FOUND', productNotFoundMessage);
  return product;
}

export function publicCategories(db: Db, cache: CatalogCacheView = catalogCache(db)): Promise<Category[]> {
  return cache.answer('categories', () => listPublicCategories(db));
}

/**
 * Landing shelves (issue 15, decision 033 "Answers kept in each process"). A category's public ids
 * are kept (up to SHELF_POOL_IDS; a bigger category keeps its lowest and highest id and picks in
 * the database). From them a sample of SHELF_SAMPLE_PER_PICK × limit products is drawn and kept
 * for SHELF_SAMPLE_MS (or until the catalogue changes), and each visit shows `limit` random
 * products of that sample: a shelf differs on every visit and the whole category comes round
 * within minutes, while a visit costs no query.
 */
const SHELF_POOL_IDS = 5_000;
const SHELF_SAMPLE_PER_PICK = 12;
const SHELF_SAMPLE_MS = 60_000;

/** `count` distinct items of `list` in random order (a partial Fisher-Yates shuffle of a copy). */
function pickRandom<T>(list: readonly T[], count: number): T[] {
  const copy = [...list];
  const want = Math.min(count, copy.length);
  for (let i = 0; i < want; i++) {
    const j = i + Math.floor(Math.random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, want);
}

/** A category's products: the newest first, or a random few (a landing shelf: new on every visit). */
export async function productsOfCategory(
  db: Db,
  categoryId: number,
  options: { limit?: number | undefined; random?: boolean },
  view?: CatalogCacheView,
): Promise<Product[]> {
  // The sample and the pool below must be read under one counter value: a view, not the cache.
  const cache = view ?? (await catalogCache(db).now());
  const { limit } = options;
  if (!options.random || !limit) {
    return cache.answer(`category:${categoryId}:${limit ?? 'all'}`, () => listPublicProductsOfCategory(db, categoryId, limit));
  }
  const size = limit * SHELF_SAMPLE_PER_PICK;
  const window = Math.floor(Date.now() / SHELF_SAMPLE_MS);
  const sample = await cache.answer(`shelf-sample:${categoryId}:${size}:${window}`, async () => {
    const pool = await cache.answer(`shelf-pool:${categoryId}`, () => shelfPool(db, categoryId, SHELF_POOL_IDS));
    const ids = 'ids' in pool ? pickRandom(pool.ids, size) : pickRandom(await randomProductIds(db, categoryId, pool, size * 2), size);
    return publicProductsByIds(db, ids);
  });
  return pickRandom(sample, limit);
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
  /** Only products of businesses whose Halal mark the office verified (issue 29). */
  halal?: boolean | undefined;
  page: number;
  pageSize: number;
}

/** Where a search index build says how it went (the server's logger). */
export interface SearchIndexLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

interface IndexState {
  /** CATALOG_SEARCH_INDEX: off answers every search with the SQL. */
  on: boolean;
  version?: string;
  index?: SearchIndex;
  building?: Promise<void>;
  startedAt: number;
  log?: SearchIndexLog | undefined;
}
const searchIndexes = new WeakMap<object, IndexState>();
/** A new index is built at most this often: while the catalogue changes fast, searches use the SQL. */
const INDEX_BUILD_EVERY_MS = 2_000;
/** Products read and indexed at a time: requests are answered between slices. */
const INDEX_SLICE = 5_000;

function indexState(db: Db): IndexState {
  let state = searchIndexes.get(db);
  if (!state) searchIndexes.set(db, (state = { on: true, startedAt: 0 }));
  return state;
}

/** Whether this database handle's searches may use the in-process index (config CATALOG_SEARCH_INDEX), and where its builds are logged. */
export function configureSearchIndex(db: Db, on: boolean, log?: SearchIndexLog): void {
  const state = indexState(db);
  state.on = on;
  state.log = log;
}

/**
 * Reads the catalogue in slices on a connection of its own and indexes it (issue 30 §1): at 1,000,000
 * products a build that waited for a pooled connection behind the searches it should relieve, then
 * parsed one answer of the whole catalogue, never finished under load.
 */
export async function buildSearchIndex(db: Db, sliceSize = INDEX_SLICE): Promise<{ version: string; index: SearchIndex }> {
  const builder = new SearchIndexBuilder();
  const { version, vocabulary } = await readSearchIndexSource(db, corpusVersion, sliceSize, (slice) => builder.add(slice));
  return { version, index: builder.build(vocabulary) };
}

function startBuild(db: Db, state: IndexState): void {
  const started = Date.now();
  state.startedAt = started;
  state.building = buildSearchIndex(db)
    .then(({ version, index }) => {
      // Reads may finish out of order: an index never replaces one of a later version.
      if (state.version !== undefined && BigInt(version) < BigInt(state.version)) return;
      state.index = index;
      state.version = version;
      state.log?.info({ products: index.size, version, ms: Date.now() - started }, 'indeks pencarian katalog siap');
    })
    // A failed build leaves the SQL answering; the next search after the pause tries again.
    .catch((error: unknown) => state.log?.error({ err: error }, 'indeks pencarian katalog gagal dibangun; pencarian dijawab SQL'))
    .finally(() => (state.building = undefined));
}

/** Builds the index when the server starts listening, so the first shoppers' searches need not wait for it. */
export function warmSearchIndex(db: Db): void {
  const state = indexState(db);
  if (state.on && !state.building && !state.index) startBuild(db, state);
}

/**
 * The in-process search index at this catalogue version (issue 30 §1, search-index.ts), or undefined
 * while it is built (the SQL answers meanwhile). Built when a search first finds it missing or older.
 */
function searchIndexAt(db: Db, version: string): SearchIndex | undefined {
  const state = indexState(db);
  if (!state.on) return undefined;
  if (state.index && state.version === version) return state.index;
  if (!state.building && Date.now() - state.startedAt >= INDEX_BUILD_EVERY_MS) startBuild(db, state);
  return undefined;
}

/** The index being built, once built (for tests). */
export async function searchIndexBuilt(db: Db): Promise<SearchIndex | undefined> {
  const state = searchIndexes.get(db);
  await state?.building;
  return state?.index;
}

/** One in this many cache writes also prunes the cache (docs/decisions/033-catalog-speed.md). */
const PRUNE_EVERY = 50;
let writesSincePrune = 0;

/** One page of the catalogue, of a category or of a search, with its totals and stats tiles. */
export async function searchCatalog(db: Db, query: CatalogQuery, cache?: CatalogCacheView): Promise<ProductPage> {
  // A request's view tells the counter the search index must be at; without one (the server-rendered
  // page), one is read here, as the cache itself would.
  const view = cache ?? (await catalogCache(db).now());
  // The filter is part of the key: a Halal page is never answered for the unfiltered one, nor back.
  const key = `page:${query.categoryId ?? '*'}:${query.halal ? 'halal' : ''}:${query.page}:${query.pageSize}:${normalizeSearch(query.q ?? '')}`;
  return view.answer(key, () => computeCatalogPage(db, query, view.counter));
}

/** The page of a search the in-process index answers, or undefined when it cannot (yet). */
async function indexedPage(db: Db, query: CatalogQuery, phrase: string, version: string | undefined): Promise<{ items: Product[]; stats: CatalogStats } | undefined> {
  const index = version === undefined ? undefined : searchIndexAt(db, version);
  if (!index) return undefined;
  const answer = index.search({
    terms: index.terms(searchWords(phrase)),
    phrase,
    categoryId: query.categoryId,
    halal: query.halal,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
    countCap: SEARCH_COUNT_CAP,
  });
  if (!answer) return undefined;
  // Read with the other requests' products of this turn (one statement for all of them under load).
  const items = await Promise.all(answer.ids.map((id) => productBatch(db).load(id)));
  return {
    items: items.filter((item): item is Product => item !== undefined),
    stats: { total_products: answer.total, partners: answer.partners, in_stock: answer.in_stock, approximate: answer.approximate },
  };
}

async function computeCatalogPage(db: Db, query: CatalogQuery, version?: string): Promise<ProductPage> {
  const phrase = normalizeSearch(query.q ?? '');
  const offset = (query.page - 1) * query.pageSize;
  let items: Product[];
  let stats: CatalogStats;
  let indexed: { items: Product[]; stats: CatalogStats } | undefined;
  if (!phrase && query.halal) {
    [stats, items] = await Promise.all([halalListingStats(db, query.categoryId), halalListingPage(db, query.categoryId, query.pageSize, offset)]);
  } else if (!phrase) {
    // No words: the counts the triggers maintain (`catalog_counts`) and one index range, whatever the catalogue's size.
    [stats, items] = await Promise.all([listingStats(db, query.categoryId), listingPage(db, query.categoryId, query.pageSize, offset)]);
  } else if ((indexed = await indexedPage(db, query, phrase, version))) {
    ({ items, stats } = indexed);
  } else {
    // The database's search cache (catalog_search_cache) is keyed by the filter too; migration 0025
    // moves its version when a Halal mark is verified or cleared.
    const key = `${query.categoryId ?? '*'}${query.halal ? '|halal' : ''}|${phrase}`;
    const result = await searchPublicProducts(db, {
      key,
      terms: () => buildSearchTerms(db, phrase),
      phrase,
      categoryId: query.categoryId,
      halal: query.halal,
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
