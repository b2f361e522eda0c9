/**
 * Issue 27 §5: a server that gets SIGTERM drains (docs/decisions/067-lifecycle.md). Under a stream of
 * requests every request that got an answer got a whole one (new connections are refused, which a
 * proxy retries on another server; none the process accepted is reset); a request in flight finishes;
 * readiness says 503 on a connection still open; and the process is gone within 10 s even while the
 * mail job waits on an SMTP server that never answers.
 */
import http from 'node:http';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { insertMail } from './features/mail/mail.repository';
import { createThrowawayDatabase, testEngine } from './test/app';
import { killShop, shopBaseUrl, startShopProcess, type ShopProcess } from './test/shop-process';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An SMTP server that takes connections and never says a word: a send waits for its 15 s timeout. */
async function stallingSmtp(): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return { url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`, connections: () => connections };
}

interface Outcome {
  status?: number;
  complete?: boolean;
  error?: string;
}

/** One request on a connection of its own (as nginx sends them by default): its status and whether the JSON body arrived whole. */
function getOnce(base: string, pathname: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get(`${base}${pathname}`, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        let complete = response.complete;
        try {
          JSON.parse(body);
        } catch {
          complete = false;
        }
        resolve({ status: response.statusCode ?? 0, complete });
      });
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ status: response.statusCode ?? 0, complete: false, error: error.code ?? error.message }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

/** The HTTP responses in what a socket received, each with its status, headers and whether its body is whole. */
function parseResponses(raw: string): { status: number; headers: Record<string, string>; body: string; complete: boolean }[] {
  const out: { status: number; headers: Record<string, string>; body: string; complete: boolean }[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) break;
    const [statusLine = '', ...headerLines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.slice(headEnd + 4, headEnd + 4 + length);
    out.push({ status: Number(statusLine.split(' ')[1]), headers, body, complete: Buffer.byteLength(body) === length });
    rest = rest.slice(headEnd + 4 + length);
  }
  return out;
}

async function rawConnection(port: number): Promise<{ socket: net.Socket; received: () => string; closed: Promise<void> }> {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, received: () => received, closed };
}

describe(`SIGTERM drains the server (${testEngine})`, () => {
  it('refuses new connections, finishes what is in flight, says 503 on readiness and exits within 10 s despite a stalled mail run', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-drain-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (postgresUrl) {
      const created = await createThrowawayDatabase(postgresUrl);
      cleanups.push(created.drop);
      databaseUrl = created.url;
    }
    // Mail waiting in the outbox, so the job at start is inside a send when SIGTERM comes.
    const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir: databaseUrl ? undefined : dataDir });
    await insertMail(
      database.db,
      Array.from({ length: 3 }, (_, i) => ({ kind: 'test', order_id: null, to_address: `pembeli${i}@contoh.id`, subject: 'Uji', text_body: 'Uji', html_body: '<p>Uji</p>', status: 'pending' as const })),
    );
    await database.close();
    const smtp = await stallingSmtp();

    const shop: ShopProcess = startShopProcess({
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '1' } : { EMBEDDED_DATABASE: 'pglite' }),
      SEED_DEMO: 'false',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'info',
    });
    cleanups.push(() => killShop(shop));
    const base = await shopBaseUrl(shop);
    const port = new URL(base).port;
    for (let i = 0; i < 300 && smtp.connections() === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(smtp.connections(), shop.output()).toBeGreaterThan(0);

    // A stream of requests, each on a new connection, until the server refuses them.
    const outcomes: Outcome[] = [];
    let refused = 0;
    const stream = Array.from({ length: 4 }, async () => {
      while (refused < 8) {
        const outcome = await getOnce(base, '/api/v1/health');
        outcomes.push(outcome);
        if (outcome.error === 'ECONNREFUSED') refused += 1;
      }
    });
    await new Promise((r) => setTimeout(r, 300));

    // At SIGTERM, one connection has a request in flight (its headers and half its body are sent), and
    // one was just accepted and has not sent its request yet.
    const body = JSON.stringify({ username: 'tidak-ada', password: 'salah-sekali' });
    const inFlight = await rawConnection(Number(port));
    inFlight.socket.write(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    const fresh = await rawConnection(Number(port));
    // And one kept alive after a request, now idle.
    const idle = await rawConnection(Number(port));
    idle.socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    for (let i = 0; i < 50 && parseResponses(idle.received()).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(parseResponses(idle.received())[0]?.headers.connection).toBe('keep-alive');
    let idleClosedAt = 0;
    void idle.closed.then(() => (idleClosedAt = Date.now()));
    await new Promise((r) => setTimeout(r, 200));

    const signalledAt = Date.now();
    process.kill(shop.child.pid!, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    // The listener is closed by now: a new connection is refused; the idle kept-alive one is closed.
    expect((await getOnce(base, '/api/v1/health/ready')).error).toBe('ECONNREFUSED');
    expect(idleClosedAt).toBeGreaterThan(0);
    expect(idleClosedAt - signalledAt).toBeLessThan(500);
    inFlight.socket.write(body.slice(10));
    fresh.socket.write(`GET /api/v1/health/ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await Promise.all([inFlight.closed, fresh.closed, ...stream]);
    const code = await shop.exited;
    const tookMs = Date.now() - signalledAt;

    // The login in flight got its whole answer (wrong credentials), not a reset, and the connection closes after it.
    const [login] = parseResponses(inFlight.received());
    expect(login, inFlight.received()).toBeDefined();
    expect(login!.complete).toBe(true);
    expect([400, 401]).toContain(login!.status);
    expect(JSON.parse(login!.body).success).toBe(false);
    expect(login!.headers.connection).toBe('close');
    // Readiness asked while draining: 503, said so, and the connection closes after it.
    const [ready] = parseResponses(fresh.received());
    expect(ready, fresh.received()).toBeDefined();
    expect(ready!.status).toBe(503);
    expect(JSON.parse(ready!.body)).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE', draining: true });
    expect(ready!.headers.connection).toBe('close');

    // Every answer of the stream is a whole 200; the only failures are refused connections.
    const answered = outcomes.filter((o) => o.status !== undefined);
    expect(answered.length).toBeGreaterThan(5);
    expect(answered.every((o) => o.status === 200 && o.complete)).toBe(true);
    // Refused, never cut: except that a handshake the kernel completes in the very instant the listener
    // closes is reset by the kernel before the process could accept it (seen in about one run of five
    // here, with four clients connecting back to back; none of its bytes reached the application). Decision
    // 067 and docs/deploy.md: a proxy that stops sending before SIGTERM avoids even that one.
    const failures = outcomes.filter((o) => o.status === undefined);
    expect(failures.every((o) => o.error === 'ECONNREFUSED' || o.error === 'ECONNRESET'), JSON.stringify(failures)).toBe(true);
    expect(failures.filter((o) => o.error === 'ECONNRESET').length, JSON.stringify(failures)).toBeLessThanOrEqual(1);

    // The mail run waits on a silent SMTP server for 15 s; the process is gone well before.
    expect(tookMs, shop.output()).toBeLessThan(10_000);
    expect(code).toBe(0);
  }, 120_000);
});
