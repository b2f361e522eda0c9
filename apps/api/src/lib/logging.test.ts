import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/errors';
import { loggerOptions } from './logging';

/** A failed insert as drizzle reports it: the SQL, the values, and the database's own error. */
function failedInsert(): Error {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "orders_guest_email"'), {
    code: '23505',
    detail: 'Key (guest_email)=(tamu@contoh.id) already exists.',
    table: 'orders',
  });
  return new DrizzleQueryError('insert into "orders" ("guest_email", "shipping_phone", "shipping_address") values ($1, $2, $3)', ['tamu@contoh.id', '081299998888', 'Jl. Braga No. 5'], cause);
}

describe('the server log on a failed request (issue 14)', () => {
  it("holds the error's type, code and SQL but none of the buyer's data", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const options = loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
    const app = Fastify({ logger: typeof options === 'object' ? { ...options, stream } : false });
    registerErrorHandling(app);
    app.post('/orders', async () => {
      throw failedInsert();
    });
    const res = await app.inject({ method: 'POST', url: '/orders?email=tamu@contoh.id', payload: { guest_email: 'tamu@contoh.id', shipping_phone: '081299998888' } });
    await app.close();

    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('insert into \\"orders\\"');
    expect(log).toContain('23505');
    expect(log).not.toContain('tamu@contoh.id');
    expect(log).not.toContain('081299998888');
    expect(log).not.toContain('Braga');
  });
});
