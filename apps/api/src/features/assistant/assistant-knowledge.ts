/**
 * What the assistant may know, as retrieval documents: knowledge entries (with their file's
 * text), sellable products (with their AI description, category, business, price and stock) and
 * the store's own facts (shipping, payment, pickup, contact) from its settings.
 */
import { AssistantIndex, terms, type AssistantDoc, type Vocabulary } from '@pasar/core/assistant';
import { formatRupiah } from '@pasar/core/money';
import { applyDiscount } from '@pasar/core/pricing';
import type { DbOrTx } from '../../db/client';
import { getSetting, paymentSettings } from '../settings/settings.service';
import { mobileNumber } from '../mail/buyer-messages';
import { loadKnowledge, newStockFeedCursor, readCatalogChanges, loadSellableProducts, type KnowledgeRow, type ProductRow } from './assistant.repository';
import { assistantVocabulary } from './place-names';
// Retrieval reads words with the dictionary stemmer from here on (decision 060).
import './stemmer';

export interface KnowledgeDoc extends AssistantDoc {
  kind: 'knowledge';
  id: number;
  entry: KnowledgeRow;
}
export interface ProductDoc extends AssistantDoc {
  kind: 'product';
  id: number;
  product: SellableProduct;
}
export interface StoreDoc extends AssistantDoc {
  kind: 'store';
  id: string;
}
export type Doc = KnowledgeDoc | ProductDoc | StoreDoc;

export interface SellableProduct extends Omit<ProductRow, 'variants' | 'option_groups' | 'images'> {
  variants: { label: string; price: number; stock: number }[];
  option_groups: { name: string; values: string[] }[];
  images: string[];
  /** What a shopper pays now: the cheapest variant (or the base price) after discount. */
  unit_price: number;
  list_price: number;
}

const parse = <T>(v: T | string | null): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export function toSellable(row: ProductRow): SellableProduct {
  const variants = parse<SellableProduct['variants']>(row.variants) ?? [];
  const list = variants.length > 0 ? Math.min(...variants.map((v) => v.price)) : row.price;
  const discount = Number(row.discount);
  return {
    ...row,
    discount,
    variants,
    option_groups: parse<SellableProduct['option_groups']>(row.option_groups) ?? [],
    images: parse<string[]>(row.images) ?? [],
    list_price: list,
    unit_price: applyDiscount(list, discount),
  };
}

/** A number as the assistant offers it: WhatsApp only for a mobile number (08…, 628…), else a telephone. */
export function phoneOffer(phone: string): string {
  return mobileNumber(phone) ? `WhatsApp ${phone}` : `telepon ${phone}`;
}

/**
 * A knowledge text as the assistant repeats it: "WhatsApp 022-…" offers a landline, which has no
 * WhatsApp (issue 31), so such a number is offered as a telephone. An admin's text may say it.
 */
export function withoutLandlineWhatsapp(text: string): string {
  return text.replace(/\b(?:whats ?app|wa)(\s*(?:admin|toko|kami|di|ke|:)?\s*)((?:\+?62|0)[\d\s.-]{6,16}\d)/gi, (offer, between: string, phone: string) =>
    mobileNumber(phone) ? offer : `telepon${between}${phone}`,
  );
}

