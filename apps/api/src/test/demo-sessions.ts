/**
 * What most API test files start from: a test app with the demo admin and customer signed in, and
 * one way to call /api/v1 with a JSON payload.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createTestApp, demoAccounts, signIn, type TestApp, type TestAppOptions } from './app';

export type AuthHeaders = { authorization: string };

/** A fresh app with the demo admin's and the demo customer's bearer headers. */
export async function appWithDemoSessions(options?: TestAppOptions): Promise<{ t: TestApp; admin: AuthHeaders; customer: AuthHeaders }> {
  const t = await createTestApp(options);
  try {
    const admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
    const customer = await signIn(t.app, demoAccounts.customer.username, demoAccounts.customer.password);
    return { t, admin, customer };
  } catch (error) {
    // The file's afterAll never sees an app it was not handed: close it here.
    await t.close();
    throw error;
  }
}

/** One request to `/api/v1${url}`; `payload`, when given, is sent as JSON. */
export function callApi(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, headers: Record<string, string>, extra: Omit<InjectOptions, 'method' | 'url' | 'headers' | 'payload'> = {}) {
  return app.inject({ method, url: `/api/v1${url}`, headers, ...extra, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
}
