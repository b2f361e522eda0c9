/**
 * Issue 31: the sign-in and registration inputs stop where the server's schema does, so a person
 * is never refused for a length the input let them type. Each input's maxLength is compared with
 * what the schema itself accepts (the longest text passes, one more character is refused).
 */
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { z } from 'zod';
import { changePasswordSchema, forgotPasswordSchema, loginSchema, registerSchema } from '@pasar/core/accounts';
import { textMaxLength } from '@pasar/core/validation';
import LoginPage from './login-page';
import RegisterPage from './register-page';
import ForgotPasswordPage from './forgot-password-page';
import { ChangePasswordForm } from './components/change-password-form';

const render = (page: React.ReactNode, at = '/') =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[at]}>{page}</MemoryRouter>
    </QueryClientProvider>,
  );

function maxLengthOf(html: string, id: string): number | null {
  const tag = new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0];
  const max = tag ? /maxlength="(\d+)"/i.exec(tag)?.[1] : undefined;
  return max ? Number(max) : null;
}

/** The longest text of one character ('a'), or a shape the field takes, that the field's schema accepts. */
function schemaMax(field: z.ZodType, make: (n: number) => string): number {
  let longest = 0;
  for (let n = 1; n < 5000; n++) {
    if (field.safeParse(make(n)).success) longest = n;
    else if (longest > 0) break;
  }
  return longest;
}

const letters = (n: number) => 'a'.repeat(n);
const email = (n: number) => `${'a'.repeat(Math.max(1, n - 6))}@b.com`;
const phone = (n: number) => `08${'1'.repeat(Math.max(0, n - 2))}`;

describe('inputs carry the server schema limit', () => {
  it('registration', () => {
    const html = render(<RegisterPage />, '/register');
    const s = registerSchema.shape;
    expect(maxLengthOf(html, 'first_name')).toBe(schemaMax(s.first_name, letters));
    expect(maxLengthOf(html, 'last_name')).toBe(schemaMax(s.last_name, letters));
    expect(maxLengthOf(html, 'reg-username')).toBe(schemaMax(s.username, letters));
    expect(maxLengthOf(html, 'email')).toBe(schemaMax(s.email, email));
    // The phone's own shape stops at 20 characters before its 25 of text; the input takes the 25.
    expect(maxLengthOf(html, 'phone_number')).toBe(textMaxLength(s.phone_number));
    expect(schemaMax(s.phone_number, phone)).toBeLessThanOrEqual(maxLengthOf(html, 'phone_number') ?? 0);
    expect(maxLengthOf(html, 'reg-password')).toBe(schemaMax(s.password, letters));
    expect(maxLengthOf(html, 'password_confirmation')).toBe(schemaMax(s.password, letters));
  });
  it('sign-in', () => {
    const html = render(<LoginPage />, '/login');
    expect(maxLengthOf(html, 'username')).toBe(schemaMax(loginSchema.shape.username, letters));
    expect(maxLengthOf(html, 'password')).toBe(schemaMax(loginSchema.shape.password, letters));
  });
});

describe('the password forms carry the server schema limit too', () => {
  it('forgotten password and change of password', () => {
    expect(maxLengthOf(render(<ForgotPasswordPage />, '/lupa-password'), 'email')).toBe(schemaMax(forgotPasswordSchema.shape.email, email));
    const html = render(<ChangePasswordForm />, '/profile');
    expect(maxLengthOf(html, 'current_password')).toBe(schemaMax(changePasswordSchema.shape.current_password, letters));
    expect(maxLengthOf(html, 'new_password')).toBe(schemaMax(changePasswordSchema.shape.password, letters));
  });
});

describe('the way back after signing in (issue 31)', () => {
  it('sign-in and registration link to each other keeping it', () => {
    expect(render(<LoginPage />, '/login?next=%2Fcheckout')).toContain('href="/register?next=%2Fcheckout"');
    expect(render(<RegisterPage />, '/register?next=%2Fpesanan%2F12')).toContain('href="/login?next=%2Fpesanan%2F12"');
  });
});
