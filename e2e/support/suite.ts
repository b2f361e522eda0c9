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
  afterEach(async () => {
    const opened = pages;
    pages = [];
    const extras = extraContexts.splice(0);
    try {
      for (const { consoleErrors } of opened) expect(consoleErrors).toEqual([]);
    } finally {
      for (const { context } of opened) await context.close();
      for (const context of extras) await context.close();
    }
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
