/**
 * The production build (issue 27 §4, docs/decisions/070-production-build.md): scripts/build-server.mjs
 * bundles the server and its tools; every package the bundle imports at run time is in "dependencies" of
 * the workspace that imports it (else `npm ci --omit=dev` leaves it out and the start fails), and the
 * built server runs with plain `node` (no tsx): its chunks, the migrations and the demo seed found from the
 * bundle, the seed in a process of its own started from the built seed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoot, repoRoot } from './lib/package-root';
import { postgresDataDir, postgresOf, removeShop, shopBaseUrl, startShopProcess, type ShopProcess } from './test/shop-process';

// Inside apps/api, as apps/api/dist is: the bundle finds the package (migrations) by walking up to its package.json.
const outdir = path.join(apiRoot, '.tmp', `build-test-${process.pid}`);
const dataDir = postgresDataDir('pasar-built-');
let shop: ShopProcess | undefined;

afterAll(() => {
  removeShop(shop, dataDir);
  fs.rmSync(outdir, { recursive: true, force: true });
});

/** The built server with this Node and nothing else: no tsx loader, no inherited NODE_OPTIONS. */
function startBuilt(env: Record<string, string>): ShopProcess {
  return startShopProcess({ NODE_OPTIONS: '', ...env }, path.join(outdir, 'server.js'), [], { nodeArgs: ['--enable-source-maps'], cwd: repoRoot });
}

describe('the production build', () => {
  it('bundles the server and each tool, importing at run time only packages of "dependencies"', () => {
    const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build-server.mjs'), '--outdir', outdir, '--strict'], { cwd: repoRoot, encoding: 'utf8' });
    expect(build.stderr).toBe('');
    expect(build.status).toBe(0);
    const tools = JSON.parse(fs.readFileSync(path.join(apiRoot, 'tools.json'), 'utf8')) as Record<string, string>;
    // A tool whose source is still being written is left out of the build (the build says so).
    const present = Object.keys(tools).filter((name) => fs.existsSync(path.join(apiRoot, tools[name] as string)));
    expect(present).toEqual(expect.arrayContaining(['migrate', 'seed', 'create-admin']));
    for (const name of ['server', ...present]) expect(fs.existsSync(path.join(outdir, `${name}.js`)), name).toBe(true);
  }, 60_000);

  it('runs with plain node on a new DATA_DIR: migrates, seeds through the built seed, serves products and their images', async () => {
    // No web app: this is the API's bundle (the end-to-end tests run the built server with the built web app).
    shop = startBuilt({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web-app') });
    const base = await shopBaseUrl(shop);
    expect(shop.output()).toMatch(/Data demo dimuat dalam/);
    expect((await fetch(`${base}/api/v1/health/ready`)).status).toBe(200);
    const products = (await (await fetch(`${base}/api/v1/catalog/products/`)).json()) as { data: { image_url: string | null }[] };
    const image = products.data.find((p) => p.image_url)?.image_url;
    expect(image).toMatch(/^\/uploads\/products\/.+\.webp$/);
    const picture = await fetch(`${base}${image}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    process.kill(shop.child.pid as number, 'SIGTERM');
    expect(await shop.exited).toBe(0);
    expect(postgresOf(dataDir)).toEqual([]);
  }, 240_000);
});
