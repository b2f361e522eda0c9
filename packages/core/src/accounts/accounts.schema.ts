/**
 * Sign-in, registration and profile payloads with the spec's messages (docs/requirements/storefront.md §5).
 * The web forms and the API routes use these same schemas. Unknown keys (role, role_id,
 * is_active...) are stripped, so a payload can never choose its own role.
 */
import { z } from 'zod';
import { whatsappNumber } from '../payments/index';

export const accountMessages = {
  loginUsernameRequired: 'Masukkan username atau email.',
  loginPasswordRequired: 'Masukkan kata sandi.',
  firstNameRequired: 'Nama depan wajib diisi.',
  lastNameRequired: 'Nama belakang wajib diisi.',
  usernameRequired: 'Username wajib diisi.',
  usernameMin: 'Minimal 3 karakter.',
  emailRequired: 'Email wajib diisi.',
  emailInvalid: 'Format email tidak valid.',
  passwordRequired: 'Kata sandi wajib diisi.',
  passwordMin: 'Minimal 6 karakter.',
  confirmationRequired: 'Konfirmasi kata sandi wajib diisi.',
  confirmationMismatch: 'Kata sandi tidak cocok.',
  phoneInvalid: 'Gunakan format nomor telepon yang valid.',
  termsRequired: 'Anda harus menyetujui syarat dan ketentuan.',
  usernameTaken: 'Username sudah digunakan.',
  emailTaken: 'Email sudah terdaftar.',
  usernameChars: 'Username hanya boleh berisi huruf, angka, titik, garis bawah, atau tanda hubung.',
  invalidCredentials: 'Username/email atau kata sandi salah.',
  inactiveAccount: 'Akun Anda tidak aktif. Hubungi admin untuk mengaktifkan kembali.',
  loginFailed: 'Gagal masuk. Periksa kembali data Anda.',
  registrationFailed: 'Pendaftaran gagal. Coba lagi nanti.',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  profileLoadFailed: 'Failed to get profile',
} as const;

/** A string field that is required: missing, empty or blank all give the same message. */
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** Basic e-mail shape (spec: 'basic e-mail shape'). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits, spaces, hyphens, parentheses and an optional leading plus (spec §5). */
export const PHONE_PATTERN = /^\+?[0-9\s\-()]{6,20}$/;

/**
 * An Indonesian mobile or landline number in registration's shape (PHONE_PATTERN), as 62… (the
 * shop's one normaliser, core/payments whatsappNumber: 0812-3456-7890 → 6281234567890,
 * (022) 420-1234 → 62224201234), or null when it is not one ("telepon saya", "12", "+1 555…").
 */
export function indonesianPhone(value: string): string | null {
  if (!PHONE_PATTERN.test(value.trim())) return null;
  const number = whatsappNumber(value);
  // 62 then 0 is a number typed as 62 0812…: the trunk zero does not belong after the country code.
  return number && !number.startsWith('620') ? number : null;
}

export const emailField = required(accountMessages.emailRequired)
  .max(254, { error: accountMessages.emailInvalid })
  .regex(EMAIL_PATTERN, { error: accountMessages.emailInvalid });

export const phoneField = z
  .string({ error: accountMessages.phoneInvalid })
  .trim()
  .max(25, { error: accountMessages.phoneInvalid })
  .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: accountMessages.phoneInvalid })
  .nullish()
  .transform((v) => (v ? v : null));

/** A new password: registration's rule, also for a reset and a change (spec §9: at least 6 characters). */
export const passwordField = z
  .string({ error: accountMessages.passwordRequired })
  .min(1, { error: accountMessages.passwordRequired })
  .min(6, { error: accountMessages.passwordMin })
  .max(256);

export const loginSchema = z.object({
  username: required(accountMessages.loginUsernameRequired).max(254, { error: accountMessages.invalidCredentials }),
  password: z
    .string({ error: accountMessages.loginPasswordRequired })
    .min(1, { error: accountMessages.loginPasswordRequired })
    .max(256, { error: accountMessages.invalidCredentials }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  first_name: required(accountMessages.firstNameRequired).max(80),
  last_name: required(accountMessages.lastNameRequired).max(80),
  username: required(accountMessages.usernameRequired)
    .min(3, { error: accountMessages.usernameMin })
    .max(40)
    .regex(/^[A-Za-z0-9._-]+$/, { error: accountMessages.usernameChars }),
  email: emailField,
  phone_number: phoneField,
  password: passwordField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration form adds the confirmation and the terms checkbox to the payload's rules. */
export const registerFormSchema = registerSchema
  .extend({
    password_confirmation: z
      .string({ error: accountMessages.confirmationRequired })
      .min(1, { error: accountMessages.confirmationRequired }),
    terms: z.literal(true, { error: accountMessages.termsRequired }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: accountMessages.confirmationMismatch,
    // Check the mismatch whenever both passwords are text, even while another field (the terms) is
    // refused: the form shows every error at once (issue 16), not one round at a time.
    when: (payload) => {
      const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v.password_confirmation === 'string' && v.password_confirmation !== '';
    },
  });

export const profileUpdateSchema = z.object({
  first_name: required(accountMessages.firstNameRequired).max(80),
  last_name: required(accountMessages.lastNameRequired).max(80),
  email: emailField,
  phone_number: phoneField,
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  can_access_admin: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string().nullable(),
  role_id: z.number().int(),
  role: roleSchema,
  is_active: z.boolean(),
  created_at: z.string(),
});
/** A user as the API answers it (login, register, profile, session): never the password hash. */
export type User = z.infer<typeof userSchema>;

export const authResultSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResult = z.infer<typeof authResultSchema>;

/** Field-level errors of a zod failure, first message per field: what forms show. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}
