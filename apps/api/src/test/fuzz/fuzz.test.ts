/**
 * Fuzz suite (issue 14): requests generated from the app's own OpenAPI document for every route and
 * method, as a visitor, a customer and an admin. No answer may be a 5xx, and every refusal must be
 * the JSON error envelope { success: false, error, code } (docs/design.md §4).
 *
 *   FUZZ_SEED=n   replays a run (the seed is printed at the start)
 *   FUZZ_COUNT=n  how many requests (default 10,000, on PGlite and on PostgreSQL alike)
 *
 * A failing case prints a curl command that reproduces it against a running server ($BASE, and
 * $ADMIN_TOKEN / $CUSTOMER_TOKEN from a sign-in for the signed-in roles).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../app';
import { makeUser } from '../factories';
import { generateCase, type FuzzRequest, type Role } from './cases';
import { operationsOf, type Operation } from './openapi';
import { createRng, type Rng } from './prng';
import { curlCommand } from './repro';

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const count = process.env.FUZZ_COUNT ? Number(process.env.FUZZ_COUNT) : 10_000;
/** Fuzz accounts sign in from their own address, so the login limiter the fuzz trips never locks them out. */
const ownAddress = '10.99.0.1';
/** Admins reach the most code; the other roles mostly meet the access checks. */
const roles: readonly Role[] = ['visitor', 'customer', 'admin', 'admin'];

/**
 * Framework and zod defaults that would leak into a refusal instead of a message for a person
 * (the back-office's own messages are the spec's, some of them English, and are not matched here).
 */
const frameworkDefault =
  /^(Invalid (input|option|element|key)|Too (big|small)|Expected |Unrecognized key|Required$|Invalid$)|\b(body|querystring|params|headers)\/|^must (be|have|match|NOT)\b|Unexpected token|Body cannot be empty|Unsupported Media Type|Internal Server Error|Bad Request|Route (GET|POST|PUT|DELETE)|FST_/;

let t: TestApp;
const accounts: Partial<Record<Role, { id: number; username: string; password: string; authorization?: string }>> = {};

async function signInAs(role: 'customer' | 'admin'): Promise<void> {
  let account = accounts[role];
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!account) {
      account = await makeUser(t.db, { role, username: `fuzz${role}${Date.now().toString(36)}${attempt}` });
      accounts[role] = account;
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ownAddress, payload: { username: account.username, password: account.password } });
    if (res.statusCode === 200) {
      account.authorization = `Bearer ${(res.json() as { data: { token: string } }).data.token}`;
      return;
    }
    account = undefined; // deleted, deactivated or re-passworded by an earlier fuzz request: make a new one
  }
  throw new Error(`fuzz: cannot sign in as ${role}`);
}

/** A fuzz request may have signed the account out (logout) or changed it; sign in again when so. */
async function keepSignedIn(): Promise<void> {
  for (const role of ['customer', 'admin'] as const) {
    const authorization = accounts[role]?.authorization;
    const res = authorization ? await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization } }) : undefined;
    const user = res?.statusCode === 200 ? (res.json() as { data: { role?: { name?: string } | string } }).data : undefined;
    const roleName = typeof user?.role === 'string' ? user.role : user?.role?.name;
    if (!user || (roleName !== undefined && roleName !== role)) {
      accounts[role] = roleName !== undefined && roleName !== role ? undefined : accounts[role];
      await signInAs(role);
    }
  }
}

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

interface Failure {
  index: number;
  request: FuzzRequest;
  status: number;
  body: string;
  problem: string;
}

function problemOf(status: number, contentType: string | undefined, body: string): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  if (!contentType?.startsWith('application/json')) return `refusal is ${contentType ?? 'without a content type'}, not the JSON envelope`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'refusal is not JSON';
  }
  const envelope = parsed as { success?: unknown; error?: unknown; code?: unknown };
  if (envelope.success !== false || typeof envelope.error !== 'string' || envelope.error.length === 0 || typeof envelope.code !== 'string') {
    return 'refusal is not { success: false, error, code }';
  }
  if (frameworkDefault.test(envelope.error)) return `refusal message is a framework default: ${envelope.error}`;
  return undefined;
}

beforeAll(async () => {
  t = await createTestApp();
  await signInAs('customer');
  await signInAs('admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('fuzz: every route from the OpenAPI document, as every role', () => {
  it(`answers no 5xx and refuses only in the envelope (${count} requests)`, async () => {
    process.stdout.write(`fuzz: seed ${seed} (replay with FUZZ_SEED=${seed}), ${count} requests on ${testEngine}\n`);
    const operations: Operation[] = operationsOf(t.app.swagger());
    expect(operations.length).toBeGreaterThan(50);
    const own = new Set([accounts.customer?.id, accounts.admin?.id]);
    const context = { ids: [1, 2, 3, 4, 5, 6, 7].filter((id) => !own.has(id)) };
    const rng = createRng(seed);
    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();

    let order: Operation[] = [];
    for (let index = 0; index < count; index++) {
      if (index % 100 === 0) await keepSignedIn();
      // Every operation gets its turn, in a seeded order, before any gets a second.
      if (order.length === 0) order = shuffled(operations, rng);
      const operation = order.pop()!;
      const role = rng.pick(roles);
      const request = generateCase(rng, operation, role, context);
      const authorization = role === 'visitor' ? undefined : accounts[role]?.authorization;
      const headers = { ...(authorization && !request.headers.authorization ? { authorization } : {}), ...request.headers };
      const res = await t.app.inject({ method: request.method as 'GET', url: request.url, headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const problem = problemOf(res.statusCode, res.headers['content-type'] as string | undefined, res.body);
      if (problem) failures.push({ index, request, status: res.statusCode, body: res.body.slice(0, 500), problem });
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ');
    process.stdout.write(`fuzz: ${count} requests in ${seconds} s; statuses ${histogram}\n`);
    for (const failure of failures.slice(0, 10)) {
      process.stdout.write(
        `\nfuzz failure #${failure.index} (${failure.request.role}, ${failure.request.note}): ${failure.problem}\n  ${curlCommand(failure.request)}\n  answer ${failure.status}: ${failure.body}\n`,
      );
    }
    expect(failures.map((f) => `#${f.index} ${f.request.method} ${f.request.url.slice(0, 120)} (${f.request.role}; ${f.request.note}): ${f.problem}`), `seed ${seed}`).toEqual([]);
  }, 900_000);
});
