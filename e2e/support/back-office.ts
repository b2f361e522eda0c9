/** Helpers of the back-office specs: the browser's own dialogs (confirm, beforeunload) and the admin menu. */
import type { Dialog, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInAsAdmin } from './session';
import type { E2eSuite, TestPage } from './suite';

export type SeenDialogs = { messages: string[]; types: string[] };

/** Answers the next browser dialogs in turn and records their messages. */
export function answerDialogs(page: Page, answers: boolean[]): SeenDialogs {
  const seen = { messages: [] as string[], types: [] as string[] };
  page.on('dialog', (d: Dialog) => {
    seen.messages.push(d.message());
    seen.types.push(d.type());
    void ((answers.shift() ?? true) ? d.accept() : d.dismiss());
  });
  return seen;
}

/** A link of the admin shell's side menu. */
export const menu = (page: Page, name: string) => page.getByRole('navigation', { name: 'Menu admin' }).getByRole('link', { name, exact: true });

/** A page of this test with the demo admin signed in, its browser dialogs answered in turn from the start (answerDialogs). */
export async function adminPageAnswering(e2e: E2eSuite, answers: boolean[]): Promise<TestPage & { seen: SeenDialogs }> {
  const opened = await e2e.openPage();
  const seen = answerDialogs(opened.page, answers);
  await signInAsAdmin(opened.page, e2e.baseUrl);
  return { ...opened, seen };
}

/** A form dialog nobody typed in closes on `close` without a question: it goes, and the browser has still asked `asked` times in all. */
export async function expectClosesUntouched(open: Locator, dialog: Locator, close: string, seen: SeenDialogs, asked: number): Promise<void> {
  await open.click();
  await dialog.getByRole('button', { name: close }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(seen.messages).toHaveLength(asked);
}