export async function loadAssistantDocs(db: DbOrTx): Promise<Doc[]> {
  const [entries, products, location, pickup, bank, profile, payments] = await Promise.all([
    loadKnowledge(db),
    loadSellableProducts(db),
    getSetting(db, 'store_location'),
    getSetting(db, 'pos_pickup'),
    getSetting(db, 'bank_account'),
    getSetting(db, 'store_profile'),
    paymentSettings(db),
  ]);
  const docs: Doc[] = [];
  for (const entry of entries) {
    // An entry linked to a product is about it, even when its text does not repeat the name (issue 16).
    const body = withoutLandlineWhatsapp([entry.product_name ?? '', entry.description ?? '', (entry.file_text ?? '').slice(0, 20_000)].join('\n'));
    docs.push({ kind: 'knowledge', id: entry.id, title: entry.title, heading: entry.title, body, entry });
  }
  for (const row of products) {
    const product = toSellable(row);
    const stock = product.stock > 0 ? `stok ${product.stock}` : 'stok habis';
    docs.push({
      kind: 'product',
      id: product.id,
      title: product.name,
      heading: `${product.name} ${product.category ?? ''}`,
      body: [
        product.description,
        product.ai_description ?? '',
        product.size ?? '',
        product.notes ?? '',
        product.business ?? '',
        product.variants.map((v) => v.label).join(' '),
        product.option_groups.map((g) => `${g.name} ${g.values.join(' ')}`).join(' '),
        `harga ${formatRupiah(product.unit_price)} ${stock}`,
      ].join('\n'),
      product,
    });
  }
  const city = location?.city_name ?? 'kota toko';
  docs.push({
    kind: 'store',
    id: 'shipping',
    title: 'Pengiriman',
    heading: 'pengiriman kirim ongkir luar kota',
    body: `Pesanan dikirim ke seluruh Indonesia dengan kurir nasional; ongkos kirim dihitung saat checkout dari berat (500 g per barang) dan kecamatan tujuan. Untuk alamat di ${city} tersedia kurir lokal same-day.`,
  });
  if (bank) {
    docs.push({
      kind: 'store',
      id: 'payment',
      title: 'Pembayaran',
      heading: 'pembayaran bayar transfer rekening',
      body: `Pembayaran dengan transfer bank manual ke ${bank.bank_name} ${bank.account_number} a.n. ${bank.account_name} (dikonfirmasi admin dalam 24 jam), atau pembayaran online QRIS dan virtual account yang terkonfirmasi otomatis.`,
    });
  }
  // Issue 31: "sudah transfer tapi belum dikonfirmasi" asks what to do now, not how to pay.
  docs.push({
    kind: 'store',
    id: 'transfer-confirmation',
    title: 'Konfirmasi transfer',
    heading: 'konfirmasi transfer bukti transfer belum dikonfirmasi',
    body: `Sudah membayar dengan transfer bank manual tetapi pembayaran belum dikonfirmasi? Unggah bukti transfer di halaman pesanan Anda (tautannya ada di halaman setelah checkout). Admin mengonfirmasi pembayaran setelah memeriksa bukti transfer, paling lambat ${payments.verification_window_hours} jam setelah bukti diunggah; sampai itu status pembayarannya "Menunggu verifikasi".`,
  });
  if (pickup && (pickup.pickup_name || pickup.pickup_address)) {
    docs.push({
      kind: 'store',
      id: 'pickup',
      title: 'Ambil di galeri',
      heading: 'ambil sendiri pickup galeri alamat toko lokasi',
      body: `Pesanan bisa diambil di ${pickup.pickup_name}, ${[pickup.pickup_address, pickup.pickup_district, pickup.pickup_city].filter(Boolean).join(', ')}${pickup.pickup_phone ? `, ${phoneOffer(pickup.pickup_phone)}` : ''}.`,
    });
  }
  if (profile) {
    docs.push({
      kind: 'store',
      id: 'contact',
      title: 'Kontak toko',
      heading: 'kontak hubungi admin toko nomor telepon whatsapp email',
      body: `Hubungi ${profile.name}${profile.phone ? ` melalui ${phoneOffer(profile.phone)}` : ''}${profile.email ? ` atau email ${profile.email}` : ''}${profile.address ? `. Alamat: ${profile.address}` : ''}.`,
    });
  }
  return docs;
}

/** The documents and their index, built from the database as it was at `version`. */
export interface Corpus {
  docs: Doc[];
  index: AssistantIndex<Doc>;
  version: string;
  /** Each product's name as terms, to see which products a question names. */
  productNames: { id: number; name: string[] }[];
  /**
   * The positions in productNames of the names having each term: a question counts its words in
   * the names sharing one with it, not in every name of the catalogue.
   */
  productsByNameTerm: Map<string, number[]>;
  /**
   * The same positions under one term per name, its least common: a name every word of which is
   * in the question has that one in it, so names named in full are found among a few.
   */
  productsByRarestNameTerm: Map<string, number[]>;
  /** Scratch of namedProducts, one count per name, zero between questions (no garbage per question). */
  nameHits: Uint16Array;
  productDocs: Map<number, ProductDoc>;
}

