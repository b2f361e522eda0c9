/** Signing in within the browser, as a person does or by handing the web app a session. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { adminAccount, type Session } from './api';

/**
 * Fills the login form on the page already open and submits it. Twice on a loaded CI machine the
 * form was submitted empty ("Masukkan username atau email.") right after being filled: the typing
 * did not reach the form that was submitted. So the fields are read back before "Masuk", and when
 * the form still answers that it is empty, it is filled and sent once more, with a line in the log.
 */
export async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
  const user = page.getByLabel('Username atau email');
  const secret = page.getByLabel('Kata sandi');
  // Filled again while read back otherwise: once both fields were read back empty after being filled, and
  // stayed so to the end of the wait.
  const fill = async () => {
    await expect
      .poll(async () => {
        if ((await user.inputValue()) !== username) await user.fill(username);
        if ((await secret.inputValue()) !== password) await secret.fill(password);
        return [await user.inputValue(), await secret.inputValue()];
      })
      .toEqual([username, password]);
  };
  await fill();
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  const empty = page.getByText('Masukkan username atau email.');
  // The page leaves /login, or the form answers: sent empty, or a refusal (a wrong password is a test's own case).
  await expect.poll(async () => new URL(page.url()).pathname !== '/login' || (await empty.isVisible()) || (await page.getByRole('alert').count()) > 0).toBe(true);
  if (new URL(page.url()).pathname === '/login' && (await empty.isVisible())) {
    console.warn('e2e: the sign-in form was sent empty after being filled; filling it again');
    await fill();
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  }
}

/** Opens /login, fills the form and submits it; where it lands is for the caller to wait for. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, username, password);
}

/** Fills the fields of the /register form on the page already open (ticking the terms and sending are the caller's). */
export async function fillRegistration(page: Page, form: { firstName: string; lastName: string; username: string; email: string; password: string; confirmation: string }): Promise<void> {
  await page.getByLabel('Nama depan').fill(form.firstName);
  await page.getByLabel('Nama belakang').fill(form.lastName);
  await page.getByLabel('Username').fill(form.username);
  await page.getByLabel('Email').fill(form.email);
  await page.getByLabel('Kata sandi', { exact: true }).fill(form.password);
  await page.getByLabel('Konfirmasi kata sandi').fill(form.confirmation);
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
