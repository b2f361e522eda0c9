import { describe, expect, it, vi } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import { businessInputSchema, businessMessages } from '@pasar/core/businesses';
import { userMessages, userUpdateSchema } from '@pasar/core/users';
import { ApiError } from '../../lib/api-client';
import { errorAt, firstErrorUnder, setServerErrors, zodFormResolver } from './use-zod-form';

const options = { fields: {}, shouldUseNativeValidation: false } as const;
const business = { name: '', description: '', address: '', city_id: '', district_id: '', contact_name: '', contact_email: 'bukan-email', contact_phone: '', website: '', is_active: true };

describe('the form resolver (the core schema the API applies)', () => {
  it('refuses every field at once, each with its spec message', async () => {
    const result = await zodFormResolver(businessInputSchema)(business, undefined, options);
    expect(result.values).toEqual({});
    expect(errorAt(result.errors, 'name')).toBe(businessMessages.nameRequired);
    expect(errorAt(result.errors, 'city_id')).toBe(businessMessages.cityRequired);
    expect(errorAt(result.errors, 'district_id')).toBe(businessMessages.districtRequired);
    expect(errorAt(result.errors, 'contact_email')).toBe(businessMessages.emailInvalid);
    expect(errorAt(result.errors, 'address')).toBeUndefined();
  });

  it("hands the schema's output to the submit handler (text ids as numbers, the website completed)", async () => {
    const result = await zodFormResolver(businessInputSchema)({ ...business, name: 'Rajut Ceria', city_id: '23', district_id: '327', contact_email: '', website: 'rajut.id' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: 'Rajut Ceria', city_id: 23, district_id: 327, website: 'https://rajut.id' });
  });

  it('checks what toInput builds: a field the form does not show, such as the version', async () => {
    const user = { username: 'sari', email: 'sari@contoh.id', first_name: 'Sari', last_name: 'Dewi', phone_number: '', role_id: '2', is_active: true };
    const without = await zodFormResolver(userUpdateSchema)(user, undefined, options);
    expect(Object.keys(without.errors)).toEqual(['version']);
    const withVersion = await zodFormResolver(userUpdateSchema, (v: typeof user) => ({ ...v, version: 3 }))(user, undefined, options);
    expect(withVersion.values).toMatchObject({ role_id: 2, version: 3 });
    const blank = await zodFormResolver(userUpdateSchema, (v: typeof user) => ({ ...v, version: 3 }))({ ...user, role_id: '' }, undefined, options);
    expect(errorAt(blank.errors, 'role_id')).toBe(userMessages.roleRequired);
  });
});

describe('setServerErrors', () => {
  it("puts each of the server's field messages on its field, dotted rows included", () => {
    const setError = vi.fn();
    const error = new ApiError(400, 'Data tidak valid.', 'VALIDATION', { email: 'Email sudah terdaftar.', 'bank_accounts.0.bank_name': 'Wajib diisi.' });
    expect(setServerErrors(error, setError)).toBe(2);
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'Email sudah terdaftar.' });
    expect(setError).toHaveBeenCalledWith('bank_accounts.0.bank_name', { type: 'server', message: 'Wajib diisi.' });
  });
  it('renames a server field onto the input that shows it', () => {
    const setError = vi.fn();
    setServerErrors(new ApiError(400, 'x', 'VALIDATION', { file: 'Jenis berkas tidak didukung.' }), setError, { file: 'upload' });
    expect(setError).toHaveBeenCalledWith('upload', { type: 'server', message: 'Jenis berkas tidak didukung.' });
  });
  it('sets nothing for a failure without fields', () => {
    const setError = vi.fn();
    expect(setServerErrors(new ApiError(500, 'x', 'INTERNAL'), setError)).toBe(0);
    expect(setServerErrors(new Error('offline'), setError)).toBe(0);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('reading nested errors', () => {
  const errors = {
    bank_accounts: [{ bank_name: { type: 'server', message: 'Wajib diisi.' } }],
    size_variants: { root: { type: 'custom', message: 'Lengkapi nama dan harga positif untuk setiap varian yang digunakan.' } },
    option_groups: [undefined, { values: { type: 'custom', message: 'Isi nama opsi dan minimal satu nilai untuk setiap kelompok opsi.' } }],
  } as unknown as FieldErrors;
  it('reads a row field by its dotted path and a list by its root', () => {
    expect(errorAt(errors, 'bank_accounts.0.bank_name')).toBe('Wajib diisi.');
    expect(errorAt(errors, 'size_variants')).toBe('Lengkapi nama dan harga positif untuk setiap varian yang digunakan.');
    expect(errorAt(errors, 'bank_accounts')).toBeUndefined();
  });
  it('finds the first message anywhere under a group', () => {
    expect(firstErrorUnder(errors, 'option_groups')).toBe('Isi nama opsi dan minimal satu nilai untuk setiap kelompok opsi.');
    expect(firstErrorUnder(errors, 'bank_accounts')).toBe('Wajib diisi.');
    expect(firstErrorUnder(errors, 'images')).toBeUndefined();
  });
});