export function corpusOf(docs: Doc[], version = '', vocabulary?: Vocabulary): Corpus {
  const productNames: Corpus['productNames'] = [];
  const productsByNameTerm = new Map<string, number[]>();
  const productDocs = new Map<number, ProductDoc>();
  for (const d of docs) {
    if (d.kind !== 'product') continue;
    const name = [...new Set(terms(d.title, { keepStopWords: true }))];
    const at = productNames.push({ id: d.id, name }) - 1;
    if (!productDocs.has(d.id)) productDocs.set(d.id, d);
    for (const t of name) {
      const list = productsByNameTerm.get(t);
      if (list) list.push(at);
      else productsByNameTerm.set(t, [at]);
    }
  }
  const productsByRarestNameTerm = new Map<string, number[]>();
  productNames.forEach(({ name }, at) => {
    let rarest: string | undefined;
    for (const t of name) if (rarest === undefined || productsByNameTerm.get(t)!.length < productsByNameTerm.get(rarest)!.length) rarest = t;
    if (rarest === undefined) return;
    const list = productsByRarestNameTerm.get(rarest);
    if (list) list.push(at);
    else productsByRarestNameTerm.set(rarest, [at]);
  });
  return {
    docs,
    index: new AssistantIndex<Doc>(docs, vocabulary),
    version,
    productNames,
    productsByNameTerm,
    productsByRarestNameTerm,
    nameHits: new Uint16Array(productNames.length),
    productDocs,
  };
}

/** The documents and index of the database as it is now, with the place names (tests, scripts). */
export async function buildCorpus(db: DbOrTx, version = ''): Promise<Corpus> {
  const [docs, vocabulary] = await Promise.all([loadAssistantDocs(db), assistantVocabulary()]);
  return corpusOf(docs, version, vocabulary);
}

/**
 * What the documents are built from, as one value that moves with every change: the change counter
 * (corpusVersion), and the stock feed (migration 0027), since a sale moves only the feed and the
 * documents tell each product's stock.
 */
export class SourceFingerprint {
  private readonly cursor = newStockFeedCursor();
  private sales = 0;

  constructor(private readonly db: DbOrTx) {}

  async read(): Promise<string> {
    const changes = await readCatalogChanges(this.db, this.cursor);
    if (changes.stock === 'all' || changes.stock.length > 0) this.sales += 1;
    return `${changes.version}:${this.sales}`;
  }
}

/**
 * Keeps the documents and their index between questions: each question first reads a cheap
 * fingerprint of the source tables (corpusVersion) and rebuilds only when it changed, so a
 * product or knowledge entry saved a moment ago is known to the very next question, in this
 * process or another one sharing the database. Questions arriving during a rebuild share it.
 */
export class CorpusCache {
  /** How many times the documents were built (for tests and logs). */
  builds = 0;
  private current: Corpus | undefined;
  private building: { version: string; promise: Promise<Corpus> } | undefined;
  private readonly fingerprint: SourceFingerprint;

  constructor(private readonly db: DbOrTx) {
    this.fingerprint = new SourceFingerprint(db);
  }

  async get(): Promise<Corpus> {
    // Read before the documents: a write in between only causes one more rebuild next time.
    const version = await this.fingerprint.read();
    if (this.current?.version === version) return this.current;
    if (this.building?.version === version) return this.building.promise;
    const promise = buildCorpus(this.db, version).then((corpus) => {
      this.builds += 1;
      this.current = corpus;
      return corpus;
    });
    this.building = { version, promise };
    try {
      return await promise;
    } finally {
      if (this.building?.promise === promise) this.building = undefined;
    }
  }
}

/** The products as they are now (price, stock, still for sale), in the order given. */
export async function freshProducts(db: DbOrTx, products: readonly SellableProduct[]): Promise<SellableProduct[]> {
  if (products.length === 0) return [];
  const rows = new Map((await loadSellableProducts(db, products.map((p) => p.id))).map((row) => [row.id, toSellable(row)]));
  return products.flatMap((p) => rows.get(p.id) ?? []);
}
