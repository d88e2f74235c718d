// The browser tests' `test` and `expect`: the app server, the worker's Chromium and a session of isolated pages per test.
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Page,
} from '@playwright/test';
import { type SmtpCatcher, startSmtpCatcher } from '../../support/smtp-catcher.js';
import { startServer } from './server.js';

export { expect } from '@playwright/test';

/** Where tests write the screenshots they take on purpose (Playwright's own go to test-results/). */
export const ARTIFACTS_DIR = 'tests/e2e/artifacts';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export interface AppServer {
  url: string;
}

export interface BrowserSession {
  server: AppServer;
  browser: Browser;
  /** A new isolated context (own localStorage) and page at the given viewport. */
  newPage(
    viewport?: { width: number; height: number },
    options?: Omit<BrowserContextOptions, 'viewport' | 'baseURL'>,
  ): Promise<Page>;
}

interface WorkerFixtures {
  /**
   * Settings for a server of the file's own (`test.use({ serverEnv: { … } })`), for settings the
   * others must not see; by default a file uses the run's shared server (playwright.config.ts).
   */
  serverEnv: Record<string, string> | null;
  server: AppServer;
  /**
   * A loopback SMTP server for a file's own server to send its mail to:
   * `test.use({ serverEnv: [async ({ smtp }, use) => use({ SMTP_URL: smtp.url }), { scope: 'worker' }] })`.
   */
  smtp: SmtpCatcher;
}

interface TestFixtures {
  session: BrowserSession;
}

/** The running test's session; a worker runs one test at a time. */
let current: BrowserSession | null = null;

/**
 * The session of the test that is running, for the helpers a file defines beside its tests, as
 * well as for the tests themselves.
 */
export function session(): BrowserSession {
  if (!current) throw new Error('session() is only there while a test runs');
  return current;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [null, { scope: 'worker', option: true }],

  server: [
    async ({ serverEnv }, use) => {
      if (!serverEnv) {
        const url = process.env.MONTHBOOK_E2E_URL;
        if (!url)
          throw new Error(
            'MONTHBOOK_E2E_URL is unset: run the browser tests with `npx playwright test`',
          );
        await use({ url });
        return;
      }
      const own = await startServer(serverEnv);
      await use(own);
      await own.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],

  smtp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; the catcher has none.
    async ({}, use) => {
      const catcher = await startSmtpCatcher();
      await use(catcher);
      await catcher.close();
    },
    { scope: 'worker' },
  ],

  session: [
    async ({ browser, server }, use, testInfo) => {
      const contexts: BrowserContext[] = [];
      /** What the browser complained about during the test, attached to its report when it fails. */
      const browserErrors: string[] = [];
      current = {
        server,
        browser,
        async newPage(viewport = VIEWPORTS.desktop, options = {}) {
          const context = await browser.newContext({ ...options, viewport, baseURL: server.url });
          contexts.push(context);
          const page = await context.newPage();
          page.on('pageerror', (error) => browserErrors.push(`page error: ${error.message}`));
          page.on('console', (message) => {
            if (message.type() === 'error') browserErrors.push(`console: ${message.text()}`);
          });
          return page;
        },
      };
      await use(current);
      current = null;
      if (testInfo.status !== testInfo.expectedStatus && browserErrors.length > 0)
        await testInfo.attach('browser errors', {
          body: browserErrors.join('\n'),
          contentType: 'text/plain',
        });
      // Playwright screenshots and keeps the trace of a failed test's pages as their contexts close.
      await Promise.all(contexts.map((context) => context.close()));
    },
    { auto: true },
  ],
});
