/** The restore hold (issue 27 §3): stored in the database, read back, released. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { insertMail } from './features/mail/mail.repository';
import { killShop, shopBanner, startShopProcess } from './test/shop-process';
import { createTestApp, testEngine, type TestApp } from './test/app';
import { loadConfig } from './config';
import { holdJobs, jobsAtStart, jobsHold, releaseJobsHold } from './jobs-hold';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe(`the jobs hold (${testEngine})`, () => {
  it('is absent at first, set with its reason, replaced by a newer hold and released', async () => {
    expect(await jobsHold(t.db)).toBeNull();
    await holdJobs(t.db, 'dipulihkan dari cadangan A');
    const first = await jobsHold(t.db);
    expect(first?.reason).toBe('dipulihkan dari cadangan A');
    expect(Number.isNaN(Date.parse(first?.since ?? ''))).toBe(false);
    await holdJobs(t.db, 'dipulihkan dari cadangan B');
    expect((await jobsHold(t.db))?.reason).toBe('dipulihkan dari cadangan B');
    await releaseJobsHold(t.db);
    expect(await jobsHold(t.db)).toBeNull();
    await releaseJobsHold(t.db);
    expect(await jobsHold(t.db)).toBeNull();
  });
});

describe(`JOBS at start (${testEngine})`, () => {
  it('off runs nothing, even without a hold, and says how to turn them on', async () => {
    const plan = await jobsAtStart(t.db, 'off');
    expect(plan.run).toBe(false);
    expect(plan.note).toContain('JOBS=off');
  });

  it('unset runs them when nothing holds them, and not while a restore hold stands, saying why and how', async () => {
    expect(await jobsAtStart(t.db, undefined)).toEqual({ run: true });
    await holdJobs(t.db, 'dipulihkan dari pasar-2026-11-27.tar');
    const held = await jobsAtStart(t.db, undefined);
    expect(held.run).toBe(false);
    expect(held.note).toContain('dipulihkan dari pasar-2026-11-27.tar');
    expect(held.note).toContain('JOBS=on');
    // Not released by merely starting without JOBS.
    expect(await jobsHold(t.db)).not.toBeNull();
    // off keeps it too.
    expect((await jobsAtStart(t.db, 'off')).run).toBe(false);
    expect(await jobsHold(t.db)).not.toBeNull();
  });

  it('on lifts the hold and runs them', async () => {
    await holdJobs(t.db, 'salinan staging');
    const plan = await jobsAtStart(t.db, 'on');
    expect(plan.run).toBe(true);
    expect(plan.note).toContain('dilepas');
    expect(await jobsHold(t.db)).toBeNull();
    expect(await jobsAtStart(t.db, undefined)).toEqual({ run: true });
  });

  it('JOBS accepts on and off only', () => {
    expect(loadConfig({ JOBS: 'off' }).JOBS).toBe('off');
    expect(loadConfig({ JOBS: ' on ' }).JOBS).toBe('on');
    expect(loadConfig({}).JOBS).toBeUndefined();
    expect(() => loadConfig({ JOBS: 'mati' })).toThrow('JOBS: harus on atau off');
  });
});

describe('a server started on a held database (PGlite in DATA_DIR)', () => {
  it('sends nothing and says why and how to turn the jobs on', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-hold-'));
    let smtpConnections = 0;
    const smtp = net.createServer((socket) => {
      smtpConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    // A restored copy: mail pending in the outbox and the hold `npm run restore` sets.
    const database = await openDatabase({ dataDir });
    await insertMail(database.db, [{ kind: 'test', order_id: null, to_address: 'pembeli@contoh.id', subject: 'Uji', text_body: 'Uji', html_body: '<p>Uji</p>', status: 'pending' }]);
    await holdJobs(database.db, 'dipulihkan dari cadangan uji');
    await database.close();
    const shop = startShopProcess({
      DATA_DIR: dataDir,
      EMBEDDED_DATABASE: 'pglite',
      SEED_DEMO: 'false',
      SMTP_URL: `smtp://127.0.0.1:${(smtp.address() as net.AddressInfo).port}`,
      LOG_LEVEL: 'info',
    });
    try {
      await shopBanner(shop);
      await new Promise((r) => setTimeout(r, 1500));
      expect(shop.output()).toContain('Tugas latar tidak dijalankan: database ini ditahan sejak');
      expect(shop.output()).toContain('dipulihkan dari cadangan uji');
      expect(smtpConnections).toBe(0);
    } finally {
      killShop(shop);
      smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
