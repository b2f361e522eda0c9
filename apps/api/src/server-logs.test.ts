/**
 * What a production server prints (issue 26 §8, docs/decisions/046-timeouts-lookups-and-logs.md): a
 * real `server.ts` with NODE_ENV=production on the embedded PostgreSQL, whose start runs the seed in a
 * process of its own, prints only JSON lines on stdout and stderr, start-up messages included, and no
 * order-access token or sandbox reference from the paths it served, nor a query string.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedPostgresAvailable } from './db/embedded-postgres';
import { killShop, linesNotJson, postgresDataDir, readableOutput, shopBaseUrl, startShopProcess, type ShopProcess } from './test/shop-process';

const installed = await embeddedPostgresAvailable();

/** Info level: the request lines are what must carry no token. */
const start = (env: Record<string, string>) => startShopProcess({ LOG_LEVEL: 'info', ...env });

describe('a production server prints JSON lines only', () => {
  it('refuses a bad configuration in a JSON line', async () => {
    const shop = start({ PORT: 'bukan-angka', DATA_DIR: os.tmpdir() });
    expect(await shop.exited).toBe(1);
    expect(linesNotJson(shop.stdout() + shop.stderr())).toEqual([]);
    expect(readableOutput(shop.stderr())).toContain('PORT: harus berupa angka');
  });

  describe.runIf(installed)('on the embedded PostgreSQL (skipped where its platform package is not installed)', () => {
    const dataDir = postgresDataDir('pasar-logs-');
    let shop: ShopProcess | undefined;
    afterAll(() => {
      killShop(shop);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('from the start (seed process, database, banner) to the shutdown, with no token or query string', async () => {
      shop = start({ DATA_DIR: dataDir });
      const base = await shopBaseUrl(shop);

      // An order link's shape (the demo has no orders): the path is logged whether or not it is found.
      const token = randomBytes(32).toString('hex');
      expect((await fetch(`${base}/api/v1/orders/access/${token}`)).status).toBe(404);
      await fetch(`${base}/pesanan/akses/${token}`);
      await fetch(`${base}/PESANAN//akses/${token}x`);
      await fetch(`${base}/api/v1/orders/access/${token}/payment-proof`, { method: 'POST' });
      await fetch(`${base}/api/v1/payments/sandbox/pay/SBX-rahasia-ref-123`);
      await fetch(`${base}/api/v1/tidak-ada?email=tamu@contoh.id`);

      process.kill(shop.child.pid as number, 'SIGTERM');
      expect(await shop.exited).toBe(0);
      const all = shop.stdout() + shop.stderr();
      expect(linesNotJson(all)).toEqual([]);
      // The lines that used to be free text: the seed's own process, the payment providers, the banner.
      const text = readableOutput(all);
      expect(text).toMatch(/Data demo dimuat dalam/);
      expect(text).toMatch(/Pasar UMKM berjalan di/);
      expect(all).toContain('/api/v1/orders/access/[redacted]');
      expect(all).toContain('/pesanan/akses/[redacted]');
      expect(all).toContain('/api/v1/payments/sandbox/pay/[redacted]');
      expect(all).not.toContain(token);
      expect(all).not.toContain('rahasia-ref');
      expect(all).not.toContain('tamu@contoh.id');
    }, 180_000);
  });
});
