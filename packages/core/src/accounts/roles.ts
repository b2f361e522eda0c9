/** Role gating, one rule for the web's protected routes and the API (docs/requirements/storefront.md §6). */
export type RoleRequirement = readonly string[];

export interface RoleLike {
  name: string;
  can_access_admin?: boolean | null;
}

/**
 * The user's role name must be among the required ones; a role with
 * can_access_admin also passes wherever 'admin' is required.
 */
export function canAccess(role: RoleLike | null | undefined, required: RoleRequirement): boolean {
  if (!role) return false;
  if (required.includes(role.name)) return true;
  return Boolean(role.can_access_admin) && required.includes('admin');
}

export function isAdminRole(role: RoleLike | null | undefined): boolean {
  return canAccess(role, ['admin']);
}
