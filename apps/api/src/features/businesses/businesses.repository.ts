/** The only SQL of the partner businesses. */
import { eq, sql, type SQL } from 'drizzle-orm';
import { trustMarksOf, type AdminBusiness, type Business, type BusinessInput, type BusinessListQuery, type BusinessSort, type CertificateNumbers } from '@pasar/core/businesses';
import { certificatesOf, CERTIFICATE_KINDS, type CertificateKind } from '@pasar/core/partners';
import { queryRows, type DbOrTx } from '../../db/client';
import { businesses } from '../../db/schema';
import { updateVersioned } from '../../lib/optimistic.repository';

type CertificateColumns = Record<CertificateKind | `${CertificateKind}_verified_at`, string | Date | null>;

interface BusinessRow extends Omit<AdminBusiness, 'created_at' | 'trust_marks' | 'certificates'>, CertificateColumns {
  created_at: Date | string;
}

const select = sql`SELECT b.id, b.name, b.description, b.address, b.city_id, b.district_id, b.city_name, b.district_name,
    b.contact_name, b.contact_email, b.contact_phone, b.website, b.is_active, b.created_at, b.version,
    b.owner_name, b.sells, b.nib, b.nib_verified_at, b.pirt, b.pirt_verified_at, b.bpom, b.bpom_verified_at, b.halal, b.halal_verified_at,
    b.bank_name, b.bank_account_number, b.bank_account_name,
    (SELECT count(*)::int FROM products p WHERE p.business_id = b.id) AS product_count
  FROM businesses b`;

/** The office's view: every entered number with its verification, and the payout account. */
function toAdminBusiness(r: BusinessRow): AdminBusiness {
  const { nib, nib_verified_at, pirt, pirt_verified_at, bpom, bpom_verified_at, halal, halal_verified_at, ...rest } = r;
  const certificates = { nib, nib_verified_at, pirt, pirt_verified_at, bpom, bpom_verified_at, halal, halal_verified_at };
  return { ...rest, created_at: new Date(r.created_at).toISOString(), trust_marks: trustMarksOf(certificates), certificates: certificatesOf(certificates) };
}

/**
 * Everybody else's view, built field by field: what only the office may read (unverified numbers,
 * the bank account, the owner) is never in the object, whatever the response schema does.
 */
function toPublicBusiness(r: BusinessRow): Business {
  const a = toAdminBusiness(r);
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    address: a.address,
    city_id: a.city_id,
    district_id: a.district_id,
    city_name: a.city_name,
    district_name: a.district_name,
    contact_name: a.contact_name,
    contact_email: a.contact_email,
    contact_phone: a.contact_phone,
    website: a.website,
    is_active: a.is_active,
    created_at: a.created_at,
    version: a.version,
    product_count: a.product_count,
    trust_marks: a.trust_marks,
  };
}

/**
 * The columns the list may be sorted by, each fixed SQL: the query only names a key of this map
 * (core's schema lets nothing else through), so no text from the request reaches ORDER BY.
 */
const sortColumns: Record<BusinessSort, SQL> = {
  name: sql`lower(b.name)`,
  // The location as the card reads it ("district, city"); none set is NULL, last both ways.
  location: sql`lower(NULLIF(concat_ws(', ', NULLIF(b.district_name, ''), NULLIF(b.city_name, '')), ''))`,
  product_count: sql`product_count`,
  created_at: sql`b.created_at`,
};

async function selectBusinesses(db: DbOrTx, options: { activeOnly: boolean } & BusinessListQuery): Promise<BusinessRow[]> {
  const where = options.activeOnly ? sql`WHERE b.is_active` : sql``;
  const dir = options.dir === 'asc' ? sql`ASC` : sql`DESC`;
  return queryRows<BusinessRow>(db, sql`${select} ${where} ORDER BY ${sortColumns[options.sort]} ${dir} NULLS LAST, b.id ${dir}`);
}

/** The id breaks ties, so equal names or counts keep one order from one request to the next. */
export async function listAdminBusinesses(db: DbOrTx, query: BusinessListQuery): Promise<AdminBusiness[]> {
  return (await selectBusinesses(db, { activeOnly: false, ...query })).map(toAdminBusiness);
}

