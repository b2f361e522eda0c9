/**
 * Issue 27 §2: with S3 configured a payment proof is kept in S3's private area, so the admin reads
 * it through any server, and no address a browser could load gives it away
 * (docs/decisions/068-one-file-storage.md). Two apps on one database stand for two servers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';
import { makeBusiness, makeProduct } from '../../test/factories';
import { guestOrderPayload, localCourierOption, sendProof } from '../../test/orders';
import { S3_TEST_BUCKET, S3_TEST_PRIVATE_BUCKET, startLocalS3, type LocalS3 } from '../../test/s3';

let s3: LocalS3;
let t: TestApp;
/** The second server: same database and S3, its own (empty) DATA_DIR. */
let other: FastifyInstance;
let otherDataDir: string;
let pid: number;

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n');
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

let seq = 0;
async function orderWithProof(app: FastifyInstance, file: Buffer, name: string, type: string): Promise<{ id: number; token: string }> {
  seq += 1;
  const local = await localCourierOption(app);
  const res = await app.inject({ method: 'POST', url: '/api/v1/orders', payload: guestOrderPayload({ productId: pid, quantity: 1, local, email: `bukti${seq}@contoh.id` }) });
  expect(res.statusCode).toBe(201);
  const order = res.json().data as { id: number; order_url: string };
  const token = order.order_url.split('/').pop()!;
  const up = await sendProof(app, token, file, name, type);
  expect(up.statusCode).toBe(200);
  return { id: order.id, token };
}

/** The keys of every object s3rver keeps in a bucket (as `<key>._S3rver_object` files) that contain `part`. */
const objectsIn = (bucket: string, part: string) =>
  (fs.existsSync(path.join(s3.directory, bucket)) ? fs.readdirSync(path.join(s3.directory, bucket), { recursive: true }) : [])
    .map(String)
    .filter((f) => f.endsWith('._S3rver_object'))
    .map((f) => f.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
    .filter((key) => key.includes(part));

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ env: s3.env });
  otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasar-test-kedua-'));
  other = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: otherDataDir, LOG_LEVEL: 'silent', ...s3.env }), database: t.database });
  await other.ready();
  pid = (await makeProduct(t.db, { business_id: (await makeBusiness(t.db)).id, price: 12000, stock: 100 })).id;
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await s3?.close();
  if (otherDataDir) fs.rmSync(otherDataDir, { recursive: true, force: true });
});

