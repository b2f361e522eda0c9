/**
 * The retrieval floor of issue 7 (docs/issues.md): fixed Indonesian questions against the demo data, each with
 * the knowledge entry, product or store fact that must be in the top 3. The hit rate is printed
 * and must stay at or above 90%. Issue 16 adds a second set, questions as shoppers type them,
 * with its own floor (95%); the first set is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine, type TestApp } from '../../test/app';
import { appWithDemoCorpus, type ExpectedSource } from '../../test/assistant';
import type { Corpus } from './assistant-knowledge';
import { retrieve } from './assistant.service';
import { assistantVocabulary } from './place-names';

let t: TestApp, corpus: Corpus;

beforeAll(async () => {
  ({ t, corpus } = await appWithDemoCorpus());
});
afterAll(() => t?.close());

const CASES: [string, ExpectedSource][] = [
  ['Bagaimana cara menyimpan keripik tempe supaya tetap renyah?', { k: 'Cara menyimpan keripik tempe agar tetap renyah' }],
  ['kripik tempe saya melempem, gimana?', { k: 'Cara menyimpan keripik tempe agar tetap renyah' }],
  ['Madu saya mengkristal, apakah asli?', { k: 'Cara menyimpan madu hutan dan madu yang mengkristal' }],
  ['madu boleh disimpan di kulkas?', { k: 'Cara menyimpan madu hutan dan madu yang mengkristal' }],
  ['Kopi bubuk tahan berapa lama setelah dibuka?', { k: 'Cara menyimpan kopi bubuk dan biji kopi' }],
  ['cara simpan biji kopi', { k: 'Cara menyimpan kopi bubuk dan biji kopi' }],
  ['Bagaimana mencuci batik tulis?', { k: 'Perawatan kain batik tulis' }],
  ['batik boleh disetrika?', { k: 'Perawatan kain batik tulis' }],
  ['Sabun sereh terbuat dari apa?', { k: 'Bahan dan kehalalan sabun sereh wangi' }],
  ['apakah sabun sereh wangi halal?', { k: 'Bahan dan kehalalan sabun sereh wangi' }],
  ['Produk yang halal apa saja?', { k: 'Produk halal di Pasar UMKM' }],
  ['ada sertifikat halal MUI?', { k: 'Produk halal di Pasar UMKM' }],
  ['Kirim ke luar kota bisa?', { k: 'Pengiriman ke luar kota dan luar provinsi' }],
  ['bisa kirim ke Surabaya? ongkirnya berapa?', { k: 'Pengiriman ke luar kota dan luar provinsi' }],
  ['Apakah ada pengiriman same-day di Bandung?', { k: 'Pengiriman lokal di Kota Bandung (same-day)' }],
  ['kurir lokal antar hari ini?', { k: 'Pengiriman lokal di Kota Bandung (same-day)' }],
  ['Bayarnya bisa pakai apa saja?', { k: 'Metode pembayaran' }],
  ['bisa bayar pakai QRIS?', { k: 'Metode pembayaran' }],
  ['Bisa ambil sendiri di galeri?', { k: 'Ambil sendiri di galeri Pasar UMKM' }],
  ['galeri buka jam berapa?', { k: 'Ambil sendiri di galeri Pasar UMKM' }],
  ['Bagaimana cara jadi mitra UMKM?', { k: 'Menjadi mitra UMKM' }],
  ['syarat daftar jualan di sini apa?', { k: 'Menjadi mitra UMKM' }],
  ['Ukuran kaos L berapa cm?', { k: 'Ukuran kaos dan kemeja batik' }],
  ['lingkar dada kemeja batik XL', { k: 'Ukuran kaos dan kemeja batik' }],
  ['Cara merawat tas anyaman pandan', { k: 'Perawatan tas anyaman pandan' }],
  ['tas anyaman basah kena hujan gimana?', { k: 'Perawatan tas anyaman pandan' }],
  ['Barang rusak bisa ditukar?', { k: 'Pengembalian dan penukaran barang' }],
  ['bagaimana retur barang?', { k: 'Pengembalian dan penukaran barang' }],
  ['Ada kopi robusta?', { p: 'Kopi Robusta Malabar' }],
  ['cari angklung untuk oleh-oleh', { p: 'Angklung Mini Souvenir' }],
  ['wayang golek cepot', { p: 'Wayang Golek Mini Cepot' }],
  ['ada sambal roa?', { p: 'Sambal Roa Botol' }],
  ['minuman jahe hangat', { p: 'Bandrek Instan Jahe Merah' }],
  ['lilin aromaterapi', { p: 'Lilin Aromaterapi Kedelai' }],
  ['oleh-oleh khas di bawah 50 ribu', { p: 'Angklung Mini Souvenir' }],
  ['camilan pedas maksimal 20rb', { p: 'Keripik Singkong Balado' }],
  ['beras organik', { p: 'Beras Organik Pandan Wangi' }],
  ['sampo untuk rambut rontok', { p: 'Sampo Lidah Buaya' }],
  ['nomor telepon admin toko?', { s: 'Kontak toko' }],
];

/**
 * Issue 16: questions as shoppers type them (short, informal, typos, their own words), written
 * before the vocabulary was tuned and never copied into it. Kept apart from CASES above, the
 * set the retrieval was first tuned on, which stays unchanged.
 */
