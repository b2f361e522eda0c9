import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../plugins/errors';
import { linesNotJson } from '../test/shop-process';
import { jsonLine, loggerOptions, redactPath } from './logging';

/** A Fastify app logging as in production, and the lines it wrote. */
function loggedApp() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const options = loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
  const app = Fastify({ logger: typeof options === 'object' ? { ...options, stream } : false });
  return { app, log: () => lines.join('') };
}

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
    const logged = loggedApp();
    const app = logged.app;
    registerErrorHandling(app);
    app.post('/orders', async () => {
      throw failedInsert();
    });
    const res = await app.inject({ method: 'POST', url: '/orders?email=tamu@contoh.id', payload: { guest_email: 'tamu@contoh.id', shipping_phone: '081299998888' } });
    await app.close();

    expect(res.statusCode).toBe(500);
    const log = logged.log();
    expect(log).toContain('unhandled error');
    expect(log).toContain('insert into \\"orders\\"');
    expect(log).toContain('23505');
    expect(log).not.toContain('tamu@contoh.id');
    expect(log).not.toContain('081299998888');
    expect(log).not.toContain('Braga');
  });
});

describe('credentials in paths (issue 26)', () => {
  const token = 'a1b2c3d4'.repeat(8);
  it('are redacted in the request lines and in messages, however the path is spelled', async () => {
    const { app, log } = loggedApp();
    app.get('/api/v1/orders/access/:token', async () => ({ ok: true }));
    app.get('/api/v1/payments/sandbox/pay/:reference', async () => ({ ok: true }));
    app.get('/pesanan/*', async () => 'halaman');
    await app.inject({ method: 'GET', url: `/api/v1/orders/access/${token}` });
    await app.inject({ method: 'GET', url: '/api/v1/payments/sandbox/pay/SBX-rahasia123' });
    await app.inject({ method: 'GET', url: `/pesanan/akses/${token}?utm=x` });
    await app.inject({ method: 'GET', url: `/Pesanan//%41KSES/${token}` });
    // Unknown route: Fastify's own message quotes the URL.
    await app.inject({ method: 'POST', url: `/api/v1/orders/access/${token}/tidak-ada?email=tamu@contoh.id` });
    await app.close();

    const text = log();
    expect(text).toContain('/api/v1/orders/access/[redacted]');
    expect(text).toContain('/api/v1/payments/sandbox/pay/[redacted]');
    expect(text).toContain('/pesanan/akses/[redacted]?[redacted]');
    expect(text).toMatch(/not found/);
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(1));
    expect(text).not.toContain('rahasia123');
    expect(text).not.toContain('tamu@contoh.id');
    // A stray `%` does not stop the decoding that finds an encoded path.
    expect(redactPath(`/pesanan/%61kses/${token}%zz`)).toBe('/pesanan/akses/[redacted]');
  });
});

describe('a password reset link (issue 28)', () => {
  it("keeps the link's token out of the request line and of messages", async () => {
    const token = 'f0e1d2c3'.repeat(8);
    const { app, log } = loggedApp();
    app.get('/reset-password', async () => 'halaman');
    await app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    // Unknown route: Fastify's message quotes the whole URL.
    await app.inject({ method: 'GET', url: `/reset-password/x?token=${token}` });
    await app.close();
    const text = log();
    expect(text).toContain('/reset-password?[redacted]');
    expect(text).toMatch(/not found/);
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(1));
  });
});

describe('console output in production (issue 26)', () => {
  it('a start-up error is one JSON line with the query but not its values', () => {
    const line = jsonLine('error', ['Gagal menjalankan server:', failedInsert()]);
    expect(line.endsWith('\n')).toBe(true);
    const parsed = JSON.parse(line) as { level: number; msg: string; err: { type: string; message: string } };
    expect(parsed).toMatchObject({ level: 50, msg: 'Gagal menjalankan server:', err: { type: 'DrizzleQueryError' } });
    expect(parsed.err.message).toContain('insert into "orders"');
    expect(line).not.toMatch(/tamu@contoh\.id|081299998888|Braga/);
  });

  /** Runs a module that turns the JSON console on (or not) and then prints; answers its output and exit code. */
  function run(env: string, body: string): Promise<{ out: string; code: number | null }> {
    const script = `import { printJsonLinesInProduction } from ${JSON.stringify(new URL('./logging.ts', import.meta.url).pathname)};
import { DrizzleQueryError } from 'drizzle-orm';
printJsonLinesInProduction({ NODE_ENV: ${JSON.stringify(env)} });
${body}`;
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: import.meta.dirname, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('exit', (code) => resolve({ out, code }));
    });
  }

  const prints = `
console.info('Pasar UMKM berjalan di http://localhost:3000');
console.log('baris', 2);
console.warn('peringatan');
console.error('Gagal menjalankan server:', new DrizzleQueryError('select * from users where email = $1', ['admin@contoh.id', '$argon2id$hash'], new Error('boom')));
process.emitWarning('sesuatu usang', 'DeprecationWarning');
setTimeout(() => { throw new Error('tak tertangkap'); }, 10);
`;

  it('every line a production process prints is JSON: console, warnings, an uncaught error', async () => {
    const { out, code } = await run('production', prints);
    expect(code).toBe(1);
    expect(linesNotJson(out)).toEqual([]);
    const msgs = out.trim().split('\n').map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(msgs).toEqual(expect.arrayContaining(['Pasar UMKM berjalan di http://localhost:3000', 'baris 2', 'peringatan', 'Gagal menjalankan server:', 'uncaught exception']));
    expect(msgs.some((msg) => msg.includes('DeprecationWarning: sesuatu usang'))).toBe(true);
    expect(out).not.toMatch(/admin@contoh\.id|argon2id/);
  });

  it('development keeps its readable console', async () => {
    const { out } = await run('development', "console.info('Pasar UMKM berjalan di http://localhost:3000');");
    expect(out).toBe('Pasar UMKM berjalan di http://localhost:3000\n');
  });
});
