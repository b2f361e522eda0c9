import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_FILE_MAX_BYTES, knowledgeMessages } from '@pasar/core/knowledge';
import { testEngine, type TestApp } from '../../test/app';
import { appWithDemoSessions, callApi, type AuthHeaders } from '../../test/demo-sessions';
import { tinyPdf } from './test-pdf';

let t: TestApp, admin: AuthHeaders, customer: AuthHeaders;
let productId: number;

beforeAll(async () => {
  ({ t, admin, customer } = await appWithDemoSessions());
  productId = (await t.app.inject({ method: 'GET', url: '/api/v1/catalog/products/' })).json().data[0].id;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = admin) => callApi(t.app, method, url, payload, headers);

describe(`knowledge entries (${testEngine})`, () => {
  it('is admin only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/knowledge/' })).statusCode).toBe(401);
    expect((await call('GET', '/knowledge/', undefined, customer)).statusCode).toBe(403);
    expect((await call('POST', '/knowledge/', { title: 'x' }, customer)).statusCode).toBe(403);
  });

  it('creates a trimmed entry linked to a product, lists newest first, unlinks with product_id 0, deletes', async () => {
    const res = await call('POST', '/knowledge/', { title: ' Cara menyimpan ', file: '  ', description: ' Simpan di tempat kering. ', product_id: productId });
    expect(res.statusCode).toBe(201);
    const entry = res.json().data;
    expect(entry).toMatchObject({ title: 'Cara menyimpan', file: '', description: 'Simpan di tempat kering.', product_id: productId, product: { id: productId } });

    const list = (await call('GET', '/knowledge/')).json().data as { id: number; created_at: string }[];
    expect(list[0]!.id).toBe(entry.id);
    const times = list.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const unlinked = await call('PUT', `/knowledge/${entry.id}`, { title: 'Cara menyimpan', description: 'x', product_id: 0, version: entry.version });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().data).toMatchObject({ product_id: null, product: null, version: entry.version + 1 });

    expect((await call('DELETE', `/knowledge/${entry.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/knowledge/${entry.id}`)).statusCode).toBe(404);
  });

  it("answers the spec's message for a missing title and refuses an unknown product", async () => {
    const res = await call('POST', '/knowledge/', { title: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Judul wajib diisi.', fields: { title: 'Judul wajib diisi.' } });
    const bad = await call('POST', '/knowledge/', { title: 'A', product_id: 999999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.product_id).toBe('Produk terkait tidak ditemukan.');
  });

  it('rejects a stale update', async () => {
    const entry = (await call('POST', '/knowledge/', { title: 'Ongkir' })).json().data;
    expect((await call('PUT', `/knowledge/${entry.id}`, { title: 'Ongkir 1', version: 1 })).statusCode).toBe(200);
    const stale = await call('PUT', `/knowledge/${entry.id}`, { title: 'Ongkir 2', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_UPDATE');
  });
});

async function multipart(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, file?: { name: string; content: Buffer | string; type?: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new File([typeof file.content === 'string' ? file.content : new Uint8Array(file.content)], file.name, { type: file.type ?? 'application/octet-stream' }));
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { ...admin, 'content-type': request.headers.get('content-type')! } });
}

const onDisk = (publicPath: string) => path.join(t.config.uploadsDir, publicPath.replace(/^\/uploads\//, ''));
const storedFiles = () => (fs.existsSync(path.join(t.config.uploadsDir, 'knowledge')) ? fs.readdirSync(path.join(t.config.uploadsDir, 'knowledge')).sort() : []);
let chatIp = 0;
const ask = async (question: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/v1/assistant/chat', payload: { messages: [{ role: 'user', content: question }] }, remoteAddress: `10.7.0.${++chatIp}` })).json().data as {
    answered: boolean;
    answer: string;
    sources: { kind: string; id: number | string; title: string }[];
  };

describe(`knowledge file uploads (${testEngine})`, () => {
  it('stores an uploaded text file, serves it, and the assistant answers from a phrase only in the file', async () => {
    const text = '# Pesanan partai besar\nUntuk pesanan di atas 200 bungkus, hubungi kami seminggu sebelumnya agar bahan baku tersedia.';
    const res = await multipart('POST', '/knowledge/', { title: 'Pesanan grosir', description: '', product_id: '0' }, { name: 'grosir.md', content: text, type: 'text/markdown' });
    expect(res.statusCode).toBe(201);
    const entry = res.json().data;
    expect(res.json().message).toBe(knowledgeMessages.created);
    expect(entry.file).toMatch(/^\/uploads\/knowledge\/[a-f0-9]{32}\.md$/);
    expect(entry.file_text_chars).toBe(text.length);
    expect(fs.readFileSync(onDisk(entry.file), 'utf8')).toBe(text);

    // The admin's link works: the file is served like product images.
    const served = await t.app.inject({ method: 'GET', url: entry.file });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe(text);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const answer = await ask('kalau pesan 200 bungkus harus hubungi seminggu sebelumnya?');
    expect(answer.answered).toBe(true);
    expect(answer.sources).toContainEqual(expect.objectContaining({ kind: 'knowledge', id: entry.id, title: 'Pesanan grosir' }));
  });

  it('reads the text layer of an uploaded PDF for the assistant', async () => {
    const pdf = tinyPdf(['Garansi anyaman rotan:', 'anyaman yang lepas dalam 30 hari diperbaiki gratis oleh perajin.']);
    const res = await multipart('POST', '/knowledge/', { title: 'Garansi kerajinan', product_id: String(productId) }, { name: 'Garansi.PDF', content: pdf, type: 'application/pdf' });
    expect(res.statusCode).toBe(201);
    const entry = res.json().data;
    expect(entry).toMatchObject({ title: 'Garansi kerajinan', product_id: productId });
    expect(entry.file).toMatch(/\.pdf$/);
    expect(entry.file_text_chars).toBeGreaterThan(40);
    const answer = await ask('anyaman rotan lepas apakah diperbaiki gratis?');
    expect(answer.sources[0]).toMatchObject({ kind: 'knowledge', id: entry.id });
  });

  it('keeps a PDF without a text layer, and says the assistant cannot read it', async () => {
    const res = await multipart('POST', '/knowledge/', { title: 'Brosur pindaian' }, { name: 'brosur.pdf', content: tinyPdf([]) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.file_text_chars).toBe(0);
    expect(res.json().message).toBe(`${knowledgeMessages.created} ${knowledgeMessages.fileUnreadable}`);
  });

  it('refuses a fake PDF, a binary text file, another type and an oversized file, storing nothing', async () => {
    const before = storedFiles();
    const cases: [{ name: string; content: Buffer | string }, number, string][] = [
      [{ name: 'palsu.pdf', content: 'ini hanya teks biasa' }, 400, knowledgeMessages.fileNotPdf],
      [{ name: 'biner.txt', content: Buffer.from([0x68, 0x61, 0x00, 0x6c]) }, 400, knowledgeMessages.fileNotText],
      [{ name: 'latin1.txt', content: Buffer.from([0x63, 0x61, 0x66, 0xe9]) }, 400, knowledgeMessages.fileNotText],
      [{ name: 'dokumen.docx', content: 'PK' }, 400, knowledgeMessages.fileType],
      [{ name: 'besar.txt', content: Buffer.alloc(KNOWLEDGE_FILE_MAX_BYTES + 1, 0x61) }, 413, knowledgeMessages.fileTooLarge],
    ];
    for (const [file, status, message] of cases) {
      const res = await multipart('POST', '/knowledge/', { title: 'Ditolak' }, file);
      expect(res.statusCode, file.name).toBe(status);
      expect(res.json()).toMatchObject({ success: false, error: message, fields: { file: message } });
    }
    expect(knowledgeMessages.fileTooLarge).toBe('Berkas terlalu besar. Ukuran maksimal 5 MB.');
    // Fields are checked before anything is stored.
    const noTitle = await multipart('POST', '/knowledge/', { title: ' ' }, { name: 'ok.txt', content: 'isi' });
    expect(noTitle.json()).toMatchObject({ error: 'Judul wajib diisi.', fields: { title: 'Judul wajib diisi.' } });
    expect(storedFiles()).toEqual(before);
  });

  it('removes the stored file when it is replaced, cleared or its entry deleted, and only files no other entry uses', async () => {
    const first = (await multipart('POST', '/knowledge/', { title: 'Ganti berkas' }, { name: 'a.txt', content: 'versi pertama' })).json().data;
    const replaced = await multipart('PUT', `/knowledge/${first.id}`, { title: 'Ganti berkas', product_id: '0', version: String(first.version) }, { name: 'b.txt', content: 'versi kedua' });
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json().data;
    expect(second.file).not.toBe(first.file);
    expect(fs.existsSync(onDisk(first.file))).toBe(false);
    expect(fs.readFileSync(onDisk(second.file), 'utf8')).toBe('versi kedua');

    // A stale save with an upload keeps nothing it uploaded.
    const before = storedFiles();
    const stale = await multipart('PUT', `/knowledge/${first.id}`, { title: 'Ganti berkas', version: String(first.version) }, { name: 'c.txt', content: 'versi basi' });
    expect(stale.statusCode).toBe(409);
    expect(storedFiles()).toEqual(before);

    // Editing other fields as JSON keeps the file and its text.
    const kept = await call('PUT', `/knowledge/${first.id}`, { title: 'Ganti berkas lagi', file: second.file, description: 'x', product_id: 0, version: second.version });
    expect(kept.json().data).toMatchObject({ file: second.file, file_text_chars: 'versi kedua'.length });
    expect(fs.existsSync(onDisk(second.file))).toBe(true);

    // Another entry pointing at the same stored file keeps it alive.
    const sharer = (await call('POST', '/knowledge/', { title: 'Memakai berkas yang sama', file: second.file })).json().data;
    expect(sharer.file_text_chars).toBe('versi kedua'.length);
    const cleared = await call('PUT', `/knowledge/${first.id}`, { title: 'Ganti berkas lagi', file: '', description: 'x', product_id: 0, version: second.version + 1 });
    expect(cleared.json().data).toMatchObject({ file: '', file_text_chars: 0 });
    expect(fs.existsSync(onDisk(second.file))).toBe(true);
    expect((await call('DELETE', `/knowledge/${sharer.id}`)).statusCode).toBe(200);
    expect(fs.existsSync(onDisk(second.file))).toBe(false);

    const third = (await multipart('POST', '/knowledge/', { title: 'Hapus entri' }, { name: 'c.pdf', content: tinyPdf(['Hapus saya']) })).json().data;
    expect(fs.existsSync(onDisk(third.file))).toBe(true);
    expect((await call('DELETE', `/knowledge/${third.id}`)).statusCode).toBe(200);
    expect(fs.existsSync(onDisk(third.file))).toBe(false);
  });

  it('never removes a file the shop did not store', async () => {
    const outside = path.join(t.config.uploadsDir, 'products', 'bukan-milik-pengetahuan.txt');
    fs.mkdirSync(path.dirname(outside), { recursive: true });
    fs.writeFileSync(outside, 'tetap ada');
    const entry = (await call('POST', '/knowledge/', { title: 'Tautan luar', file: '/uploads/products/bukan-milik-pengetahuan.txt' })).json().data;
    expect(entry.file_text_chars).toBe(0);
    expect((await call('DELETE', `/knowledge/${entry.id}`)).statusCode).toBe(200);
    expect(fs.readFileSync(outside, 'utf8')).toBe('tetap ada');
  });
});

