/**
 * Account recovery and "Ubah kata sandi" (issue 28): the payloads the web forms and the API routes
 * share, their messages and the reset link's lifetime. The spec's password and confirmation rules
 * (storefront spec §5, Registration) apply to every new password.
 */
import { z } from 'zod';
import { requiredText } from '../common/index';
import { accountMessages, emailField, passwordField } from './accounts.schema';

/**
 * How long a reset link works. An hour is long enough for a slow mailbox and a person who reads it
 * later, and short enough that a link found in an old inbox or a forwarded mail is dead.
 */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export const passwordMessages = {
  /** The one answer to "Lupa kata sandi", whether or not the address has an account. */
  resetRequested: 'Jika email terdaftar, kami telah mengirim tautan untuk mengatur ulang kata sandi. Periksa kotak masuk dan folder spam Anda.',
  /** Unknown, used and expired links alike: telling them apart would only help someone guessing. */
  resetLinkInvalid: 'Tautan atur ulang kata sandi tidak berlaku atau sudah kedaluwarsa. Minta tautan baru.',
  resetDone: 'Kata sandi berhasil diatur ulang. Silakan masuk dengan kata sandi baru.',
  currentPasswordRequired: 'Masukkan kata sandi saat ini.',
  currentPasswordWrong: 'Kata sandi saat ini salah.',
  changed: 'Kata sandi berhasil diubah. Sesi di perangkat lain telah dikeluarkan.',
  changeFailed: 'Gagal mengubah kata sandi.',
  requestFailed: 'Gagal mengirim permintaan. Coba lagi nanti.',
} as const;

export function tooManyResetRequestsMessage(seconds: number): string {
  return `Terlalu banyak permintaan atur ulang kata sandi. Coba lagi dalam ${Math.ceil(seconds / 60)} menit.`;
}

export function tooManyPasswordChecksMessage(seconds: number): string {
  return `Terlalu banyak percobaan kata sandi salah. Coba lagi dalam ${Math.ceil(seconds / 60)} menit.`;
}

const confirmation = z.string({ error: accountMessages.confirmationRequired }).min(1, { error: accountMessages.confirmationRequired });

/** The confirmation must equal the password; checked whenever both are text, so a form shows every error at once. */
const confirmed = {
  path: ['password_confirmation'],
  error: accountMessages.confirmationMismatch,
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
    return typeof v?.password === 'string' && typeof v.password_confirmation === 'string' && v.password_confirmation !== '';
  },
};

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    // A link's token is 64 hex digits; anything else is as dead as a used one, with the same words.
    token: requiredText(passwordMessages.resetLinkInvalid, 128, passwordMessages.resetLinkInvalid),
    password: passwordField,
    password_confirmation: confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, confirmed);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    current_password: z.string({ error: passwordMessages.currentPasswordRequired }).min(1, { error: passwordMessages.currentPasswordRequired }).max(256, { error: passwordMessages.currentPasswordWrong }),
    password: passwordField,
    password_confirmation: confirmation,
  })
  .refine((v) => v.password === v.password_confirmation, confirmed);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
