/**
 * Retrieval for the shopping assistant (issue 7 (docs/issues.md)), with no I/O: documents in, ranked documents out.
 * Indonesian text is folded (case, accents, punctuation), common spelling variants are merged
 * ('kripik' ~ 'keripik'), frequent affixes are stripped ('menyimpan' ~ 'simpan' ~ 'penyimpanan',
 * 'renyahnya' ~ 'renyah'), question words that carry no topic are ignored, and documents are scored with BM25
 * over their fields, titles weighing more than bodies.
 */
import { normalizeSearch, spellingVariants } from '../catalog/search';

export type DocKind = 'knowledge' | 'product' | 'store';

export interface AssistantDoc {
  kind: DocKind;
  id: number | string;
  title: string;
  /** Weighted more than the body: a product's name and category, an entry's title. */
  heading: string;
  body: string;
}

export interface RankedDoc<D extends AssistantDoc = AssistantDoc> {
  doc: D;
  score: number;
  /** Share of the question's terms the document contains (0 to 1). */
  coverage: number;
  /** How many of the question's terms it contains. */
  matched: number;
}

/** Words that say nothing about the topic of a shopper's question. */
const STOP = new Set(
  (
    'apa apakah siapa ada adakah yang dan atau di ke dari untuk dengan ini itu saya aku kami kita anda kamu bisa bisakah boleh ' +
    'bagaimana gimana gmn cara berapa kapan mana dimana kenapa mengapa tolong mohon dong ya kak min admin gan sis mau ingin ' +
    'pengen pingin cari mencari punya tidak gak nggak enggak ga tdk sudah udah belum akan jadi juga saja aja lagi nya pun ' +
    'pada dalam sebagai agar supaya kalau kalo jika apabila tentang seperti ada produk barang jual dijual'
  ).split(' '),
);

/** Synonyms shoppers use for the same thing; each side also searches the other. */
const SYNONYMS: readonly (readonly string[])[] = [
  ['simpan', 'awet', 'tahan', 'penyimpanan'],
  ['kirim', 'pengiriman', 'ongkir', 'ekspedisi', 'kurir', 'antar'],
  ['bayar', 'pembayaran', 'transfer', 'qris', 'rekening'],
  ['oleh', 'suvenir', 'souvenir', 'khas', 'hadiah', 'hampers'],
  ['luar', 'nasional', 'indonesia', 'provinsi'],
  ['ambil', 'pickup', 'galeri', 'jemput'],
  ['cuci', 'rawat', 'perawatan', 'bersih', 'bersihkan'],
  ['bahan', 'terbuat', 'komposisi', 'isi', 'kandungan'],
  ['ukuran', 'size', 'lingkar', 'panjang', 'lebar'],
  ['tukar', 'retur', 'pengembalian', 'kembali', 'rusak', 'refund'],
  ['mitra', 'daftar', 'bergabung', 'gabung', 'jualan'],
  ['pedas', 'pedes', 'cabai', 'cabe', 'balado'],
  ['camilan', 'cemilan', 'snack', 'ngemil', 'makanan'],
  ['minuman', 'minum', 'seduh'],
  ['kristal', 'mengkristal', 'beku', 'membeku'],
  ['halal', 'sertifikat', 'mui', 'bpjph'],
  ['jam', 'pukul', 'operasional'],
];

/**
 * Prefixes, longest first so that 'meng-' is tried before 'men-' and 'me-'. The nasal prefixes
 * (me-N, pe-N) swallow the first letter of a root starting with k, p, s or t; `restore` puts it
 * back. 'menge-'/'penge-' (before one-syllable roots) are left out: those roots are shorter than
 * the 4 letters a stem keeps anyway. 'se-' is left out too: it is more often part of a root
 * (setrika, sereh, selai) than a prefix, and 'disetrika' must meet 'setrika'.
 */
