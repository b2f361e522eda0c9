/**
 * The catalogue's answers kept in each process (catalog.cache.ts): kept only while the change
 * counter stands still, never older than the request, and the same answers the database gives
 * after any write, through the app, through plain SQL or through another process's connection.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { newStockFeedCursor, pruneStockFeed, readCatalogChanges } from '../assistant/assistant.service';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { makeCategory, makeProduct } from '../../test/factories';
import { countRoundTrips } from '../../test/round-trips';
import { CatalogCache, catalogCache, type CatalogRead } from './catalog.cache';

/** A version read the test answers by hand. */
function manualVersions() {
  const reads: { resolve: (version: string) => void }[] = [];
  const read = () =>
    new Promise<string>((resolve) => {
      reads.push({ resolve });
    });
  return { reads, read };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('CatalogCache', () => {
  it('answers a request that came while a version read was under way from a read started after it', async () => {
    const versions = manualVersions();
    const cache = new CatalogCache(versions.read);
    let data = 'before';
    const first = cache.answer('k', async () => data);
    await tick();
    versions.reads[0]!.resolve('1');
    expect(await first).toBe('before');
    // A second read is under way (its snapshot taken) when a write commits and a request comes.
    const during = cache.answer('k', async () => data);
    await tick();
    expect(versions.reads).toHaveLength(2);
    data = 'after';
    const after = cache.answer('k', async () => data);
    versions.reads[1]!.resolve('1');
    // The request that came before the write may have the kept answer...
    expect(await during).toBe('before');
    // ...the one that came after it waits for a read of its own, which sees the write.
    await tick();
    expect(versions.reads).toHaveLength(3);
    versions.reads[2]!.resolve('2');
    expect(await after).toBe('after');
  });

  it('shares one read among the requests of one turn, and among the lookups of one request', async () => {
    const versions = manualVersions();
    const cache = new CatalogCache(versions.read);
    const answers = [0, 1, 2, 3, 4, 5].map(() => cache.answer('a', async () => 1));
    await tick();
    expect(versions.reads).toHaveLength(1);
    versions.reads[0]!.resolve('1');
    expect(await Promise.all(answers)).toEqual([1, 1, 1, 1, 1, 1]);
    const view = cache.now();
    await tick();
    versions.reads[1]!.resolve('1');
    const lookups = await view;
    expect(await Promise.all([lookups.answer('a', async () => 2), lookups.answer('b', async () => 3)])).toEqual([1, 3]);
    expect(versions.reads).toHaveLength(2);
  });

  it('overlaps at most two reads, and never goes back to an older counter when a read is overtaken', async () => {
    const versions = manualVersions();
    const cache = new CatalogCache(versions.read);
    let computed = 0;
    const compute = async () => ++computed;
    const waiting = [];
    for (let turn = 0; turn < 3; turn++) {
      waiting.push(cache.answer('k', compute));
      await tick();
    }
    expect(versions.reads).toHaveLength(2);
    // The second read comes back first, with the newer counter; the third starts.
    versions.reads[1]!.resolve('6');
    expect(await waiting[1]).toBe(1);
    await tick();
    expect(versions.reads).toHaveLength(3);
    versions.reads[0]!.resolve('5');
    // Computed for the request of the older read, not kept over the newer answer.
    expect(await waiting[0]).toBe(2);
    versions.reads[2]!.resolve('6');
    expect(await waiting[2]).toBe(1);
  });

  it('keeps an answer while the version stands, computes it again once it moves', async () => {
    let version = '1';
    let computed = 0;
    const cache = new CatalogCache(async () => version);
    const compute = async () => ++computed;
    expect(await cache.answer('k', compute)).toBe(1);
    expect(await cache.answer('k', compute)).toBe(1);
    expect(cache.hits).toBe(1);
    version = '2';
    expect(await cache.answer('k', compute)).toBe(2);
    expect(await cache.answer('k', compute)).toBe(2);
  });

  it('does not keep an answer computed while the version moved', async () => {
    let version = '1';
    let computed = 0;
    const cache = new CatalogCache(async () => version);
    const slow = cache.answer('k', async () => {
      // Another request sees the version move while this one computes.
      version = '2';
      await cache.answer('other', async () => 0);
      return ++computed;
    });
    expect(await slow).toBe(1);
    expect(await cache.answer('k', async () => ++computed)).toBe(2);
  });

  it('computes a missing answer once for the requests that ask for it together', async () => {
    let computed = 0;
    const cache = new CatalogCache(async () => '1');
    const compute = async () => {
      await tick();
      return ++computed;
    };
    expect(await Promise.all([cache.answer('k', compute), cache.answer('k', compute), cache.answer('k', compute)])).toEqual([1, 1, 1]);
    expect(computed).toBe(1);
  });

  it('drops on a sale only the answers showing that product (issue 30 §2)', async () => {
    const reads: CatalogRead[] = [];
    const cache = new CatalogCache(async () => reads.shift() ?? '1');
    let computed = 0;
    const answers = {
      one: () => ({ id: 1, stock: 5, n: ++computed }),
      two: () => ({ id: 2, stock: 3, n: ++computed }),
      page: () => ({ items: [{ id: 1, stock: 5 }], n: ++computed }),
      categories: () => ({ categories: [{ id: 1, name: 'Makanan' }], n: ++computed }),
    };
    const look = async () => {
      const view = await cache.now();
      return Promise.all(Object.entries(answers).map(([key, compute]) => view.answer(key, async () => compute())));
    };
    const first = (await look()).map((a) => a.n);
    reads.push({ version: '1', stock: [1] });
    const second = (await look()).map((a) => a.n);
    // Product 1 and the page showing it are computed again; product 2 and the categories are kept.
    expect(second[0]).not.toBe(first[0]);
    expect(second[2]).not.toBe(first[2]);
    expect([second[1], second[3]]).toEqual([first[1], first[3]]);
    // Too many sales to tell one by one: everything is computed again.
    reads.push({ version: '1', stock: 'all' });
    const third = (await look()).map((a) => a.n);
    expect(third.some((n, i) => n === second[i])).toBe(false);
  });

  it('does not keep an answer whose product was sold while it was computed', async () => {
    const reads: CatalogRead[] = [];
    const cache = new CatalogCache(async () => reads.shift() ?? '1');
    let stock = 5;
    let computed = 0;
    const slow = cache.answer('p', async () => {
      const seen = stock;
      // The sale commits and another request's read sees it while this one computes.
      stock = 4;
      reads.push({ version: '1', stock: [1] });
      await cache.answer('other', async () => 0);
      computed += 1;
      return { id: 1, stock: seen };
    });
    expect((await slow).stock).toBe(5);
    expect((await cache.answer('p', async () => ({ id: 1, stock }))).stock).toBe(4);
    expect(computed).toBe(1);
  });

  it('gives up the least recently used answers beyond its size', async () => {
    let computed = 0;
    // Each answer is 28 bytes of JSON and key: room for five.
    const cache = new CatalogCache(async () => '1', 150);
    const compute = async () => ({ n: ++computed, pad: 'x'.repeat(10) });
    for (let i = 0; i < 5; i++) await cache.answer(`k${i}`, compute);
    await cache.answer('k0', compute); // used again: k1 is now the oldest
    await cache.answer('k5', compute);
    const before = computed;
    await cache.answer('k0', compute);
    expect(computed).toBe(before);
    await cache.answer('k1', compute);
    expect(computed).toBe(before + 1);
  });
});

describe(`catalogue answers kept per process (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('serves a repeated answer from the process, and the new one right after any write', async () => {
    const category = await makeCategory(t.db, { name: 'Simpan Jawaban' });
    const product = await makeProduct(t.db, { name: 'Kopi Simpan', category_id: category.id, stock: 7 });
    const cache = catalogCache(t.db);
    expect((await get(`/api/v1/catalog/products/${product.id}`)).stock).toBe(7);
    const hits = cache.hits;
    expect((await get(`/api/v1/catalog/products/${product.id}`)).stock).toBe(7);
    expect(cache.hits).toBe(hits + 1);

    // A stock change that sells nothing out moves no catalogue count, yet the page shows it at once.
    await t.db.execute(sql`UPDATE products SET stock = 6 WHERE id = ${product.id}`);
    expect((await get(`/api/v1/catalog/products/${product.id}`)).stock).toBe(6);
    const page = await get(`/api/v1/catalog/products/?category_id=${category.id}&page=1&page_size=12`);
    expect(page.items.map((p: { stock: number }) => p.stock)).toEqual([6]);
    await t.db.execute(sql`UPDATE categories SET name = 'Simpan Jawaban Baru' WHERE id = ${category.id}`);
    expect((await get(`/api/v1/catalog/products/${product.id}`)).category.name).toBe('Simpan Jawaban Baru');
    expect((await get('/api/v1/catalog/categories/')).map((c: { name: string }) => c.name)).toContain('Simpan Jawaban Baru');
    const shelf = await get(`/api/v1/catalog/products/by-category?category_id=${category.id}&limit=4&order=random`);
    expect(shelf.map((p: { name: string }) => p.name)).toEqual(['Kopi Simpan']);
    await t.db.execute(sql`UPDATE products SET is_active = false WHERE id = ${product.id}`);
    expect(await get(`/api/v1/catalog/products/by-category?category_id=${category.id}&limit=4&order=random`)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${product.id}` })).statusCode).toBe(404);
  });

  it('reads a missed product page in two statements, and the pages asked for together in two in all', async () => {
    const category = await makeCategory(t.db, { name: 'Baca Bersama' });
    const made: Awaited<ReturnType<typeof makeProduct>>[] = [];
    for (let i = 0; i < 6; i++) made.push(await makeProduct(t.db, { name: `Keripik Bersama ${i}`, category_id: category.id, stock: 10 + i }));
    const hidden = await makeProduct(t.db, { name: 'Keripik Tersembunyi', category_id: category.id, is_active: false });

    // The counter, then the product: the request's lookups share its one counter read.
    const one = await countRoundTrips(() => get(`/api/v1/catalog/products/${made[0]!.id}`));
    expect(one.result.stock).toBe(10);
    expect(one.trips).toBe(2);

    const rest = made.slice(1);
    const together = await countRoundTrips(() =>
      Promise.all([...rest.map((p) => t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${p.id}` })), t.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${hidden.id}` })]),
    );
    expect(together.result.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 404]);
    expect(together.result.slice(0, 5).map((res) => res.json().data.stock)).toEqual([11, 12, 13, 14, 15]);
    expect(together.trips).toBe(2);
  });

  it('keeps the answers of other products when one is sold, and shows the sale at once (issue 30 §2)', async () => {
    const category = await makeCategory(t.db, { name: 'Jual Satu' });
    const sold = await makeProduct(t.db, { name: 'Dodol Terjual', category_id: category.id, stock: 9 });
    const other = await makeProduct(t.db, { name: 'Dodol Lain', category_id: category.id, stock: 4 });
    const cache = catalogCache(t.db);
    await get(`/api/v1/catalog/products/${other.id}`);
    await get(`/api/v1/catalog/products/${sold.id}`);
    await t.db.execute(sql`UPDATE products SET stock = stock - 1 WHERE id = ${sold.id}`);
    const hits = cache.hits;
    expect((await get(`/api/v1/catalog/products/${other.id}`)).stock).toBe(4);
    expect(cache.hits).toBe(hits + 1);
    expect((await get(`/api/v1/catalog/products/${sold.id}`)).stock).toBe(8);
    // Selling out changes what the lists count: every answer is computed again.
    await t.db.execute(sql`UPDATE products SET stock = 0 WHERE id = ${sold.id}`);
    const page = await get(`/api/v1/catalog/products/?category_id=${category.id}&page=1&page_size=12`);
    expect(page.stats.in_stock).toBe(1);
  });

  it("files a size's sale under its product in the stock feed (issue 30 §2, migration 0028)", async () => {
    const category = await makeCategory(t.db, { name: 'Jual Ukuran' });
    const product = await makeProduct(t.db, { name: 'Kaos Ukuran', category_id: category.id, variants: [{ label: 'M', price: 50000, stock: 5 }, { label: 'L', price: 55000, stock: 5 }] });
    const cursor = newStockFeedCursor();
    await readCatalogChanges(t.db, cursor);
    await t.db.execute(sql`UPDATE product_variants SET stock = stock - 1 WHERE product_id = ${product.id} AND label = 'M'`);
    expect((await readCatalogChanges(t.db, cursor)).stock).toEqual([product.id]);
  });

  it('moves the counter, not the feed, when a sale changes anything besides the stock (migration 0030)', async () => {
    const category = await makeCategory(t.db, { name: 'Jual Campur' });
    const product = await makeProduct(t.db, { name: 'Teh Campur', category_id: category.id, stock: 9, variants: [{ label: 'S', price: 7000, stock: 4 }, { label: 'M', price: 9000, stock: 5 }] });
    const cursor = newStockFeedCursor();
    const start = await readCatalogChanges(t.db, cursor);
    // Stock alone, for a product and for a size: the feed, and the counter stays.
    for (const change of [
      sql`UPDATE products SET stock = stock - 1 WHERE id = ${product.id}`,
      sql`UPDATE product_variants SET stock = stock - 1 WHERE product_id = ${product.id} AND label = 'S'`,
    ]) {
      await t.db.execute(change);
      const stockOnly = await readCatalogChanges(t.db, cursor);
      expect(stockOnly.stock).toEqual([product.id]);
      expect(stockOnly.version).toBe(start.version);
    }
    // Stock with a price, a name, a size's price: the counter moves, and no feed row.
    for (const change of [
      sql`UPDATE products SET stock = stock - 1, price = price + 100 WHERE id = ${product.id}`,
      sql`UPDATE products SET stock = stock - 1, name = 'Teh Campur Baru' WHERE id = ${product.id}`,
      sql`UPDATE product_variants SET stock = stock - 1, price = price + 100 WHERE product_id = ${product.id} AND label = 'M'`,
    ]) {
      const before = await readCatalogChanges(t.db, cursor);
      await t.db.execute(change);
      const after = await readCatalogChanges(t.db, cursor);
      expect(after.stock).toEqual([]);
      expect(after.version).not.toBe(before.version);
    }
  });

  it('drops everything when the jobs deleted stock-feed rows it had not read', async () => {
    const category = await makeCategory(t.db, { name: 'Pangkas Jual' });
    const product = await makeProduct(t.db, { name: 'Gula Aren Pangkas', category_id: category.id, stock: 9 });
    const behind = newStockFeedCursor();
    const current = newStockFeedCursor();
    await readCatalogChanges(t.db, behind);
    await readCatalogChanges(t.db, current);
    await t.db.execute(sql`UPDATE products SET stock = stock - 1 WHERE id = ${product.id}`);
    expect((await readCatalogChanges(t.db, current)).stock).toEqual([product.id]);
    expect(await pruneStockFeed(t.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    expect((await readCatalogChanges(t.db, current)).stock).toEqual([]);
    expect((await readCatalogChanges(t.db, behind)).stock).toBe('all');
    expect((await readCatalogChanges(t.db, behind)).stock).toEqual([]);
    // A process started after the jobs emptied the feed starts past what they deleted.
    const started = newStockFeedCursor();
    expect((await readCatalogChanges(t.db, started)).stock).toEqual([]);
    await t.db.execute(sql`UPDATE products SET stock = stock - 1 WHERE id = ${product.id}`);
    expect((await readCatalogChanges(t.db, started)).stock).toEqual([product.id]);
  });

  it.runIf(testEngine === 'postgres')('sees a sale numbered before one it has read, committed after it (stock feed)', async () => {
    const category = await makeCategory(t.db, { name: 'Urutan Jual' });
    const early = await makeProduct(t.db, { name: 'Jahe Awal', category_id: category.id, stock: 9 });
    const late = await makeProduct(t.db, { name: 'Jahe Akhir', category_id: category.id, stock: 9 });
    const cursor = newStockFeedCursor();
    await readCatalogChanges(t.db, cursor);
    const first = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: undefined, poolSize: 1 });
    const second = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: undefined, poolSize: 1 });
    let commitFirst!: () => void;
    const held = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstWrote!: () => void;
    const written = new Promise<void>((resolve) => (firstWrote = resolve));
    // The first sale takes its feed row's number, then waits; the second commits past it.
    const firstSale = first.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE products SET stock = stock - 1 WHERE id = ${early.id}`);
      firstWrote();
      await held;
    });
    try {
      await written;
      await second.db.execute(sql`UPDATE products SET stock = stock - 1 WHERE id = ${late.id}`);
      expect((await readCatalogChanges(t.db, cursor)).stock).toEqual([late.id]);
      commitFirst();
      await firstSale;
      expect((await readCatalogChanges(t.db, cursor)).stock).toEqual([early.id]);
      expect((await readCatalogChanges(t.db, cursor)).stock).toEqual([]);
    } finally {
      // A failed expectation must not leave the first sale open (its pool would never close).
      commitFirst();
      await firstSale.catch(() => undefined);
      await first.close();
      await second.close();
    }
  });

  it.runIf(testEngine === 'postgres')('sees a write made through another process the very next request', async () => {
    const category = await makeCategory(t.db, { name: 'Proses Lain' });
    const product = await makeProduct(t.db, { name: 'Teh Proses', category_id: category.id, stock: 3 });
    const other = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: undefined, poolSize: 1 });
    try {
      for (let i = 0; i < 5; i++) {
        await other.db.execute(sql`UPDATE products SET stock = ${10 + i} WHERE id = ${product.id}`);
        // Several requests at once: the ones sharing a version read still see the write.
        const answers = await Promise.all([0, 1, 2].map(() => get(`/api/v1/catalog/products/${product.id}`)));
        expect(answers.map((a) => a.stock)).toEqual([10 + i, 10 + i, 10 + i]);
      }
    } finally {
      await other.close();
    }
  });
});
