/**
 * Issue 31 item 2 (decision 060): a third set of shopper questions, written for this issue and
 * never copied into the vocabulary: derived word forms (ditukar / penukaran, dikirim /
 * pengiriman), loanwords and abbreviations (retur, refund, COD, ongkir, resi, tf), typos. Stricter
 * than the other sets: the TOP answer must be the expected one (the first document the composed
 * answer is built from, or the first product card), not one of the top three. The hit rate is
 * printed; it was 35 of 46 before this change (decision 060) and is held at its floor now.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine, type TestApp } from '../../test/app';
import { appWithDemoCorpus, type ExpectedSource } from '../../test/assistant';
import { withoutLandlineWhatsapp, type Corpus } from './assistant-knowledge';
import { composeAnswer, firstSentences, retrieve } from './assistant.service';

let t: TestApp, corpus: Corpus;

beforeAll(async () => {
  ({ t, corpus } = await appWithDemoCorpus());
});
afterAll(() => t?.close());

/** One document, or any of several that answer alike. */
type Expect = ExpectedSource | ExpectedSource[];

const RETURNS = { k: 'Pengembalian dan penukaran barang' };
const SHIPPING = { k: 'Pengiriman ke luar kota dan luar provinsi' };
const SAME_DAY = { k: 'Pengiriman lokal di Kota Bandung (same-day)' };
const PAYING = { k: 'Metode pembayaran' };
const CONFIRMING = { s: 'Konfirmasi transfer' };
const PICKUP = { k: 'Ambil sendiri di galeri Pasar UMKM' };
/** The address alone: the pickup entry or the store's own pickup fact both give it. */
const PICKUP_ADDRESS = [PICKUP, { s: 'Ambil di galeri' }];
const PARTNER = { k: 'Menjadi mitra UMKM' };
const CONTACT = { s: 'Kontak toko' };

export const WORD_FORM_CASES: [string, Expect][] = [
  // Returns: derived forms and loanwords.
  ['barang yg rusak bisa dikembalikan?', RETURNS],
  ['gimana prosedur pengembalian barang', RETURNS],
  ['penukaran barang cacat gmn caranya', RETURNS],
  ['bisa retur kalau kemasannya penyok?', RETURNS],
  ['minta refund bisa ga kak', RETURNS],
  ['mau nukerin barang yg pecah', RETURNS],
  ['klaim garansi barang pecah di jalan', RETURNS],
  ['pengembalian uang brp lama', RETURNS],
  ['mau return barang, warnanya beda', RETURNS],
  ['barangnya boleh ditukarkan?', RETURNS],
  // Shipping out of town.
  ['ongkir ke semarang berapa', SHIPPING],
  ['pengirimannya pakai ekspedisi apa aja', SHIPPING],
  ['bisa dikirimkan ke luar jawa?', SHIPPING],
  ['kirimnya pake jne bisa?', SHIPPING],
  ['ongkos kirimnya dihitung dari apa', SHIPPING],
  ['no resi nya dikasih ga? kirim via sicepat', SHIPPING],
  ['pengiriman ke kalimantan brp hari', SHIPPING],
  // Same day in town.
  ['kalau pesan sebelum jam 2 siang sampai hari ini?', SAME_DAY],
  ['pengantaran di hari yang sama dalam kota bandung ada?', SAME_DAY],
  ['bisa diantar hari itu juga ke coblong', SAME_DAY],
  // Paying.
  ['bisa bayar di tempat / COD?', PAYING],
  ['pembayarannya lewat apa aja min', PAYING],
  ['bisa pakai virtual account?', PAYING],
  ['metode pembyaran apa saja', PAYING],
  // Confirming a transfer.
  ['sudah transfer tapi belum dikonfirmasi', CONFIRMING],
  ['udah tf dari kemarin kok blm dikonfirmasi', CONFIRMING],
  ['bukti transfer diupload dimana?', CONFIRMING],
  ['berapa lama konfirmasi transfer manual', CONFIRMING],
  // Picking up.
  ['galerinya buka hari sabtu?', PICKUP],
  ['pengambilan pesanan di galeri jam berapa', PICKUP],
  ['alamat galeri pasar umkm dmn ya', PICKUP_ADDRESS],
  // Becoming a partner.
  ['pendaftaran mitra syaratnya apa', PARTNER],
  ['saya mau mendaftarkan usaha saya', PARTNER],
  ['gmn caranya jadi supplier disini', PARTNER],
  // Sizes, care, storing.
  ['ukuran kemeja batik L lingkar dadanya brp', { k: 'Ukuran kaos dan kemeja batik' }],
  ['cara mencuci kain batik tulis yang benar', { k: 'Perawatan kain batik tulis' }],
  ['batik boleh pake pemutih?', { k: 'Perawatan kain batik tulis' }],
  ['tas pandan basah kehujanan gmn ngeringinnya', { k: 'Perawatan tas anyaman pandan' }],
  ['penyimpanan madu yang benar gimana', { k: 'Cara menyimpan madu hutan dan madu yang mengkristal' }],
  ['keripik tempe yg udah dibuka awet brp lama', { k: 'Cara menyimpan keripik tempe agar tetap renyah' }],
  ['kopi bubuknya sebaiknya disimpan dimana', { k: 'Cara menyimpan kopi bubuk dan biji kopi' }],
  // Halal and ingredients.
  ['apakah semua makanan disini bersertifikat halal', { k: 'Produk halal di Pasar UMKM' }],
  ['sabun serehnya mengandung lemak hewani ga?', { k: 'Bahan dan kehalalan sabun sereh wangi' }],
  // Contact.
  ['minta nomor whatsapp admin dong', CONTACT],
  ['cs bisa dihubungi lewat apa', CONTACT],
  // Products.
  ['ada keripik singkong pedas?', { p: 'Keripik Singkong Balado' }],
];

