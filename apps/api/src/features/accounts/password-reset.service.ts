/**
 * "Lupa kata sandi" and "Ubah kata sandi" (issue 28). A reset link is 32 random bytes, mailed once
 * and stored only as its SHA-256, good for one use within PASSWORD_RESET_TTL_MS. The request's
 * answer is the same, and comes after the same time, whether or not the address has an account.
 * A new password ends every session (a reset) or every other session (a change), and forgets the
 * account's unused links. No SQL, no HTTP here.
 */
import { createHash } from 'node:crypto';
import { randomToken } from '../../lib/random';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  PASSWORD_RESET_TTL_MS,
  passwordMessages as pm,
  tooManyPasswordChecksMessage,
  tooManyResetRequestsMessage,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '@pasar/core/accounts';
import { AppError } from '@pasar/core/errors';
import type { Database, Db } from '../../db/client';
import { revokeAllSessionsOfUser, revokeOtherSessionsOfUser } from '../../auth/sessions.repository';
import { secondsUntil, typedPart, type Counters } from '../../limits/counters';
import { queueAccountMail } from '../mail/mail.service';
import { passwordResetMail } from '../mail/mail.templates';
import { getSetting } from '../settings/settings.service';
import { findUserById, setPasswordHash } from './accounts.repository';
import { LoginLimiter } from './login-limiter';
import { hashPassword, verifyPassword } from './passwords';
import { consumeResetToken, deleteUnusedResetTokens, findAccountByEmail, insertResetToken } from './password-reset.repository';

/** Requests for one address (however spelled) in an hour: enough for a lost mail, too few to flood an inbox. */
export const MAX_RESET_REQUESTS_PER_EMAIL = 3;
/** Requests from one client address in an hour, across e-mails: stops a walk through a list of addresses. */
export const MAX_RESET_REQUESTS_PER_ADDRESS = 10;
const RESET_WINDOW_MS = 60 * 60 * 1000;
/** Wrong current passwords on "Ubah kata sandi" per account in 15 minutes: a stolen session cannot guess the password. */
export const MAX_PASSWORD_CHECKS = 5;
const CHECK_WINDOW_MS = 15 * 60 * 1000;
/**
 * The request answers no sooner than this. With an account it writes a link and a mail; without
 * one it writes nothing; both wait out the same floor, well above either's work, so the answer's
 * time tells nothing about the address.
 */
export const RESET_ANSWER_FLOOR_MS = 300;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface ResetMailContext {
  /** publicOrigin(config): the only source of absolute links. */
  origin: string;
  /** SMTP is configured: the mail waits for the job; otherwise it is kept for the admin's outbox. */
  smtp: boolean;
}

export interface ResetClient {
  ip: string;
}

export class PasswordService {
  private readonly db: Db;
  private readonly loginLimiter: LoginLimiter;

  constructor(
    database: Database,
    private readonly counters: Counters,
    private readonly now: () => Date,
    private readonly mail: ResetMailContext,
  ) {
    this.db = database.db;
    this.loginLimiter = new LoginLimiter(counters, now);
  }

  private async limit(key: string, max: number, windowMs: number, message: (seconds: number) => string): Promise<void> {
    const count = await this.counters.hit(key, windowMs);
    if (count.count > max) {
      const wait = secondsUntil(count.resetAt, this.now());
      throw new AppError('RATE_LIMITED', message(wait), { details: { retry_after_seconds: wait } });
    }
  }

  /** Always resolves the same way for a known and an unknown address; the mail goes only to an active account. */
  async requestReset(input: ForgotPasswordInput, client: ResetClient): Promise<void> {
    const started = performance.now();
    // Counted whether or not the address has an account, so a refusal says nothing either.
    await this.limit(`reset:ip:${client.ip}`, MAX_RESET_REQUESTS_PER_ADDRESS, RESET_WINDOW_MS, tooManyResetRequestsMessage);
    await this.limit(`reset:e:${typedPart(input.email)}`, MAX_RESET_REQUESTS_PER_EMAIL, RESET_WINDOW_MS, tooManyResetRequestsMessage);
    try {
      const token = randomToken(32, 'hex');
      const tokenHash = hashResetToken(token);
      const account = await findAccountByEmail(this.db, input.email);
      if (!account?.is_active) return;
      const profile = await getSetting(this.db, 'store_profile');
      const content = passwordResetMail(
        { firstName: account.first_name, url: `${this.mail.origin}/reset-password?token=${token}`, validMinutes: PASSWORD_RESET_TTL_MS / 60_000 },
        { storeName: profile?.name ?? 'Pasar UMKM' },
      );
      await this.db.transaction(async (tx) => {
        await insertResetToken(tx, { userId: account.id, tokenHash, expiresAt: new Date(this.now().getTime() + PASSWORD_RESET_TTL_MS) });
        await queueAccountMail(tx, { kind: 'password_reset', to: account.email, content, smtp: this.mail.smtp });
      });
    } finally {
      const left = RESET_ANSWER_FLOOR_MS - (performance.now() - started);
      if (left > 0) await sleep(left);
    }
  }

  /** Sets the new password through a link; the link dies with it, and so does every session of the account. */
  async resetPassword(input: ResetPasswordInput, client: ResetClient): Promise<void> {
    // Hashed before the transaction: argon2 takes tens of milliseconds that no row should wait for.
    const hashed = await hashPassword(input.password);
    const userId = await this.db.transaction(async (tx) => {
      const owner = await consumeResetToken(tx, hashResetToken(input.token.trim()), this.now());
      if (owner === undefined) throw new AppError('BAD_REQUEST', pm.resetLinkInvalid, { fields: { token: pm.resetLinkInvalid } });
      await setPasswordHash(tx, owner, hashed);
      await revokeAllSessionsOfUser(tx, owner, this.now());
      await deleteUnusedResetTokens(tx, owner);
      return owner;
    });
    // Whoever was locked out of signing in from here by failed guesses proved the mailbox is theirs.
    // Other addresses' lockouts stay: they are most likely the guesser's.
    await this.loginLimiter.recordSuccess(client.ip, { userId });
  }

  /** "Ubah kata sandi": the current password first; the device that asks stays signed in, every other one is signed out. */
  async changePassword(userId: number, currentTokenHash: string, input: ChangePasswordInput): Promise<void> {
    const key = `pwcheck:u:${userId}`;
    await this.limit(key, MAX_PASSWORD_CHECKS, CHECK_WINDOW_MS, tooManyPasswordChecksMessage);
    const user = await findUserById(this.db, userId);
    if (!user || !(await verifyPassword(user.password_hash, input.current_password))) {
      // Not 401: the web client reads any 401 as a dead session and signs the person out.
      throw new AppError('VALIDATION_ERROR', pm.currentPasswordWrong, { fields: { current_password: pm.currentPasswordWrong } });
    }
    await this.counters.reset(key);
    const hashed = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      await setPasswordHash(tx, userId, hashed);
      await revokeOtherSessionsOfUser(tx, userId, currentTokenHash, this.now());
      await deleteUnusedResetTokens(tx, userId);
    });
  }
}
