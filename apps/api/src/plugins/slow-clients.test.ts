/**
 * Slow and idle clients are cut off (issue 26): the real app listening on a port, raw sockets that
 * trickle, stall or hold connections, with the timeouts made small through their variables.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

interface Conn {
  socket: net.Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves with the milliseconds from connecting to the server closing the connection. */
  closed: Promise<number>;
}

function connect(port: number): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes `body` in pieces of `size` bytes every `everyMs` while the socket is open; answers how many bytes went. */
async function trickle(socket: net.Socket, body: string, size: number, everyMs: number): Promise<number> {
  let sent = 0;
  while (sent < body.length && !socket.destroyed) {
    socket.write(body.slice(sent, sent + size));
    sent += size;
    await sleep(everyMs);
  }
  return Math.min(sent, body.length);
}

const lookupHead = (length: number) =>
  `POST /api/v1/orders/lookup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
/** A lookup body of `length` bytes: valid JSON padded with spaces, so a body that arrives whole gets its 404. */
function lookupBody(length: number): string {
  const json = '{"order_id":999999,"email":"tamu@contoh.id"}';
  return json + ' '.repeat(length - json.length);
}

/**
 * A lookup whose head goes at once and whose `length`-byte body trickles in pieces of `size` bytes
 * every `everyMs`: the connection, and how many bytes of the body went.
 */
async function trickledLookup(port: number, length: number, size: number, everyMs: number): Promise<{ c: Conn; sent: number }> {
  const c = await connect(port);
  c.socket.write(lookupHead(length));
  const sent = await trickle(c.socket, lookupBody(length), size, everyMs);
  return { c, sent };
}

describe('slow and idle clients on a listening server', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { HEADERS_TIMEOUT_MS: '400', BODY_RATE_WINDOW_MS: '300', BODY_MIN_BYTES_PER_SECOND: '1000', REQUEST_TIMEOUT_MS: '3000', KEEP_ALIVE_TIMEOUT_MS: '400' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('closes a body that trickles in below the minimum rate', async () => {
    // 20 bytes a second against a minimum of 1,000: the whole body would take 500 s.
    const { c, sent } = await trickledLookup(port, 10_000, 1, 50);
    expect(await c.closed).toBeLessThan(2000);
    expect(sent).toBeLessThan(100);
    expect(c.received()).toBe('');
  });

  it('closes a body that stalls', async () => {
    const c = await connect(port);
    c.socket.write(lookupHead(10_000) + lookupBody(10_000).slice(0, 2000));
    expect(await c.closed).toBeLessThan(2000);
    expect(c.received()).toBe('');
  });

  it('lets an upload that keeps moving finish, however many windows it takes', async () => {
    // 6,000 bytes a second, above the minimum, over five windows.
    const { c } = await trickledLookup(port, 9_000, 600, 100);
    for (let i = 0; i < 100 && !c.received().includes('\r\n\r\n'); i++) await sleep(20);
    expect(c.received()).toMatch(/^HTTP\/1\.1 404 /);
    c.socket.destroy();
  });

  it('closes a request still arriving at REQUEST_TIMEOUT_MS, however fast it moves', async () => {
    const { c, sent } = await trickledLookup(port, 1_000_000, 1000, 100);
    expect(await c.closed).toBeLessThan(4500);
    expect(sent).toBeLessThan(1_000_000);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 |^$/);
  });

  it('closes headers that trickle in', async () => {
    const c = await connect(port);
    await trickle(c.socket, `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'a'.repeat(200)}\r\n\r\n`, 1, 20);
    expect(await c.closed).toBeLessThan(1500);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never sends a byte', async () => {
    const c = await connect(port);
    expect(await c.closed).toBeLessThan(1500);
  });

  it('closes an idle keep-alive connection after its answer', async () => {
    const c = await connect(port);
    c.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    for (let i = 0; i < 100 && !c.received().includes('\r\n\r\n'); i++) await sleep(20);
    const answered = Date.now();
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
    await c.closed;
    const idle = Date.now() - answered;
    expect(idle).toBeGreaterThanOrEqual(300);
    expect(idle).toBeLessThan(1500);
  });
});

describe('the connection cap', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { MAX_CONNECTIONS: '3', HEADERS_TIMEOUT_MS: '30000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await t?.close();
  });
  const open = () => new Promise<number>((resolve) => t.app.server.getConnections((_error, count) => resolve(count)));

  it('closes connections past MAX_CONNECTIONS unanswered, and serves again once one is free', async () => {
    const held = await Promise.all([connect(port), connect(port), connect(port)]);
    for (let i = 0; i < 100 && (await open()) < 3; i++) await sleep(10);
    const extra = await connect(port);
    extra.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await extra.closed).toBeLessThan(1000);
    expect(extra.received()).toBe('');

    held[0]?.socket.destroy();
    await held[0]?.closed;
    for (let i = 0; i < 100 && (await open()) > 2; i++) await sleep(10);
    const next = await connect(port);
    next.socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await next.closed;
    expect(next.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const c of held) c.socket.destroy();
  });
});
