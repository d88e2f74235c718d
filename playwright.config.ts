// The browser tests (tests/e2e): Playwright's runner over the built app and Debian's Chromium.
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium.js';
import { appEnv, builtApp, freePort } from './tests/e2e/support/server.js';

const OUTPUT_DIR = 'test-results';

/**
 * One server for the whole run: every file signs up accounts of its own under unique names, so
 * files can share the server, and its start is paid once rather than per file. A file that needs
 * other server settings (a JWT secret it signs tokens with, an SMTP catcher) starts its own
 * through the `serverEnv` fixture (tests/e2e/support/fixtures.ts).
 *
 * This file is read again by every worker: the port is chosen once, by the runner, and handed to
 * the workers through the environment, with the address the fixtures read.
 */
process.env.MONTHBOOK_E2E_PORT ??= String(await freePort());
const port = Number(process.env.MONTHBOOK_E2E_PORT);
const url = `http://127.0.0.1:${port}`;
process.env.MONTHBOOK_E2E_URL = url;
const { entry, webDir } = builtApp();
/** The runner empties the output folder before it starts the server, so each run's data is fresh. */
const dataDir = resolve(OUTPUT_DIR, 'app-data');

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.test.ts',
  outputDir: OUTPUT_DIR,
  globalSetup: './tests/e2e/global-setup.ts',
  // A flaky test must show as failing, not pass on its second try.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // One file at a time on this two-core machine. Two workers took the whole suite from 16.0 to
  // 10-12 min (docs/performance.md), but in three of four runs with two workers some test failed
  // that passes alone: a dialog's Close or Save seen to do nothing for 10 s while the other worker's
  // Chromium and the server shared the two cores. A faster suite that fails now and then is worse
  // than a slower one that does not.
  workers: 1,
  reporter: 'list',
  // Each test's, and each hook's: Playwright gives a hook the test's timeout. A file's own server
  // has 90 s to start (the server fixture, tests/e2e/support/fixtures.ts).
  timeout: 60_000,
  // How long an `expect.poll` without a timeout of its own waits for its value: Playwright's
  // default. Vitest's was one second, tight for two workers on two cores that other work shares.
  // What each poll waits for is unchanged.
  expect: { timeout: 5_000 },
  use: {
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // playwright-core's own defaults, which the tests' waits were written against (Playwright's
    // runner would otherwise let an action wait until the test's whole timeout).
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    // A failed test keeps its trace: actions, network, console and a film strip of the screen. Not
    // the DOM snapshot after every action: taking them made the tests three times slower on the
    // big pages and changed what they saw (a second Enter landed after the first save had closed
    // its dialog; Back on the 31-entry page restored the scroll short).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: true },
    screenshot: { mode: 'only-on-failure', fullPage: true },
  },
  webServer: {
    command: `"${process.execPath}" "${entry}"`,
    url: `${url}/api/health`,
    env: appEnv(port, dataDir, webDir),
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe',
    // The server closes its database on SIGTERM; the default SIGKILL would not let it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
