// Per-file browser-test fixture: a fresh server and Chromium, a screenshot of every failing test.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './chromium.js';
import { type RunningServer, startServer } from './server.js';

export const ARTIFACTS_DIR = 'tests/e2e/artifacts';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export interface BrowserSession {
  server: RunningServer;
  browser: Browser;
  /** A new isolated context (own localStorage) and page at the given viewport. */
  newPage(
    viewport?: { width: number; height: number },
    options?: Omit<BrowserContextOptions, 'viewport' | 'baseURL'>,
  ): Promise<Page>;
}

/** Registers beforeAll/afterAll/onTestFailed hooks and returns the live session. */
export function browserSessionForFile(env: Record<string, string> = {}): () => BrowserSession {
  let session: BrowserSession | null = null;
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  /** What the browser complained about during the current test, printed when it fails. */
  const browserErrors: string[] = [];

  beforeAll(async () => {
    const [server, browser] = await Promise.all([startServer(env), launchChromium()]);
    session = {
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
        pages.push(page);
        return page;
      },
    };
  }, 60_000);

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      if (browserErrors.length > 0) console.error(browserErrors.join('\n'));
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const name = context.task.name.replace(/[^\w-]+/g, '_').slice(0, 80);
      await Promise.all(
        pages
          .filter((page) => !page.isClosed())
          .map((page, index) =>
            page.screenshot({ path: join(ARTIFACTS_DIR, `${name}-${index}.png`), fullPage: true }),
          ),
      );
    }
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    pages.length = 0;
    browserErrors.length = 0;
  });

  afterAll(async () => {
    await session?.browser.close();
    await session?.server.stop();
  });

  return () => {
    if (!session) throw new Error('browser session not started');
    return session;
  };
}
