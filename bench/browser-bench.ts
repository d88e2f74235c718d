// Chromium measurements of the built app: the 31-entry journals page (requests, time to all cards, bytes) and creating a journal.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sessionStorageState } from '../tests/e2e/support/seed-account.js';
import { MEASURE_NAME } from './seed.js';

export const PAGE_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 7);
/** Return visits measured after each fresh context's first visit: the second and the third. */
export const RETURN_VISITS = 2;
export const CREATE_RUNS = 5;
export const VIEWPORT = { width: 1280, height: 800 };

/** A journal card: `<article aria-labelledby="journal-<id>">`. */
const CARD = 'article[aria-labelledby^="journal-"]';

/**
 * In the page, before the app: notes (on the frame after the change) each new number of journal
 * cards with the page's clock, and when a form is submitted, so times come from the browser itself.
 */
const RECORDER = `(() => {
  const events = [];
  window.__cardEvents = events;
  let last = -1;
  new MutationObserver(() => {
    const count = document.querySelectorAll(${JSON.stringify(CARD)}).length;
    if (count === last) return;
    last = count;
    requestAnimationFrame(() => events.push({ count, at: performance.now() }));
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener('submit', () => { window.__submitAt = performance.now(); }, true);
})();`;

const TRANSFER = `(() => {
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  const api = entries.filter((entry) => new URL(entry.name).pathname.startsWith('/api/'));
  const sum = (list) => list.reduce((total, entry) => total + (entry.transferSize || 0), 0);
  return { total: sum(entries), api: sum(api) };
})()`;

export interface PageLoadRun {
  apiRequests: number;
  /** The API requests, ids and query values generalised, e.g. `GET /api/journals/?month={id}`. */
  apiCalls: string[];
  allRequests: number;
  /** Until the first card showed: what a visitor sees first. */
  firstCardMs: number;
  cardsShownMs: number;
  bytes: number;
  apiBytes: number;
}

export interface ReturnVisitRun {
  /** 2 for the visit right after the first, 3 for the one after that. */
  visit: number;
  apiRequests: number;
  firstCardMs: number;
  cardsShownMs: number;
}

export interface CreateRun {
  requests: number;
  apiCalls: string[];
  cardShownMs: number;
}

interface CardEvent {
  count: number;
  at: number;
}

/** A signed-in user's browser as the app leaves it: the tokens in localStorage. */
export function storageFor(url: string, access: string, refresh: string) {
  return sessionStorageState(url, { access, refresh });
}

/** `GET /api/journals/?month={id}` for `GET http://host/api/journals/?month=12`. */
function describeCall(method: string, url: URL): string {
  const path = url.pathname.replace(/\/\d+(?=\/|$)/g, '/{id}');
  const query = [...url.searchParams.keys()].map((key) => `${key}={id}`).join('&');
  return `${method} ${path}${query ? `?${query}` : ''}`;
}