/** The top answer: the first document the composed answer reads, or the first product card. */
function topHit(question: string, expected: Expect): boolean {
  if (Array.isArray(expected)) return expected.some((e) => topHit(question, e));
  const r = retrieve(corpus, question);
  if ('p' in expected) return r.products[0]?.name === expected.p;
  const first = composeAnswer(r).used[0];
  if (!first) return false;
  return 'k' in expected ? first.kind === 'knowledge' && first.title === expected.k : first.kind === 'store' && first.title === expected.s;
}

describe(`assistant retrieval, Indonesian word forms and loanwords (issue 31, ${testEngine})`, () => {
  it(`gives the right top answer for at least 90% of ${WORD_FORM_CASES.length} new shopper questions`, () => {
    expect(WORD_FORM_CASES.length).toBeGreaterThanOrEqual(40);
    const misses = WORD_FORM_CASES.filter(([q, e]) => !topHit(q, e)).map(([q]) => q);
    const hits = WORD_FORM_CASES.length - misses.length;
    console.info(`assistant word forms: ${hits}/${WORD_FORM_CASES.length} top answers right (${((hits / WORD_FORM_CASES.length) * 100).toFixed(1)}%)${misses.length ? `; missed: ${misses.join(' | ')}` : ''}`);
    expect(hits / WORD_FORM_CASES.length).toBeGreaterThanOrEqual(0.9);
  });
});

describe('answers keep what the entries say (issue 31)', () => {
  const answerTo = (question: string) => composeAnswer(retrieve(corpus, question)).text;

  it('keeps dotted times, numbers and abbreviations in the composed answer', () => {
    const pickup = answerTo('Ambil sendiri di galeri Pasar UMKM');
    expect(pickup).toContain('Jl. Wastukencana No. 2, Babakan Ciamis, Sumur Bandung, setiap Senin sampai Sabtu pukul 09.00–17.00. Bawa nomor pesanan Anda.');
    expect(answerTo('Pengiriman lokal di Kota Bandung (same-day)')).toContain('Pesanan sebelum pukul 14.00 diantar hari itu juga.');
    expect(firstSentences('Buka pukul 09.00–17.00. Tutup hari Minggu. Libur nasional tutup.', 2)).toBe('Buka pukul 09.00–17.00. Tutup hari Minggu.');
  });

  it('never offers a landline as a WhatsApp number', () => {
    expect(withoutLandlineWhatsapp('Hubungi admin melalui WhatsApp 022-4201234 dengan nomor pesanan.')).toBe('Hubungi admin melalui telepon 022-4201234 dengan nomor pesanan.');
    expect(withoutLandlineWhatsapp('Chat WA: 0812-3456-7890.')).toBe('Chat WA: 0812-3456-7890.');
    for (const question of ['minta nomor whatsapp admin dong', 'no wa admin brp', 'barang rusak mau ditukar hubungi siapa']) {
      const text = answerTo(question);
      expect(text, question).not.toMatch(/(?:whats ?app|\bwa\b)[^.]*\b0(?!8)\d/i);
    }
    // The store's landline is still given, as a telephone.
    expect(answerTo('minta nomor whatsapp admin dong')).toContain('telepon 022-4201234');
  });
});
