/**
 * `npm run create-admin`: creates an administrator on the configured database (production
 * included). Reads ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_FIRST_NAME, ADMIN_LAST_NAME and
 * ADMIN_PASSWORD from the environment, asking for any that are missing; the password is never echoed.
 *
 * `npm run create-admin -- --reset-password USERNAME` gives an existing account (any role) a new
 * password (ADMIN_PASSWORD, or asked) and ends its sessions: the way out when a shop others reach
 * refuses to start over a published demo password (docs/decisions/043-production-defaults.md).
 */
import readline from 'node:readline';
import { fieldErrors, registerSchema } from '@pasar/core/accounts';
import { passwordResetSchema } from '@pasar/core/users';
import { loadConfig } from '../../config';
import { openShopDatabase } from '../../db/client';
import { findRoleByName, findUserByLogin, insertUser, takenIdentifiers } from '../accounts/accounts.service';
import { hashPassword } from '../accounts/passwords';
import { resetPassword } from './users.service';

function ask(question: string, hidden = false): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    if (hidden) {
      const output = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WritableStream };
      output._writeToOutput = (s: string) => {
        if (s.includes(question)) output.output.write(s);
        else output.output.write('*');
      };
    }
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write('\n');
      resolve(answer.trim());
    });
  });
}

async function value(env: string, question: string, hidden = false): Promise<string> {
  const fromEnv = process.env[env];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!process.stdin.isTTY) throw new Error(`${env} belum diisi dan tidak ada terminal untuk menanyakannya.`);
  return ask(question, hidden);
}

async function resetExistingPassword(username: string): Promise<void> {
  const parsed = passwordResetSchema.safeParse({ password: await value('ADMIN_PASSWORD', `Kata sandi baru untuk ${username} (min. 6 karakter): `, true) });
  if (!parsed.success) {
    for (const message of Object.values(fieldErrors(parsed.error))) console.error(`password: ${message}`);
    process.exitCode = 1;
    return;
  }
  const database = await openShopDatabase(loadConfig());
  try {
    const user = await findUserByLogin(database.db, username);
    if (!user || user.username.toLowerCase() !== username.trim().toLowerCase()) {
      console.error(`Akun "${username}" tidak ada.`);
      process.exitCode = 1;
      return;
    }
    await resetPassword(database.db, user.id, parsed.data.password, new Date());
    console.info(`Kata sandi "${user.username}" diganti; sesi masuknya diakhiri.`);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const reset = process.argv.indexOf('--reset-password');
  if (reset !== -1) {
    const username = process.argv[reset + 1];
    if (!username) {
      console.error('Tulis username-nya: npm run create-admin -- --reset-password USERNAME');
      process.exitCode = 1;
      return;
    }
    return resetExistingPassword(username);
  }
  const input = {
    username: await value('ADMIN_USERNAME', 'Username admin: '),
    email: await value('ADMIN_EMAIL', 'Email admin: '),
    first_name: await value('ADMIN_FIRST_NAME', 'Nama depan: '),
    last_name: await value('ADMIN_LAST_NAME', 'Nama belakang: '),
    password: await value('ADMIN_PASSWORD', 'Kata sandi (min. 6 karakter): ', true),
    phone_number: null,
  };
  const parsed = registerSchema.safeParse(input);
  if (!parsed.success) {
    for (const [field, message] of Object.entries(fieldErrors(parsed.error))) console.error(`${field}: ${message}`);
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  const database = await openShopDatabase(config);
  try {
    const taken = await takenIdentifiers(database.db, { username: parsed.data.username, email: parsed.data.email });
    if (taken.username || taken.email) {
      console.error(taken.username ? 'Username sudah digunakan.' : 'Email sudah terdaftar.');
      process.exitCode = 1;
      return;
    }
    const role = await findRoleByName(database.db, 'admin');
    if (!role) {
      console.error('Peran "admin" belum ada. Jalankan server sekali (migrasi dan data awal) lalu ulangi.');
      process.exitCode = 1;
      return;
    }
    await insertUser(database.db, {
      username: parsed.data.username,
      email: parsed.data.email,
      passwordHash: await hashPassword(parsed.data.password),
      first_name: parsed.data.first_name,
      last_name: parsed.data.last_name,
      phone_number: null,
      roleId: role.id,
    });
    console.info(`Admin "${parsed.data.username}" dibuat.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
