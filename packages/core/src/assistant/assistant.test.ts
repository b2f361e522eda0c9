import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_HISTORY_MAX_CHARS,
  AnswerGuard,
  AssistantIndex,
  placeForms,
  Vocabulary,
  WORD_FORMS,
  RELATED,
  assistantMessages,
  chatRequestSchema,
  guardPrices,
  moneyAmounts,
  parseAmount,
  PRICE_PLACEHOLDER,
  priceCeiling,
  redactPersonalData,
  smallTalk,
  splitSentences,
  stem,
  STOCK_PLACEHOLDER,
  terms,
  type GuardFacts,
  type GuardProduct,
} from './index';

describe('stem', () => {
  it.each([
    // Longest prefix first, with the nasal's root letter restored.
    ['simpan', 'simp'],
    ['menyimpan', 'simp'],
    ['disimpan', 'simp'],
    ['penyimpanan', 'simp'],
    ['kirim', 'kirim'],
    ['mengirim', 'kirim'],
    ['pengiriman', 'kirim'],
    ['dikirimkan', 'kirim'],
    ['pakai', 'paka'],
    ['memakai', 'paka'],
    ['pemakaian', 'paka'],
    ['tulis', 'tulis'],
    ['menulis', 'tulis'],
    ['penulis', 'tulis'],
    ['kemas', 'kemas'],
    ['mengemas', 'kemas'],
    ['pengemasan', 'kemas'],
    // Consonant roots lose only the prefix.
    ['membayar', 'bayar'],
    ['pembayaran', 'bayar'],
    ['mencuci', 'cuci'],
    ['mengganti', 'gant'],
    ['ganti', 'gant'],
    ['mengkristal', 'kristal'],
    ['merawat', 'rawat'],
    ['perawatan', 'rawat'],
    // Roots that keep their own first letter.
    ['mengambil', 'ambil'],
    ['pengambilan', 'ambil'],
    ['pengawet', 'awet'],
    ['memasak', 'masak'],
    ['memakan', 'makan'],
    ['makanan', 'makan'],
    ['menikmati', 'nikmat'],
    // Suffixes, confixes and what must stay whole.
    ['renyahnya', 'renyah'],
    ['kerusakan', 'rusak'],
    ['ketahanan', 'tahan'],
    ['dibelikan', 'beli'],
    ['disetrika', 'setrika'],
    ['setrika', 'setrika'],
    ['sereh', 'sereh'],
    ['madu', 'madu'],
    // Roots that begin like a prefix keep it; words that only end like a suffix stay whole (issue 16).
    ['pesan', 'pesan'],
    ['pesanan', 'pesan'],
    ['kemasan', 'kemas'],
    ['lebaran', 'lebaran'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it('lets a question meet a document written with another form of the word', () => {
    expect(terms('cara penyimpanan madu')).toEqual(terms('menyimpan madu'));
    expect(terms('pengiriman')).toEqual(terms('dikirim'));
  });
});

describe('commerce vocabulary (issue 16)', () => {
  const doc = (id: string, heading: string, body = '') => ({ kind: 'knowledge' as const, id, title: heading, heading, body });
  const docs = [
    doc('retur', 'Pengembalian dan penukaran barang', 'Barang yang rusak saat diterima dapat ditukar dengan video unboxing.'),
    doc('luar', 'Pengiriman ke luar kota', 'Pesanan dikirim ke seluruh Indonesia dengan kurir nasional.'),
    doc('lokal', 'Pengiriman lokal di Kota Bandung', 'Kurir lokal mengantar di hari yang sama di Kota Bandung.'),
    doc('mitra', 'Menjadi mitra', 'Daftar melalui tombol Bergabung.'),
    doc('formulir', 'Formulir komplain', 'Isi formulir komplain.'),
    doc('garut', 'Dodol Garut', 'Dodol legit khas Garut.'),
  ];
  const index = new AssistantIndex(docs, new Vocabulary({ places: ['KOTA MEDAN', 'KOTA BANDUNG', 'KABUPATEN GARUT', 'KOTA BATU', 'KOTA ADMINISTRASI JAKARTA SELATAN'] }));
  const top = (q: string) => index.search(q, 3).map((r) => r.doc.id);

  it('rewrites shoppers\' colloquial forms before anything else', () => {
    expect(terms('brp ongkir udh gk bs')).toEqual(terms('berapa ongkir sudah tidak bisa'));
    expect(terms('nyimpen pesenan')).toEqual(terms('menyimpan pesanan'));
    // Every form is one word, lower case, and stands for something else.
    for (const [form, word] of Object.entries(WORD_FORMS)) {
      expect(form).toMatch(/^[a-z0-9]+$/);
      expect(word).not.toBe(form);
    }
  });

  it('meets an entry through a topic word it does not contain, below an entry that has the word', () => {
    // 'garansi' is in neither entry: both are about returns.
    expect(top('ada garansi?').sort()).toEqual(['formulir', 'retur']);
    // 'komplain' is in one of them: that one first.
    expect(top('bisa komplain?')).toEqual(['formulir', 'retur']);
    expect(top('usaha saya mau jualan')[0]).toBe('mitra');
  });

  it('reads a place no document names as shipping out of town', () => {
    expect(top('bisa dikirim ke Medan?')[0]).toBe('luar');
    expect(top('ongkir jakarta selatan')[0]).toBe('luar');
    expect(top('jakarta')[0]).toBe('luar');
    // The store's city and a place its texts name stay plain words.
    expect(top('kurir dalam kota bandung')[0]).toBe('lokal');
    expect(top('dodol garut')).toEqual(['garut']);
    // A place that is also an everyday word only after 'ke', 'di', 'dari'...
    expect(top('batu')).toEqual([]);
    expect(top('kirim ke batu')[0]).toBe('luar');
  });

  it('takes official names as shoppers say them', () => {
    expect(placeForms('KOTA ADMINISTRASI JAKARTA SELATAN')).toEqual(['jakarta selatan', 'jakarta']);
    expect(placeForms('KABUPATEN ACEH BARAT DAYA')).toEqual(['aceh barat daya', 'aceh']);
    expect(placeForms('DKI JAKARTA')).toEqual(['jakarta']);
    expect(placeForms('Kota Medan')).toEqual(['medan']);
  });

  it('finds every topic phrase of the vocabulary in its own words', () => {
    const vocabulary = new Vocabulary();
    for (const [topic, phrases] of Object.entries(RELATED)) for (const p of phrases) expect(vocabulary.topicsIn(p), `${topic}: ${p}`).toContain(topic);
  });
});

describe('priceCeiling', () => {
  it.each([
    ['oleh-oleh di bawah 50 ribu', 50_000],
    ['camilan pedas maksimal 20rb', 20_000],
    ['dibawah Rp75.000', 75_000],
    ['kurang dari 50k', 50_000],
    ['budget 1,5 juta', 1_500_000],
    ['max 2 jt', 2_000_000],
    ['< Rp 100.000', 100_000],
    ['hingga 25.000', 25_000],
  ])('%s -> %d', (question, amount) => {
    expect(priceCeiling(question)).toBe(amount);
  });

  it('is null without a budget', () => {
    expect(priceCeiling('keripik tempe pedas')).toBeNull();
    expect(priceCeiling('di bawah meja')).toBeNull();
  });
});

describe('redactPersonalData', () => {
  it('removes e-mail addresses, phone numbers and long numbers', () => {
    expect(redactPersonalData('hubungi budi.s@contoh.co.id ya')).toBe('hubungi [email] ya');
    expect(redactPersonalData('wa saya 0812-3456-7890')).toBe('wa saya [telepon]');
    expect(redactPersonalData('nomor +62 812 3456 7890')).toBe('nomor [telepon]');
    expect(redactPersonalData('rekening 1234567890123')).toBe('rekening [angka]');
  });

  it('keeps ordinary numbers and trims to the question limit', () => {
    expect(redactPersonalData('  madu 250 gram harga 50000  ')).toBe('madu 250 gram harga 50000');
    expect(redactPersonalData('a'.repeat(800))).toHaveLength(500);
  });
});

const keripik: GuardProduct = { name: 'Keripik Tempe Original', price: 15_000, prices: [15_000], stock: 40, hasVariants: false };
const madu: GuardProduct = { name: 'Madu Hutan Sumbawa', price: 85_500, prices: [85_500, 95_000], stock: 3, hasVariants: false };
const kopi: GuardProduct = { name: 'Kopi Robusta Malabar', price: 30_000, prices: [30_000, 55_000], stock: 12, variantStocks: [5, 7], hasVariants: true };
const facts: GuardFacts = { products: [keripik, madu, kopi], amounts: [100_000] };

describe('parseAmount and moneyAmounts', () => {
  it('reads the ways Indonesians write rupiah', () => {
    expect(parseAmount('15.000')).toBe(15_000);
    expect(parseAmount('15.000,00')).toBe(15_000);
    expect(parseAmount('15,000')).toBe(15_000);
    expect(parseAmount('1,5', 'juta')).toBe(1_500_000);
    expect(parseAmount('12', 'rb')).toBe(12_000);
    expect(moneyAmounts('Rp15.000, Rp 20.000,-, Rp15rb, IDR 5.000, 15.000 rupiah, 10 ribu, 12rb, 12 rb, 7k, 1,5 juta, harga 9.500')).toEqual([
      15_000, 20_000, 15_000, 5_000, 15_000, 10_000, 12_000, 12_000, 7_000, 1_500_000, 9_500,
    ]);
  });

  it('does not read weights, counts or times as money', () => {
    expect(moneyAmounts('Isi 250 gram, 5 kg, tahan 3 bulan, 2 pcs, 1.000 orang')).toEqual([]);
  });
});

describe('guardPrices', () => {
  it.each([
    'Keripik Tempe Original harganya Rp 1.000 saja.',
    'Keripik Tempe Original cuma 1.000 rupiah.',
    'Keripik Tempe Original cuma 10 ribu.',
    'Keripik Tempe Original cuma 12rb.',
    'Keripik Tempe Original cuma 12 rb.',
    'Keripik Tempe Original hanya IDR 5.000.',
    'Keripik Tempe Original hanya Rp12rb.',
    'Keripik Tempe Original hanya Rp. 14.000,-.',
    'Keripik Tempe Original harga 9.500.',
  ])('replaces an invented price of a named product with its price: %s', (text) => {
    const guarded = guardPrices(text, facts);
    expect(guarded.replaced).toBe(true);
    expect(guarded.text).toContain('Rp15.000');
    expect(moneyAmounts(guarded.text)).toEqual([15_000]);
  });

  it('keeps the right prices, and the product name stays', () => {
    const text = 'Keripik Tempe Original Rp15.000 dan Madu Hutan Sumbawa Rp85.500 (sebelum diskon Rp95.000).';
    expect(guardPrices(text, facts)).toEqual({ text, replaced: false });
    expect(guardPrices('Keripik tempe original 15 ribu saja, atau Rp15rb.', facts).replaced).toBe(false);
    expect(guardPrices('Transfer ke BCA a.n. Pasar UMKM. Keripik Tempe Original Rp. 15.000,-.', facts).replaced).toBe(false);
  });

  it('prefers the product named in full over one sharing two words of its name', () => {
    const pedas: GuardProduct = { name: 'Keripik Tempe Pedas', price: 16_000, prices: [16_000], stock: 9, hasVariants: false };
    const both: GuardFacts = { products: [keripik, pedas] };
    expect(guardPrices('Keripik Tempe Original hanya Rp1.000.', both).text).toBe('Keripik Tempe Original hanya Rp15.000.');
    expect(guardPrices('Keripik Tempe Original Rp16.000.', both).replaced).toBe(true);
    expect(guardPrices('Keripik tempe ada yang Rp15.000 dan Rp16.000.', both).replaced).toBe(false);
    expect(guardPrices('Keripik tempe hanya Rp1.000.', both).text).toBe(`Keripik tempe hanya ${PRICE_PLACEHOLDER}.`);
  });

  it("refuses another product's price for the product a sentence names", () => {
    const guarded = guardPrices('Madu Hutan Sumbawa harganya Rp15.000.', facts);
    expect(guarded.replaced).toBe(true);
    expect(guarded.text).toBe('Madu Hutan Sumbawa harganya Rp85.500.');
  });

  it('carries the product named in the previous sentence', () => {
    const guarded = guardPrices('Kami punya Madu Hutan Sumbawa. Harganya Rp50.000 saja!', facts);
    expect(guarded.text).toBe('Kami punya Madu Hutan Sumbawa. Harganya Rp85.500 saja!');
  });

  it('says "mulai" for a product with variants, and points to the cards when unsure which product', () => {
    expect(guardPrices('Kopi Robusta Malabar hanya Rp1.000.', facts).text).toBe('Kopi Robusta Malabar hanya mulai Rp30.000.');
    expect(guardPrices('Semua hanya Rp1.000!', facts).text).toBe(`Semua hanya ${PRICE_PLACEHOLDER}!`);
  });

  it("allows the store's own amounts only in sentences naming no product", () => {
    expect(guardPrices('Gratis ongkir untuk belanja di atas Rp100.000.', facts).replaced).toBe(false);
    expect(guardPrices('Keripik Tempe Original Rp100.000.', facts).text).toBe('Keripik Tempe Original Rp15.000.');
  });

  it('corrects or removes stock claims', () => {
    expect(guardPrices('Madu Hutan Sumbawa stok tinggal 999!', facts).text).toBe('Madu Hutan Sumbawa stok tinggal 3!');
    expect(guardPrices('Keripik Tempe Original sisa 3 pcs lagi.', facts).text).toBe('Keripik Tempe Original sisa 40 pcs lagi.');
    expect(guardPrices('Kopi Robusta Malabar stoknya 7.', facts).replaced).toBe(false);
    expect(guardPrices('Buruan, stok tinggal 2!', facts).text).toBe(`Buruan, ${STOCK_PLACEHOLDER}!`);
    const soldOut = guardPrices('Keripik Tempe Original sisa 5.', { products: [{ ...keripik, stock: 0 }] });
    expect(soldOut.text).toBe('Keripik Tempe Original stok habis.');
    expect(guardPrices('Keripik Tempe Original ada. Stok tinggal 5 bungkus lagi.', { products: [{ ...keripik, stock: 0 }] }).text).toBe('Keripik Tempe Original ada. Stok habis.');
    expect(guardPrices('Madu tahan 2 tahun, tinggal 2 hari lagi promonya.', facts).replaced).toBe(false);
  });
});

describe('AnswerGuard (streaming)', () => {
  it('releases only complete, guarded sentences, even when a price arrives in pieces', () => {
    const guard = new AnswerGuard(facts);
    const pieces = ['Keripik Tempe Or', 'iginal hanya Rp', '1.', '000 saja', '. Stok tinggal ', '999', '! Simpan di toples', '.'];
    const released = pieces.map((p) => guard.push(p));
    released.push(guard.end());
    const shown = released.join('');
    expect(released.slice(0, 4)).toEqual(['', '', '', '']);
    expect(shown).toBe('Keripik Tempe Original hanya Rp15.000 saja. Stok tinggal 40! Simpan di toples.');
    expect(guard.text).toBe(shown);
    for (const piece of released) expect(piece).not.toMatch(/1\.000|999/);
    expect(guard.replaced).toBe(true);
  });

  it('gives the same text as guarding the whole answer', () => {
    const text = 'Madu Hutan Sumbawa Rp50.000.\nKopi Robusta Malabar mulai Rp30.000. Terima kasih!';
    const guard = new AnswerGuard(facts);
    let streamed = '';
    for (const ch of text) streamed += guard.push(ch);
    streamed += guard.end();
    expect(streamed).toBe(guardPrices(text, facts).text);
    expect(streamed).toBe('Madu Hutan Sumbawa Rp85.500.\nKopi Robusta Malabar mulai Rp30.000. Terima kasih!');
  });
});

describe('splitSentences (issue 31)', () => {
  // The demo knowledge entries' own texts (apps/api/src/db/seed/demo-catalog.ts).
  const pickup =
    'Pesanan bisa diambil di Galeri Pasar UMKM Kota Bandung, Jl. Wastukencana No. 2, Babakan Ciamis, Sumur Bandung, setiap Senin sampai Sabtu pukul 09.00–17.00. Bawa nomor pesanan Anda.';
  const sameDay =
    'Untuk alamat di Kota Bandung tersedia kurir lokal mitra dengan pengiriman di hari yang sama (same-day delivery). Pilih kecamatan tujuan di checkout untuk melihat tarif kurir lokal. Pesanan sebelum pukul 14.00 diantar hari itu juga.';
  const returns =
    'Barang yang rusak saat diterima dapat ditukar dalam 2 x 24 jam dengan video unboxing. Hubungi admin melalui telepon 022-4201234 dengan nomor pesanan. Produk makanan yang sudah dibuka tidak dapat dikembalikan.';

  it('keeps addresses, dotted times and numbers inside their sentence', () => {
    expect(splitSentences(pickup)).toEqual([
      'Pesanan bisa diambil di Galeri Pasar UMKM Kota Bandung, Jl. Wastukencana No. 2, Babakan Ciamis, Sumur Bandung, setiap Senin sampai Sabtu pukul 09.00–17.00. ',
      'Bawa nomor pesanan Anda.',
    ]);
    expect(splitSentences(sameDay).at(-1)).toBe('Pesanan sebelum pukul 14.00 diantar hari itu juga.');
    expect(splitSentences(sameDay)).toHaveLength(3);
    expect(splitSentences(returns)).toHaveLength(3);
    // Nothing is lost or moved: the sentences put back together are the text.
    for (const text of [pickup, sameDay, returns]) expect(splitSentences(text).join('')).toBe(text);
  });

  it('does not end a sentence after an abbreviation', () => {
    expect(splitSentences('Kirim ke Kec. Coblong, Kab. Bandung, dll. lalu bayar Rp. 15.000 a.n. Budi. Selesai.')).toEqual([
      'Kirim ke Kec. Coblong, Kab. Bandung, dll. lalu bayar Rp. 15.000 a.n. Budi. ',
      'Selesai.',
    ]);
  });
});

describe('smallTalk', () => {
  it.each([
    ['halo', 'greeting'],
    ['Halo kak!', 'greeting'],
    ['selamat pagi min', 'greeting'],
    ['Assalamualaikum', 'greeting'],
    ['terima kasih', 'thanks'],
    ['Terima kasih banyak ya kak 🙏', 'thanks'],
    ['makasih min', 'thanks'],
    ['oke sip', 'thanks'],
  ] as const)('%s -> %s', (text, kind) => {
    expect(smallTalk(text)).toBe(kind);
  });

  it('is null for a real question, even with a greeting', () => {
    expect(smallTalk('halo, cara menyimpan madu?')).toBeNull();
    expect(smallTalk('terima kasih, kirim ke Surabaya bisa?')).toBeNull();
    expect(smallTalk('')).toBeNull();
  });
});

describe('chatRequestSchema refusals', () => {
  const message = (body: unknown) => {
    const r = chatRequestSchema.safeParse(body);
    return r.success ? null : r.error.issues[0]!.message;
  };
  it('answers each refusal in Indonesian', () => {
    expect(message(undefined)).toBe(assistantMessages.invalidRequest);
    expect(message({})).toBe(assistantMessages.invalidRequest);
    expect(message({ messages: 'halo' })).toBe(assistantMessages.invalidRequest);
    expect(message({ messages: [] })).toBe(assistantMessages.empty);
    expect(message({ messages: ['halo'] })).toBe(assistantMessages.invalidMessage);
    expect(message({ messages: [{ role: 'system', content: 'x' }] })).toBe(assistantMessages.invalidRole);
    expect(message({ messages: [{ role: 'user' }] })).toBe(assistantMessages.invalidContent);
    expect(message({ messages: [{ role: 'assistant', content: 'x'.repeat(ASSISTANT_HISTORY_MAX_CHARS + 1) }, { role: 'user', content: 'lagi' }] })).toBe(assistantMessages.historyTooLong);
    expect(message({ messages: [{ role: 'user', content: 'halo' }] })).toBeNull();
  });
});
