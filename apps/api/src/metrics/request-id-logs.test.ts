/**
 * Every log line of a request carries its id (issue 27 §6, docs/decisions/071-request-ids-and-metrics.md):
 * the production logger's options (lib/logging.ts, its serializers and redaction) write into a
 * stream this test reads, instead of the test setup's silence.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type * as Logging from '../lib/logging';
import { testAppForBlock } from '../test/app';

const lines = vi.hoisted(() => [] as string[]);

vi.mock('../lib/logging', async (importOriginal) => {
  const actual = await importOriginal<typeof Logging>();
  const { Writable: Sink } = await import('node:stream');
  const stream = new Sink({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    ...actual,
    loggerOptions: (config: Parameters<typeof actual.loggerOptions>[0]) => {
      const options = actual.loggerOptions({ ...config, NODE_ENV: 'production', LOG_LEVEL: 'info' });
      return typeof options === 'object' ? { ...options, stream } : options;
    },
  };
});

interface LogLine {
  reqId?: string;
  msg?: string;
  req?: { url?: string; id?: string };
}

const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);

describe('request ids in the log', () => {
  const t = testAppForBlock({ seed: false });

  it("puts the proxy's id, or the one made, in every line of the request", async () => {
    const given = 'nginx-4f1c2a9be0d34b7c';
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/tidak-ada-di-log', headers: { 'x-request-id': given } });
    expect(answer.statusCode).toBe(404);
    const made = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'bukan id yang sah' } });
    const madeId = made.headers['x-request-id'];
    expect(madeId).not.toBe('bukan id yang sah');

    const all = parsed();
    // "incoming request" and "request completed".
    expect(all.filter((line) => line.reqId === given).length).toBeGreaterThanOrEqual(2);
    expect(all.filter((line) => line.reqId === madeId).length).toBeGreaterThanOrEqual(2);
    // No line about either request is without its id, and the refused value is never printed.
    const aboutThem = lines.filter((line) => line.includes('tidak-ada-di-log') || line.includes('/api/v1/health'));
    expect(aboutThem.length).toBeGreaterThan(0);
    for (const line of aboutThem) expect([given, madeId]).toContain((JSON.parse(line) as LogLine).reqId);
    expect(lines.join('\n')).not.toContain('bukan id yang sah');
  });

  it('puts it in the lines the code writes while answering (request.log): an error the database raised', async () => {
    // A table gone for a moment: the route's query fails and the error handler logs it.
    await t.db.execute(sql`ALTER TABLE categories RENAME TO categories_hilang`);
    const id = 'trace-500-0001';
    const answer = await t.app.inject({ method: 'GET', url: '/api/v1/catalog/categories', headers: { 'x-request-id': id } });
    await t.db.execute(sql`ALTER TABLE categories_hilang RENAME TO categories`);
    expect(answer.statusCode).toBeGreaterThanOrEqual(500);
    expect(answer.headers['x-request-id']).toBe(id);
    const errors = parsed().filter((line) => (line as { level?: number }).level === 50);
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) expect(line.reqId).toBe(id);
  });
});
