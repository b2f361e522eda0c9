/**
 * The public catalogue's answers kept in this process while the catalogue does not change
 * (issue 15; docs/decisions/033-catalog-speed.md, "Answers kept in each process").
 *
 * Every lookup first reads the change counter that statement triggers on products, variants,
 * categories, businesses, knowledge entries and settings raise in the writer's own transaction
 * (migration 0013, `corpusVersion`): it moves in the same commit as the data, whichever process or
 * tool wrote it, so an answer kept under one counter value is the answer the database gives as long
 * as the counter has that value. Stock is part of it (a checkout's stock update moves it), so a kept
 * page never shows yesterday's stock.
 *
 * Freshness: a request may only trust a counter read that started after it arrived (a read already
 * under way may have taken its snapshot before a write that committed before the request came). So
 * the requests that came since the last read started share the next one: under load one small query
 * serves many requests, and a write committed before a request arrives is always seen by it, in this
 * process or another one sharing the database (WEB_CONCURRENCY).
 *
 * An answer computed under one counter value is kept only if the counter has not moved meanwhile;
 * its data were read after the counter, so it is never older than the value it is filed under.
 * Callers must treat what they get as read-only: the same objects go to every request.
 */
import type { DbOrTx } from '../../db/client';
import { newStockFeedCursor, readCatalogChanges } from '../assistant/assistant.service';

/** Counter reads under way at once (each shared by the requests that came before it started). */
const READS_IN_FLIGHT = 2;

/** The most the kept answers may take, measured as their JSON's length. */
export const CATALOG_CACHE_BYTES = 16 * 1024 * 1024;

/** Lookups of one request, all against the same counter read. */
export interface CatalogCacheView {
  answer<T>(key: string, compute: () => Promise<T>, sizeOf?: (value: T) => number): Promise<T>;
  /** The counter this view read (a request's view); what the search index must be built at. */
  readonly counter?: string;
}

/**
 * What a counter read tells: the counter, and (from the stock feed, migration 0027) the products whose
 * stock alone changed since the previous read, or 'all' when the feed could not tell them one by one.
 */
export type CatalogRead = string | { version: string; stock: readonly number[] | 'all' };

interface Kept {
  value: unknown;
  bytes: number;
  /** The products whose stock the answer shows: a sale of one of them drops it. */
  products: readonly number[];
}

/**
 * The products an answer shows with their stock: a product (id and stock), a list of them, or a page
 * of them (`items`). Answers of other shapes (categories, id pools) show no stock.
 */
function productsShown(value: unknown, into: Set<number>): void {
  if (Array.isArray(value)) {
    for (const item of value) productsShown(item, into);
  } else if (value && typeof value === 'object') {
    const v = value as { id?: unknown; stock?: unknown; items?: unknown; shows?: unknown };
    if (typeof v.id === 'number' && typeof v.stock === 'number') into.add(v.id);
    else if (Array.isArray(v.items)) productsShown(v.items, into);
    else if (Array.isArray(v.shows)) for (const id of v.shows) if (typeof id === 'number') into.add(id);
  }
}

/**
 * The products whose stock an answer shows, for an answer kept in another form (a page's bytes):
 * kept as its `shows`, they drop it when one of them is sold.
 */
export function productsShownBy(value: unknown): number[] {
  const shown = new Set<number>();
  productsShown(value, shown);
  return [...shown];
}

export class CatalogCache {
  /** Lookups answered from the kept answers, and those computed (for tests and the bench). */
  hits = 0;
  misses = 0;
  private version: string | undefined;
  private readonly kept = new Map<string, Kept>();
  /** The kept answers showing each product's stock. */
  private readonly keysOfProduct = new Map<number, Set<string>>();
  /** Counts the stock-feed reads that dropped answers; with `droppedAt`, what a computation may keep. */
  private stockReads = 0;
  /** The stock read at which each product's answers were last dropped. */
  private readonly droppedAt = new Map<number, number>();
  private readonly computing = new Map<string, Promise<unknown>>();
  private bytes = 0;
  /** Requests that came since the last read started: they share the next one. */
  private batch: { promise: Promise<string>; resolve: (version: string) => void; reject: (error: unknown) => void } | undefined;
  private readsInFlight = 0;

  constructor(
    private readonly readVersion: () => Promise<CatalogRead>,
    private readonly maxBytes = CATALOG_CACHE_BYTES,
  ) {}

  /**
   * The counter as read by a query that started after this call. The requests of one turn of the
   * event loop share one read, started once they have all come (setImmediate); up to
   * READS_IN_FLIGHT reads overlap, so a request waits about one round trip, not two.
   */
  private fresh(): Promise<string> {
    if (!this.batch) {
      let resolve!: (version: string) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<string>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.batch = { promise, resolve, reject };
      setImmediate(() => this.startRead());
    }
    return this.batch.promise;
  }

