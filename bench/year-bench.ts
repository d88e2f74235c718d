// The year view in Chromium: /years/{year} with 12 months of 31 entries, first and return visit,
// until its year-in-pixels grid and its charts show.
import type { Browser, Page } from 'playwright-core';
import { type storageFor, trackRequests, VIEWPORT } from './browser-bench.js';
import { WATCHER, waitForMark } from './write-bench.js';

export const YEAR_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 7);

export interface YearVisit {
  /** 1: a fresh context (empty HTTP cache); 2: the same context again, its service worker installed. */
  visit: number;
  apiRequests: number;
  /** Every day of the year with an entry has its square in the grid. */
  pixelsMs: number;
  /** Each measure's chart (the lazily loaded @mantine/charts) drawn. */
  chartsMs: number;
  bytes: number;
}

const TRANSFER = `performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource')).reduce((total, entry) => total + (entry.transferSize || 0), 0)`;

async function timeVisit(
  page: Page,
  requests: ReturnType<typeof trackRequests>,
  url: string,
  days: number,
  charts: number,
) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.evaluate(
    `window.__watch('pixels', () => document.querySelectorAll('table.mb-pixels .mb-pixel[data-entry]').length >= ${days})`,
  );
  await page.evaluate(
    `window.__watch('charts', () => document.querySelectorAll('.mb-year-cards .recharts-surface').length >= ${charts})`,
  );
  const pixelsMs = await waitForMark(page, 'pixels', 30_000);
  const chartsMs = await waitForMark(page, 'charts', 30_000);
  await requests.quiet();
  return { pixelsMs, chartsMs, bytes: await page.evaluate<number>(TRANSFER) };
}

/** `YEAR_RUNS` fresh contexts, each: a first visit, then (service worker installed) a return visit. */
export async function measureYearView(
  browser: Browser,
  url: string,
  storage: ReturnType<typeof storageFor>,
  days: number,
  charts: number,
): Promise<YearVisit[]> {
  const visits: YearVisit[] = [];
  for (let run = 0; run < YEAR_RUNS; run += 1) {
    const context = await browser.newContext({ viewport: VIEWPORT, storageState: storage });
    try {
      await context.addInitScript(WATCHER);
      const page = await context.newPage();
      const requests = trackRequests(page);
      const first = await timeVisit(page, requests, url, days, charts);
      visits.push({ visit: 1, apiRequests: requests.api().length, ...first });
      await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
      await requests.quiet();
      // As the journals page's return visits: without the data saved on the device for offline
      // use, so the figures are drawn from this visit's API answer.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', {
        origin: new URL(url).origin,
        storageTypes: 'indexeddb',
      });
      requests.reset();
      const second = await timeVisit(page, requests, url, days, charts);
      visits.push({ visit: 2, apiRequests: requests.api().length, ...second });
    } finally {
      await context.close();
    }
  }
  return visits;
}
