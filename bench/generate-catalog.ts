/**
 * Fills a database with a large generated catalogue for the load benchmarks (issue 15): names and
 * descriptions built from Indonesian words, several businesses per district, size variants, some
 * sold-out and some hidden products, and products written the way sellers write (colloquial
 * spellings and typos: 'Kripik', 'Sambel Cabe', 'Anyamn') so the typo search has something to find.
 * Deterministic: the same count gives the same catalogue.
 */
import { sql } from 'drizzle-orm';
import { seededRandom } from '@pasar/core/testing';
import type { Db } from '../apps/api/src/db/client';
import { businesses, categories, productVariants, products } from '../apps/api/src/db/schema';

/** Per category: product kinds, each with the qualifiers that make sense for it. */
const catalogue: Record<string, [kind: string, qualifiers: string[]][]> = {
  Makanan: [
    ['Keripik', ['Tempe', 'Singkong', 'Pisang', 'Talas', 'Kentang', 'Usus', 'Kaca']],
    ['Dodol', ['Garut', 'Nanas', 'Durian', 'Wijen', 'Susu']],
    ['Sambal', ['Bawang', 'Terasi', 'Cumi', 'Roa', 'Ijo', 'Cabai Rawit']],
    ['Kerupuk', ['Udang', 'Ikan', 'Kulit', 'Bawang', 'Aci']],
    ['Bolu', ['Pandan', 'Keju', 'Pisang', 'Kukus', 'Gulung']],
    ['Abon', ['Sapi', 'Ayam', 'Ikan Tuna']],
    ['Rengginang', ['Ketan', 'Terasi']],
    ['Emping', ['Melinjo', 'Jagung']],
    ['Kue', ['Nastar', 'Kastengel', 'Putri Salju', 'Lidah Kucing']],
  ],
  Minuman: [
    ['Kopi', ['Arabika', 'Robusta', 'Luwak', 'Tubruk', 'Susu Gula Aren']],
    ['Teh', ['Melati', 'Hijau', 'Serai', 'Rosella', 'Tarik']],
    ['Wedang', ['Jahe', 'Uwuh', 'Ronde', 'Secang']],
    ['Sirup', ['Jeruk', 'Markisa', 'Pala', 'Kawista']],
    ['Jamu', ['Kunyit Asam', 'Beras Kencur', 'Temulawak', 'Sirih']],
  ],
  Kerajinan: [
    ['Tas', ['Anyaman Rotan', 'Anyaman Pandan', 'Eceng Gondok', 'Rajut', 'Kulit']],
    ['Keranjang', ['Bambu', 'Rotan', 'Pandan']],
    ['Kap Lampu', ['Anyaman Rotan', 'Bambu', 'Kayu Jati']],
    ['Tikar', ['Pandan', 'Mendong']],
    ['Wayang', ['Golek', 'Kulit']],
    ['Gantungan Kunci', ['Kayu', 'Batok Kelapa']],
  ],
  Fesyen: [
    ['Batik', ['Tulis Mega Mendung', 'Cap Parang', 'Tulis Kawung', 'Cap Sekar Jagad', 'Garutan']],
    ['Kain Tenun', ['Ikat', 'Songket', 'Baduy']],
    ['Kaos', ['Sablon Bandung', 'Polos Katun', 'Distro']],
    ['Kerudung', ['Paris', 'Voal', 'Instan']],
    ['Sepatu', ['Kulit Domba', 'Kanvas']],
    ['Sandal', ['Kulit', 'Anyaman', 'Jepit Batik']],
  ],
  Kecantikan: [
    ['Sabun', ['Sereh', 'Kopi', 'Madu', 'Susu Kambing', 'Arang Bambu']],
    ['Lulur', ['Bengkoang', 'Kopi', 'Beras', 'Temulawak']],
    ['Minyak', ['Kelapa Murni', 'Kemiri', 'Zaitun']],
    ['Masker', ['Beras', 'Bengkoang', 'Spirulina']],
  ],
  Herbal: [
    ['Madu', ['Hutan', 'Kelengkeng', 'Randu', 'Klanceng']],
    ['Jahe Merah', ['Instan', 'Bubuk']],
    ['Temulawak', ['Instan', 'Bubuk']],
    ['Minyak Kayu Putih', ['Asli', 'Aromaterapi']],
  ],
  Dekorasi: [
    ['Lilin', ['Aromaterapi', 'Hias', 'Sereh']],
    ['Vas', ['Gerabah', 'Bambu', 'Keramik']],
    ['Hiasan Dinding', ['Kayu', 'Anyaman', 'Batik']],
    ['Pot', ['Tanaman Gerabah', 'Semen', 'Anyaman']],
  ],
};
const tails = ['Original', 'Premium', 'Pedas', 'Manis', 'Pedas Manis', 'Asli', 'Spesial', 'Organik', 'Mini', 'Jumbo', '', '', ''];
const packs = ['100 gr', '250 gr', '500 gr', '1 kg', 'isi 3', 'isi 6', '', '', ''];
const sentences = [
  'Dibuat tangan oleh perajin lokal dengan bahan pilihan.',
  'Tanpa pengawet, dikemas rapi dan higienis.',
  'Cocok untuk oleh-oleh dan hampers keluarga.',
  'Rasa khas yang sudah turun-temurun.',
  'Bahan baku dipetik langsung dari kebun petani sekitar.',
  'Dikirim setiap hari kerja, dibungkus aman untuk perjalanan jauh.',
  'Produk binaan dinas koperasi dan UMKM.',
  'Tahan lama bila disimpan di tempat kering.',
];
// Bandung's districts (kecamatan) with their region codes: several businesses in each.
const districts: [number, string][] = [
  [327301, 'Sukasari'], [327302, 'Coblong'], [327303, 'Babakan Ciparay'], [327304, 'Bojongloa Kaler'], [327305, 'Andir'],
  [327306, 'Cicendo'], [327307, 'Sukajadi'], [327308, 'Cidadap'], [327309, 'Bandung Wetan'], [327310, 'Astana Anyar'],
  [327311, 'Regol'], [327312, 'Batununggal'], [327313, 'Lengkong'], [327314, 'Cibeunying Kidul'], [327315, 'Bandung Kulon'],
  [327316, 'Kiaracondong'], [327317, 'Bojongloa Kidul'], [327318, 'Cibeunying Kaler'], [327319, 'Sumur Bandung'], [327320, 'Antapani'],
];
const owners = ['Bu Imas', 'Pak Asep', 'Teh Euis', 'Kang Dedi', 'Bu Yanti', 'Mang Ujang', 'Bu Nining', 'Pak Budi', 'Ceu Popon', 'Bu Siti', 'Pak Hendra', 'Teh Rina'];
const shopKinds = ['Dapur', 'Sanggar', 'Toko', 'Rumah Produksi', 'UD', 'Kedai', 'Galeri', 'Koperasi'];
/** How sellers misspell: colloquial forms and plain typos, applied to a few products' names. */
const sellerSpellings: [from: RegExp, to: string][] = [
  [/Keripik/, 'Kripik'],
  [/Sambal/, 'Sambel'],
  [/Cabai/, 'Cabe'],
  [/Kerupuk/, 'Krupuk'],
  [/Anyaman/, 'Anyamn'],
  [/Arabika/, 'Arabica'],
  [/Tempe/, 'Tempeh'],
];

