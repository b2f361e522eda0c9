/** The only SQL of partner applications (issue 29 §1, decisions 053 and 054). */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ApplicationStatus, PartnerApplication } from '@pasar/core/partner-applications';
import type { DbOrTx } from '../../db/client';
import { uniqueViolationConstraint } from '../../db/errors';
import { businesses, partnerApplications, roles, users } from '../../db/schema';

export type ApplicationRow = typeof partnerApplications.$inferSelect;
export type NewApplication = Omit<typeof partnerApplications.$inferInsert, 'id' | 'status' | 'business_id' | 'rejection_reason' | 'reviewed_by' | 'reviewed_at' | 'version' | 'created_at' | 'updated_at'>;

const columns = { application: partnerApplications, username: users.username };

/** Where the business is: the application's address, as the business takes it over. */
function placeOf(a: ApplicationRow) {
  return { address: a.address, province_id: a.province_id, province_name: a.province_name, city_id: a.city_id, city_name: a.city_name, district_id: a.district_id, district_name: a.district_name };
}

function toApplication(row: { application: ApplicationRow; username: string | null }): PartnerApplication {
  const a = row.application;
  return {
    id: a.id,
    status: a.status as ApplicationStatus,
    user_id: a.user_id,
    username: row.username,
    business_id: a.business_id,
    business_name: a.business_name,
    owner_name: a.owner_name,
    phone: a.phone,
    email: a.email,
    ...placeOf(a),
    nib: a.nib,
    pirt: a.pirt,
    bpom: a.bpom,
    halal: a.halal,
    sells: a.sells,
    bank_name: a.bank_name,
    bank_account_number: a.bank_account_number,
    bank_account_name: a.bank_account_name,
    rejection_reason: a.rejection_reason,
    reviewed_at: a.reviewed_at?.toISOString() ?? null,
    version: a.version,
    created_at: a.created_at.toISOString(),
  };
}

/** The office reads the oldest pending first (a queue); decided ones newest first. */
export async function listApplications(db: DbOrTx, status: ApplicationStatus): Promise<PartnerApplication[]> {
  const order = status === 'pending' ? [asc(partnerApplications.created_at), asc(partnerApplications.id)] : [desc(partnerApplications.reviewed_at), desc(partnerApplications.id)];
  const rows = await db
    .select(columns)
    .from(partnerApplications)
    .leftJoin(users, eq(users.id, partnerApplications.user_id))
    .where(eq(partnerApplications.status, status))
    .orderBy(...order)
    .limit(500);
  return rows.map(toApplication);
}

export async function findApplication(db: DbOrTx, id: number): Promise<PartnerApplication | undefined> {
  const rows = await db.select(columns).from(partnerApplications).leftJoin(users, eq(users.id, partnerApplications.user_id)).where(eq(partnerApplications.id, id)).limit(1);
  return rows[0] ? toApplication(rows[0]) : undefined;
}

export async function applicationsOfUser(db: DbOrTx, userId: number): Promise<PartnerApplication[]> {
  const rows = await db
    .select(columns)
    .from(partnerApplications)
    .leftJoin(users, eq(users.id, partnerApplications.user_id))
    .where(eq(partnerApplications.user_id, userId))
    .orderBy(desc(partnerApplications.created_at), desc(partnerApplications.id));
  return rows.map(toApplication);
}

export async function insertApplication(db: DbOrTx, row: NewApplication): Promise<number> {
  const [inserted] = await db.insert(partnerApplications).values(row).returning({ id: partnerApplications.id });
  if (!inserted) throw new Error('insert partner application returned nothing');
  return inserted.id;
}

/** A second pending application of one account, refused by the partial unique index (race-free). */
export function isSecondPending(error: unknown): boolean {
  return uniqueViolationConstraint(error) === 'partner_applications_one_pending_per_user';
}

/**
 * Decides a pending application at the version the office read: one statement, so of two admins
 * deciding at once exactly one gets the row. Nothing back: gone, already decided or stale (the
 * caller tells which).
 */
export async function decideApplication(
  db: DbOrTx,
  id: number,
  version: number,
  decision: { status: 'approved'; business_id: number; reviewed_by: number } | { status: 'rejected'; rejection_reason: string; reviewed_by: number },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(partnerApplications)
    .set({ ...decision, reviewed_at: sql`now()`, updated_at: sql`now()`, version: sql`${partnerApplications.version} + 1` })
    .where(and(eq(partnerApplications.id, id), eq(partnerApplications.version, version), eq(partnerApplications.status, 'pending')))
    .returning();
  return row;
}

/** The account's role name and partner link, to refuse an application from an admin or a partner. */
export async function accountRole(db: DbOrTx, userId: number): Promise<{ role: string; business_id: number | null } | undefined> {
  const rows = await db.select({ role: roles.name, business_id: users.business_id }).from(users).innerJoin(roles, eq(roles.id, users.role_id)).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

/**
 * A new business from an approved application: what the applicant told, certificates unverified
 * (a number is a trust mark only once the office ticks it, decision 053), active at once so its
 * products can be sold once curated.
 */
export async function insertBusinessFromApplication(db: DbOrTx, a: ApplicationRow): Promise<number> {
  const [row] = await db
    .insert(businesses)
    .values({
      name: a.business_name,
      description: '',
      ...placeOf(a),
      owner_name: a.owner_name,
      contact_name: a.owner_name,
      contact_email: a.email,
      contact_phone: a.phone,
      sells: a.sells,
      nib: a.nib,
      pirt: a.pirt,
      bpom: a.bpom,
      halal: a.halal,
      bank_name: a.bank_name,
      bank_account_number: a.bank_account_number,
      bank_account_name: a.bank_account_name,
      is_active: true,
    })
    .returning({ id: businesses.id });
  if (!row) throw new Error('insert business returned nothing');
  return row.id;
}

/** The application row, locked until the deciding transaction ends: a second decision waits, then reads it decided. */
export async function lockApplication(db: DbOrTx, id: number): Promise<ApplicationRow | undefined> {
  const rows = await db.select().from(partnerApplications).where(eq(partnerApplications.id, id)).limit(1).for('update');
  return rows[0];
}
