/**
 * Issue 31 item 13 (decision 060): the assistant's limit is kept per browser session (the
 * `pasar_chat` cookie), so shoppers sharing one address behind carrier NAT each get their own 20
 * a minute; the address has a looser ceiling across its sessions. The refusal is the spec's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages } from '@pasar/core/assistant';
import { createTestApp, testEngine, type TestApp } from '../../test/app';
import { CHAT_ADDRESS_CEILING, CHAT_LIMITS, CHAT_SESSION_COOKIE } from './chat-limiter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ask = (ip: string, cookie?: string, accept?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/assistant/chat',
    payload: { messages: [{ role: 'user', content: 'halo' }] },
    headers: { ...(cookie ? { cookie } : {}), ...(accept ? { accept } : {}) },
    remoteAddress: ip,
  });

/** The session cookie a reply hands out, as the browser sends it back. */
function sessionOf(res: Awaited<ReturnType<typeof ask>>): string {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = set.find((c) => c.startsWith(`${CHAT_SESSION_COOKIE}=`));
  expect(cookie, 'the chat session cookie').toBeDefined();
  expect(cookie).toContain('HttpOnly');
  return cookie!.split(';')[0]!;
}

describe(`assistant limits per browser session (issue 31, ${testEngine})`, () => {
  const perMinute = CHAT_LIMITS[0].max;

  it('gives two sessions behind one address their own allowance', async () => {
    const ip = '10.31.0.1';
    const a = sessionOf(await ask(ip));
    // Over the stream too: a hijacked reply still hands out the cookie.
    const b = sessionOf(await ask(ip, undefined, 'text/event-stream'));
    expect(a).not.toBe(b);
    // The first question came without the cookie (counted by address); the session's own 20 follow.
    for (let i = 0; i < perMinute; i++) expect((await ask(ip, a)).statusCode).toBe(200);
    const refused = await ask(ip, a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(assistantMessages.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The other shopper on the same address still asks.
    for (let i = 0; i < perMinute; i++) expect((await ask(ip, b)).statusCode).toBe(200);
    // A session keeps its cookie: no new one with each answer.
    expect(([] as string[]).concat((await ask('10.31.0.2', b)).headers['set-cookie'] ?? []).some((c) => c.startsWith(CHAT_SESSION_COOKIE))).toBe(false);
  });

  it('refuses an address past its looser ceiling, whatever sessions it sends', async () => {
    const ip = '10.31.0.9';
    const ceiling = CHAT_ADDRESS_CEILING[0].max;
    expect(ceiling).toBeGreaterThan(perMinute);
    let session = '';
    for (let i = 0; i < ceiling; i++) {
      // A fresh session every few questions, as a script minting sessions would.
      if (i % 10 === 0) session = `${CHAT_SESSION_COOKIE}=${`s${i}`.padEnd(24, 'x')}`;
      expect((await ask(ip, session)).statusCode, `question ${i + 1}`).toBe(200);
    }
    const refused = await ask(ip, `${CHAT_SESSION_COOKIE}=${'fresh'.padEnd(24, 'y')}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(assistantMessages.rateLimited);
  });
});
