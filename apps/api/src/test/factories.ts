/**
 * Test factories: a category, a business, a product with variants and options, a courier with its
 * prices, a user. Each writes through the feature's repository, so a row made here is a row the
 * app could have made, and the demo seed (db/seed/seed-demo.ts) is built from the same functions
 * (docs/design.md: the seed reuses the test factories). A test asks for what it needs here
 * instead of naming a demo product, so the demo catalogue can change without breaking tests.
 */
import type { CourierInput, CourierPriceInput } from '@pasar/core/couriers';
import type { DbOrTx } from '../db/client';
import { hashPassword } from '../features/accounts/passwords';
import { findRoleByName } from '../features/accounts/accounts.repository';
import { insertBusiness, type BusinessRecord } from '../features/businesses/businesses.repository';
import { insertCategory } from '../features/categories/categories.repository';
import { insertCourier, insertPrice } from '../features/couriers/couriers.repository';
import { insertProduct, type ProductRecord } from '../features/products/products.repository';
import { insertManagedUser } from '../features/users/users.repository';
import { linkPartnerAccount } from '../features/partners/partners.repository';

/** Kota Bandung and its district Sumur Bandung: the demo store's home, where local couriers deliver. */
export const bandung = {
  province: { id: 32, name: 'Jawa Barat' },
  city: { id: 3273, name: 'Kota Bandung' },
  district: { id: 327319, name: 'Sumur Bandung' },
} as const;

/** The admin's business form (POST /businesses), valid: a business in Kota Bandung, the store's province in the test config. */
export const businessForm = {
  name: 'Dapur Ibu Sari',
  description: 'Aneka sambal rumahan',
  address: 'Jl. Cihampelas 10',
  city_id: bandung.city.id,
  district_id: bandung.district.id,
  contact_name: 'Sari',
  contact_email: 'sari@contoh.id',
  contact_phone: '0812345678',
  website: 'dapuribusari.id',
  is_active: true,
};

let sequence = 0;
/** A name no other factory call in this process has used: tests share one database per file. */
function unique(prefix: string): string {
  sequence += 1;
  return `${prefix} ${sequence}`;
}

export interface Made {
  id: number;
  name: string;
}

export async function makeCategory(db: DbOrTx, spec: { name?: string; description?: string; is_active?: boolean } = {}): Promise<Made> {
  const name = spec.name ?? unique('Kategori Uji');
  const id = await insertCategory(db, { name, description: spec.description ?? '', is_active: spec.is_active ?? true });
  return { id, name };
}

export async function makeBusiness(db: DbOrTx, spec: Partial<BusinessRecord> = {}): Promise<Made & { district_id: number }> {
  const record: BusinessRecord = {
    name: unique('Usaha Uji'),
    description: '',
    address: '',
    city_id: bandung.city.id,
    city_name: bandung.city.name,
    district_id: bandung.district.id,
    district_name: bandung.district.name,
    contact_name: '',
    contact_email: '',
    contact_phone: '',
    website: '',
    is_active: true,
    ...spec,
  };
  return { id: await insertBusiness(db, record), name: record.name, district_id: record.district_id };
}

export interface VariantSpec {
  label: string;
  price: number;
  stock: number;
  reseller_price?: number;
}

export interface ProductSpec extends Partial<Omit<ProductRecord, 'category_id' | 'price' | 'stock'>> {
  /** Made with makeCategory when not given. */
  category_id?: number;
  /** With variants: the lowest variant price when not given. */
  price?: number;
  /** With variants: always their sum (docs/decisions/008-product-stock-with-variants.md). */
  stock?: number;
  variants?: VariantSpec[];
}

export interface MadeProduct extends Made {
  price: number;
  stock: number;
}

/** Reseller prices default to 85% of the price, as the demo shows them. */
const resellerOf = (price: number) => Math.round(price * 0.85);