const SHOPPER_CASES: [string, ExpectedSource][] = [
  // Out-of-town shipping, named by a place rather than by the entry's words.
  ['bisa dikirim ke Medan?', { k: 'Pengiriman ke luar kota dan luar provinsi' }],
  ['kirim ke makassar brp hari', { k: 'Pengiriman ke luar kota dan luar provinsi' }],
  ['ongkir ke jakarta brp kak', { k: 'Pengiriman ke luar kota dan luar provinsi' }],
  ['bs kirim ke papua ga', { k: 'Pengiriman ke luar kota dan luar provinsi' }],
  ['mau order dari surabaya bisa?', { k: 'Pengiriman ke luar kota dan luar provinsi' }],
  ['ada jne ato jnt?', { k: 'Pengiriman ke luar kota dan luar provinsi' }],
  ['pengiriman ke luar pulau bisa gk', { k: 'Pengiriman ke luar kota dan luar provinsi' }],
  ['saya tinggal di Bali, bisa pesan?', { k: 'Pengiriman ke luar kota dan luar provinsi' }],
  // Same-day in town.
  ['pesen skrg bisa nyampe hari ini jg?', { k: 'Pengiriman lokal di Kota Bandung (same-day)' }],
  ['bisa same day ga min', { k: 'Pengiriman lokal di Kota Bandung (same-day)' }],
  ['kurir instan dlm kota bandung ada?', { k: 'Pengiriman lokal di Kota Bandung (same-day)' }],
  // Paying.
  ['bisa cod gk?', { k: 'Metode pembayaran' }],
  ['pembayaran bisa pake gopay/ovo?', { k: 'Metode pembayaran' }],
  ['tf ke rek mana kak', { k: 'Metode pembayaran' }],
  ['udh transfer tp blm dikonfirmasi', { k: 'Metode pembayaran' }],
  ['bisa bayar pakai kartu debit?', { k: 'Metode pembayaran' }],
  // Picking up.
  ['alamat galerinya dmn?', { k: 'Ambil sendiri di galeri Pasar UMKM' }],
  ['bs ambil langsung ke toko?', { k: 'Ambil sendiri di galeri Pasar UMKM' }],
  ['hari minggu buka gak', { k: 'Ambil sendiri di galeri Pasar UMKM' }],
  // Becoming a partner.
  ['saya punya usaha keripik, mau ikut jualan di sini gmn caranya', { k: 'Menjadi mitra UMKM' }],
  ['cara buka toko di pasar umkm', { k: 'Menjadi mitra UMKM' }],
  ['mau titip jualan produk saya bisa?', { k: 'Menjadi mitra UMKM' }],
  ['syarat jadi seller apa aja', { k: 'Menjadi mitra UMKM' }],
  // Returns.
  ['barang dtg pecah, bisa refund?', { k: 'Pengembalian dan penukaran barang' }],
  ['gmn cara retur', { k: 'Pengembalian dan penukaran barang' }],
  ['paket rusak minta ganti', { k: 'Pengembalian dan penukaran barang' }],
  ['bisa komplain kalau barang salah kirim?', { k: 'Pengembalian dan penukaran barang' }],
  // Sizes and care.
  ['kaos ukuran M lebar brp cm', { k: 'Ukuran kaos dan kemeja batik' }],
  ['size chart kemeja batik ada?', { k: 'Ukuran kaos dan kemeja batik' }],
  ['kaosnya nyusut ga kalo dicuci', { k: 'Ukuran kaos dan kemeja batik' }],
  ['batik tulis boleh masuk mesin cuci?', { k: 'Perawatan kain batik tulis' }],
  ['cara nyuci kain batik biar ga luntur', { k: 'Perawatan kain batik tulis' }],
  ['tas pandan kena air gmn', { k: 'Perawatan tas anyaman pandan' }],
  ['cara bersihin tas anyaman', { k: 'Perawatan tas anyaman pandan' }],
  // Storing, also for the product the question names (its linked entry first).
  ['kripik tempe udh dibuka tahan brp lama', { k: 'Cara menyimpan keripik tempe agar tetap renyah' }],
  ['madu ku jadi beku kayak gula, rusak ya?', { k: 'Cara menyimpan madu hutan dan madu yang mengkristal' }],
  ['kopi bubuk bs disimpen di kulkas ga', { k: 'Cara menyimpan kopi bubuk dan biji kopi' }],
  ['biji kopi awet brp bulan', { k: 'Cara menyimpan kopi bubuk dan biji kopi' }],
  ['cara nyimpen madu hutan murni', { k: 'Cara menyimpan madu hutan dan madu yang mengkristal' }],
  ['gmn nyimpen kopi arabika java preanger biar awet', { k: 'Cara menyimpan kopi bubuk dan biji kopi' }],
  ['Bagaimana cara menyimpan Tas Anyaman Pandan?', { k: 'Perawatan tas anyaman pandan' }],
  ['Bagaimana cara menyimpan Batik Tulis Mega Mendung?', { k: 'Perawatan kain batik tulis' }],
  // Halal.
  ['sabun sereh ada lemak babi nya ga?', { k: 'Bahan dan kehalalan sabun sereh wangi' }],
  ['makanannya halal semua kan?', { k: 'Produk halal di Pasar UMKM' }],
  ['dodol nya udh ada label halal?', { k: 'Produk halal di Pasar UMKM' }],
  // Contact.
  ['no wa admin brp', { s: 'Kontak toko' }],
  ['mau tanya langsung ke cs, kontaknya?', { s: 'Kontak toko' }],
  // Products in a shopper's words.
  ['ada kopi buat kopi susu?', { p: 'Kopi Robusta Malabar' }],
  ['jual madu asli ga', { p: 'Madu Hutan Murni' }],
  ['cemilan pedes yg murah', { p: 'Keripik Singkong Balado' }],
  ['oleh2 khas bandung', { p: 'Keripik Tempe Original' }],
  ['sweater rajut ukuran xl ada?', { p: 'Sweater Rajut Binong' }],
  ['lilin wangi buat kamar', { p: 'Lilin Aromaterapi Kedelai' }],
  ['jamu kunir asem', { p: 'Jamu Kunyit Asam Botol' }],
  ['ada totebag?', { p: 'Totebag Kanvas Braga' }],
  ['minyak sereh utk ngusir nyamuk', { p: 'Minyak Sereh Wangi Aromaterapi' }],
  ['beras organik 5kg brp', { p: 'Beras Organik Pandan Wangi' }],
];