const PREFIXES = ['meng', 'meny', 'peng', 'peny', 'mem', 'men', 'pem', 'pen', 'ber', 'ter', 'me', 'pe', 'di', 'ke'];
const PARTICLES = ['lah', 'kah', 'pun'];
const POSSESSIVES = ['nya'];
const DERIVATIONAL = ['kan', 'an', 'i'];
/** After ke- or pe(N)-, a final -kan is the noun confix -an on a root ending in k: kerusakan -> rusak. */
const NOUN_DERIVATIONAL = ['an', 'kan', 'i'];
const MIN_STEM = 4;

/**
 * Without a dictionary the restorations are ambiguous (mengirim = meng+kirim but mengambil =
 * meng+ambil; memakai = mem+pakai but memasak = mem+masak). These common roots keep their own
 * first letter; every other root gets the usual restoration.
 */
const VOWEL_ROOTS = ['ambil', 'antar', 'atur', 'ajar', 'awet', 'olah', 'ikut', 'isi', 'ingat', 'ukur', 'ubah', 'urus', 'obat', 'inap'];
const M_ROOTS = ['masak', 'makan', 'minum', 'masuk', 'mulai', 'milik', 'minta', 'mandi', 'merah', 'manis'];
const N_ROOTS = ['nikmat', 'nilai', 'nikah', 'nanti'];

const vowel = (c: string | undefined) => c !== undefined && 'aiueo'.includes(c);

/** The root under a prefix: meny+V -> s, mem+V -> p, men+V -> t, meng+V -> k (and pe- alike). */
function restore(prefix: string, rest: string): string {
  if (!/^[mp]e/.test(prefix)) return rest; // ber-, ter-, di-, ke-
  const nasal = prefix.slice(2);
  if (nasal === 'ny') return vowel(rest[0]) ? `s${rest}` : rest;
  if (nasal === 'ng') return vowel(rest[0]) && !VOWEL_ROOTS.some((r) => rest.startsWith(r)) ? `k${rest}` : rest;
  if (nasal === 'm') {
    if (!vowel(rest[0])) return rest; // membayar -> bayar
    return M_ROOTS.some((r) => `m${rest}`.startsWith(r)) ? `m${rest}` : `p${rest}`;
  }
  if (nasal === 'n') {
    if (!vowel(rest[0])) return rest; // mencuci -> cuci, mendapat -> dapat, menjual -> jual
    return N_ROOTS.some((r) => `n${rest}`.startsWith(r)) ? `n${rest}` : `t${rest}`;
  }
  return rest; // me-/pe- before l, r, w, y: melihat -> lihat, perawatan -> rawatan
}

function stripOne(word: string, suffixes: readonly string[]): string {
  for (const s of suffixes) if (word.length - s.length >= MIN_STEM && word.endsWith(s)) return word.slice(0, -s.length);
  return word;
}

/**
 * A light Indonesian stemmer without a dictionary: a particle (-lah, -kah, -pun), then a
 * possessive (-nya), then the longest matching prefix with its root letter restored, then up to
 * two derivational suffixes (-kan, -an, -i; -an first after ke- and pe-), keeping at least 4 letters at each step. Stems are
 * not always words ('simpan' -> 'simp'), but the forms of a root meet: simpan, menyimpan,
 * disimpan, penyimpanan -> simp; kirim, mengirim, pengiriman -> kirim; ambil, mengambil -> ambil.
 */
export function stem(word: string): string {
  let w = stripOne(stripOne(word, PARTICLES), POSSESSIVES);
  let suffixes = DERIVATIONAL;
  for (const p of PREFIXES) {
    if (!w.startsWith(p)) continue;
    const root = restore(p, w.slice(p.length));
    if (root.length >= MIN_STEM) {
      w = root;
      if (p === 'ke' || p.startsWith('pe')) suffixes = NOUN_DERIVATIONAL;
      break;
    }
  }
  for (let i = 0; i < 2; i++) {
    const next = stripOne(w, suffixes);
    if (next === w) break;
    w = next;
  }
  return w;
}

const synonymIndex = new Map<string, string>();
for (const group of SYNONYMS) for (const word of group) synonymIndex.set(stem(word), stem(group[0]!));

