/**
 * The embedded PostgreSQL is supervised (issue 26 §7, docs/decisions/047-dependable-health.md): a real
 * `server.ts` on a temp DATA_DIR; its postmaster killed with -9 is restarted and the shop's pools
 * serve again within 30 s; killed once more than the restarts allowed (3 in 5 minutes), the shop
 * exits 1 so that a supervisor acts; and started again on the same DATA_DIR (a stale postmaster.pid,
 * backends of the dead server perhaps still leaving) it comes back ready with no manual step.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dataDirRemovedAfterAll, postgresOf, shopBaseUrl, startShopProcess, type ShopProcess } from '../test/shop-process';
import { embeddedPostgresAvailable } from './embedded-postgres';

const installed = await embeddedPostgresAvailable();

const startShop = (dataDir: string) => startShopProcess({ SEED_DEMO: 'false', DATA_DIR: dataDir });

const postmasterPid = (dataDir: string) => Number(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return 0;
  }
}

/** Milliseconds until `check` holds, or a failure after 30 s (the bound). */
async function within30s(what: string, check: () => Promise<boolean>, context: () => string = () => ''): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > 30_000) throw new Error(`not within 30 s: ${what}\n${context()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - start;
}

/** A session of the shop's database in a query that runs for minutes without waiting on anything. */
async function busyBackend(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(path.join(dataDir, 'postgres'))}` });
  client.on('error', () => undefined);
  await client.connect();
  client.query('SELECT count(*) FROM generate_series(1, 10000000000)').catch(() => undefined);
  await new Promise((r) => setTimeout(r, 300));
  return client;
}

describe.runIf(installed)('supervision of the embedded PostgreSQL (skipped where its platform package is not installed)', () => {
  let shop: ShopProcess | undefined;
  const dataDir = dataDirRemovedAfterAll('pasar-supervised-', () => shop);

  it('kill -9: restarted and serving again within 30 s, three times; the fourth exits 1; a new start comes back ready', async () => {
    shop = startShop(dataDir);
    let base = await shopBaseUrl(shop);
    expect(await status(`${base}/api/v1/health/ready`)).toBe(200);

    for (let kill = 1; kill <= 3; kill++) {
      const dead = postmasterPid(dataDir);
      // The first time, a backend is busy in a long query: it outlives its postmaster and holds the
      // cluster's shared memory, which PostgreSQL refuses to start beside until it is gone.
      const busy = kill === 1 ? await busyBackend(dataDir) : undefined;
      process.kill(dead, 'SIGKILL');
      // A new postmaster, and the server's own pool answering through it (readiness and a catalogue read).
      await within30s(`restart ${kill}`, async () => {
        if (shop?.child.exitCode !== null) throw new Error(`the shop exited (${shop?.child.exitCode}) after kill ${kill}:\n${shop?.output()}`);
        const pid = fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid')) ? postmasterPid(dataDir) : dead;
        // The supervisor's own "berjalan lagi" too: the pool can answer before the restart's readiness
        // wait returns, and a kill in between would end that wait instead of counting as a new death.
        const restarted = (shop?.output().match(/PostgreSQL tertanam berjalan lagi/g) ?? []).length >= kill;
        return restarted && pid !== dead && (await status(`${base}/api/v1/health/ready`)) === 200 && (await status(`${base}/api/v1/catalog/categories/`)) === 200;
      }, () => shop?.output() ?? '');
      expect(shop.output()).toContain(`dijalankan ulang (${kill} dari 3 kali dalam 5 menit)`);
      await busy?.end().catch(() => undefined);
    }

    process.kill(postmasterPid(dataDir), 'SIGKILL');
    const exited = shop;
    await within30s('exit after the fourth death', () => Promise.resolve(exited.child.exitCode !== null));
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toContain('PostgreSQL tertanam berhenti (sinyal SIGKILL) untuk ke-4 kalinya dalam 5 menit');

    // What systemd or `npm start` does next: start again on the same folder, right away.
    shop = startShop(dataDir);
    base = await shopBaseUrl(shop);
    expect(await status(`${base}/api/v1/health/ready`)).toBe(200);
    process.kill(shop.child.pid as number, 'SIGTERM');
    expect(await shop.exited).toBe(0);
    expect(postgresOf(dataDir)).toEqual([]);
  }, 300_000);
});