/** Counts the page's requests and resolves once none has been in flight for `quietMs`. */
export function trackRequests(page: Page) {
  const all: string[] = [];
  const calls: string[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  page.on('request', (request) => {
    const url = new URL(request.url());
    all.push(url.pathname);
    if (url.pathname.startsWith('/api/')) calls.push(describeCall(request.method(), url));
    inFlight += 1;
    lastChange = Date.now();
  });
  const done = () => {
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    all,
    api: () => [...calls],
    reset: () => {
      all.length = 0;
      calls.length = 0;
    },
    async quiet(quietMs = 500, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error('the page kept the network busy');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

async function waitForCards(page: Page, atLeast: number, after = 0): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const events = await page.evaluate<CardEvent[]>('window.__cardEvents ?? []');
    const hit = events.find((event) => event.count >= atLeast && event.at >= after);
    if (hit) return hit.at;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${atLeast} journal cards after 30 s`);
}

export async function newContext(browser: Browser, storage: ReturnType<typeof storageFor>) {
  const context: BrowserContext = await browser.newContext({
    viewport: VIEWPORT,
    storageState: storage,
  });
  await context.addInitScript(RECORDER);
  return context;
}

/** Navigates to the page and times it: until the first card and until all `cards` have shown. */
export async function timeVisit(
  page: Page,
  requests: ReturnType<typeof trackRequests>,
  pageUrl: string,
  cards: number,
): Promise<{ firstCardMs: number; cardsShownMs: number }> {
  await page.goto(pageUrl, { waitUntil: 'commit' });
  // performance.now() counts from the navigation's start, so this is the time a user waits.
  const cardsShownMs = await waitForCards(page, cards);
  const firstCardMs = await waitForCards(page, 1);
  await requests.quiet();
  return { firstCardMs, cardsShownMs };
}

/** A fresh context with the journals page open, all `cards` shown and the network quiet; the caller closes it. */
async function openJournalsPage(
  browser: Browser,
  pageUrl: string,
  storage: ReturnType<typeof storageFor>,
  cards: number,
) {
  const context = await newContext(browser, storage);
  try {
    const page = await context.newPage();
    const requests = trackRequests(page);
    await page.goto(pageUrl);
    await waitForCards(page, cards);
    await requests.quiet();
    return { context, page, requests };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/** One first visit (fresh context: empty HTTP cache) of the journals page until all `cards` show. */
export async function loadJournalsPage(
  browser: Browser,
  pageUrl: string,
  storage: ReturnType<typeof storageFor>,
  cards: number,
): Promise<PageLoadRun> {
  const context = await newContext(browser, storage);
  try {
    const page = await context.newPage();
    const requests = trackRequests(page);
    const times = await timeVisit(page, requests, pageUrl, cards);
    const { total, api } = await page.evaluate<{ total: number; api: number }>(TRANSFER);
    return {
      apiRequests: requests.api().length,
      apiCalls: requests.api(),
      allRequests: requests.all.length,
      ...times,
      bytes: total,
      apiBytes: api,
    };
  } finally {
    await context.close();
  }
}

/**
 * A returning user: a fresh context's first visit, then, once the service worker has installed
 * (it precaches the app's code; `/api/` is network-only in it), the page opened again
 * `RETURN_VISITS` times, each a new navigation timed like the first visit.
 */
export async function revisitJournalsPage(
  browser: Browser,
  pageUrl: string,
  storage: ReturnType<typeof storageFor>,
  cards: number,
  { keepSaved = false } = {},
): Promise<ReturnVisitRun[]> {
  const { context, page, requests } = await openJournalsPage(browser, pageUrl, storage, cards);
  try {
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await requests.quiet();
    const runs: ReturnVisitRun[] = [];
    const cdp = await context.newCDPSession(page);
    for (let visit = 2; visit < 2 + RETURN_VISITS; visit += 1) {
      // Without the data the app saves on the device for offline use, so every card shown is
      // drawn from the server's answer of this visit; `keepSaved` keeps it, as a returning user has it.
      if (!keepSaved)
        await cdp.send('Storage.clearDataForOrigin', {
          origin: new URL(pageUrl).origin,
          storageTypes: 'indexeddb',
        });
      requests.reset();
      const times = await timeVisit(page, requests, pageUrl, cards);
      runs.push({ visit, apiRequests: requests.api().length, ...times });
    }
    return runs;
  } finally {
    await context.close();
  }
}

/** Creates journals through 'Create a Register' on an open journals page, timing each new card. */
export async function createJournals(
  browser: Browser,
  pageUrl: string,
  storage: ReturnType<typeof storageFor>,
  cards: number,
  runs = CREATE_RUNS,
): Promise<CreateRun[]> {
  const { context, page, requests } = await openJournalsPage(browser, pageUrl, storage, cards);
  try {
    const results: CreateRun[] = [];
    for (let run = 0; run < runs; run += 1) {
      await page.getByRole('button', { name: 'Add New Journal +' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create a Register' });
      await dialog.waitFor({ state: 'visible' });
      await dialog.getByLabel('Highlight').fill(`Benchmark entry ${run + 1}`);
      await dialog.getByLabel(MEASURE_NAME).fill('7');
      await dialog.getByRole('checkbox').first().check();
      await requests.quiet(200);
      requests.reset();
      await dialog.getByRole('button', { name: 'Save' }).click();
      const submitted = await page.evaluate<number>('window.__submitAt');
      const shown = await waitForCards(page, cards + run + 1, submitted);
      await requests.quiet();
      await dialog.waitFor({ state: 'hidden' });
      results.push({
        requests: requests.api().length,
        apiCalls: requests.api(),
        cardShownMs: shown - submitted,
      });
    }
    return results;
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
