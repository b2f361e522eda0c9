/**
 * A shop others reach (PUBLIC_URL) never offers the sandbox gateway unless PAYMENT_SANDBOX=true says
 * so, not even on a database the demo seed filled (issue 26, docs/decisions/043-production-defaults.md):
 * otherwise anyone could mark an order paid with no money moving and no sign-in.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { payments } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeProduct } from '../../test/factories';
import { sandboxPaymentReference } from '../../test/orders';

let demo: TestApp;
/** A sandbox transaction made while the demo shop was tried on one's own machine. */
let reference: string;

beforeAll(async () => {
  demo = await createTestApp();
  reference = await sandboxPaymentReference(demo.app, (await makeProduct(demo.db, { stock: 5 })).id);
  expect(reference).toMatch(/^SBX-/);
});

afterAll(async () => {
  await demo.close();
});

/** The same demo database served with other settings. */
async function servedWith(env: Record<string, string>, check: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: demo.config.DATA_DIR, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database: demo.database });
  try {
    await app.ready();
    await check(app);
  } finally {
    await app.close();
  }
}

const paymentStatus = async () => (await demo.db.select({ status: payments.status }).from(payments).where(eq(payments.reference, reference)))[0]!.status;

describe('the sandbox gateway in a shop others reach', () => {
  it('is offered in the demo shop tried without PUBLIC_URL, as before', async () => {
    await servedWith({}, async (app) => {
      expect((await app.inject({ method: 'GET', url: '/api/v1/payments/channels' })).json().data.providers).toMatchObject([{ id: 'sandbox', sandbox: true }]);
      expect((await app.inject({ method: 'GET', url: `/api/v1/payments/sandbox/pay/${reference}` })).statusCode).toBe(200);
    });
  });

  for (const [label, env] of [
    ['with PUBLIC_URL', { PUBLIC_URL: 'https://pasar.contoh.id' }],
    ['in a public demo (PUBLIC_URL and SEED_DEMO=true) without PAYMENT_SANDBOX', { PUBLIC_URL: 'https://pasar.contoh.id', SEED_DEMO: 'true' }],
  ] as const) {
    it(`refuses, in Indonesian, ${label}, even on the demo data`, async () => {
      await servedWith(env, async (app) => {
        expect((await app.inject({ method: 'GET', url: '/api/v1/payments/channels' })).json().data).toEqual({ providers: [] });
        const pay = await app.inject({ method: 'POST', url: `/api/v1/payments/sandbox/pay/${reference}`, payload: { action: 'pay' } });
        expect(pay.statusCode).toBe(404);
        expect(pay.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: 'Alamat tidak ditemukan.' });
        const page = await app.inject({ method: 'GET', url: `/api/v1/payments/sandbox/pay/${reference}` });
        expect(page.statusCode).toBe(404);
        expect((await app.inject({ method: 'GET', url: '/api/v1/settings/store' })).json().data.payment_sandbox).toBe(false);
      });
      expect(await paymentStatus()).toBe('unpaid');
    });
  }

  it('says whether every page must read "Mode demo": only a public demo', async () => {
    const publicDemo = async (env: Record<string, string>) => {
      let answer: unknown;
      await servedWith(env, async (app) => {
        answer = (await app.inject({ method: 'GET', url: '/api/v1/settings/store' })).json().data.public_demo;
      });
      return answer;
    };
    expect(await publicDemo({})).toBe(false);
    expect(await publicDemo({ SEED_DEMO: 'true' })).toBe(false);
    expect(await publicDemo({ PUBLIC_URL: 'https://pasar.contoh.id' })).toBe(false);
    expect(await publicDemo({ PUBLIC_URL: 'https://pasar.contoh.id', SEED_DEMO: 'true' })).toBe(true);
  });

  it('is offered with PUBLIC_URL only when PAYMENT_SANDBOX=true says so', async () => {
    await servedWith({ PUBLIC_URL: 'https://pasar.contoh.id', PAYMENT_SANDBOX: 'true' }, async (app) => {
      expect((await app.inject({ method: 'GET', url: '/api/v1/payments/channels' })).json().data.providers).toMatchObject([{ id: 'sandbox', sandbox: true }]);
      expect((await app.inject({ method: 'GET', url: `/api/v1/payments/sandbox/pay/${reference}` })).statusCode).toBe(200);
    });
  });
});
