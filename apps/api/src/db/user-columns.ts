/**
 * The columns of a user as the API shows one (never the password hash) and of their role: one
 * selection for the sessions, accounts and users repositories, which all join users to roles.
 */
import { roles, users } from './schema';

export const roleColumns = { id: roles.id, name: roles.name, display_name: roles.display_name, can_access_admin: roles.can_access_admin };

export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  first_name: users.first_name,
  last_name: users.last_name,
  phone_number: users.phone_number,
  role_id: users.role_id,
  is_active: users.is_active,
  created_at: users.created_at,
};
