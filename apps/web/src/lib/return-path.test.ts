import { describe, expect, it } from 'vitest';
import { authPathWith, loginPathFrom, returnPathOf, safeReturnPath } from './return-path';

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

describe('where a sign-in returns to (issue 31)', () => {
  it("reads the link's next first, then the page a protected route turned away from", () => {
    expect(returnPathOf(new URLSearchParams('next=%2Fcheckout'), { from: '/pesanan/3' })).toBe('/checkout');
    expect(returnPathOf(new URLSearchParams(''), { from: '/pesanan/3' })).toBe('/pesanan/3');
    expect(returnPathOf(new URLSearchParams(''), { from: '//evil.example' })).toBeNull();
    expect(returnPathOf(new URLSearchParams(''), null)).toBeNull();
  });
  it('never returns to the sign-in or registration page itself', () => {
    expect(safeReturnPath('/register')).toBeNull();
    expect(authPathWith('/register', '/checkout')).toBe('/register?next=%2Fcheckout');
    expect(authPathWith('/login', null)).toBe('/login');
  });
});
