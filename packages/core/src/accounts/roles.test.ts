import { describe, expect, it } from 'vitest';
import { canAccess, isAdminRole } from './roles';

describe('canAccess (requirements/storefront.md §6)', () => {
  it('passes when the role name is required', () => {
    expect(canAccess({ name: 'operator' }, ['admin', 'operator'])).toBe(true);
  });
  it('passes a can_access_admin role only where admin is required', () => {
    expect(canAccess({ name: 'manager', can_access_admin: true }, ['admin'])).toBe(true);
    expect(canAccess({ name: 'manager', can_access_admin: true }, ['operator'])).toBe(false);
  });
  it('refuses customers and missing roles', () => {
    expect(canAccess({ name: 'customer' }, ['admin'])).toBe(false);
    expect(canAccess(null, ['admin'])).toBe(false);
    expect(isAdminRole({ name: 'admin' })).toBe(true);
  });
});