describe(`payment proofs in S3 (${testEngine})`, () => {
  it('a proof uploaded through one server is shown to the admin through the other, from the private bucket', async () => {
    const { id } = await orderWithProof(t.app, pdf, 'bukti.pdf', 'application/pdf');
    // Neither server keeps it on its disk.
    expect(fs.existsSync(path.join(t.config.dataDir, 'payment-proofs'))).toBe(false);
    expect(objectsIn(S3_TEST_PRIVATE_BUCKET, `${id}-`)).toHaveLength(1);
    expect(objectsIn(S3_TEST_BUCKET, `${id}-`)).toHaveLength(0);

    const admin = await signIn(other, demoAccounts.admin.username, demoAccounts.admin.password);
    const proof = await other.inject({ method: 'GET', url: `/api/v1/orders/${id}/payment/proof`, headers: admin });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('application/pdf');
    expect(proof.rawPayload.equals(pdf)).toBe(true);
    // Still the admin's route only.
    const customer = await signIn(other, demoAccounts.customer.username, demoAccounts.customer.password);
    expect((await other.inject({ method: 'GET', url: `/api/v1/orders/${id}/payment/proof`, headers: customer })).statusCode).toBe(403);
  });

  it('is never at an address a browser could load, and no answer names one', async () => {
    const { id, token } = await orderWithProof(t.app, png, 'bukti.png', 'image/png');
    const [stored] = objectsIn(S3_TEST_PRIVATE_BUCKET, `${id}-`);
    expect(stored).toMatch(new RegExp(`^payment-proofs/${id}-[0-9a-f]{24}\\.png$`));
    const name = path.basename(stored!);
    // Unsigned GETs, as a browser would send them: the public bucket has no such object, under any prefix.
    for (const key of [`payment-proofs/${name}`, `private/payment-proofs/${name}`, name]) {
      expect((await fetch(`${s3.endpoint}/${S3_TEST_BUCKET}/${key}`)).status).toBe(404);
    }
    // Nor do the shop's /uploads addresses serve it.
    expect((await other.inject({ method: 'GET', url: `/uploads/payment-proofs/${name}` })).statusCode).toBe(404);
    const admin = await signIn(other, demoAccounts.admin.username, demoAccounts.admin.password);
    const answers = [
      await other.inject({ method: 'GET', url: `/api/v1/orders/access/${token}` }),
      await other.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: admin }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(s3.endpoint);
      expect(answer.body).not.toContain(name);
    }
  });

  it('a new proof after a rejection replaces the old object; the admin reads the new one through either server', async () => {
    const { id, token } = await orderWithProof(t.app, png, 'bukti.png', 'image/png');
    const admin = await signIn(other, demoAccounts.admin.username, demoAccounts.admin.password);
    const version = (await other.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: admin })).json().data.version as number;
    const rejected = await other.inject({ method: 'POST', url: `/api/v1/orders/${id}/payment/reject`, headers: admin, payload: { reason: 'Nominal tidak sesuai', version } });
    expect(rejected.statusCode).toBe(200);
    expect((await sendProof(other, token, pdf, 'bukti.pdf', 'application/pdf')).statusCode).toBe(200);

    expect(objectsIn(S3_TEST_PRIVATE_BUCKET, `${id}-`)).toEqual([expect.stringMatching(/^payment-proofs\/\d+-[0-9a-f]{24}\.pdf$/)]);
    for (const app of [t.app, other]) {
      const proof = await app.inject({ method: 'GET', url: `/api/v1/orders/${id}/payment/proof`, headers: admin });
      expect(proof.statusCode).toBe(200);
      expect(proof.rawPayload.equals(pdf)).toBe(true);
    }
  });
});

// The same two servers: a knowledge file keeps its /uploads/knowledge/… address, which either server answers from S3.
describe(`knowledge files in S3 (${testEngine})`, () => {
  it('a file uploaded through one server is served, read for the assistant and removed through the other', async () => {
    const admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
    const form = new FormData();
    form.append('title', 'Cara menyimpan keripik');
    form.append('file', new File(['Simpan keripik di wadah kedap udara.'], 'simpan.txt', { type: 'text/plain' }));
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/knowledge/',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { ...admin, 'content-type': request.headers.get('content-type')! },
    });
    expect(created.statusCode).toBe(201);
    const entry = created.json().data as { id: number; file: string };
    expect(entry.file).toMatch(/^\/uploads\/knowledge\/[0-9a-f]{32}\.txt$/);
    expect(fs.existsSync(path.join(t.config.uploadsDir, 'knowledge'))).toBe(false);

    const served = await other.inject({ method: 'GET', url: entry.file });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.body).toBe('Simpan keripik di wadah kedap udara.');

    // An entry typed with the same address on the other server reads the file's text from S3.
    const otherAdmin = await signIn(other, demoAccounts.admin.username, demoAccounts.admin.password);
    const typed = await other.inject({ method: 'POST', url: '/api/v1/knowledge/', headers: otherAdmin, payload: { title: 'Salinan', file: entry.file } });
    expect(typed.statusCode).toBe(201);
    expect(typed.json().data.file_text_chars).toBe('Simpan keripik di wadah kedap udara.'.length);
    expect((await other.inject({ method: 'DELETE', url: `/api/v1/knowledge/${typed.json().data.id}`, headers: otherAdmin })).statusCode).toBe(200);
    expect((await other.inject({ method: 'DELETE', url: `/api/v1/knowledge/${entry.id}`, headers: otherAdmin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: entry.file })).statusCode).toBe(404);
  });
});
