/**
 * Issue 31 item 5: the cart's stepper stops at the per-line limit checkout enforces, so the public
 * store facts carry it, and an admin's change reaches them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentSettings } from '@pasar/core/settings';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
});
afterAll(async () => {
  await t?.close();
});

const publicLimit = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/settings/store' })).json().data.max_line_quantity as number;

describe(`the per-line limit in the public store facts (${testEngine})`, () => {
  it('is the payment settings’ max_line_quantity, and follows an admin’s change', async () => {
    const saved = (await t.app.inject({ method: 'GET', url: '/api/v1/settings/payments', headers: admin })).json().data as PaymentSettings;
    expect(await publicLimit()).toBe(saved.max_line_quantity);
    const changed = await t.app.inject({ method: 'PUT', url: '/api/v1/settings/payments', headers: admin, payload: { ...saved, max_line_quantity: saved.max_line_quantity + 7 } });
    expect(changed.statusCode).toBe(200);
    expect(await publicLimit()).toBe(saved.max_line_quantity + 7);
  });
});
