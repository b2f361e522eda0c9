/**
 * The outbox against a real database and the real SMTP client (docs/integrations.md, E-mail): a
 * mail server from `smtp-server` runs in this process on 127.0.0.1, and the tests read what it
 * received. Refusing, hanging and concurrent senders included.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { formatRupiah } from '@pasar/core/money';
import { buildApp } from '../../app';
import { mailOutbox, orders } from '../../db/schema';
import { createMailer, type Mailer } from '../../integrations/mail/mailer';
import type { TestApp } from '../../test/app';
import { appWithDemoSessions, type AuthHeaders } from '../../test/demo-sessions';
import { withSetting } from '../../test/settings';
import { claimNextMail, insertMail, MAIL_CLAIM_MS, MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from './mail.repository';
import { queueOrderPlacedMails, queueProofUploadedMail, sendDueMail } from './mail.service';
import { manualPayment, testOrder } from './test-order';

interface Received {
  from: string;
  to: string[];
  headers: string;
  text: string;
  html: string;
}

interface TestSmtp {
  url: string;
  received: Received[];
  rcptAttempts: number;
  close(): Promise<void>;
}

const servers: { close(): Promise<void> }[] = [];

/** The bodies of a MIME message as the reader sees them, decoded from quoted-printable or base64. */
function readMessage(raw: string): { headers: string; text: string; html: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const sections = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  const bodies: Record<string, string> = {};
  for (const section of sections) {
    const at = section.indexOf('\r\n\r\n');
    const head = section.slice(0, at);
    const body = section.slice(at + 4).replace(/\r\n$/, '');
    const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim().toLowerCase() ?? 'text/plain';
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
    let decoded = body;
    if (encoding === 'quoted-printable') {
      decoded = Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
    } else if (encoding === 'base64') {
      decoded = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    }
    bodies[type] = decoded;
  }
  return { headers, text: bodies['text/plain'] ?? '', html: bodies['text/html'] ?? '' };
}

async function startSmtp(options: Partial<SMTPServerOptions> & { dataDelayMs?: number } = {}): Promise<TestSmtp> {
  const { dataDelayMs, ...serverOptions } = options;
  const state: TestSmtp = { url: '', received: [], rcptAttempts: 0, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    // The client would upgrade to TLS and refuse the server's self-signed certificate.
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onRcptTo(_address, _session, callback) {
      state.rcptAttempts += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const message = readMessage(Buffer.concat(chunks).toString('utf8'));
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        state.received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), ...message });
        setTimeout(() => callback(), dataDelayMs ?? 0);
      });
    },
    ...serverOptions,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  servers.push(state);
  return state;
}

