import { describe, expect, it } from 'vitest';
import { startServer } from './support/harness';
import { useE2eSuite } from './support/suite';

const e2e = useE2eSuite();

describe('the production server', () => {
  it('serves the web app and the API on one port', async () => {
    const health = await fetch(`${e2e.baseUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    const { page, consoleErrors } = await e2e.openPage();
    await page.goto('/');
    await expect.poll(() => page.title()).toContain('Pasar UMKM');
    expect(consoleErrors).toEqual([]);
  });

  it('refuses a second process on the same DATA_DIR', async () => {
    const second = startServer({ DATA_DIR: e2e.server.dataDir });
    await expect(second).rejects.toThrow(/sedang dipakai oleh proses lain/);
  });
});
