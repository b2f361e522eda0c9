/** Accounts use cases: register, sign in, sign out, profile. No SQL, no HTTP here. */
import { accountMessages as m, type LoginInput, type ProfileUpdateInput, type RegisterInput, type User } from '@pasar/core/accounts';
import { AppError } from '@pasar/core/errors';
import type { Database, Db, DbOrTx } from '../../db/client';
import {
  findRoleByName,
  findUserById,
  findUserByLogin,
  insertUser,
  setPasswordHash,
  takenIdentifiers,
  uniqueViolation,
  updateProfile,
  type UserWithHash,
} from './accounts.repository';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, revokeSession } from '../../auth/sessions.repository';
import { LoginLimiter, tooManyAttemptsMessage, type LoginTarget } from './login-limiter';
import { createCounters, type Counters } from '../../limits/counters';
import { hashToken, newSessionToken, SESSION_TTL_MS } from '../../auth/tokens';
import type { ClientInfo } from '../../lib/http';

/**
 * What the users feature (the admin's accounts, `create-admin`, the start's demo-password check) and
 * a partner application use of accounts: the rows are this feature's, whoever creates them.
 */
export { findRoleByName, findUserById, findUserByLogin, insertUser, setPasswordHash, takenIdentifiers, uniqueViolation };

/** Every self-registered account is a customer (issue 3): the payload never picks a role. */
export const CUSTOMER_ROLE = 'customer';

export function publicUser(user: UserWithHash): User {
  const { password_hash: _hash, ...rest } = user;
  return rest;
}

/** A new session for an account: the bearer token to hand back (sign-in, registration, a partner application). */
export async function issueSessionToken(db: DbOrTx, userId: number, client: ClientInfo, now: Date): Promise<string> {
  const token = newSessionToken();
  await createSession(db, { userId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + SESSION_TTL_MS), ip: client.ip, userAgent: client.userAgent });
  return token;
}

/** 409 with the field when the username or e-mail is taken (by another account than `exceptUserId`). */
export async function assertIdentifiersAvailable(db: DbOrTx, input: { username?: string; email?: string }, exceptUserId?: number): Promise<void> {
  const taken = await takenIdentifiers(db, input, exceptUserId);
  const fields: Record<string, string> = {};
  if (taken.username) fields.username = m.usernameTaken;
  if (taken.email) fields.email = m.emailTaken;
  const first = Object.values(fields)[0];
  if (first) throw new AppError('CONFLICT', first, { fields });
}

/** Two sign-ups racing for one name: the database's unique index decided; the loser hears the same 409. */
export function identifierConflict(error: unknown): never {
  const field = uniqueViolation(error);
  if (field === 'username') throw new AppError('CONFLICT', m.usernameTaken, { fields: { username: m.usernameTaken } });
  if (field === 'email') throw new AppError('CONFLICT', m.emailTaken, { fields: { email: m.emailTaken } });
  throw error;
}

export class AccountsService {
  private readonly limiter: LoginLimiter;
  private readonly db: Db;

  constructor(
    database: Database,
    private readonly now: () => Date,
    // Shared with the password service: on PGlite the counters live in memory, and a reset clears a sign-in lockout.
    counters: Counters = createCounters(database, now),
  ) {
    this.db = database.db;
    this.limiter = new LoginLimiter(counters, now);
  }

  private issueToken(userId: number, client: ClientInfo): Promise<string> {
    return issueSessionToken(this.db, userId, client, this.now());
  }

  private assertAvailable(input: { username?: string; email?: string }, exceptUserId?: number): Promise<void> {
    return assertIdentifiersAvailable(this.db, input, exceptUserId);
  }

  async register(input: RegisterInput, client: ClientInfo): Promise<{ token: string; user: User }> {
    await this.assertAvailable({ username: input.username, email: input.email });
    const role = await findRoleByName(this.db, CUSTOMER_ROLE);
    if (!role) throw new AppError('INTERNAL', m.registrationFailed);
    let userId: number;
    try {
      userId = await insertUser(this.db, {
        username: input.username,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        first_name: input.first_name,
        last_name: input.last_name,
        phone_number: input.phone_number,
        roleId: role.id,
      });
    } catch (error) {
      identifierConflict(error);
    }
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('INTERNAL', m.registrationFailed);
    return { token: await this.issueToken(userId, client), user: publicUser(user) };
  }

  async login(input: LoginInput, client: ClientInfo): Promise<{ token: string; user: User }> {
    const user = await findUserByLogin(this.db, input.username);
    // Issue 14: the limit follows the account, whichever of its names or e-mail was typed.
    const target: LoginTarget = user ? { userId: user.id } : { typed: input.username };
    const wait = await this.limiter.takeAttempt(client.ip, target);
    if (wait > 0) {
      throw new AppError('RATE_LIMITED', tooManyAttemptsMessage(wait), { details: { retry_after_seconds: wait } });
    }
    // Verify even for an unknown user name, so timing does not reveal which names exist.
    const ok = await verifyPassword(user?.password_hash ?? DUMMY_HASH, input.password);
    if (!user || !ok) {
      await this.limiter.recordFailure(client.ip);
      throw new AppError('UNAUTHORIZED', m.invalidCredentials);
    }
    await this.limiter.recordSuccess(client.ip, target);
    if (!user.is_active) throw new AppError('FORBIDDEN', m.inactiveAccount);
    return { token: await this.issueToken(user.id, client), user: publicUser(user) };
  }

  async logout(tokenHash: string): Promise<void> {
    await revokeSession(this.db, tokenHash, this.now());
  }

  async profile(userId: number): Promise<User> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new AppError('NOT_FOUND', m.profileLoadFailed);
    return publicUser(user);
  }

  async updateProfile(userId: number, input: ProfileUpdateInput): Promise<User> {
    await this.assertAvailable({ email: input.email }, userId);
    try {
      await updateProfile(this.db, userId, input);
    } catch (error) {
      if (uniqueViolation(error) === 'email') throw new AppError('CONFLICT', m.emailTaken, { fields: { email: m.emailTaken } });
      throw error;
    }
    return this.profile(userId);
  }
}

// An argon2id hash of a random string: verifying against it costs what a real check costs.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$tws0lK9/GjlhFTBfXHROsQ$0Zfjg3yQfU6EEau9TJ3kyLz9xarR4tLW9pGL2wO8zHk';
