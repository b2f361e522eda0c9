/** The only SQL for store settings. */
import { eq, sql, type SQL } from 'drizzle-orm';
import { settingSchemas, type SettingKey, type SettingValue } from '@pasar/core/settings';
import type { DbOrTx } from '../../db/client';
import type { StatementPart } from '../../lib/statement-part';
import { settings } from '../../db/schema';

export async function getSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingValue<K> | undefined> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return readSetting(key, row.value);
}

/** A stored value checked against its key's schema; a value that no longer fits reads as unset. */
export function readSetting<K extends SettingKey>(key: K, value: unknown): SettingValue<K> | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = settingSchemas[key].safeParse(value);
  return parsed.success ? (parsed.data as SettingValue<K>) : undefined;
}

/**
 * Several settings as one JSON object column (`{ key: value }`, as text), for a caller that reads them
 * inside its own statement (checkout: issue 15's round trips); read each with `readSetting`.
 */
export function settingsJsonSql(keys: SettingKey[]): SQL {
  return sql`(SELECT json_object_agg(s.key, s.value)::text FROM settings s WHERE s.key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)}))`;
}

/**
 * The last values each part read, by the part's key: settings change rarely, and checking them
 * against their schemas was a twentieth of a checkout's Node time (issue 30 §3). The same stored
 * text gives the same values, frozen, since every caller of the part shares them.
 */
const lastRead = new Map<string, { raw: string; values: Record<string, unknown> }>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Several settings, each read with `readSetting`, as a part of another feature's statement (decision 075). */
export function settingsPart<K extends SettingKey>(keys: readonly K[]): StatementPart<{ [Key in K]: SettingValue<Key> | undefined }> {
  const key = `settings(${keys.join(',')})`;
  return {
    sql: settingsJsonSql([...keys]),
    key,
    config: true,
    read(raw) {
      const text = typeof raw === 'string' ? raw : raw == null ? 'null' : JSON.stringify(raw);
      const last = lastRead.get(key);
      if (last?.raw === text) return last.values as { [Key in K]: SettingValue<Key> | undefined };
      const stored = (JSON.parse(text) ?? {}) as Record<string, unknown>;
      const values = deepFreeze(Object.fromEntries(keys.map((k) => [k, readSetting(k, stored[k])])));
      lastRead.set(key, { raw: text, values });
      return values as { [Key in K]: SettingValue<Key> | undefined };
    },
  };
}

export async function putSetting<K extends SettingKey>(db: DbOrTx, key: K, value: SettingValue<K>): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: sql`now()` } });
}

/**
 * A settings row outside the store's typed keys (operations state such as `jobs_hold`, apps/api/src/jobs-hold.ts):
 * the caller checks the value, so the admin's settings and the demo seed never see these keys.
 */
export async function getRawSetting(db: DbOrTx, key: string): Promise<{ value: unknown; updatedAt: Date } | undefined> {
  const rows = await db
    .select({ value: settings.value, updatedAt: settings.updated_at })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return rows[0];
}

export async function putRawSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: sql`now()` } });
}

export async function deleteRawSetting(db: DbOrTx, key: string): Promise<void> {
  await db.delete(settings).where(eq(settings.key, key));
}