  private startRead(): void {
    const batch = this.batch;
    if (!batch || this.readsInFlight >= READS_IN_FLIGHT) return;
    this.batch = undefined;
    this.readsInFlight += 1;
    this.readVersion()
      .then((read) => {
        const version = typeof read === 'string' ? read : read.version;
        if (typeof read !== 'string') this.dropStock(read.stock);
        this.observe(version);
        batch.resolve(version);
      }, batch.reject)
      .finally(() => {
        this.readsInFlight -= 1;
        this.startRead();
      });
  }

  /**
   * The counter only grows (triggers add to it; merging the connection rows keeps the sum), so a read that
   * overtook an older one never makes the cache go back to an older value.
   */
  private observe(version: string): void {
    if (this.version !== undefined && BigInt(version) <= BigInt(this.version)) return;
    this.version = version;
    this.kept.clear();
    this.keysOfProduct.clear();
    this.computing.clear();
    this.bytes = 0;
  }

  /**
   * Drops the answers showing these products' stock (issue 30 §2: a sale drops what it changed, not
   * every answer). Computations under way may have read the stock before the sale: they are no longer
   * shared, and keep their answer only if none of its products was dropped since they started.
   */
  private dropStock(products: readonly number[] | 'all'): void {
    if (products === 'all') {
      this.version = undefined;
      return;
    }
    if (products.length === 0) return;
    this.stockReads += 1;
    this.computing.clear();
    for (const id of products) {
      this.droppedAt.set(id, this.stockReads);
      const keys = this.keysOfProduct.get(id);
      if (!keys) continue;
      for (const key of keys) this.forget(key);
    }
    // Only a computation started before a drop asks for it: the map never grows past the products sold meanwhile.
    if (this.droppedAt.size > 100_000) this.droppedAt.clear();
  }

  private forget(key: string): void {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.kept.delete(key);
    this.bytes -= kept.bytes;
    for (const id of kept.products) {
      const keys = this.keysOfProduct.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.keysOfProduct.delete(id);
    }
  }

  /**
   * The cache as of now: one counter read (shared, started after this call) for all the lookups of
   * one request, however many it makes.
   */
  async now(): Promise<CatalogCacheView> {
    const version = await this.fresh();
    return {
      counter: version,
      answer: (key, compute, sizeOf) => this.answerAt(version, key, compute, sizeOf),
    };
  }

  /**
   * The kept answer for `key`, or `compute`'s, kept for the next request while nothing changes.
   * `sizeOf` tells what the value takes when its JSON would be a poor or costly measure.
   */
  async answer<T>(key: string, compute: () => Promise<T>, sizeOf?: (value: T) => number): Promise<T> {
    return this.answerAt(await this.fresh(), key, compute, sizeOf);
  }

  private async answerAt<T>(version: string, key: string, compute: () => Promise<T>, sizeOf?: (value: T) => number): Promise<T> {
    if (version === this.version) {
      const kept = this.kept.get(key);
      if (kept) {
        this.hits += 1;
        // Most recently used last: the first entries are the ones given up when full.
        this.kept.delete(key);
        this.kept.set(key, kept);
        return kept.value as T;
      }
      const under = this.computing.get(key);
      if (under) {
        this.hits += 1;
        return under as Promise<T>;
      }
    }
    this.misses += 1;
    const startedAt = this.stockReads;
    const computed = compute();
    const shared = version === this.version;
    if (shared) this.computing.set(key, computed);
    try {
      const value = await computed;
      const shown = new Set<number>();
      productsShown(value, shown);
      if (this.version === version && !this.droppedSince(startedAt, shown)) this.keep(key, value, sizeOf ? sizeOf(value) : undefined, [...shown]);
      return value;
    } finally {
      if (shared && this.computing.get(key) === computed) this.computing.delete(key);
    }
  }

  /** Whether the stock of one of these products was dropped after the stock read `startedAt`. */
  private droppedSince(startedAt: number, products: Set<number>): boolean {
    if (startedAt === this.stockReads) return false;
    for (const id of products) if ((this.droppedAt.get(id) ?? 0) > startedAt) return true;
    return false;
  }

  private keep(key: string, value: unknown, size: number | undefined, products: readonly number[]): void {
    const bytes = (size ?? (value === undefined ? 16 : JSON.stringify(value).length)) + key.length;
    // One answer may not push out most of the others (the plain list of a huge catalogue).
    if (bytes > this.maxBytes / 4) return;
    this.forget(key);
    this.kept.set(key, { value, bytes, products });
    this.bytes += bytes;
    for (const id of products) {
      let keys = this.keysOfProduct.get(id);
      if (!keys) this.keysOfProduct.set(id, (keys = new Set()));
      keys.add(key);
    }
    for (const oldest of this.kept.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }
}

const caches = new WeakMap<object, CatalogCache>();

/** The cache of this database handle (one per process and database). */
export function catalogCache(db: DbOrTx): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    const cursor = newStockFeedCursor();
    cache = new CatalogCache(() => readCatalogChanges(db, cursor));
    caches.set(db, cache);
  }
  return cache;
}
