/**
 * Demo data: loaded once into an empty database (SEED_DEMO), never into one that has data.
 * The content lives in demo-data.ts (store, accounts, settings) and demo-catalog.ts (catalogue,
 * couriers, national rates); this file only writes it, in one transaction.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import {
  businesses,
  categories,
  courierPrices,
  couriers,
  knowledgeEntries,
  productVariants,
  products,
  roles,
  shippingRates,
  users,
} from '../schema';
import { hashPassword } from '../../features/accounts/passwords';
import { putSetting } from '../../features/settings/settings.repository';
import { demoSettings, demoUsers, STORE_CITY } from './demo-data';
import {
  demoBusinesses,
  demoCategories,
  demoCouriers,
  demoKnowledge,
  demoProducts,
  demoShippingServices,
  provinceZones,
  zoneRates,
} from './demo-catalog';
import { drawProductImage } from './product-images';

export interface SeedOptions {
  uploadsDir: string;
  /** Draw product images (sharp); tests skip it for speed. */
  withImages: boolean;
}

/** True when the database has no users, categories or products: the only state the seed may touch. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM users)::int + (SELECT count(*) FROM categories)::int + (SELECT count(*) FROM products)::int AS n`,
  );
  return Number(rows[0]?.n ?? 0) === 0;
}

export async function seedDemoIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  await seedDemo(db, options);
  return true;
}

/** Runs `work` over `items` with at most `limit` at a time (image drawing is CPU-bound). */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i] as T, i);
      }
    }),
  );
  return out;
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  if (!(await isDatabaseEmpty(db))) {
    throw new Error('Seed demo menolak berjalan: database sudah berisi data.');
  }
  const hashes = await Promise.all(demoUsers.map((u) => hashPassword(u.password)));
  const categoryOf = new Map<string, (typeof demoCategories)[number]>(demoCategories.map((c) => [c.key, c]));
  // Pictures are drawn before the transaction: files on disk, paths into the rows.
  const pictures = options.withImages
    ? await mapLimit(demoProducts, 2, async (p) => {
        const count = p.images ?? 1;
        const category = categoryOf.get(p.category);
        const paths: string[] = [];
        for (let i = 0; i < count; i++) {
          paths.push(await drawProductImage(p.name, category?.name ?? '', category?.color ?? '#166534', i, options.uploadsDir));
        }
        return paths;
      })
    : demoProducts.map(() => [] as string[]);

  await db.transaction(async (tx) => {
    // Roles come from migration 0004; the demo only needs their ids.
    const roleRows = await tx.select().from(roles);
    const roleId = (name: string) => {
      const role = roleRows.find((r) => r.name === name);
      if (!role) throw new Error(`seed: unknown role ${name}`);
      return role.id;
    };
    await tx.insert(users).values(
      demoUsers.map((u, i) => ({
        username: u.username,
        email: u.email,
        password_hash: hashes[i] ?? '',
        first_name: u.first_name,
        last_name: u.last_name,
        phone_number: u.phone_number,
        role_id: roleId(u.role),
      })),
    );
    for (const [key, value] of Object.entries(demoSettings)) {
      await putSetting(tx, key as keyof typeof demoSettings, value as never);
    }

    const categoryRows = await tx
      .insert(categories)
      .values(demoCategories.map((c) => ({ name: c.name, description: c.description })))
      .returning({ id: categories.id });
    const categoryId = new Map(demoCategories.map((c, i) => [c.key, categoryRows[i]?.id ?? 0]));

    const businessRows = await tx
      .insert(businesses)
      .values(
        demoBusinesses.map((b) => ({
          name: b.name,
          description: b.description,
          address: b.address,
          city_id: STORE_CITY.id,
          city_name: STORE_CITY.name,
          district_id: b.district_id,
          district_name: b.district_name,
          contact_name: b.contact_name,
          contact_email: b.contact_email,
          contact_phone: b.contact_phone,
          website: b.website ? `https://${b.website}` : '',
          is_active: 'is_active' in b ? b.is_active : true,
        })),
      )
      .returning({ id: businesses.id });
    const businessId = new Map(demoBusinesses.map((b, i) => [b.key, businessRows[i]?.id ?? 0]));

    const productRows = await tx
      .insert(products)
      .values(
        demoProducts.map((p, i) => {
          const variantStock = p.variants?.reduce((sum, v) => sum + v.stock, 0);
          const images = pictures[i] ?? [];
          return {
            name: p.name,
            description: p.description,
            price: p.variants ? Math.min(...p.variants.map((v) => v.price)) : p.price,
            reseller_price: Math.round((p.variants ? Math.min(...p.variants.map((v) => v.price)) : p.price) * 0.85),
            discount: p.discount ?? 0,
            // A product with variants holds the sum of its variants' stock (docs/decisions/008).
            stock: variantStock ?? p.stock,
            is_active: !p.inactive,
            category_id: categoryId.get(p.category) ?? 0,
            business_id: businessId.get(p.business) ?? null,
            size: p.size === undefined ? (p.variants ? null : '1 pcs') : p.size,
            notes: p.notes ?? null,
            image_cover: images[0] ?? null,
            images,
            option_groups: p.options ?? [],
            weight_grams: p.weight ?? 500,
            ai_status: Boolean(p.ai),
            ai_description: p.ai ?? null,
          };
        }),
      )
      .returning({ id: products.id, name: products.name });
    const productId = new Map(productRows.map((r) => [r.name, r.id]));

    const variantRows = demoProducts.flatMap((p) =>
      (p.variants ?? []).map((v, position) => ({
        product_id: productId.get(p.name) ?? 0,
        position,
        label: v.label,
        price: v.price,
        reseller_price: Math.round(v.price * 0.85),
        stock: v.stock,
      })),
    );
    if (variantRows.length > 0) await tx.insert(productVariants).values(variantRows);

    await tx.insert(knowledgeEntries).values(
      demoKnowledge.map((k) => ({
        title: k.title,
        description: k.description,
        file: '',
        product_id: k.product ? (productId.get(k.product) ?? null) : null,
      })),
    );

    for (const c of demoCouriers) {
      const [row] = await tx
        .insert(couriers)
        .values({
          courier_name: c.courier_name,
          type: c.type,
          status: c.status,
          phone_number: c.phone_number,
          email: c.email || null,
          address: c.address || null,
          vehicle_number: c.vehicle_number,
          license_number: c.license_number || null,
          city_id: c.city_id,
          notes: c.notes || null,
          is_active: 'is_active' in c ? c.is_active : true,
        })
        .returning({ id: couriers.id });
      await tx.insert(courierPrices).values(c.prices.map((p) => ({ ...p, courier_id: row?.id ?? 0 })));
    }

    await tx.insert(shippingRates).values(
      Object.entries(provinceZones).flatMap(([province, zone]) =>
        demoShippingServices.map((s) => {
          const rate = zoneRates[zone] ?? zoneRates[zoneRates.length - 1]!;
          return {
            courier_code: s.courier_code,
            courier_name: s.courier_name,
            service: s.service,
            description: s.description,
            destination_province_id: Number(province),
            first_kg_cost: Math.round((rate.first * s.factor) / 500) * 500,
            next_kg_cost: Math.round((rate.next * s.factor) / 500) * 500,
            etd_min_days: s.etd[0] + Math.floor(zone / 2),
            etd_max_days: s.etd[1] + Math.floor(zone / 2) + (zone >= 4 ? 2 : 0),
          };
        }),
      ),
    );
  });
}
