/**
 * A shop others reach (PUBLIC_URL) is never the demo (issue 26, docs/decisions/043-production-defaults.md),
 * a real `server.ts` on the embedded PostgreSQL in a temp DATA_DIR: an empty database starts empty,
 * without the sandbox, and says how to make the first admin; the same database after the demo seed
 * refuses to start while a demo account has its published password, says which and how to fix it,
 * and leaves no database process behind; `npm run create-admin -- --reset-password` is that fix.
 */
import { describe, expect, it } from 'vitest';
import { embeddedPostgresAvailable } from './db/embedded-postgres';
import { dataDirRemovedAfterAll, postgresOf, shopBaseUrl, startShopProcess, type ShopProcess } from './test/shop-process';

const installed = await embeddedPostgresAvailable();
const publicUrl = 'https://pasar.contoh.id';

/** How a start that must be refused ended: its exit code, or 'started' as soon as it listens. */
async function refused(shop: ShopProcess): Promise<number | null | 'started'> {
  const started = (async () => {
    await shopBaseUrl(shop);
    return 'started' as const;
  })().catch(() => new Promise<never>(() => undefined));
  return Promise.race([shop.exited, started]);
}

async function stop(shop: ShopProcess): Promise<void> {
  process.kill(shop.child.pid as number, 'SIGTERM');
  expect(await shop.exited).toBe(0);
}

const json = async (url: string) => ((await (await fetch(url)).json()) as { data: Record<string, unknown> }).data;

describe.runIf(installed)('a shop with PUBLIC_URL (skipped where the embedded PostgreSQL is not installed)', () => {
  let current: ShopProcess | undefined;
  const dataDir = dataDirRemovedAfterAll('pasar-public-', () => current);

  it('starts empty with no sandbox and says how to make the first admin; after the demo seed it refuses until the published passwords are changed', async () => {
    current = startShopProcess({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl });
    let base = await shopBaseUrl(current);
    expect(current.output()).not.toMatch(/Data demo dimuat/);
    expect(current.output()).toContain('Toko ini belum punya admin. Buat admin pertama dengan: npm run create-admin');
    expect(current.output()).toContain('tidak ada gateway online');
    expect(await json(`${base}/api/v1/catalog/products?page=1&page_size=1`)).toMatchObject({ total: 0 });
    expect(await json(`${base}/api/v1/payments/tripay/channels`)).toMatchObject({ channels: [], sandbox: false });
    expect(await json(`${base}/api/v1/settings/store`)).toMatchObject({ payment_sandbox: false, public_demo: false });
    await stop(current);

    // Asked for (SEED_DEMO=true), the demo data loads: a public demo, which says so, still without the sandbox.
    current = startShopProcess({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl, SEED_DEMO: 'true' });
    base = await shopBaseUrl(current);
    expect(current.output()).toMatch(/Data demo dimuat/);
    expect(current.output()).toContain('Mode demo: PUBLIC_URL dan SEED_DEMO=true');
    expect(await json(`${base}/api/v1/settings/store`)).toMatchObject({ payment_sandbox: false, public_demo: true });
    await stop(current);

    // The same database as a real shop: no start while anyone can sign in with the README's passwords.
    current = startShopProcess({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl });
    expect(await refused(current)).toBe(1);
    const refusal = current.output();
    expect(refusal).toContain('Server tidak dijalankan: PUBLIC_URL diisi');
    expect(refusal).toContain('akun admin, operator, pembeli, buimas, batikcigadung, kopiwanoja masih memakai kata sandi demo');
    expect(refusal).toContain('npm run create-admin -- --reset-password admin');
    expect(refusal).toContain('SEED_DEMO=true');
    expect(refusal).not.toMatch(/berjalan di/);
    expect(postgresOf(dataDir)).toEqual([]);

    // The fix the message gives, for one account: the next refusal names only the others.
    const reset = startShopProcess({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'sandi-baru-yang-panjang' }, 'src/features/users/create-admin.ts', ['--reset-password', 'admin']);
    expect(await reset.exited).toBe(0);
    expect(reset.output()).toContain('Kata sandi "admin" diganti');
    current = startShopProcess({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl });
    expect(await refused(current)).toBe(1);
    expect(current.output()).toContain('akun operator, pembeli, buimas, batikcigadung, kopiwanoja masih memakai kata sandi demo');
    expect(postgresOf(dataDir)).toEqual([]);
  }, 300_000);
});