/** A server that accepts the connection and then says nothing, like a mail host behind a broken firewall. */
async function startSilentServer(): Promise<string> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
  return `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function mailerFor(url: string, timeoutMs = 3000): Mailer {
  const mailer = createMailer({ SMTP_URL: url, MAIL_FROM: 'Pasar UMKM <toko@contoh.id>' }, { timeoutMs });
  if (!mailer) throw new Error('a mailer was expected for an SMTP URL');
  return mailer;
}

const origin = 'https://toko.contoh.id';
/** A moment after the rows were written, so they are due. */
const soon = () => new Date(Date.now() + 1000);

let t: TestApp;
let admin: AuthHeaders;
let customer: AuthHeaders;

beforeAll(async () => {
  ({ t, admin, customer } = await appWithDemoSessions());
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.delete(mailOutbox);
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The outbox refers to its order; a bare row is enough, the message content comes from the Order answer. */
async function orderRow(): Promise<number> {
  const [row] = await t.db.insert(orders).values({ total_amount: 1_265_317, guest_email: 'tamu@contoh.id' }).returning({ id: orders.id });
  if (!row) throw new Error('order row not created');
  return row.id;
}

async function outboxRows() {
  return t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
}

describe('sending through SMTP', () => {
  it('delivers the buyer confirmation with the order number, the exact amount, the account and the order link, and the shop notice', async () => {
    const smtp = await startSmtp();
    const id = await orderRow();
    const order = testOrder({ id, unique_code: 317, total_amount: 1_265_317 });
    await queueOrderPlacedMails(t.db, order, { origin, smtp: true });
    expect((await outboxRows()).map((r) => [r.kind, r.to_address, r.status])).toEqual([
      ['order_created', 'tamu@contoh.id', 'pending'],
      // The demo shop has no notify_email: the store profile's address gets the notice.
      ['order_created_store', 'halo@pasarumkm.id', 'pending'],
    ]);

    expect(await sendDueMail(t.db, mailerFor(smtp.url), soon())).toEqual({ sent: 2, failed: 0 });

    const buyer = smtp.received.find((m) => m.to.includes('tamu@contoh.id'));
    expect(buyer).toBeDefined();
    expect(buyer?.from).toBe('toko@contoh.id');
    for (const body of [buyer?.text ?? '', buyer?.html ?? '']) {
      expect(body).toContain(`#${id}`);
      expect(body).toContain(formatRupiah(1_265_317));
      expect(body).toContain(formatRupiah(317));
      expect(body).toContain('0001234567890');
      expect(body).toContain(`${origin}/pesanan/akses/abc123def456`);
    }
    expect(buyer?.text).toContain('Rp1.265.317');
    const store = smtp.received.find((m) => m.to.includes('halo@pasarumkm.id'));
    expect(store?.text).toContain(`${origin}/admin/orders?order=${id}`);

    const rows = await outboxRows();
    expect(rows.map((r) => [r.status, r.attempts, r.last_error])).toEqual([
      ['sent', 1, null],
      ['sent', 1, null],
    ]);
    expect(rows.every((r) => r.sent_at instanceof Date)).toBe(true);
    // Sent is sent: a second run finds nothing.
    expect(await sendDueMail(t.db, mailerFor(smtp.url), soon())).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it('sends the shop notices to notify_email when set, and the proof notice with its link', async () => {
    await withSetting(t.db, 'payments', { notify_email: 'kasir@contoh.id' }, async () => {
      const smtp = await startSmtp();
      const id = await orderRow();
      const order = testOrder({ id, payment: manualPayment({ proof_status: 'submitted', proof_uploaded_at: new Date().toISOString() }) });
      await queueProofUploadedMail(t.db, order, { origin, smtp: true });
      expect(await sendDueMail(t.db, mailerFor(smtp.url), soon())).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to).toEqual(['kasir@contoh.id']);
      expect(smtp.received[0]?.text).toContain(`pesanan #${id}`);
      expect(smtp.received[0]?.text).toContain(formatRupiah(order.total_amount));
      expect(smtp.received[0]?.text).toContain(`${origin}/admin/orders?order=${id}`);
    });
  });

  it('queues nothing for a buyer without e-mail, and no notice for a shop without an address', async () => {
    await withSetting(t.db, 'store_profile', { email: '' }, async () => {
      const id = await orderRow();
      await queueOrderPlacedMails(t.db, testOrder({ id, customer_email: null }), { origin, smtp: true });
      await queueProofUploadedMail(t.db, testOrder({ id }), { origin, smtp: true });
      expect(await outboxRows()).toEqual([]);
    });
  });

  it('a refusing server: the message is retried later with a growing wait, then failed after the last attempt', async () => {
    const smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        smtp.rcptAttempts += 1;
        callback(Object.assign(new Error('Kotak surat tidak tersedia'), { responseCode: 550 }));
      },
    });
    const mailer = mailerFor(smtp.url);
    await queueProofUploadedMail(t.db, testOrder({ id: await orderRow() }), { origin, smtp: true });
    expect(MAIL_MAX_ATTEMPTS).toBe(5);

    let clock = soon();
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await sendDueMail(t.db, mailer, clock)).toEqual({ sent: 0, failed: 1 });
      const [row] = await outboxRows();
      expect(row?.attempts).toBe(attempt);
      expect(row?.last_error).toContain('Server email menolak pengirim atau penerima');
      expect(row?.last_error).toContain('Kotak surat tidak tersedia');
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(row?.status).toBe('pending');
        expect(row?.next_attempt_at.getTime()).toBe(clock.getTime() + mailRetryDelayMs(attempt));
        // Not due yet: a run a moment before the wait is over leaves it alone.
        expect(await sendDueMail(t.db, mailer, new Date(clock.getTime() + mailRetryDelayMs(attempt) - 1000))).toEqual({ sent: 0, failed: 0 });
        clock = row?.next_attempt_at ?? clock;
      } else {
        expect(row?.status).toBe('failed');
      }
    }
    expect(mailRetryDelayMs(2)).toBeGreaterThan(mailRetryDelayMs(1));
    expect(await sendDueMail(t.db, mailer, new Date(clock.getTime() + 7 * 24 * 3600_000))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.rcptAttempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(smtp.received).toHaveLength(0);
  });

  it('a server that never greets times out instead of holding the job', async () => {
    const url = await startSilentServer();
    await queueProofUploadedMail(t.db, testOrder({ id: await orderRow() }), { origin, smtp: true });
    const started = performance.now();
    expect(await sendDueMail(t.db, mailerFor(url, 300), soon())).toEqual({ sent: 0, failed: 1 });
    expect(performance.now() - started).toBeLessThan(5000);
    const [row] = await outboxRows();
    expect(row?.status).toBe('pending');
    expect(row?.last_error).toContain('Server email tidak menjawab tepat waktu');
  });

  it('a server that goes silent in the middle of a message times out too', async () => {
    const smtp = await startSmtp({
      onData(stream) {
        // Reads the message and never answers it.
        stream.resume();
      },
    });
    await queueProofUploadedMail(t.db, testOrder({ id: await orderRow() }), { origin, smtp: true });
    const started = performance.now();
    expect(await sendDueMail(t.db, mailerFor(smtp.url, 300), soon())).toEqual({ sent: 0, failed: 1 });
    expect(performance.now() - started).toBeLessThan(5000);
    const [row] = await outboxRows();
    expect(row?.status).toBe('pending');
    expect(row?.last_error).toContain('Server email tidak menjawab tepat waktu');
  });

  it('two runs at the same time send every message exactly once', async () => {
    // A slow server keeps both runs busy at once, so they race for the same rows.
    const smtp = await startSmtp({ dataDelayMs: 20 });
    const id = await orderRow();
    const addresses = Array.from({ length: 10 }, (_, i) => `pembeli${i + 1}@contoh.id`);
    await insertMail(
      t.db,
      addresses.map((to) => ({ kind: 'order_created', order_id: id, to_address: to, subject: `Pesanan #${id}`, text_body: 'Halo', html_body: '<p>Halo</p>', status: 'pending' as const })),
    );
    const mailer = mailerFor(smtp.url);
    const now = soon();
    const [a, b] = await Promise.all([sendDueMail(t.db, mailer, now), sendDueMail(t.db, mailer, now)]);
    expect(a.sent + b.sent).toBe(addresses.length);
    expect(a.failed + b.failed).toBe(0);
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual([...addresses].sort());
    expect((await outboxRows()).map((r) => [r.status, r.attempts])).toEqual(addresses.map(() => ['sent', 1]));
  });

  it('a message left in sending by a stopped process is sent again once its claim has run out', async () => {
    const smtp = await startSmtp();
    await queueProofUploadedMail(t.db, testOrder({ id: await orderRow() }), { origin, smtp: true });
    const now = soon();
    // A process claims the message and dies before sending it.
    expect(await claimNextMail(t.db, now)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(await sendDueMail(t.db, mailerFor(smtp.url), new Date(now.getTime() + MAIL_CLAIM_MS - 60_000))).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    expect(await sendDueMail(t.db, mailerFor(smtp.url), new Date(now.getTime() + MAIL_CLAIM_MS + 60_000))).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect((await outboxRows()).map((r) => [r.status, r.attempts])).toEqual([['sent', 2]]);
  });
});

