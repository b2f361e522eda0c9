/**
 * The user a bearer token stands for, as the auth plugin puts it on the request: what routes and
 * services read to check a role or name an actor. Dates stay Date here; the API answers core's
 * `User` (accounts/accounts.service publicUser).
 */
import type { Role } from '@pasar/core/accounts';

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  role_id: number;
  is_active: boolean;
  created_at: Date;
  role: Role;
  /** The partner business a `mitra` account runs (issue 29); null for everyone else. */
  business_id: number | null;
}

/** How a back-office history (an order's, a product's, the outbox's, a payout's) names who acted: "Siti Rahma (@siti)". */
export const actorName = (user: SessionUser) => `${`${user.first_name} ${user.last_name}`.trim() || user.username} (@${user.username})`;

/** Who did an action in the back office, as a history records it. */
export const actorOf = (user: SessionUser) => ({ id: user.id, name: actorName(user) });
