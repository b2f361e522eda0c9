/** Issue 31 item 17: PUT /settings/payments changes only what it is sent; an account number is digits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoAccounts, signIn, testEngine, type TestApp } from '../../test/app';

let t: TestApp;
let admin: { authorization: string };

const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/v1/settings/payments', headers: admin, payload });
const saved = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/settings/payments', headers: admin })).json().data;

const accounts = [
  { bank_name: 'Bank BJB', account_number: '0001234567890', account_name: 'Koperasi Pasar' },
  { bank_name: 'BRI', account_number: '002101000123566', account_name: 'Koperasi Pasar' },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, demoAccounts.admin.username, demoAccounts.admin.password);
});
afterAll(async () => {
  await t?.close();
});

describe(`PUT /settings/payments (${testEngine})`, () => {
  it('keeps the bank accounts and every other field a partial body leaves out', async () => {
    expect((await put({ bank_accounts: accounts, manual_deadline_hours: 12, notify_email: 'toko@contoh.id' })).statusCode).toBe(200);
    const res = await put({ unique_code_enabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ bank_accounts: accounts, unique_code_enabled: true, manual_deadline_hours: 12, notify_email: 'toko@contoh.id' });
    expect(await saved()).toMatchObject({ bank_accounts: accounts, unique_code_enabled: true, manual_deadline_hours: 12 });
    // Shoppers are told the same accounts.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/settings/store' })).json().data.bank_accounts).toEqual(accounts);
    // An empty body changes nothing; an empty list is the one way to remove every account.
    expect((await put({})).json().data.bank_accounts).toEqual(accounts);
    expect((await put({ bank_accounts: [] })).json().data).toMatchObject({ bank_accounts: [], manual_deadline_hours: 12 });
  });

  it('refuses an account number that is not 5–20 digits, in Indonesian, and saves nothing', async () => {
    await put({ bank_accounts: accounts });
    for (const number of ['abc', '12 34-56', '1234', '123456789012345678901', '12345abc']) {
      const res = await put({ bank_accounts: [{ bank_name: 'BCA', account_number: number, account_name: 'Toko' }] });
      expect(res.statusCode, number).toBe(400);
      expect(res.json().error).toBe('Nomor rekening berisi 5–20 angka.');
      expect(res.json().fields).toMatchObject({ 'bank_accounts.0.account_number': 'Nomor rekening berisi 5–20 angka.' });
    }
    expect((await saved()).bank_accounts).toEqual(accounts);
    expect((await put({ bank_accounts: [{ bank_name: 'BCA', account_number: ' 1234567890 ', account_name: 'Toko' }] })).json().data.bank_accounts).toEqual([
      { bank_name: 'BCA', account_number: '1234567890', account_name: 'Toko' },
    ]);
  });

  it('still checks every field it is sent', async () => {
    const res = await put({ manual_deadline_hours: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Batas waktu minimal 1 jam.');
  });
});
