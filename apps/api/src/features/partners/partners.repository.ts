/** The partner's own business as its corner reads it (issue 29). */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { businesses, roles, users } from '../../db/schema';

export type PartnerBusinessRow = typeof businesses.$inferSelect;

export async function findPartnerBusiness(db: DbOrTx, businessId: number): Promise<PartnerBusinessRow | undefined> {
  const rows = await db.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
  return rows[0];
}

/** Makes an account a partner of a business: the `mitra` role and the link, in one write (approval, the seed, tests). */
export async function linkPartnerAccount(db: DbOrTx, userId: number, businessId: number): Promise<void> {
  const role = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'mitra')).limit(1);
  if (!role[0]) throw new Error('role mitra is missing (migration 0022)');
  await db.update(users).set({ role_id: role[0].id, business_id: businessId, updated_at: new Date() }).where(eq(users.id, userId));
}
