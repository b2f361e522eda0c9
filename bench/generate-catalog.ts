/** Fills a database with a large generated catalogue for the load benchmarks. */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client';
import { businesses, categories, productVariants, products } from '../apps/api/src/db/schema';

const kinds = ['Keripik', 'Dodol', 'Kopi', 'Batik', 'Tas', 'Sabun', 'Madu', 'Sambal', 'Bolu', 'Teh', 'Kain', 'Sepatu', 'Jamu', 'Kerupuk', 'Selai', 'Minyak', 'Gelang', 'Topi', 'Piring', 'Lilin'];
const flavours = ['Tempe', 'Singkong', 'Pisang', 'Arabika', 'Robusta', 'Tulis', 'Cap', 'Anyaman', 'Sereh', 'Hutan', 'Bawang', 'Susu', 'Melati', 'Tenun', 'Kulit', 'Kelapa', 'Kunyit', 'Rotan', 'Bambu', 'Jahe'];
const places = ['Bandung', 'Lembang', 'Garut', 'Cimahi', 'Sumedang', 'Ciwidey', 'Pangalengan', 'Soreang', 'Majalaya', 'Cicalengka'];
const tails = ['Original', 'Premium', 'Spesial', 'Pedas', 'Manis', 'Klasik', 'Mini', 'Jumbo', 'Organik', 'Asli'];

export interface GeneratedCatalog {
  productIds: number[];
  categoryIds: number[];
}

export async function generateCatalog(db: Db, count: number, options: { stock?: number; variantsEvery?: number } = {}): Promise<GeneratedCatalog> {
  // Category names are unique regardless of case (migration 0007), and the checkout bench
  // generates on top of the demo seed (which has "Minuman"): the run's own tag keeps them apart.
  const tag = Date.now().toString(36);
  const cats = await db
    .insert(categories)
    .values(['Makanan', 'Minuman', 'Kerajinan', 'Fesyen', 'Kecantikan', 'Herbal', 'Dekorasi'].map((name) => ({ name: `${name} (bench ${tag})`, description: `Produk ${name}` })))
    .returning({ id: categories.id });
  const bizRows = await db
    .insert(businesses)
    .values(Array.from({ length: 200 }, (_, i) => ({ name: `UMKM ${places[i % places.length]} ${i + 1}`, city_id: 3273, district_id: 327301 + (i % 30) })))
    .returning({ id: businesses.id });
  const productIds: number[] = [];
  const batch = 2000;
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, k) => {
      const i = start + k;
      const name = `${kinds[i % kinds.length]} ${flavours[Math.floor(i / kinds.length) % flavours.length]} ${places[i % places.length]} ${tails[Math.floor(i / 400) % tails.length]} ${i}`;
      return {
        name,
        description: `${name} buatan UMKM lokal, dikemas rapi dan higienis.`,
        price: 10_000 + (i % 50) * 1_000,
        reseller_price: 9_000 + (i % 50) * 900,
        discount: i % 7 === 0 ? 10 : 0,
        stock: options.stock ?? (i % 11 === 0 ? 0 : 50),
        category_id: cats[i % cats.length]!.id,
        business_id: bizRows[i % bizRows.length]!.id,
      };
    });
    const inserted = await db.insert(products).values(rows).returning({ id: products.id });
    productIds.push(...inserted.map((r) => r.id));
  }
  const every = options.variantsEvery ?? 10;
  const variantRows = productIds
    .filter((_, i) => i % every === 0)
    .flatMap((id) => [
      { product_id: id, label: '250 g', price: 20_000, reseller_price: 18_000, stock: options.stock ?? 25, position: 0 },
      { product_id: id, label: '500 g', price: 38_000, reseller_price: 34_000, stock: options.stock ?? 25, position: 1 },
    ]);
  for (let s = 0; s < variantRows.length; s += 5000) await db.insert(productVariants).values(variantRows.slice(s, s + 5000));
  // Index-only scans need the visibility map a VACUUM writes (autovacuum does it in production).
  await db.execute(sql`VACUUM ANALYZE`);
  return { productIds, categoryIds: cats.map((c) => c.id) };
}
