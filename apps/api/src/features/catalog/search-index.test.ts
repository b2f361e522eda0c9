/**
 * Issue 30 §1: the in-process search index answers exactly what the SQL search answers (the same
 * corrections, matches, ranking, counts and pages), over a catalogue written the way sellers write
 * (colloquial spellings, typos in names, hidden products and categories, Halal-verified partners),
 * for exact words, spellings, new misspellings, two-word queries, filters and later pages.
 */
import { normalizeSearch, searchWords, SEARCH_COUNT_CAP } from '@pasar/core/catalog';
import { seededRandom } from '@pasar/core/testing';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeCategory, makeProduct } from '../../test/factories';
import { searchPublicProducts } from './catalog.repository';
import { buildSearchIndex, buildSearchTerms, configureSearchIndex, searchCatalog, searchIndexBuilt, warmSearchIndex } from './catalog.service';
import { countRoundTrips } from '../../test/round-trips';
import { SearchIndexBuilder, type SearchIndex } from './search-index';

const kinds = ['Keripik', 'Kripik', 'Sambal', 'Sambel Cabe', 'Kerupuk', 'Dodol', 'Kopi Arabika', 'Kopi Robusta', 'Teh Melati', 'Tas Anyaman Rotan', 'Anyamn Pandan', 'Pot Tanaman', 'Batik Tulis', 'Batiek Cap', 'Sabun Sereh', 'Madu Hutan', 'Tempe', 'Oleh Oleh'];
const qualifiers = ['Pedas', 'Manis', 'Original', 'Balado', 'Singkong', 'Pisang', 'Gerabah', 'Jumbo', 'Mini', 'Garut', 'Cirebon', 'Kasongan', '250 gr', 'No. 2'];
const descriptions = ['Renyah dan gurih.', 'Anyaman tangan halus.', 'Dijual bersama rotan.', 'Pedas manis khas Bandung.', 'Tanpa pengawet.', 'Oleh-oleh khas kota.'];

