/** Helpers of the back-office specs: the browser's own dialogs (confirm, beforeunload) and the admin menu. */
import type { Dialog, Page } from 'playwright-core';

/** Answers the next browser dialogs in turn and records their messages. */
export function answerDialogs(page: Page, answers: boolean[]): { messages: string[]; types: string[] } {
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