describe('without SMTP', () => {
  it('has no mailer', () => {
    expect(createMailer({ SMTP_URL: undefined, MAIL_FROM: 'x@contoh.id' })).toBeNull();
  });

  it('keeps the messages, never sends them, and GET /outbox shows them to an admin only', async () => {
    const id = await orderRow();
    await queueOrderPlacedMails(t.db, testOrder({ id }), { origin, smtp: false });
    expect((await outboxRows()).map((r) => r.status)).toEqual(['kept', 'kept']);
    const sent: string[] = [];
    expect(await sendDueMail(t.db, { send: async (m) => void sent.push(m.to) }, new Date(Date.now() + 24 * 3600_000))).toEqual({ sent: 0, failed: 0 });
    expect(sent).toEqual([]);

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/outbox' })).statusCode).toBe(401);
    const asCustomer = await t.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: customer });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/outbox', headers: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { success: boolean; data: { items: Record<string, unknown>[]; total: number; page: number; page_size: number; smtp_configured: boolean } };
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ total: 2, page: 1, page_size: 20, smtp_configured: false });
    // Newest first: the shop notice was written after the buyer's message.
    expect(body.data.items.map((i) => i.kind)).toEqual(['order_created_store', 'order_created']);
    const buyer = body.data.items.find((i) => i.kind === 'order_created');
    expect(buyer).toMatchObject({ order_id: id, to_address: 'tamu@contoh.id', channel: 'email', status: 'kept', attempts: 0, last_error: null, sent_at: null });
    expect(String(buyer?.text_body)).toContain(`${origin}/pesanan/akses/abc123def456`);
    expect(Object.keys(buyer ?? {}).sort()).toEqual(['attempts', 'channel', 'created_at', 'id', 'kind', 'last_error', 'order_id', 'sent_at', 'status', 'subject', 'text_body', 'to_address']);

    const page2 = (await t.app.inject({ method: 'GET', url: '/api/v1/outbox?page=2&page_size=20', headers: admin })).json() as { data: { items: unknown[]; total: number } };
    expect(page2.data).toMatchObject({ items: [], total: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/outbox?page_size=7', headers: admin })).statusCode).toBe(400);
  });

  it('GET /outbox says when SMTP is configured', async () => {
    // The same database, read by an app whose configuration has SMTP (no jobs, so nothing is sent).
    const app = await buildApp({ config: { ...t.config, SMTP_URL: 'smtp://127.0.0.1:2525', JOB_INTERVAL_MS: 0 }, database: t.database });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/outbox', headers: admin });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { data: { smtp_configured: boolean } }).data.smtp_configured).toBe(true);
    } finally {
      await app.close();
    }
  });
});
