import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../accounts/accounts.schema';
import {
  applicationRejectedMail,
  approveApplicationSchema,
  partnerApplicationFormSchema,
  partnerApplicationMessages as m,
  partnerApplicationSchema,
  rejectApplicationSchema,
  splitOwnerName,
} from './index';

const validApplication = {
  business_name: 'Keripik Teh Ani',
  owner_name: 'Ani Suryani',
  phone: '0812-3456-7890',
  email: 'ani@contoh.id',
  address: 'Jl. Cihampelas 12',
  province_id: 32,
  city_id: '3273',
  district_id: 327319,
  nib: '1234 5678 90123',
  pirt: '',
  bpom: 'MD 123456789012',
  halal: null,
  sells: 'Keripik singkong dan teh celup',
  bank_name: 'BJB',
  bank_account_number: '0012-3456-789',
  bank_account_name: 'Ani Suryani',
  username: 'keripikani',
  password: 'rahasia1',
};

describe('partner application payload', () => {
  it('normalises the phone to 62…, the NIB and account number to digits, blank certificates to null, ids to numbers', () => {
    const parsed = partnerApplicationSchema.parse(validApplication);
    expect(parsed).toMatchObject({ phone: '6281234567890', nib: '1234567890123', bank_account_number: '00123456789', pirt: null, halal: null, bpom: 'MD 123456789012', city_id: 3273 });
    expect(partnerApplicationSchema.parse({ ...validApplication, phone: '+62 812 3456 7890' }).phone).toBe('6281234567890');
  });

  it('answers every missing field in Indonesian at once', () => {
    const result = partnerApplicationSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toMatchObject({
      business_name: m.businessNameRequired,
      owner_name: m.ownerNameRequired,
      phone: m.phoneRequired,
      email: 'Email wajib diisi.',
      address: m.addressRequired,
      province_id: m.provinceRequired,
      city_id: m.cityRequired,
      district_id: m.districtRequired,
      nib: m.nibRequired,
      sells: m.sellsRequired,
      bank_name: m.bankNameRequired,
      bank_account_number: m.bankAccountNumberRequired,
      bank_account_name: m.bankAccountNameRequired,
      username: 'Username wajib diisi.',
      password: 'Kata sandi wajib diisi.',
    });
  });

  it('refuses a NIB that is not 13 digits, a foreign or short phone, a bad certificate, and registration’s username and password rules', () => {
    const errors = fieldErrors(
      partnerApplicationSchema.safeParse({ ...validApplication, nib: '123456789012', phone: '+1 202 555 0100', halal: '<script>', username: 'a b', password: '123' }).error!,
    );
    expect(errors).toEqual({
      nib: m.nibInvalid,
      phone: m.phoneInvalid,
      halal: m.certificateInvalid,
      username: 'Username hanya boleh berisi huruf, angka, titik, garis bawah, atau tanda hubung.',
      password: 'Minimal 6 karakter.',
    });
    expect(fieldErrors(partnerApplicationSchema.safeParse({ ...validApplication, nib: '12345678901234', phone: '12' }).error!)).toEqual({ nib: m.nibInvalid, phone: m.phoneInvalid });
    expect(fieldErrors(partnerApplicationSchema.safeParse({ ...validApplication, bank_account_number: '12ab' }).error!)).toEqual({ bank_account_number: m.bankAccountNumberInvalid });
  });

  it('the form checks the password confirmation', () => {
    const result = partnerApplicationFormSchema.safeParse({ ...validApplication, password_confirmation: 'lain-lain' });
    expect(fieldErrors(result.error!)).toEqual({ password_confirmation: 'Kata sandi tidak cocok.' });
    expect(partnerApplicationFormSchema.safeParse({ ...validApplication, password_confirmation: 'rahasia1' }).success).toBe(true);
  });

  it('splits the owner’s name into the account’s names, one word too', () => {
    expect(splitOwnerName('  Ani  Suryani Putri ')).toEqual({ first_name: 'Ani', last_name: 'Suryani Putri' });
    expect(splitOwnerName('Sukarni')).toEqual({ first_name: 'Sukarni', last_name: '' });
  });
});

describe('office answers', () => {
  it('a rejection needs a reason and the version', () => {
    expect(fieldErrors(rejectApplicationSchema.safeParse({ reason: '   ' }).error!)).toEqual({ reason: m.reasonRequired, version: 'Versi data wajib dikirim.' });
    expect(rejectApplicationSchema.parse({ reason: ' NIB tidak terdaftar ', version: 1 }).reason).toBe('NIB tidak terdaftar');
  });

  it('an approval links to an existing business by id or makes a new one', () => {
    expect(approveApplicationSchema.parse({ version: 2 }).business_id).toBeUndefined();
    expect(approveApplicationSchema.parse({ version: 2, business_id: '' }).business_id).toBeNull();
    expect(approveApplicationSchema.parse({ version: 2, business_id: '7' }).business_id).toBe(7);
    expect(fieldErrors(approveApplicationSchema.safeParse({ version: 2, business_id: -1 }).error!)).toEqual({ business_id: m.businessInvalid });
  });

  it('the rejection mail carries the reason', () => {
    const mail = applicationRejectedMail({ ownerName: 'Ani', businessName: 'Keripik Teh Ani', storeName: 'Pasar UMKM', reason: 'NIB tidak terdaftar di OSS' });
    expect(mail.paragraphs).toContain('Alasan: NIB tidak terdaftar di OSS');
    expect(mail.subject).toContain('Keripik Teh Ani');
  });
});
