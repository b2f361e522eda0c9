/** Signing in within the browser, as a person does or by handing the web app a session. */
import type { Page } from 'playwright-core';
import { adminAccount, type Session } from './api';

/** Fills the login form and submits it; where it lands is for the caller to wait for. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username atau email').fill(username);
  await page.getByLabel('Kata sandi').fill(password);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
}

/** Signs in as the demo admin through /login and waits for the dashboard. */
export async function signInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  await signIn(page, adminAccount.username, adminAccount.password);
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
}

/** Opens the site and stores a session the way the web app keeps one (localStorage 'token' and 'user'). */
export async function storeSession(page: Page, session: Session): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token as string);
      localStorage.setItem('user', JSON.stringify(user));
    },
    [session.token, session.user] as const,
  );
}
