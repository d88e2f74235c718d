// Writes on an emulated slow network (CDP): Save → new card and → synced, a habit tick, and a
// day's changes queued offline syncing after reconnecting (offline-sync-bench.ts).
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { storageFor } from './browser-bench.js';
import { trackRequests, VIEWPORT } from './browser-bench.js';
import { MEASURE_NAME } from './seed.js';

/** The slow network: 300 ms round trip, 1.5 Mbit/s each way. */
export const SLOW_NETWORK = {
  latencyMs: 300,
  throughputBytesPerSecond: 1_500_000 / 8,
};
/** Nine, not five: a page's first Save runs cold code and is its slowest; the median needs the rest. */
export const SLOW_WRITE_RUNS = 9;

/** A journal card: `<article aria-labelledby="journal-<id>">`. */
const CARD = 'article[aria-labelledby^="journal-"]';

/**
 * In the page, before the app: `__watch(name, predicate)` notes the page's clock on the frame
 * after the predicate first holds (checked on every DOM change), and the submit/click/keydown
 * events' own time stamps, so every time comes from the browser's clock. Playwright's own waits
 * check again after 20, 50, 100 and 100 ms, then every 500 ms, so a time read after one can be up
 * to 500 ms late.
 */
export const WATCHER = `(() => {
  const watches = [];
  window.__marks = {};
  const check = () => {
    for (const watch of watches) {
      if (watch.done) continue;
      let holds = false;
      try { holds = Boolean(watch.predicate()); } catch { holds = false; }
      if (!holds) continue;
      watch.done = true;
      requestAnimationFrame(() => { window.__marks[watch.name] = performance.now(); });
    }
  };
  window.__watch = (name, predicate) => {
    delete window.__marks[name];
    watches.push({ name, predicate, done: false });
    check();
  };
  window.__synced = () =>
    document.querySelector('[data-sync-state]')?.getAttribute('data-sync-state') === 'saved' &&
    document.querySelector('.mb-sync-marker') === null;
  const start = () => new MutationObserver(check).observe(document.documentElement, {
    childList: true, subtree: true, attributes: true, characterData: true,
  });
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
  document.addEventListener('submit', (event) => { window.__submitAt = event.timeStamp; }, true);
  document.addEventListener('click', (event) => { window.__clickAt = event.timeStamp; }, true);
  document.addEventListener('keydown', (event) => { window.__keyAt = event.timeStamp; }, true);
})();`;

export interface WriteTiming {
  /** From the Save (submit) or click event to the frame showing the change. */
  shownMs: number;
  /** From the same event until the change is on the server: no waiting marker, 'All changes saved'. */
  syncedMs: number;
  requests: number;
}

export interface SlowWriteResults {
  creates: WriteTiming[];
  ticks: WriteTiming[];
}

export async function emulate(cdp: CDPSession, offline: boolean): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: SLOW_NETWORK.latencyMs,
    downloadThroughput: SLOW_NETWORK.throughputBytesPerSecond,
    uploadThroughput: SLOW_NETWORK.throughputBytesPerSecond,
  });
}

export async function waitForMark(page: Page, name: string, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const at = await page.evaluate<number | null>(
      `window.__marks[${JSON.stringify(name)}] ?? null`,
    );
    if (at !== null) return at;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${name}: not reached within ${timeoutMs / 1000} s`);
}

/**
 * A fresh context on the journals page, its service worker blocked: CDP's network emulation
 * throttles the page's own requests, and a worker's fetches would pass it by (the worker only
 * passes `/api/` to the network anyway).
 */
export async function openPage(
  browser: Browser,
  pageUrl: string,
  storage: ReturnType<typeof storageFor>,
  cards: number,
) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    storageState: storage,
    serviceWorkers: 'block',
  });
  await context.addInitScript(WATCHER);
  const page = await context.newPage();
  const requests = trackRequests(page);
  await page.goto(pageUrl);
  await page
    .locator(CARD)
    .nth(cards - 1)
    .waitFor();
  await page.waitForFunction('window.__synced()');
  await requests.quiet();
  const cdp = await context.newCDPSession(page);
  return { context, page, requests, cdp };
}

/** Save → card and → synced on the slow network, `SLOW_WRITE_RUNS` creations in a row. */
async function slowCreates(page: Page, requests: ReturnType<typeof trackRequests>, cards: number) {
  const runs: WriteTiming[] = [];
  for (let run = 0; run < SLOW_WRITE_RUNS; run += 1) {
    await page.getByRole('button', { name: 'Add New Journal +' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Register' });
    await dialog.waitFor({ state: 'visible' });
    await dialog.getByLabel(/^Highlight/).fill(`Slow network entry ${run + 1}`);
    await dialog.getByRole('textbox', { name: new RegExp(`^${MEASURE_NAME}`) }).fill('7');
    await dialog.getByRole('checkbox').first().check();
    await requests.quiet(200);
    requests.reset();
    const expected = cards + run + 1;
    await page.evaluate(
      `window.__watch('shown', () => document.querySelectorAll(${JSON.stringify(CARD)}).length >= ${expected})`,
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const submitted = await page.evaluate<number>('window.__submitAt');
    const shown = await waitForMark(page, 'shown');
    // Registered once the change is shown, so it cannot hold before the change was queued.
    await page.waitForFunction('!window.__synced()', undefined, { timeout: 10_000 }).catch(() => {
      // Already synced by the time the waiting state was looked for: the next mark is at once.
    });
    await page.evaluate(`window.__watch('synced', () => window.__synced())`);
    const synced = await waitForMark(page, 'synced');
    await requests.quiet();
    await dialog.waitFor({ state: 'hidden' });
    runs.push({
      shownMs: shown - submitted,
      syncedMs: synced - submitted,
      requests: requests.api().length,
    });
  }
  return runs;
}

/** A habit ticked on a card (the next not-done one each time): → ticked and → synced. */
async function slowTicks(page: Page, requests: ReturnType<typeof trackRequests>) {
  const runs: WriteTiming[] = [];
  for (let run = 0; run < SLOW_WRITE_RUNS; run += 1) {
    const target = page.locator('.mb-habit-state[data-state="not_done"]').first();
    await target.evaluate((element) => element.setAttribute('data-bench-tick', ''));
    requests.reset();
    await page.evaluate(
      `window.__watch('shown', () => document.querySelector('[data-bench-tick]')?.getAttribute('data-state') === 'done')`,
    );
    await target.locator('input[type="checkbox"]').click();
    const clicked = await page.evaluate<number>('window.__clickAt');
    const shown = await waitForMark(page, 'shown');
    await page
      .waitForFunction('!window.__synced()', undefined, { timeout: 10_000 })
      .catch(() => {});
    await page.evaluate(`window.__watch('synced', () => window.__synced())`);
    const synced = await waitForMark(page, 'synced');
    await requests.quiet();
    await page
      .locator('[data-bench-tick]')
      .evaluate((element) => element.removeAttribute('data-bench-tick'));
    runs.push({
      shownMs: shown - clicked,
      syncedMs: synced - clicked,
      requests: requests.api().length,
    });
  }
  return runs;
}

export type SlowPage = Awaited<ReturnType<typeof openPage>>;

/** On a page from `openPage` (`cards` entries), Save → card and a tick, each several times. */
export async function measureSlowWrites(
  { page, requests, cdp }: SlowPage,
  cards: number,
): Promise<SlowWriteResults> {
  await emulate(cdp, false);
  const creates = await slowCreates(page, requests, cards);
  const ticks = await slowTicks(page, requests);
  return { creates, ticks };
}
