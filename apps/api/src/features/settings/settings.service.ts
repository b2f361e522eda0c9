/** Store settings read by several features, each in one place. */
import { defaultPaymentSettings, type PaymentSettings } from '@pasar/core/payments';
import { defaultPartnerProgram, type PartnerProgram } from '@pasar/core/partners';
import type { BankAccount, PaymentSettingsUpdate, PublicStoreSettings, SettingValue } from '@pasar/core/settings';
import { DEFAULT_TIME_ZONE, type StoreTimeZone } from '@pasar/core/time';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { getSetting, putSetting, settingsPart } from './settings.repository';

/** Other features read and write one setting through here; a stored value that no longer fits its key's schema reads as unset. */
export { getSetting, putSetting };

/** Settings read inside another feature's statement (checkout's context read, decision 075). */
export { settingsPart };

/**
 * The public store facts of GET /settings/store, also handed to a server-rendered page
 * (docs/decisions/026-server-rendered-storefront.md).
 */
export async function publicStoreSettings(db: DbOrTx, config: Config, paymentSandbox: Promise<boolean>): Promise<PublicStoreSettings> {
  const [store_location, bank_accounts, store_profile, payment_sandbox, time_zone, payments] = await Promise.all([
    getSetting(db, 'store_location'),
    storeBankAccounts(db),
    getSetting(db, 'store_profile'),
    paymentSandbox,
    storeTimeZone(db),
    getSetting(db, 'payments'),
  ]);
  return {
    store_location: store_location ?? null,
    bank_account: bank_accounts[0] ?? null,
    bank_accounts,
    store_profile: store_profile ?? null,
    payment_sandbox,
    public_demo: config.publicDemo,
    time_zone,
    max_line_quantity: (payments ?? defaultPaymentSettings).max_line_quantity,
  };
}

/**
 * The accounts a manual transfer may go to: the payment settings' list, or the older single
 * `bank_account` setting of a shop configured before the list existed.
 */
export async function storeBankAccounts(db: DbOrTx): Promise<BankAccount[]> {
  const payments = await getSetting(db, 'payments');
  if (payments && payments.bank_accounts.length > 0) return payments.bank_accounts;
  return bankAccountsFrom(payments, await getSetting(db, 'bank_account'));
}

/** The payment settings' accounts, else the older single `bank_account` setting. */
export function bankAccountsFrom(payments: SettingValue<'payments'> | undefined, single: BankAccount | undefined): BankAccount[] {
  if (payments && payments.bank_accounts.length > 0) return payments.bank_accounts;
  return single ? [single] : [];
}

/**
 * The store's time zone (issue 17), read for each request or job that shows a date: several
 * processes may share one database, and a change must show on all of them at once.
 */
export async function storeTimeZone(db: DbOrTx): Promise<StoreTimeZone> {
  return (await getSetting(db, 'time_zone'))?.time_zone ?? DEFAULT_TIME_ZONE;
}

export async function saveStoreTimeZone(db: DbOrTx, timeZone: StoreTimeZone): Promise<StoreTimeZone> {
  await putSetting(db, 'time_zone', { time_zone: timeZone });
  return storeTimeZone(db);
}

export async function paymentSettings(db: DbOrTx): Promise<PaymentSettings> {
  const stored = await getSetting(db, 'payments');
  if (stored) return stored;
  return { ...defaultPaymentSettings, bank_accounts: await storeBankAccounts(db) };
}

/** Saves the fields sent over the saved ones (issue 31): a field left out of the body keeps its value. */
export async function savePaymentSettings(db: DbOrTx, changes: PaymentSettingsUpdate): Promise<PaymentSettings> {
  const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  await putSetting(db, 'payments', { ...(await paymentSettings(db)), ...sent });
  return paymentSettings(db);
}

/** The partner program (issue 29): the store's commission, what curation holds, the sending deadline. */
export async function partnerProgram(db: DbOrTx): Promise<PartnerProgram> {
  return (await getSetting(db, 'partner_program')) ?? defaultPartnerProgram;
}

export async function savePartnerProgram(db: DbOrTx, program: PartnerProgram): Promise<PartnerProgram> {
  await putSetting(db, 'partner_program', program);
  return partnerProgram(db);
}
