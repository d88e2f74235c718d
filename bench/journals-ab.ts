// Compares builds on the journals page only: `E2E_DIST=/tmp/a npx tsx bench/journals-ab.ts out.json`
// measures first visits, return visits without and with the saved query cache, and Lighthouse,
// and appends one JSON line to out.json. Run builds in turn (a, b, a, b) on a noisy machine.
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { ensureChromium, launchChromium } from '../tests/e2e/support/chromium.js';
import { DIST_DIR, startServer } from '../tests/e2e/support/server.js';
import {
  loadJournalsPage,
  median,
  PAGE_RUNS,
  revisitJournalsPage,
  storageFor,
} from './browser-bench.js';
import { auditPages } from './lighthouse.js';
import { ENTRIES_PER_MONTH, seed } from './seed.js';

const output = process.argv[2] ?? 'journals-ab.json';
ensureChromium();
const server = await startServer({ BILLING: 'off', LOG_LEVEL: 'silent' });
try {
  const seeded = await seed(server.url);
  const storage = storageFor(server.url, seeded.access, seeded.refresh);
  const pagePath = `/months/${seeded.monthId}/journals`;
  const url = `${server.url}${pagePath}`;
  const browser = await launchChromium();
  const first = [];
  const returned = [];
  const saved = [];
  try {
    for (let run = 0; run < PAGE_RUNS; run += 1)
      first.push(await loadJournalsPage(browser, url, storage, ENTRIES_PER_MONTH));
    for (let run = 0; run < PAGE_RUNS; run += 1)
      returned.push(...(await revisitJournalsPage(browser, url, storage, ENTRIES_PER_MONTH)));
    for (let run = 0; run < PAGE_RUNS; run += 1)
      saved.push(
        ...(await revisitJournalsPage(browser, url, storage, ENTRIES_PER_MONTH, {
          keepSaved: true,
        })),
      );
  } finally {
    await browser.close();
  }
  // JOURNALS_AB_LIGHTHOUSE=0 leaves Lighthouse out (a minute per run).
  const lighthouse =
    process.env.JOURNALS_AB_LIGHTHOUSE === '0'
      ? { error: 'not run' }
      : await auditPages(server.url, [
          { name: 'Landing', path: '/' },
          { name: 'Login', path: '/login' },
          { name: 'Journals', path: pagePath, storage },
        ]).catch((error: unknown) => ({ error: String(error) }));
  const pick = (runs: { firstCardMs: number; cardsShownMs: number }[]) => ({
    firstCard: runs.map((run) => Math.round(run.firstCardMs)),
    cardsShown: runs.map((run) => Math.round(run.cardsShownMs)),
    medianFirstCard: Math.round(median(runs.map((run) => run.firstCardMs))),
    medianCardsShown: Math.round(median(runs.map((run) => run.cardsShownMs))),
  });
  const line = {
    dist: DIST_DIR,
    at: new Date().toISOString(),
    load: loadavg().map((value) => value.toFixed(1)),
    first: {
      ...pick(first),
      apiRequests: first.map((run) => run.apiRequests),
      bytes: first.map((run) => run.bytes),
    },
    returned: { ...pick(returned), apiRequests: returned.map((run) => run.apiRequests) },
    saved: { ...pick(saved), apiRequests: saved.map((run) => run.apiRequests) },
    lighthouse:
      'results' in lighthouse
        ? lighthouse.results.map((result) => ({ path: result.name, ...result.scores }))
        : lighthouse,
  };
  appendFileSync(output, `${JSON.stringify(line)}\n`);
  console.log(JSON.stringify(line, null, 1));
} finally {
  await server.stop();
}
