// `npm run lighthouse`: Lighthouse (desktop preset, system Chromium) on /, /login and a logged-in journals page of the built app; writes bench/lighthouse.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, ensureChromium } from '../tests/e2e/support/chromium.js';
import {
  loggedInStorage,
  seedAccount,
  seedGoal,
  seedJournal,
  seedMonth,
} from '../tests/e2e/support/seed-account.js';
import { freePort, startServer } from '../tests/e2e/support/server.js';

const OUTPUT = process.env.LIGHTHOUSE_OUTPUT ?? 'bench/lighthouse.md';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface PageResult {
  name: string;
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Audits that cost points: id, title and display value. */
  misses: string[];
}

async function launchChromium(port: number, profile: string): Promise<ChildProcess> {
  const chrome = spawn(
    CHROMIUM_PATH,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return chrome;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  chrome.kill();
  throw new Error('Chromium did not open its debugging port within 20 s');
}

/**
 * Playwright's CDP connection to this Chromium (156) sometimes never completes: it attaches to the
 * browser's own UI targets (the omnibox popup) and waits on their detach. A fresh attempt gets
 * through, so a few short ones replace one long wait.
 */
async function connect(port: number) {
  let lastError: unknown;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    try {
      return await chromium.connectOverCDP(`http://127.0.0.1:${port}`, { timeout: 20_000 });
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** Puts the session (tokens in localStorage) in Chromium's default profile, where Lighthouse's tab runs. */
async function logIn(port: number, storage: ReturnType<typeof loggedInStorage>): Promise<void> {
  const browser = await connect(port);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    for (const { origin, localStorage } of storage.origins) {
      await page.goto(`${origin}/robots.txt`);
      for (const { name, value } of localStorage) {
        // A string expression: it runs in the page, and these scripts' Node types have no DOM.
        await page.evaluate(
          `localStorage.setItem(${JSON.stringify(name)}, ${JSON.stringify(value)})`,
        );
      }
    }
    await page.close();
  } finally {
    // Disconnects only: the browser stays up for Lighthouse.
    await browser.close();
  }
}

/**
 * `disableStorageReset` (needed to keep the session) also keeps the HTTP cache: empty it, so every
 * page is measured as a first visit, as Lighthouse normally does.
 */
async function clearHttpCache(port: number): Promise<void> {
  const browser = await connect(port);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

async function audit(port: number, url: string): Promise<Omit<PageResult, 'name' | 'path'>> {
  const result = await lighthouse(
    url,
    { port, logLevel: 'error', output: 'json', disableStorageReset: true },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as PageResult['scores'];
  const misses = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((entry) => entry && entry.score !== null && entry.score < 1)
      .map((entry) =>
        `${id}: ${entry?.id} — ${entry?.title}${entry?.displayValue ? ` (${entry.displayValue})` : ''}`.trim(),
      ),
  );
  return { scores, misses };
}

export function report(results: PageResult[], chromeVersion: string): string {
  const lines = [
    '# Lighthouse',
    '',
    `Desktop preset, ${chromeVersion} (system Chromium), built app served by the production server on loopback, ${new Date().toISOString()}, load average ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores (Lighthouse's simulated timings scale with observed CPU time). Each page is a first visit (empty HTTP cache). Written by \`npm run lighthouse\`.`,
    '',
    '| Page | Performance | Accessibility | Best practices | SEO |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...results.map(
      ({ name, path, scores }) =>
        `| ${name} (\`${path}\`) | ${CATEGORIES.map((id) => scores[id]).join(' | ')} |`,
    ),
    '',
    'Goal: 100 in every category (the reference scored 99/86/93/75 on `/`).',
    '',
  ];
  const misses = results.filter((result) => result.misses.length > 0);
  if (misses.length > 0) {
    lines.push('## Audits that cost points', '');
    for (const { name, misses: list } of misses)
      lines.push(`### ${name}`, '', ...list.map((miss) => `- ${miss}`), '');
  }
  return lines.join('\n');
}

export interface AuditTarget {
  name: string;
  path: string;
  /** Tokens to put in localStorage first, for a page behind the login. */
  storage?: ReturnType<typeof loggedInStorage>;
}

/** Audits each page in turn in one system Chromium, each as a first visit; the bench uses it too. */
export async function auditPages(
  serverUrl: string,
  targets: AuditTarget[],
): Promise<{ results: PageResult[]; chromeVersion: string }> {
  ensureChromium();
  const profile = mkdtempSync(join(tmpdir(), 'monthbook-lighthouse-'));
  const port = await freePort();
  const chrome = await launchChromium(port, profile);
  try {
    const results: PageResult[] = [];
    for (const { name, path, storage } of targets) {
      // The public pages are audited as a visitor sees them; the others need a session.
      if (storage) await logIn(port, storage);
      await clearHttpCache(port);
      const result = { name, path, ...(await audit(port, `${serverUrl}${path}`)) };
      console.log(`${path}: ${CATEGORIES.map((id) => `${id} ${result.scores[id]}`).join(', ')}`);
      for (const miss of result.misses) console.log(`  ${miss}`);
      results.push(result);
    }
    const version = (
      (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string }
    ).Browser;
    return { results, chromeVersion: version };
  } finally {
    // Chromium writes its profile until it has exited: remove the directory after that.
    const exited = new Promise((resolve) => chrome.once('exit', resolve));
    chrome.kill();
    await exited;
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const server = await startServer();
  try {
    const account = await seedAccount(server.url, `lighthouse${Date.now().toString(36)}`);
    const month = await seedMonth(server.url, account, 'November 2026', 'Hours slept', [
      'Read',
      'Run',
    ]);
    await seedJournal(server.url, account, month, 'Walked by the river', 7.5, [true, false]);
    await seedJournal(server.url, account, month, 'Finished the first chapter', 6, [true, true]);
    await seedGoal(server.url, account, month, 'Finish a book');

    const { results, chromeVersion } = await auditPages(server.url, [
      { name: 'Landing', path: '/' },
      { name: 'Login', path: '/login' },
      {
        name: 'Journals',
        path: `/months/${month.month.id}/journals`,
        storage: loggedInStorage(server.url, account),
      },
    ]);
    mkdirSync(dirname(OUTPUT), { recursive: true });
    writeFileSync(OUTPUT, report(results, chromeVersion));
    console.log(`wrote ${OUTPUT}`);
  } finally {
    await server.stop();
  }
}

// Run only as `npm run lighthouse`; `npm run bench` imports auditPages.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
