import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accountMessages as m, fieldErrors, loginSchema, profileUpdateSchema, registerFormSchema, registerSchema } from './accounts.schema';

/**
 * The field messages of a parse that must fail. It asserts the failure first, so a rule deleted
 * from a schema fails the test instead of skipping its message checks.
 */
function failureMessages(r: { success: true } | { success: false; error: z.ZodError }): Record<string, string> {
  expect(r.success).toBe(false);
  if (r.success) throw new Error('the payload was accepted');
  return fieldErrors(r.error);
}

const valid = { first_name: 'Siti', last_name: 'Aminah', username: 'siti', email: 'siti@contoh.id', password: 'rahasia1' };

describe('registration rules (requirements/storefront.md §5)', () => {
  it('gives each required field its message', () => {
    const r = registerSchema.safeParse({});
    expect(failureMessages(r)).toMatchObject({
      first_name: m.firstNameRequired,
      last_name: m.lastNameRequired,
      username: m.usernameRequired,
      email: m.emailRequired,
      password: m.passwordRequired,
    });
    const blank = registerSchema.safeParse({ ...valid, first_name: '   ', email: '' });
    expect(failureMessages(blank)).toMatchObject({ first_name: m.firstNameRequired, email: m.emailRequired });
  });
  it('checks lengths, e-mail shape and phone format', () => {
    const r = registerSchema.safeParse({ ...valid, username: 'ab', email: 'siti@', password: '12345', phone_number: '08a12' });
    expect(failureMessages(r)).toEqual({ username: m.usernameMin, email: m.emailInvalid, password: m.passwordMin, phone_number: m.phoneInvalid });
    expect(registerSchema.safeParse({ ...valid, phone_number: '+62 (812) 3456-7890' }).success).toBe(true);
    expect(registerSchema.parse({ ...valid, phone_number: '' }).phone_number).toBeNull();
  });
  it('strips role fields a payload tries to set', () => {
    const parsed = registerSchema.parse({ ...valid, role: 'admin', role_id: 1, is_active: true });
    expect(parsed).not.toHaveProperty('role');
    expect(parsed).not.toHaveProperty('role_id');
    expect(parsed).not.toHaveProperty('is_active');
  });
  it('the form also needs a matching confirmation and the terms', () => {
    const r = registerFormSchema.safeParse({ ...valid, password_confirmation: 'lain', terms: false });
    // Every error at once: the terms and the mismatch together, not one round at a time.
    expect(failureMessages(r)).toMatchObject({ terms: m.termsRequired, password_confirmation: m.confirmationMismatch });
    const r2 = registerFormSchema.safeParse({ ...valid, password_confirmation: 'lain', terms: true });
    expect(failureMessages(r2)).toEqual({ password_confirmation: m.confirmationMismatch });
    const r3 = registerFormSchema.safeParse({ ...valid, password_confirmation: '', terms: true });
    expect(failureMessages(r3)).toEqual({ password_confirmation: m.confirmationRequired });
  });
});

describe('sign-in and profile rules', () => {
  it('requires username and password with the spec messages', () => {
    const r = loginSchema.safeParse({ username: ' ', password: '' });
    expect(failureMessages(r)).toEqual({ username: m.loginUsernameRequired, password: m.loginPasswordRequired });
  });
  it('profile takes only names, e-mail and phone', () => {
    const parsed = profileUpdateSchema.parse({ first_name: 'A', last_name: 'B', email: 'a@b.co', phone_number: null, username: 'x', role_id: 1 });
    expect(Object.keys(parsed).sort()).toEqual(['email', 'first_name', 'last_name', 'phone_number']);
  });
});
