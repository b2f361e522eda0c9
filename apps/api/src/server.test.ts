/**
 * The shop's default database (docs/decisions/035-embedded-database-memory.md): a real `server.ts`
 * without DATABASE_URL on a temp DATA_DIR starts the embedded PostgreSQL, seeds it in a process of its
 * own, answers, stops cleanly on SIGTERM leaving no database process, keeps its data across a restart,
 * and a failed start stops the database it had started.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseEmbeddedEngine } from './db/embedded-engine';
import { embeddedPostgresAvailable } from './db/embedded-postgres';
import { killShop, postgresDataDir, postgresOf, removeShop, shopBanner, startShopProcess, type ShopProcess } from './test/shop-process';

const installed = await embeddedPostgresAvailable();

describe.runIf(installed)('server.ts on the embedded PostgreSQL (skipped where its platform package is not installed)', () => {
  const dataDir = postgresDataDir('pasar-server-');
  const url = `postgres://postgres@localhost/postgres?host=${encodeURIComponent(path.join(dataDir, 'postgres'))}`;
  let shop: ShopProcess | undefined;
  afterAll(() => {
    removeShop(shop, dataDir);
  });

  it('starts it, seeds it in a short-lived process, answers, and stops it on SIGTERM; a restart keeps the data', async () => {
    shop = startShopProcess({ DATA_DIR: dataDir });
    const line = await shopBanner(shop);
    expect(line).toContain(`(database: PostgreSQL tertanam di ${path.join(dataDir, 'postgres')})`);
    expect(shop.output()).toMatch(/Data demo dimuat dalam/);
    const base = `http://127.0.0.1:${/localhost:(\d+)/.exec(line)?.[1]}`;
    expect(await (await fetch(`${base}/api/v1/health`)).json()).toMatchObject({ data: { status: 'ok', database: 'postgres' } });
    // The seed's process is gone: the server and the database are all that is left.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("INSERT INTO categories (name) VALUES ('Kategori Uji Restart')");
    await client.end();

    process.kill(shop.child.pid as number, 'SIGTERM');
    expect(await shop.exited).toBe(0);
    expect(postgresOf(dataDir)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);

    shop = startShopProcess({ DATA_DIR: dataDir });
    const again = await shopBanner(shop);
    expect(shop.output()).not.toMatch(/Data demo dimuat/);
    const categories = (await (await fetch(`http://127.0.0.1:${/localhost:(\d+)/.exec(again)?.[1]}/api/v1/catalog/categories/`)).json()) as { data: { name: string }[] };
    expect(categories.data.map((c) => c.name)).toContain('Kategori Uji Restart');
    process.kill(shop.child.pid as number, 'SIGTERM');
    expect(await shop.exited).toBe(0);
    expect(postgresOf(dataDir)).toEqual([]);
  }, 180_000);

  it('with WEB_CONCURRENCY=2, the primary starts it for both workers and stops it after them', async () => {
    shop = startShopProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false', WEB_CONCURRENCY: '2' });
    const line = await shopBanner(shop);
    expect(line).toContain(`(database: PostgreSQL tertanam di ${path.join(dataDir, 'postgres')}, 2 proses server)`);
    expect((await fetch(`http://127.0.0.1:${/localhost:(\d+)/.exec(line)?.[1]}/api/v1/health`)).status).toBe(200);
    process.kill(shop.child.pid as number, 'SIGTERM');
    expect(await shop.exited).toBe(0);
    expect(postgresOf(dataDir)).toEqual([]);
  }, 120_000);

  it('stops the database it started when the start fails (the port is taken)', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      shop = startShopProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false', PORT: String((taken.address() as net.AddressInfo).port) });
      expect(await shop.exited).toBe(1);
      expect(shop.output()).toMatch(/EADDRINUSE/);
      expect(postgresOf(dataDir)).toEqual([]);
    } finally {
      taken.close();
    }
  }, 120_000);

  it.runIf(process.getuid?.() === 0)('started by root, says which folder the postgres user cannot enter, and starts nothing', async () => {
    const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-closed-'));
    try {
      shop = startShopProcess({ DATA_DIR: path.join(closed, 'data') });
      expect(await shop.exited).toBe(1);
      expect(shop.output().trim()).toBe(`Pengguna "postgres" tidak dapat membuka folder ${closed}: pilih DATA_DIR di luar folder itu (mis. /var/lib/pasar-umkm).`);
    } finally {
      fs.rmSync(closed, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps PGlite for a DATA_DIR that already holds a PGlite database, and says so', async () => {
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-old-'));
    try {
      fs.mkdirSync(path.join(old, 'pglite'));
      // Only the choice is checked here: PGlite itself is the API tests' engine.
      const choice = await chooseEmbeddedEngine({ dataDir: old, EMBEDDED_DATABASE: undefined });
      expect(choice.engine).toBe('pglite');
      expect(choice.note).toContain(`Folder data ${old} berisi database PGlite dari versi sebelumnya`);
      expect(await chooseEmbeddedEngine({ dataDir: old, EMBEDDED_DATABASE: 'postgres' })).toEqual({ engine: 'postgres' });
      fs.mkdirSync(path.join(old, 'postgres'));
      expect(await chooseEmbeddedEngine({ dataDir: old, EMBEDDED_DATABASE: undefined })).toEqual({ engine: 'postgres' });
      expect(await chooseEmbeddedEngine({ dataDir: old, EMBEDDED_DATABASE: 'pglite' })).toEqual({ engine: 'pglite' });
    } finally {
      fs.rmSync(old, { recursive: true, force: true });
    }
  });
});

describe('server.ts on a DATA_DIR made by an older version (PGlite)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-server-pglite-'));
  let shop: ShopProcess | undefined;
  afterAll(() => {
    killShop(shop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps running PGlite with its data, says so, and starts no PostgreSQL', async () => {
    // An older shop: made on PGlite, the default until decision 035.
    shop = startShopProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false', EMBEDDED_DATABASE: 'pglite' });
    expect(await shopBanner(shop)).toContain(`(database: PGlite di ${dataDir})`);
    process.kill(shop.child.pid as number, 'SIGTERM');
    expect(await shop.exited).toBe(0);

    shop = startShopProcess({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    const line = await shopBanner(shop);
    expect(line).toContain(`(database: PGlite di ${dataDir})`);
    expect(shop.output()).toContain(`Folder data ${dataDir} berisi database PGlite dari versi sebelumnya: toko tetap memakai PGlite`);
    const health = (await (await fetch(`http://127.0.0.1:${/localhost:(\d+)/.exec(line)?.[1]}/api/v1/health`)).json()) as { data: { database: string } };
    expect(health.data.database).toBe('pglite');
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    process.kill(shop.child.pid as number, 'SIGTERM');
    expect(await shop.exited).toBe(0);
  }, 180_000);
});