/** The public list (spec §4: active ones only), with verified marks only. */
export async function listPublicBusinesses(db: DbOrTx, query: BusinessListQuery): Promise<Business[]> {
  return (await selectBusinesses(db, { activeOnly: true, ...query })).map(toPublicBusiness);
}

export async function findBusiness(db: DbOrTx, id: number): Promise<AdminBusiness | undefined> {
  const rows = await queryRows<BusinessRow>(db, sql`${select} WHERE b.id = ${id}`);
  return rows[0] ? toAdminBusiness(rows[0]) : undefined;
}

type Ticks = Record<`${CertificateKind}_verified`, boolean>;
type SpecFields = Pick<BusinessInput, 'name' | 'description' | 'address' | 'city_id' | 'district_id' | 'contact_name' | 'contact_email' | 'contact_phone' | 'website' | 'is_active'>;

/** The spec's fields as given, the office's (owner, goods, certificates with ticks, bank) when given. */
export interface BusinessRecord extends SpecFields, Partial<Omit<BusinessInput, keyof SpecFields>> {
  city_name: string;
  district_name: string;
}

/** A tick keeps the time the mark was first verified, or sets it now; no tick clears it. */
function verificationTimes(ticks: Partial<Ticks>) {
  const at = (kind: CertificateKind) => (ticks[`${kind}_verified`] ? sql`coalesce(${businesses[`${kind}_verified_at`]}, now())` : sql`NULL`);
  return { nib_verified_at: at('nib'), pirt_verified_at: at('pirt'), bpom_verified_at: at('bpom'), halal_verified_at: at('halal') };
}

function splitTicks(input: BusinessRecord): { record: Omit<BusinessRecord, keyof Ticks>; ticks: Partial<Ticks> } {
  const { nib_verified, pirt_verified, bpom_verified, halal_verified, ...record } = input;
  return { record, ticks: { nib_verified, pirt_verified, bpom_verified, halal_verified } };
}

/** A new business: the office may enter a number and verify it at once (there is no earlier number to clear). */
export async function insertBusiness(db: DbOrTx, input: BusinessRecord): Promise<number> {
  const { record, ticks } = splitTicks(input);
  const now = new Date();
  const times = Object.fromEntries(CERTIFICATE_KINDS.map((kind) => [`${kind}_verified_at`, ticks[`${kind}_verified`] ? now : null]));
  const [row] = await db.insert(businesses).values({ ...record, ...times }).returning({ id: businesses.id });
  return row!.id;
}

/**
 * An office edit. A number that changes loses its verification in this same write, tick or no tick
 * (migration 0025's trigger): the office verifies the new number once it is saved and checked.
 */
export async function updateBusiness(db: DbOrTx, id: number, version: number, input: BusinessRecord): Promise<{ id: number }[]> {
  const { record, ticks } = splitTicks(input);
  return updateVersioned(db, businesses, id, version, { ...record, ...verificationTimes(ticks) });
}

/**
 * The partner's own numbers (PUT /mitra/certificates). Only the numbers are written: an unchanged
 * number keeps its verification, a changed one loses it (migration 0025's trigger). The version
 * moves so an office form opened before this save cannot write the old numbers back.
 */
export async function updateCertificateNumbers(db: DbOrTx, id: number, numbers: CertificateNumbers): Promise<boolean> {
  const rows = await db
    .update(businesses)
    .set({ ...numbers, version: sql`${businesses.version} + 1`, updated_at: sql`now()` })
    .where(eq(businesses.id, id))
    .returning({ id: businesses.id });
  return rows.length > 0;
}

export async function businessExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, id)).limit(1)).length > 0;
}


/**
 * Deletes a business and answers how many products were linked to it (null when there was no such
 * business). One statement: the count reads the snapshot from before the delete unlinks them
 * (schema: products.business_id ON DELETE SET NULL).
 */
export async function deleteBusinessRow(db: DbOrTx, id: number): Promise<{ unlinked_products: number } | null> {
  const [row] = await queryRows<{ unlinked_products: number }>(
    db,
    sql`WITH gone AS (DELETE FROM businesses WHERE id = ${id} RETURNING id)
        SELECT (SELECT count(*)::int FROM products WHERE business_id = gone.id) AS unlinked_products FROM gone`,
  );
  return row ?? null;
}