/** The canonical form of a word: spelling variant, stem, then synonym group. */
function canonical(word: string): string {
  const variants = spellingVariants(word);
  // The longest spelling is the canonical one ('keripik' over 'kripik').
  const chosen = variants.sort((a, b) => b.length - a.length || a.localeCompare(b))[0] ?? word;
  const stemmed = stem(chosen);
  return synonymIndex.get(stemmed) ?? synonymIndex.get(chosen) ?? stemmed;
}

/** Terms of a text: folded, stop words dropped, canonical forms. Numbers are kept. */
export function terms(text: string, options: { keepStopWords?: boolean } = {}): string[] {
  const folded = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/(\w)-(\w)/g, '$1 $2')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  const out: string[] = [];
  for (const word of folded.split(' ')) {
    if (!word || (!options.keepStopWords && STOP.has(word))) continue;
    if (word.length < 2) continue;
    out.push(canonical(word));
  }
  return out;
}

export { normalizeSearch };

interface Indexed<D extends AssistantDoc> {
  doc: D;
  tf: Map<string, number>;
  length: number;
}

/**
 * An index over a fixed set of documents. Heading terms count three times: a question about
 * "keripik tempe" should find the product and the entry named so before one that mentions it.
 */
export class AssistantIndex<D extends AssistantDoc> {
  private readonly items: Indexed<D>[];
  private readonly df = new Map<string, number>();
  private readonly avgLength: number;

  constructor(docs: readonly D[]) {
    this.items = docs.map((doc) => {
      const tf = new Map<string, number>();
      const add = (t: string, w: number) => tf.set(t, (tf.get(t) ?? 0) + w);
      for (const t of terms(doc.heading)) add(t, 3);
      for (const t of terms(doc.body)) add(t, 1);
      let length = 0;
      for (const v of tf.values()) length += v;
      return { doc, tf, length };
    });
    for (const item of this.items) for (const t of item.tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
    this.avgLength = this.items.reduce((s, i) => s + i.length, 0) / Math.max(1, this.items.length);
  }

  search(query: string, limit = 5, filter?: (doc: D) => boolean): RankedDoc<D>[] {
    const q = [...new Set(terms(query))];
    if (q.length === 0) return [];
    const n = this.items.length;
    const k1 = 1.2;
    const b = 0.6;
    const ranked: RankedDoc<D>[] = [];
    for (const item of this.items) {
      if (filter && !filter(item.doc)) continue;
      let score = 0;
      let matched = 0;
      for (const t of q) {
        const f = item.tf.get(t);
        if (!f) continue;
        matched += 1;
        const df = this.df.get(t) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * (f * (k1 + 1))) / (f + k1 * (1 - b + (b * item.length) / this.avgLength));
      }
      // Documents matching more of the question's words rank above a single strong match.
      if (score > 0) ranked.push({ doc: item.doc, score: score * (0.5 + matched / q.length), coverage: matched / q.length, matched });
    }
    return ranked.sort((a, b2) => b2.score - a.score).slice(0, limit);
  }
}

/** "di bawah 50 ribu", "maks 100rb", "< Rp75.000", "kurang dari 50k" → 50000; else null. */
export function priceCeiling(question: string): number | null {
  const text = question.toLowerCase().replace(/rp\.?\s*/g, '');
  const m = /(?:di ?bawah|dibawah|kurang dari|maks(?:imal)?|max|budget|<|sampai|hingga|paling mahal)\s*(\d+(?:[.,]\d{3})*(?:[.,]\d+)?)\s*(ribu|rb|k|juta|jt)?/.exec(text);
  if (!m) return null;
  let amount = Number(m[1]!.replace(/[.,](?=\d{3}\b)/g, '').replace(',', '.'));
  const unit = m[2];
  if (unit === 'ribu' || unit === 'rb' || unit === 'k') amount *= 1000;
  if (unit === 'juta' || unit === 'jt') amount *= 1_000_000;
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount) : null;
}
