import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, startServer, type RunningServer } from './support/harness';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the production server', () => {
  it('serves the web app and the API on one port', async () => {
    const health = await fetch(`${server.baseUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    const { page, consoleErrors, context } = await newPage(browser, server.baseUrl);
    await page.goto('/');
    await expect(page.title()).resolves.toContain('Pasar UMKM');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('refuses a second process on the same DATA_DIR', async () => {
    const second = startServer({ DATA_DIR: server.dataDir });
    await expect(second).rejects.toThrow(/sedang dipakai oleh proses lain/);
  });
});
