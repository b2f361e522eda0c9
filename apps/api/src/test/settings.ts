/** Tests that need a store setting other than the demo's. */
import type { SettingKey, SettingValue } from '@pasar/core/settings';
import type { DbOrTx } from '../db/client';
import { getSetting, putSetting } from '../features/settings/settings.repository';

/** Runs `run` with part of a setting changed, then puts the setting back as it was, whatever `run` did. */
export async function withSetting<K extends SettingKey>(db: DbOrTx, key: K, change: Partial<SettingValue<K>>, run: () => Promise<void>): Promise<void> {
  const before = await getSetting(db, key);
  if (!before) throw new Error(`the ${key} setting expected`);
  await putSetting(db, key, { ...before, ...change });
  try {
    await run();
  } finally {
    await putSetting(db, key, before);
  }
}
