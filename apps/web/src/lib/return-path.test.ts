import { describe, expect, it } from 'vitest';
import { loginPathFrom, safeReturnPath } from './return-path';

describe('the way back after signing in (issue 28)', () => {
  it('keeps a path of this site', () => {
    expect(safeReturnPath('/checkout')).toBe('/checkout');
    expect(safeReturnPath('/checkout?asal=327319')).toBe('/checkout?asal=327319');
    expect(loginPathFrom('/checkout')).toBe('/login?next=%2Fcheckout');
  });
  it('ignores other hosts, schemes and the login page itself', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', null, '/login', '/login?next=%2F']) {
      expect(safeReturnPath(bad)).toBeNull();
    }
    expect(loginPathFrom('/login')).toBe('/login');
  });
});
