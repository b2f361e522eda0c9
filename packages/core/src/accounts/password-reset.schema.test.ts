import { describe, expect, it } from 'vitest';
import { accountMessages as m, fieldErrors } from './accounts.schema';
import { changePasswordSchema, forgotPasswordSchema, PASSWORD_RESET_TTL_MS, passwordMessages as pm, resetPasswordSchema, tooManyResetRequestsMessage } from './password-reset.schema';

const token = 'ab'.repeat(32);

function errorsOf(r: ReturnType<typeof resetPasswordSchema.safeParse>): Record<string, string> {
  expect(r.success).toBe(false);
  return r.success ? {} : fieldErrors(r.error);
}

describe('password reset and change payloads (issue 28)', () => {
  it("applies registration's password rules and the confirmation, all at once", () => {
    expect(errorsOf(resetPasswordSchema.safeParse({ token, password: '12345', password_confirmation: '54321' }))).toEqual({
      password: m.passwordMin,
      password_confirmation: m.confirmationMismatch,
    });
    expect(errorsOf(resetPasswordSchema.safeParse({ token, password: '', password_confirmation: '' }))).toEqual({
      password: m.passwordRequired,
      password_confirmation: m.confirmationRequired,
    });
    expect(resetPasswordSchema.safeParse({ token, password: 'rahasia1', password_confirmation: 'rahasia1' }).success).toBe(true);
  });

  it('refuses a missing or overlong token with the dead-link message', () => {
    expect(errorsOf(resetPasswordSchema.safeParse({ token: ' ', password: 'rahasia1', password_confirmation: 'rahasia1' }))).toEqual({ token: pm.resetLinkInvalid });
    expect(errorsOf(resetPasswordSchema.safeParse({ token: 'a'.repeat(129), password: 'rahasia1', password_confirmation: 'rahasia1' }))).toEqual({ token: pm.resetLinkInvalid });
  });

  it('asks for the current password on a change', () => {
    const r = changePasswordSchema.safeParse({ current_password: '', password: 'rahasia1', password_confirmation: 'rahasia1' });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ current_password: pm.currentPasswordRequired });
  });

  it("checks the e-mail's shape as registration does", () => {
    const r = forgotPasswordSchema.safeParse({ email: 'bukan-email' });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ email: m.emailInvalid });
  });

  it('lives an hour and says minutes when too many requests wait', () => {
    expect(PASSWORD_RESET_TTL_MS).toBe(3_600_000);
    expect(tooManyResetRequestsMessage(61)).toBe('Terlalu banyak permintaan atur ulang kata sandi. Coba lagi dalam 2 menit.');
  });
});
