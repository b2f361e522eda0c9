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
 * requests arriving while a read is under way share the next read, started as soon as that one ends:
 * under load one small query serves many requests, and a write committed before a request arrives is
 * always seen by it, in this process or another one sharing the database (WEB_CONCURRENCY).
 *
 * An answer computed under one counter value is kept only if the counter has not moved meanwhile;
 * its data were read after the counter, so it is never older than the value it is filed under.
 * Callers must treat what they get as read-only: the same objects go to every request.
 */
import type { DbOrTx } from '../../db/client';
import { corpusVersion } from '../assistant/assistant.repository';

/** The most the kept answers may take, measured as their JSON's length. */
export const CATALOG_CACHE_BYTES = 16 * 1024 * 1024;

/** Lookups of one request, all against the same counter read. */
export interface CatalogCacheView {
  answer<T>(key: string, compute: () => Promise<T>, sizeOf?: (value: T) => number): Promise<T>;
}

interface Kept {
  value: unknown;
  bytes: number;
}

export class CatalogCache {
  /** Lookups answered from the kept answers, and those computed (for tests and the bench). */
  hits = 0;
  misses = 0;
  private version: string | undefined;
  private readonly kept = new Map<string, Kept>();
  private readonly computing = new Map<string, Promise<unknown>>();
  private bytes = 0;
  private reading: Promise<string> | undefined;
  private queued: Promise<string> | undefined;

  constructor(
    private readonly readVersion: () => Promise<string>,
    private readonly maxBytes = CATALOG_CACHE_BYTES,
  ) {}

  /** The counter as read by a query that started after this call. */
  private fresh(): Promise<string> {
    if (!this.reading) return this.startRead();
    this.queued ??= this.reading.then(
      () => this.afterQueue(),
      () => this.afterQueue(),
    );
    return this.queued;
  }

  private afterQueue(): Promise<string> {
    this.queued = undefined;
    return this.startRead();
  }

  private startRead(): Promise<string> {
    const read = this.readVersion().then((version) => {
      if (version !== this.version) {
        this.version = version;
        this.kept.clear();
        this.computing.clear();
        this.bytes = 0;
      }
      return version;
    });
    this.reading = read;
    const done = () => {
      if (this.reading === read) this.reading = undefined;
    };
    read.then(done, done);
    return read;
  }

  /**
   * The cache as of now: one counter read (shared, started after this call) for all the lookups of
   * one request, however many it makes.
   */
  async now(): Promise<CatalogCacheView> {
    const version = await this.fresh();
    return {
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
    const computed = compute();
    const shared = version === this.version;
    if (shared) this.computing.set(key, computed);
    try {
      const value = await computed;
      if (this.version === version) this.keep(key, value, sizeOf ? sizeOf(value) : undefined);
      return value;
    } finally {
      if (shared && this.computing.get(key) === computed) this.computing.delete(key);
    }
  }

  private keep(key: string, value: unknown, size?: number): void {
    const bytes = (size ?? (value === undefined ? 16 : JSON.stringify(value).length)) + key.length;
    // One answer may not push out most of the others (the plain list of a huge catalogue).
    if (bytes > this.maxBytes / 4) return;
    const old = this.kept.get(key);
    if (old) this.bytes -= old.bytes;
    this.kept.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }
}

const caches = new WeakMap<object, CatalogCache>();

/** The cache of this database handle (one per process and database). */
export function catalogCache(db: DbOrTx): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogCache(() => corpusVersion(db));
    caches.set(db, cache);
  }
  return cache;
}
