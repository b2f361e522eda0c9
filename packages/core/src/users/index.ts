/** Back-office users (docs/requirements/back-office.md §2 Users, §3, §5, §8, §9). */
import { z } from 'zod';
import { userSchema } from '../accounts/accounts.schema';
import { coercedIdField, idField, listSearchField, requiredText, pageFields, pageQueryField, sortQueryFields, versionField } from '../common/index';

export const MIN_PASSWORD_LENGTH = 6;
export const MIN_USERNAME_LENGTH = 3;

export const userMessages = {
  usernameRequired: 'Username is required',
  usernameMin: `Username must be at least ${MIN_USERNAME_LENGTH} characters`,
  usernameChars: 'Username may only contain letters, numbers, dots, underscores or hyphens',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password is required',
  passwordMin: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  roleRequired: 'Role is required',
  unknownRole: 'Role is required',
  /** Issue 29: a partner account is linked to its business by an approved application. */
  partnerByApplication: 'Akun mitra dibuat lewat Pendaftaran mitra: persetujuan menghubungkannya ke usahanya.',
  phoneInvalid: 'Phone number is not valid',
  loadFailed: 'Failed to load data',
  deleteFailed: 'Failed to delete user',
  saveFailed: 'Failed to save user',
  deleteConfirm: 'Are you sure you want to delete this user?',
  usernameTaken: 'Username sudah digunakan.',
  emailTaken: 'Email sudah terdaftar.',
  notFound: 'Pengguna tidak ditemukan.',
  selfDelete: 'Anda tidak dapat menghapus akun Anda sendiri.',
  selfDemote: 'Anda tidak dapat mencabut peran admin atau menonaktifkan akun Anda sendiri.',
  lastAdmin: 'Harus tetap ada setidaknya satu admin aktif. Tambahkan atau aktifkan admin lain terlebih dahulu.',
  created: 'Pengguna berhasil ditambahkan.',
  updated: 'Pengguna berhasil diperbarui.',
  deleted: 'Pengguna berhasil dihapus.',
  passwordReset: 'Kata sandi pengguna berhasil diganti. Sesi lamanya telah diakhiri.',
} as const;

const username = requiredText(userMessages.usernameRequired, 50, userMessages.usernameRequired)
  .min(MIN_USERNAME_LENGTH, { error: userMessages.usernameMin })
  .regex(/^[A-Za-z0-9._-]+$/, { error: userMessages.usernameChars });
const email = requiredText(userMessages.emailRequired, 254, userMessages.emailRequired).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: userMessages.emailInvalid });
export const passwordField = z
  .string({ error: userMessages.passwordRequired })
  .min(1, { error: userMessages.passwordRequired })
  .min(MIN_PASSWORD_LENGTH, { error: userMessages.passwordMin })
  .max(256, { error: userMessages.passwordMin });
const roleId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  idField(userMessages.roleRequired),
);
const phone = z
  .string()
  .trim()
  .max(25, { error: userMessages.phoneInvalid })
  .refine((v) => v === '' || /^\+?[0-9\s\-()]{6,20}$/.test(v), { error: userMessages.phoneInvalid })
  .nullish()
  .transform((v) => (v ? v : null));

const common = {
  username,
  email,
  first_name: requiredText(userMessages.firstNameRequired, 100, userMessages.firstNameRequired),
  last_name: requiredText(userMessages.lastNameRequired, 100, userMessages.lastNameRequired),
  phone_number: phone,
  role_id: roleId,
  is_active: z.boolean().default(true),
};

/** Create: the password is set here only (and later by the separate reset action). */
export const userCreateSchema = z.object({ ...common, password: passwordField });
export type UserCreate = z.infer<typeof userCreateSchema>;

/** Edit: no password field at all; a password sent along is ignored (stripped). */
export const userUpdateSchema = z.object({ ...common, version: versionField });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const passwordResetSchema = z.object({ password: passwordField });

/** A user as the admin list answers it: the API's user (core/accounts) with its row version for edits. */
export const adminUserSchema = userSchema.extend({ version: z.number().int() });
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * The users list (issue 17): every registered customer is in it, so it is searched and paged on
 * the server. Page sizes as small as the other admin lists', since a row is one line.
 */
export const USER_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_USER_PAGE_SIZE = 20;
/** `name` is the first and last name as the row shows them; `role` its display name. */
export const USER_SORTS = ['name', 'username', 'email', 'role', 'created_at'] as const;
export type UserSort = (typeof USER_SORTS)[number];
/** By username, as the list was before it could be sorted. */
export const DEFAULT_USER_SORT = { sort: 'username', dir: 'asc' } as const;

// The list's own refusals (not in the spec), so a hand-made address is not answered in zod's words.
const pageSizeMessage = 'Ukuran halaman harus 10, 20, atau 50.';

export const userListQuerySchema = z.object({
  /** Name, username, e-mail or phone, any letter case; `%` and `_` are plain characters. */
  q: listSearchField,
  role_id: coercedIdField('Peran tidak valid.').optional(),
  page: pageQueryField('Nomor halaman tidak valid.'),
  page_size: z.coerce
    .number({ error: pageSizeMessage })
    .refine((n) => (USER_PAGE_SIZES as readonly number[]).includes(n), { error: pageSizeMessage })
    .default(DEFAULT_USER_PAGE_SIZE),
  ...sortQueryFields(USER_SORTS, DEFAULT_USER_SORT),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userPageSchema = z.object({ ...pageFields(adminUserSchema), total_pages: z.number().int() });
export type UserPage = z.infer<typeof userPageSchema>;
