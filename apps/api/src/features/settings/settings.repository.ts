/** The only SQL for store settings. */
import { eq, sql } from 'drizzle-orm';
import { settingSchemas, type SettingKey, type SettingValue } from '@pasar/core/settings';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

export async function getSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingValue<K> | undefined> {
  const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const parsed = settingSchemas[key].safeParse(row.value);
  return parsed.success ? (parsed.data as SettingValue<K>) : undefined;
}

export async function putSetting<K extends SettingKey>(db: DbOrTx, key: K, value: SettingValue<K>): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: sql`now()` } });
}