export interface GeneratedCatalog {
  productIds: number[];
  categoryIds: number[];
}

export async function generateCatalog(db: Db, count: number, options: { stock?: number; variantsEvery?: number } = {}): Promise<GeneratedCatalog> {
  const rand = seededRandom(15);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  // Category names are unique regardless of case (migration 0007), and the checkout bench
  // generates on top of the demo seed (which has "Minuman"): the run's own tag keeps them apart.
  const tag = Date.now().toString(36);
  const categoryNames = Object.keys(catalogue);
  const cats = await db
    .insert(categories)
    .values(categoryNames.map((name) => ({ name: `${name} (bench ${tag})`, description: `Produk ${name.toLowerCase()} UMKM` })))
    .returning({ id: categories.id });
  // About one business per 500 products, at least 200: several in every district.
  const businessCount = Math.max(200, Math.round(count / 500));
  const bizRows: { id: number }[] = [];
  for (let start = 0; start < businessCount; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, businessCount - start) }, (_, k) => {
      const i = start + k;
      const [districtId, districtName] = districts[i % districts.length]!;
      return {
        name: `${shopKinds[i % shopKinds.length]} ${owners[Math.floor(i / districts.length) % owners.length]} ${districtName}${i >= districts.length * owners.length ? ` ${i}` : ''}`,
        city_id: 3273,
        city_name: 'Kota Bandung',
        district_id: districtId,
        district_name: districtName,
      };
    });
    bizRows.push(...(await db.insert(businesses).values(rows).returning({ id: businesses.id })));
  }
  const productIds: number[] = [];
  const batch = 2000;
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
      const i = start + k;
      const c = i % cats.length;
      const [kind, qualifiers] = pick(catalogue[categoryNames[c]!]!);
      const [, district] = pick(districts);
      let name = [kind, pick(qualifiers), pick(tails), pick(packs)].filter(Boolean).join(' ');
      if (rand() < 0.2) name += ` Khas ${district}`;
      // About 3% of names carry a seller's spelling.
      if (rand() < 0.03) for (const [from, to] of sellerSpellings) name = name.replace(from, to);
      const bizIndex = Math.floor(rand() * bizRows.length);
      return {
        name,
        description: `${name} dari ${district}. ${pick(sentences)} ${pick(sentences)}`,
        price: 10_000 + Math.floor(rand() * 90) * 1_000,
        reseller_price: 9_000 + Math.floor(rand() * 80) * 1_000,
        discount: rand() < 0.15 ? 10 : 0,
        stock: options.stock ?? (rand() < 0.09 ? 0 : 1 + Math.floor(rand() * 80)),
        // 2% hidden: the public catalogue must leave them out.
        is_active: options.stock !== undefined || rand() >= 0.02,
        category_id: cats[c]!.id,
        business_id: bizRows[bizIndex]!.id,
      };
    });
    const inserted = await db.insert(products).values(rows).returning({ id: products.id, is_active: products.is_active });
    productIds.push(...inserted.filter((r) => r.is_active).map((r) => r.id));
  }
  const every = options.variantsEvery ?? 10;
  const variantRows = productIds
    .filter((_, i) => i % every === 0)
    .flatMap((id) => [
      { product_id: id, label: '250 g', price: 20_000, reseller_price: 18_000, stock: options.stock ?? 25, position: 0 },
      { product_id: id, label: '500 g', price: 38_000, reseller_price: 34_000, stock: options.stock ?? 25, position: 1 },
    ]);
  for (let s = 0; s < variantRows.length; s += 5000) await db.insert(productVariants).values(variantRows.slice(s, s + 5000));
  // A product every bench search must find ('anaman rotan': issue 15).
  const [lamp] = await db
    .insert(products)
    .values({ name: 'Kap Lampu Anyaman Rotan', description: 'Kap lampu gantung dari rotan asli, dianyam tangan.', price: 185_000, reseller_price: 160_000, stock: options.stock ?? 12, category_id: cats[categoryNames.indexOf('Kerajinan')]!.id, business_id: bizRows[0]!.id })
    .returning({ id: products.id });
  productIds.push(lamp!.id);
  // Index-only scans need the visibility map a VACUUM writes (autovacuum does it in production).
  await db.execute(sql`VACUUM ANALYZE`);
  return { productIds, categoryIds: cats.map((c) => c.id) };
}
