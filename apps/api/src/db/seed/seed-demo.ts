/**
 * Demo data: loaded once into an empty database (SEED_DEMO), never into one that has data.
 * The content lives in demo-data.ts; this file only writes it.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { roles, users } from '../schema';
import { hashPassword } from '../../features/accounts/passwords';
import { putSetting } from '../../features/settings/settings.repository';
import { demoRoles, demoSettings, demoUsers } from './demo-data';

export interface SeedOptions {
  uploadsDir: string;
  /** Generate product images (sharp); tests skip it for speed. */
  withImages: boolean;
}

/** True when the database has no users and no categories: the only state the seed may touch. */
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

export async function seedDemo(db: Db, _options: SeedOptions): Promise<void> {
  if (!(await isDatabaseEmpty(db))) {
    throw new Error('Seed demo menolak berjalan: database sudah berisi data.');
  }
  const hashes = await Promise.all(demoUsers.map((u) => hashPassword(u.password)));
  await db.transaction(async (tx) => {
    const roleRows = await tx.insert(roles).values(demoRoles).returning();
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
  });
}