export async function makeProduct(db: DbOrTx, spec: ProductSpec = {}): Promise<MadeProduct> {
  const { variants = [], category_id, price, stock, ...rest } = spec;
  const lowest = variants.length > 0 ? Math.min(...variants.map((v) => v.price)) : undefined;
  const listPrice = price ?? lowest ?? 10000;
  const units = variants.length > 0 ? variants.reduce((sum, v) => sum + v.stock, 0) : (stock ?? 10);
  const record: ProductRecord = {
    name: unique('Produk Uji'),
    description: '',
    reseller_price: resellerOf(lowest ?? listPrice),
    discount: 0,
    is_active: true,
    business_id: null,
    size: variants.length > 0 ? null : '1 pcs',
    notes: null,
    image_cover: null,
    images: [],
    option_groups: [],
    weight_grams: 500,
    ai_status: false,
    ai_description: null,
    ...rest,
    category_id: category_id ?? (await makeCategory(db)).id,
    price: listPrice,
    stock: units,
  };
  const id = await insertProduct(
    db,
    record,
    variants.map((v) => ({ label: v.label, price: v.price, reseller_price: v.reseller_price ?? resellerOf(v.price), stock: v.stock })),
  );
  return { id, name: record.name, price: listPrice, stock: units };
}

export interface CourierSpec extends Partial<CourierInput> {
  /** Regional prices; one for Sumur Bandung when not given. */
  prices?: Partial<CourierPriceInput>[];
}

export async function makeCourier(db: DbOrTx, spec: CourierSpec = {}): Promise<Made & { priceIds: number[] }> {
  const { prices, ...rest } = spec;
  const input: CourierInput = {
    courier_name: unique('Kurir Uji'),
    logo: null,
    type: 'motorcycle',
    status: 'active',
    phone_number: '081200000001',
    email: null,
    address: null,
    vehicle_number: null,
    license_number: null,
    city_id: bandung.city.id,
    notes: null,
    is_active: true,
    ...rest,
  };
  const id = await insertCourier(db, input);
  const priceIds: number[] = [];
  for (const p of prices ?? [{}]) {
    priceIds.push(
      await insertPrice(db, id, {
        region: bandung.district.name,
        district_id: bandung.district.id,
        base_price: 10000,
        price_per_km: 0,
        min_price: 0,
        notes: null,
        is_active: true,
        ...p,
      }),
    );
  }
  return { id, name: input.courier_name, priceIds };
}

export interface UserSpec {
  username?: string;
  password?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  phone_number?: string | null;
  role?: 'admin' | 'operator' | 'customer' | 'mitra';
  is_active?: boolean;
  /** A hash made earlier (the seed hashes its accounts in parallel); else `password` is hashed here. */
  password_hash?: string;
}

export async function makeUser(db: DbOrTx, spec: UserSpec = {}): Promise<Made & { username: string; password: string }> {
  const username = spec.username ?? unique('pengguna').replace(' ', '');
  const password = spec.password ?? `${username}-rahasia`;
  const role = await findRoleByName(db, spec.role ?? 'customer');
  if (!role) throw new Error(`factories: unknown role ${spec.role ?? 'customer'}`);
  const id = await insertManagedUser(db, {
    username,
    email: spec.email ?? `${username}@contoh.id`,
    first_name: spec.first_name ?? 'Pengguna',
    last_name: spec.last_name ?? 'Uji',
    phone_number: spec.phone_number ?? null,
    role_id: role.id,
    is_active: spec.is_active ?? true,
    password_hash: spec.password_hash ?? (await hashPassword(password)),
  });
  return { id, name: username, username, password };
}

/**
 * A partner business with its `mitra` account (issue 29): what an approved application leaves behind.
 * Returns the business and the account to sign in with.
 */
export async function makePartner(
  db: DbOrTx,
  spec: { business?: Partial<BusinessRecord>; user?: UserSpec } = {},
): Promise<{ business: Made & { district_id: number }; user: Made & { username: string; password: string } }> {
  const business = await makeBusiness(db, spec.business);
  const user = await makeUser(db, { ...spec.user, role: 'customer' });
  await linkPartnerAccount(db, user.id, business.id);
  return { business, user };
}
