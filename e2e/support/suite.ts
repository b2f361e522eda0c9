/**
 * The life of one spec file: a fresh server and a browser for the file, a page per test whose
 * console errors must be none when the test ends (docs/design.md §7), and API clients for the server.
 */
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminAccount, api, login, type ApiClient, type ApiMethod } from './api';
import { launchBrowser, newPage, startServer, type RunningServer } from './harness';

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /**
   * Console errors and uncaught exceptions of the page so far. A test that expects some removes
   * them from this very array (splice, length = 0) before it ends; any left fail the test.
   */
  consoleErrors: string[];
}

export interface E2eSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  readonly baseUrl: string;
  /** A page for this test; after the test its console errors are checked and its context closed. */
  openPage(options?: { mobile?: boolean }): Promise<TestPage>;
  /** Another context this test opened (a second person, say), closed after the test. */
  closeAfterTest(context: BrowserContext): void;
  /** The API without a token. */
  api: ApiClient;
  /** The API as the demo admin (signed in through the login route once per file, when first used). */
  adminApi: ApiClient;
}

/** Registers the file's hooks; call it once at the top of a spec file. */
export function useE2eSuite(): E2eSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let pages: TestPage[] = [];
  /** Per open page: prints what it showed and its last answers (for a failed test, before its context closes). */
  const reports = new Map<TestPage, () => Promise<string>>();
  const extraContexts: BrowserContext[] = [];
  let adminToken: Promise<string> | undefined;

  beforeAll(async () => {
    server = await startServer({}, { from: inject('e2eTemplateDir') });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async (context) => {
    const opened = pages;
    pages = [];
    const extras = extraContexts.splice(0);
    // Printed as one more error of the failed test, so it stands in the failure summary at the end of the log.
    const seen: string[] = [];
    if (context.task.result?.state === 'fail') for (const page of opened) seen.push((await reports.get(page)?.()) ?? '');
    try {
      for (const { consoleErrors } of opened) expect(consoleErrors).toEqual([]);
    } finally {
      for (const page of opened) reports.delete(page);
      for (const { context } of opened) await context.close();
      for (const context of extras) await context.close();
    }
    if (seen.length > 0) throw new Error(seen.join('\n\n'));
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${what} is not started: use it inside a test or a hook`);
    return value;
  };
  const suite: E2eSuite = {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
    get baseUrl() {
      return suite.server.baseUrl;
    },
    async openPage(options = {}) {
      const opened = await newPage(suite.browser, suite.baseUrl, options);
      pages.push(opened);
      // When a test fails, say where the page was, what it showed and what it last asked the server: a failure
      // seen only on a loaded CI machine can then be understood from its log.
      const answers: string[] = [];
      opened.page.on('response', (r) => {
        answers.push(`${r.request().method()} ${r.url().replace(suite.baseUrl, '')} → ${r.status()}`);
        if (answers.length > 12) answers.shift();
      });
      opened.page.on('framenavigated', (frame) => {
        if (frame === opened.page.mainFrame()) answers.push(`navigated to ${frame.url().replace(suite.baseUrl, '')}`);
      });
      reports.set(opened, async () => {
        const text = await opened.page
          .locator('body')
          .innerText({ timeout: 2000 })
          .catch((error: unknown) => `(unreadable: ${String(error)})`);
        // What the form controls held: a value that did not come back is otherwise invisible in innerText.
        const controls = await opened.page
          .evaluate(() =>
            Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('main input, main textarea, main select, [role="dialog"] input, [role="dialog"] textarea'))
              .slice(0, 20)
              .map((c) => `${c.id || c.name || c.type}=${JSON.stringify(c.type === 'checkbox' ? String((c as HTMLInputElement).checked) : c.value.slice(0, 60))}`)
              .join(' '),
          )
          .catch((error: unknown) => `(unreadable: ${String(error)})`);
        return `the page when the test failed: ${opened.page.url()}\n${text.slice(0, 800).replace(/\n+/g, ' | ')}\n── its controls: ${controls}\n── its last answers:\n${answers.join('\n')}`;
      });
      return opened;
    },
    closeAfterTest(context) {
      extraContexts.push(context);
    },
    api: <T>(method: ApiMethod, path: string, body?: unknown) => api(suite.baseUrl)<T>(method, path, body),
    async adminApi<T>(method: ApiMethod, path: string, body?: unknown) {
      adminToken ??= login(suite.baseUrl, adminAccount.username, adminAccount.password).then((s) => s.token);
      return api(suite.baseUrl, await adminToken)<T>(method, path, body);
    },
  };
  return suite;
}