describe(`in-process search index (${testEngine})`, () => {
  let t: TestApp;
  let index: SearchIndex;
  const categoryIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    const random = seededRandom(30);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    for (const name of ['Makanan Ringan', 'Kerajinan Tangan', 'Minuman Seduh', 'Tersembunyi']) categoryIds.push((await makeCategory(t.db, { name, is_active: name !== 'Tersembunyi' })).id);
    const partners: number[] = [];
    for (const [i, name] of ['Rumah Rotan Cigondewah', 'Dapur Sambal Bu Siti', 'Kopi Gunung Puntang', 'Batik Trusmi'].entries()) {
      const business = await makeBusiness(t.db, { name });
      partners.push(business.id);
      if (i % 2 === 0) await t.db.execute(sql`UPDATE businesses SET halal = ${`ID3221000${i}`}, halal_verified_at = now() WHERE id = ${business.id}`);
    }
    for (let i = 0; i < 260; i++) {
      await makeProduct(t.db, {
        name: `${pick(kinds)} ${pick(qualifiers)}${random() < 0.3 ? ` ${pick(qualifiers)}` : ''}`,
        description: pick(descriptions),
        category_id: pick(categoryIds),
        ...(random() < 0.7 ? { business_id: pick(partners) } : {}),
        stock: random() < 0.15 ? 0 : 1 + Math.floor(random() * 40),
        is_active: random() >= 0.05,
      });
    }
    // In slices of 17: the comparisons below also hold the slices together (none lost, none twice).
    ({ index } = await buildSearchIndex(t.db, 17));
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Queries a shopper types: words as written, spellings, one typo (new each time), two words, a word inside another. */
  function queries(): string[] {
    const random = seededRandom(31);
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const words = [...new Set(kinds.concat(qualifiers).flatMap((k) => normalizeSearch(k).split(' ')))].filter((w) => w.length >= 3);
    const misspelt = (word: string) => {
      const i = Math.floor(random() * word.length);
      const edit = Math.floor(random() * 4);
      const letter = letters[Math.floor(random() * letters.length)] ?? 'a';
      if (edit === 0) return word.slice(0, i) + word.slice(i + 1);
      if (edit === 1) return word.slice(0, i) + letter + word.slice(i + 1);
      if (edit === 2) return word.slice(0, i) + letter + word.slice(i);
      return word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2);
    };
    const out = ['anaman rotan', 'anaman', 'anyaman rotan', 'kripik', 'keripik', 'sambel cabe', 'sambal cabai', 'rotan cigondewah', 'batk', 'kopi arabca', 'pedes', 'gr', '250', 'no 2', 'x', 'siti'];
    for (const word of words) out.push(word, misspelt(word));
    for (let i = 0; i < 80; i++) out.push(`${misspelt(words[Math.floor(random() * words.length)]!)} ${misspelt(words[Math.floor(random() * words.length)]!)}`);
    return out;
  }

  it('corrects typos into the same words as the SQL vocabulary lookup', async () => {
    for (const q of queries()) {
      const phrase = normalizeSearch(q);
      expect(index.terms(searchWords(phrase)), q).toEqual(await buildSearchTerms(t.db, phrase));
    }
  });

  it('answers the same page, counts and ranking as the SQL search, with and without filters', async () => {
    let compared = 0;
    for (const q of queries()) {
      const phrase = normalizeSearch(q);
      const terms = await buildSearchTerms(t.db, phrase);
      for (const filter of [{}, { categoryId: categoryIds[0] }, { categoryId: categoryIds[1] }, { halal: true }]) {
        for (const offset of [0, 12]) {
          const search = { terms, phrase, offset, limit: 12, countCap: SEARCH_COUNT_CAP, ...filter };
          const mine = index.search(search);
          if (!mine) continue;
          const key = `index-test|${JSON.stringify(filter)}|${offset}|${phrase}`;
          const theirs = await searchPublicProducts(t.db, { ...search, key, terms: async () => terms, cachedIds: 1_200 });
          expect({ ids: mine.ids, total: mine.total, partners: mine.partners, in_stock: mine.in_stock, approximate: mine.approximate }, `${q} ${JSON.stringify(filter)} ${offset}`).toEqual({
            ids: theirs.items.map((p) => p.id),
            total: theirs.stats.total_products,
            partners: theirs.stats.partners,
            in_stock: theirs.stats.in_stock,
            approximate: theirs.stats.approximate,
          });
          compared += 1;
        }
      }
    }
    // Most queries match something: the comparison is not of empty answers.
    expect(compared).toBeGreaterThan(400);
  });

  it('answers a search no one typed before without a search statement, and a renamed product at once', async () => {
    const get = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/?q=${encodeURIComponent(q)}&page_size=12` });
      expect(res.statusCode).toBe(200);
      return res.json().data as { items: { name: string }[]; total: number };
    };
    await get('rotan');
    expect(await searchIndexBuilt(t.db)).toBeDefined();
    // The counter and the page's products: no vocabulary lookup, no ranking statement, no cache write.
    const fresh = await countRoundTrips(() => get('anyamna rotna'));
    expect(fresh.result.total).toBeGreaterThan(0);
    expect(fresh.trips).toBe(2);
    // The server-rendered catalogue page asks without a request's view: the index answers it too.
    const rendered = await countRoundTrips(() => searchCatalog(t.db, { q: 'anyamnn rotann', page: 1, pageSize: 12 }));
    expect(rendered.result.total).toBeGreaterThan(0);
    expect(rendered.trips).toBe(2);
    // A write moves the counter: the index is of an older catalogue, and the SQL answers until it is built again.
    await t.db.execute(sql`UPDATE products SET name = 'Kap Lampu Wastukencana' WHERE id = (SELECT max(id) FROM products WHERE is_active AND category_id = ${categoryIds[0]})`);
    const renamed = await countRoundTrips(() => get('wastukencana'));
    expect(renamed.result.items.map((p) => p.name)).toContain('Kap Lampu Wastukencana');
    expect(renamed.trips).toBeGreaterThan(2);
  });

  it('is built from the whole catalogue in slices, and says so in the log', async () => {
    const counted = (await t.db.execute(sql`SELECT count(*)::int AS count FROM products p JOIN categories c ON c.id = p.category_id WHERE p.is_active AND c.is_active`)) as unknown as { rows: { count: number }[] };
    expect(index.size).toBe(counted.rows[0]?.count);
    const logged: { fields: object; message: string }[] = [];
    const log = { info: (fields: object, message: string) => logged.push({ fields, message }), error: (fields: object, message: string) => logged.push({ fields, message }) };
    const fresh = await createTestApp({ seed: true });
    try {
      configureSearchIndex(fresh.db, true, log);
      warmSearchIndex(fresh.db);
      const built = await searchIndexBuilt(fresh.db);
      expect(built?.size).toBeGreaterThan(0);
      expect(logged).toEqual([{ fields: expect.objectContaining({ products: built?.size }), message: 'indeks pencarian katalog siap' }]);
    } finally {
      await fresh.close();
    }
    // A build that fails (here: a table it reads is gone) is logged; the SQL goes on answering.
    logged.length = 0;
    const broken = await createTestApp({ seed: false });
    try {
      await broken.db.execute(sql`DROP TABLE search_words CASCADE`);
      configureSearchIndex(broken.db, true, log);
      warmSearchIndex(broken.db);
      expect(await searchIndexBuilt(broken.db)).toBeUndefined();
      expect(logged.map((l) => l.message)).toEqual(['indeks pencarian katalog gagal dibangun; pencarian dijawab SQL']);
    } finally {
      await broken.close();
    }
  }, 30_000);

  it.runIf(testEngine === 'postgres')('is read on a connection of its own, not one the requests wait for (PostgreSQL only: PGlite has one connection)', async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    // Every pooled connection busy, as under a load of slow searches.
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      const built = await Promise.race([buildSearchIndex(t.db), new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 10_000))]);
      expect(built).not.toBe('waited');
      expect(built === 'waited' ? 0 : built.index.size).toBe(index.size);
    } finally {
      for (const client of held) client.release();
    }
  }, 20_000);

  it('stops counting at the cap, with the same page as when it counts all', () => {
    let capped = 0;
    for (const q of queries()) {
      const phrase = normalizeSearch(q);
      const terms = index.terms(searchWords(phrase));
      for (const offset of [0, 12]) {
        const all = index.search({ terms, phrase, offset, limit: 12, countCap: SEARCH_COUNT_CAP });
        const few = index.search({ terms, phrase, offset, limit: 12, countCap: 5 });
        if (!all || !few) continue;
        expect(few.ids, q).toEqual(all.ids);
        expect({ total: few.total, approximate: few.approximate }, q).toEqual({ total: Math.min(all.total, 5), approximate: all.total > 5 });
        if (all.total > 6) capped += 1;
      }
    }
    expect(capped).toBeGreaterThan(20);
  });

  it('takes slices only newest first', () => {
    const product = (id: number) => ({ id, category_id: 1, business_id: null, in_stock: true, halal: false, search_text: 'kopi', name: 'Kopi' });
    const builder = new SearchIndexBuilder();
    builder.add([product(9), product(5)]);
    expect(() => builder.add([product(7)])).toThrow(/descending id order/);
  });

  it('leaves a spelling with a space to the SQL', () => {
    expect(index.search({ terms: [{ typed: 'oleh2', variants: ['oleh2', 'oleh oleh', 'oleh'], corrections: [] }], phrase: 'oleh2', offset: 0, limit: 12, countCap: SEARCH_COUNT_CAP })).toBeUndefined();
  });
});