function hit(question: string, expected: ExpectedSource): boolean {
  const r = retrieve(corpus, question);
  const top = r.ranked.slice(0, 3).map((x) => x.doc);
  if ('k' in expected) return top.some((d) => d.kind === 'knowledge' && d.title === expected.k) || r.knowledge?.title === expected.k;
  if ('p' in expected) return r.products.slice(0, 3).some((p) => p.name === expected.p) || top.some((d) => d.kind === 'product' && d.title === expected.p);
  return top.some((d) => d.kind === 'store' && d.title === expected.s);
}

describe(`assistant retrieval over the demo data (${testEngine})`, () => {
  it(`finds the right source in the top 3 for at least 90% of ${CASES.length} questions`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    const misses = CASES.filter(([q, e]) => !hit(q, e)).map(([q]) => q);
    const rate = (CASES.length - misses.length) / CASES.length;
    console.info(`assistant retrieval: ${CASES.length - misses.length}/${CASES.length} in top 3 (${(rate * 100).toFixed(1)}%)${misses.length ? `; missed: ${misses.join(' | ')}` : ''}`);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });

  it(`finds the right source in the top 3 for at least 95% of ${SHOPPER_CASES.length} questions typed as shoppers type them (issue 16)`, () => {
    expect(SHOPPER_CASES.length).toBeGreaterThanOrEqual(40);
    const misses = SHOPPER_CASES.filter(([q, e]) => !hit(q, e)).map(([q]) => q);
    const rate = (SHOPPER_CASES.length - misses.length) / SHOPPER_CASES.length;
    console.info(`assistant retrieval, shoppers' words: ${SHOPPER_CASES.length - misses.length}/${SHOPPER_CASES.length} in top 3 (${(rate * 100).toFixed(1)}%)${misses.length ? `; missed: ${misses.join(' | ')}` : ''}`);
    expect(rate).toBeGreaterThanOrEqual(0.95);
  });

  it('knows every province and city of the area data as a place, none typed by hand', async () => {
    // 38 provinces and 514 cities/regencies in idn-area-data 3.1.2, some said two ways ('jakarta selatan', 'jakarta').
    expect((await assistantVocabulary()).placeCount).toBeGreaterThan(500);
    for (const q of ['ongkir ke kabupaten sumba barat daya', 'bisa kirim ke Pontianak?', 'pengiriman ke Jawa Timur']) {
      expect(retrieve(corpus, q).knowledge?.title, q).toBe('Pengiriman ke luar kota dan luar provinsi');
    }
  });

  it('answers a suggestion tapped as a question from the entry it names', () => {
    // The panel asks a suggestion's title back (issue 16): each entry's title must find that entry.
    const entries = corpus.docs.filter((d) => d.kind === 'knowledge');
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) expect(retrieve(corpus, entry.title).knowledge?.title, entry.title).toBe(entry.title);
  });

  it('keeps a question small: milliseconds per question over both sets', () => {
    const questions = [...CASES, ...SHOPPER_CASES].map(([q]) => q);
    const rounds = 10;
    const start = performance.now();
    for (let i = 0; i < rounds; i++) for (const q of questions) retrieve(corpus, q);
    const ms = (performance.now() - start) / (rounds * questions.length);
    console.info(`assistant retrieval: ${ms.toFixed(2)} ms per question (${questions.length} questions x ${rounds}, index built once)`);
    // Generous for a loaded CI machine; on the demo data it is about a millisecond.
    expect(ms).toBeLessThan(25);
  });

  it('says it does not know instead of inventing', () => {
    // Nothing in the store is about these; one shared word ("rendang") is not enough.
    for (const q of ['siapa presiden pertama Amerika?', 'resep rendang padang asli yang enak untuk lebaran']) {
      expect(retrieve(corpus, q).ranked).toEqual([]);
    }
    expect(retrieve(corpus, 'bumbu rendang').ranked[0]?.doc.title).toBe('Rempah Bumbu Rendang Kering');
  });
});
