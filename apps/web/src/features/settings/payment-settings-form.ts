/**
 * The payment settings form's values and their check (decision 013). Inputs hold text; the check
 * is the core's own `paymentSettingsSchema`, the one the API applies, so the screen refuses
 * exactly what the server would, with the same words. Rules whose schema carries no message of its
 * own get the core's Indonesian fallback, without the field's name, as the message sits under it.
 */
import { fieldErrors } from '@pasar/core/accounts';
import { paymentSettingsSchema, type PaymentSettings } from '@pasar/core/settings';
import { indonesianIssueMessage } from '@pasar/core/validation';

/** At most this many accounts (the schema's limit). */
export const MAX_BANK_ACCOUNTS = 5;

export interface BankAccountRow {
  /** Stable React key of the row; never sent. */
  key: number;
  bank_name: string;
  account_number: string;
  account_name: string;
}

export interface PaymentSettingsForm {
  bank_accounts: BankAccountRow[];
  unique_code_enabled: boolean;
  manual_deadline_hours: string;
  verification_window_hours: string;
  max_unpaid_per_email: string;
  max_unpaid_per_address: string;
  max_line_quantity: string;
  max_unpaid_per_account: string;
  max_order_units: string;
  payment_reminder_hours: string;
  shipment_auto_complete_days: string;
  notify_email: string;
}

let rowKey = 0;
export const newBankRow = (account?: Omit<BankAccountRow, 'key'>): BankAccountRow => ({
  key: ++rowKey,
  bank_name: account?.bank_name ?? '',
  account_number: account?.account_number ?? '',
  account_name: account?.account_name ?? '',
});

export function toForm(settings: PaymentSettings): PaymentSettingsForm {
  return {
    bank_accounts: settings.bank_accounts.map((a) => newBankRow(a)),
    unique_code_enabled: settings.unique_code_enabled,
    manual_deadline_hours: String(settings.manual_deadline_hours),
    verification_window_hours: String(settings.verification_window_hours),
    max_unpaid_per_email: String(settings.max_unpaid_per_email),
    max_unpaid_per_address: String(settings.max_unpaid_per_address),
    max_line_quantity: String(settings.max_line_quantity),
    max_unpaid_per_account: String(settings.max_unpaid_per_account),
    max_order_units: String(settings.max_order_units),
    payment_reminder_hours: String(settings.payment_reminder_hours),
    shipment_auto_complete_days: String(settings.shipment_auto_complete_days),
    notify_email: settings.notify_email,
  };
}

/** An empty box is "not given", never 0 and never the schema's default. */
const number = (text: string): number | null => (text.trim() === '' ? null : Number(text));

type Issue = Parameters<typeof indonesianIssueMessage>[0];
/** The parse's error map: what the form passes to its resolver and what the check below uses. */
export const issueMessage = (issue: Issue): string =>
  issue.input === undefined || issue.input === null || issue.input === '' ? 'Wajib diisi.' : indonesianIssueMessage({ ...issue, path: [] });

export type CheckResult = { ok: true; data: PaymentSettings } | { ok: false; errors: Record<string, string> };

/** What the inputs make: trimmed account fields, numbers as numbers, an empty box as "not given". */
export function toCandidate(form: PaymentSettingsForm) {
  return {
    bank_accounts: form.bank_accounts.map((a) => ({ bank_name: a.bank_name.trim(), account_number: a.account_number.trim(), account_name: a.account_name.trim() })),
    unique_code_enabled: form.unique_code_enabled,
    manual_deadline_hours: number(form.manual_deadline_hours),
    verification_window_hours: number(form.verification_window_hours),
    max_unpaid_per_email: number(form.max_unpaid_per_email),
    max_unpaid_per_address: number(form.max_unpaid_per_address),
    max_line_quantity: number(form.max_line_quantity),
    max_unpaid_per_account: number(form.max_unpaid_per_account),
    max_order_units: number(form.max_order_units),
    payment_reminder_hours: number(form.payment_reminder_hours),
    shipment_auto_complete_days: number(form.shipment_auto_complete_days),
    notify_email: form.notify_email,
  };
}

/** Errors are keyed by the field's path as the API names it: `manual_deadline_hours`, `bank_accounts.0.bank_name`. */
export function checkPaymentSettings(form: PaymentSettingsForm): CheckResult {
  const parsed = paymentSettingsSchema.safeParse(toCandidate(form), { error: issueMessage });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
