/**
 * Demo data: loaded once into an empty database (SEED_DEMO), never into one that has data.
 * The content lives in demo-data.ts (store, accounts, settings) and demo-catalog.ts (catalogue,
 * couriers, national rates); this file only writes it, in one transaction, with the factories
 * the API tests use (test/factories.ts).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { knowledgeEntries, shippingRates } from '../schema';
import { hashPassword } from '../../features/accounts/passwords';
import { makeBusiness, makeCategory, makeCourier, makeProduct, makeUser } from '../../test/factories';
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
import type { ImageStore } from '../../lib/images';
import { drawProductImage } from './product-images';
import { seedDemoPartners, seedDemoPayout } from './demo-partners';
import { applyDiscount } from '@pasar/core/pricing';

export interface SeedOptions {
  uploadsDir: string;
  /** Where the drawn images go: the shop's storage (S3 when configured, decision 068); unset, DATA_DIR/uploads. */
  imageStore?: ImageStore | undefined;
  /** Draw product images (sharp); tests skip it for speed. */
  withImages: boolean;
  /**
   * The partner side (issue 29, demo-partners.ts): partner accounts, certificates, orders, a payout,
   * an application and curation waiting. `npm start` shows them; API tests leave them out, so each
   * test starts from a catalogue without orders and makes the partners it needs (makePartner).
   */
  withPartnerActivity?: boolean;
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
  const now = new Date();
  const categoryOf = new Map<string, (typeof demoCategories)[number]>(demoCategories.map((c) => [c.key, c]));
  // Pictures are drawn before the transaction: files on disk, paths into the rows.
  const pictures = options.withImages
    ? await mapLimit(demoProducts, 2, async (p) => {
        const count = p.images ?? 1;
        const category = categoryOf.get(p.category);
        const paths: string[] = [];
        for (let i = 0; i < count; i++) {
          paths.push(await drawProductImage(p.name, category?.name ?? '', category?.color ?? '#166534', i, { uploadsDir: options.uploadsDir, store: options.imageStore }));
        }
        return paths;
      })
    : demoProducts.map(() => [] as string[]);

  await db.transaction(async (tx) => {
    // Accounts, catalogue and couriers go through the test factories, so the demo and the tests
    // make their rows one way, through the repositories.
    for (const [i, u] of demoUsers.entries()) {
      await makeUser(tx, { ...u, password_hash: hashes[i] ?? '' });
    }
    for (const [key, value] of Object.entries(demoSettings)) {
      await putSetting(tx, key as keyof typeof demoSettings, value as never);
    }

    const categoryId = new Map<string, number>();
    for (const c of demoCategories) categoryId.set(c.key, (await makeCategory(tx, { name: c.name, description: c.description })).id);

    const businessId = new Map<string, number>();
    for (const b of demoBusinesses) {
      const made = await makeBusiness(tx, {
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
      });
      businessId.set(b.key, made.id);
    }

    const productId = new Map<string, number>();
    const price = new Map<string, number>();
    for (const [i, p] of demoProducts.entries()) {
      const images = pictures[i] ?? [];
      const made = await makeProduct(tx, {
        name: p.name,
        description: p.description,
        ...(p.variants ? { variants: p.variants } : { price: p.price, stock: p.stock }),
        discount: p.discount ?? 0,
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
      });
      productId.set(p.name, made.id);
      price.set(p.name, applyDiscount(p.variants?.[0]?.price ?? p.price, p.discount ?? 0));
    }

    await tx.insert(knowledgeEntries).values(
      demoKnowledge.map((k) => ({
        title: k.title,
        description: k.description,
        file: '',
        product_id: k.product ? (productId.get(k.product) ?? null) : null,
      })),
    );

    for (const c of demoCouriers) {
      await makeCourier(tx, {
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
        prices: c.prices.map((p) => ({ ...p })),
      });
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

    if (options.withPartnerActivity) await seedDemoPartners(tx, { businessId, productId, price, categoryId, now, timeZone: demoSettings.time_zone.time_zone, passwordHash: hashPassword });
  });
  if (options.withPartnerActivity) await seedDemoPayout(db, now, demoSettings.time_zone.time_zone);
}
