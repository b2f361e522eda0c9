/**
 * What a shop others reach (PUBLIC_URL) checks at start (issue 26, docs/decisions/043-production-defaults.md):
 * no account may still have a password that the README publishes, and a shop without an
 * administrator is told how to make the first one.
 */
import type { DbOrTx } from '../../db/client';
import { demoUsers } from '../../db/seed/demo-data';
import { demoPartnerAccounts, demoApplicantAccount } from '../../db/seed/demo-partners';
import { findUserByLogin } from '../accounts/accounts.service';
import { verifyPassword } from '../accounts/passwords';

/** The demo accounts whose password is still the published one: anyone can sign in as them. */
export async function accountsWithDemoPasswords(db: DbOrTx): Promise<string[]> {
  // Side by side: each check is a password hash's verification, the start waits for the slowest only.
  const found = await Promise.all(
    [...demoUsers, ...demoPartnerAccounts, demoApplicantAccount].map(async (demo) => {
      const user = await findUserByLogin(db, demo.username);
      // Only the account of that username: an e-mail can never equal a demo username (no @).
      return user && user.username.toLowerCase() === demo.username && (await verifyPassword(user.password_hash, demo.password)) ? user.username : undefined;
    }),
  );
  return found.filter((name): name is string => name !== undefined);
}

/**
 * `npm run create-admin` opens the database the server would: DATABASE_URL, or the embedded one in
 * DATA_DIR, which only one process opens at a time.
 */
const sameDatabase = 'dari folder proyek, dengan DATABASE_URL atau DATA_DIR yang sama; database tertanam (tanpa DATABASE_URL): hentikan server dulu';

export function demoPasswordRefusal(usernames: string[]): string {
  const commands = usernames.map((u) => `  npm run create-admin -- --reset-password ${u}`).join('\n');
  return [
    `Server tidak dijalankan: PUBLIC_URL diisi (toko dapat dijangkau orang lain), tetapi akun ${usernames.join(', ')} masih memakai kata sandi demo yang tercantum di README, sehingga siapa pun dapat masuk.`,
    `Ganti kata sandinya (${sameDatabase}):`,
    commands,
    'atau jalankan tanpa PUBLIC_URL, masuk sebagai admin, lalu atur ulang kata sandinya (atau hapus akunnya) di /admin/users.',
    'Bila toko ini memang demo publik, jalankan dengan SEED_DEMO=true: setiap halaman lalu bertuliskan "Mode demo".',
  ].join('\n');
}

export const createAdminHint = `Toko ini belum punya admin. Buat admin pertama dengan: npm run create-admin (${sameDatabase}), lalu masuk di /login.`;
export { hasActiveAdmin } from './users.repository';
