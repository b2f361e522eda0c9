import { describe, expect, it } from 'vitest';
import { defaultPaymentSettings } from '@pasar/core/payments';
import { checkPaymentSettings, newBankRow, toForm } from './payment-settings-form';

describe('the payment settings form', () => {
  it('round-trips the saved settings unchanged', () => {
    const saved = { ...defaultPaymentSettings, unique_code_enabled: true, bank_accounts: [{ bank_name: 'BCA', account_number: '1234567890', account_name: 'Toko' }] };
    expect(checkPaymentSettings(toForm(saved))).toEqual({ ok: true, data: saved });
  });

  it('carries the verification window (decision 044) both ways and refuses it out of range', () => {
    const saved = { ...defaultPaymentSettings, verification_window_hours: 6 };
    expect(toForm(saved).verification_window_hours).toBe('6');
    expect(checkPaymentSettings(toForm(saved))).toMatchObject({ ok: true, data: { verification_window_hours: 6 } });
    const zero = checkPaymentSettings({ ...toForm(defaultPaymentSettings), verification_window_hours: '0' });
    expect(zero).toMatchObject({ ok: false, errors: { verification_window_hours: 'Batas verifikasi minimal 1 jam.' } });
  });

  it('trims the account fields and sends numbers as numbers', () => {
    const form = { ...toForm(defaultPaymentSettings), manual_deadline_hours: '48', bank_accounts: [newBankRow({ bank_name: ' BRI ', account_number: ' 0099887766 ', account_name: ' Bu Sari ' })] };
    const result = checkPaymentSettings(form);
    expect(result).toMatchObject({ ok: true, data: { manual_deadline_hours: 48, bank_accounts: [{ bank_name: 'BRI', account_number: '0099887766', account_name: 'Bu Sari' }] } });
  });

  it("refuses with the core schema's words, keyed by the field the API names", () => {
    const form = {
      ...toForm(defaultPaymentSettings),
      manual_deadline_hours: '200',
      max_unpaid_per_email: '0',
      max_line_quantity: '',
      notify_email: 'bukan-email',
      bank_accounts: [newBankRow({ bank_name: 'BCA', account_number: '  ', account_name: 'Toko' })],
    };
    const result = checkPaymentSettings(form);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual({
        manual_deadline_hours: 'Batas waktu maksimal 168 jam (7 hari).',
        max_unpaid_per_email: 'Minimal 1.',
        max_line_quantity: 'Wajib diisi.',
        notify_email: 'Format email tidak valid.',
        'bank_accounts.0.account_number': 'Wajib diisi.',
      });
    }
  });

  it('says a fractional deadline must be whole hours and an empty one must be given', () => {
    const half = checkPaymentSettings({ ...toForm(defaultPaymentSettings), manual_deadline_hours: '1.5' });
    expect(half).toMatchObject({ ok: false, errors: { manual_deadline_hours: 'Batas waktu harus bilangan bulat jam.' } });
    const empty = checkPaymentSettings({ ...toForm(defaultPaymentSettings), manual_deadline_hours: '' });
    expect(empty).toMatchObject({ ok: false, errors: { manual_deadline_hours: 'Batas waktu harus berupa angka.' } });
  });
});
