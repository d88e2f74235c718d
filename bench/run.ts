// `npm run bench`: API against bare node:http (SQLite, PostgreSQL), the noisy neighbour, the journals page, writes on a slow network and the year view in Chromium, JS per route, Lighthouse → bench/RESULTS.md (`npm run bench -- --browser`: the browser parts only).
// `BENCH_ONLY=writes npx tsx bench/run.ts`: only the writes on a slow network (Save → card, a tick, a day's changes queued offline), printed with their goal rows; RESULTS.md is left as it is. BENCH_QUEUED_RUNS (3) sets the runs of the queued changes, BENCH_CPU_SLOWDOWN=6 slows the page's CPU for them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { ensureChromium, launchChromium } from '../tests/e2e/support/chromium.js';
import { DIST_DIR, startServer } from '../tests/e2e/support/server.js';
import { type ApiRow, benchApi, CONNECTION_COUNTS, DURATION_SECONDS } from './api-bench.js';
import {
  type CreateRun,
  createJournals,
  loadJournalsPage,
  PAGE_RUNS,
  type PageLoadRun,
  type ReturnVisitRun,
  revisitJournalsPage,
  storageFor,
} from './browser-bench.js';
import { benchRoutes, measureRouteBundles, type RouteBundle } from './bundle-bench.js';
import { auditPages } from './lighthouse.js';
import { noisyPart } from './noisy-neighbour.js';
import { type ApiAccess, measureQueuedDays, type QueuedRun } from './offline-sync-bench.js';
import { createBenchDatabase } from './postgres.js';
import { benchPrivateMonths, privateGoals, privateSection } from './private-bench.js';
import {
  previousRemindersSection,
  remindersPart,
  remindersSection,
  withRemindersSection,
} from './reminders.js';
import {
  type BenchResults,
  queuedGoal,
  queuedSection,
  renderReport,
  shownGoals,
  slowWritesSection,
} from './report.js';
import { ENTRIES_PER_MONTH, seed } from './seed.js';
import { measureSlowWrites, openPage, type SlowWriteResults } from './write-bench.js';
import { measureYearView, type YearVisit } from './year-bench.js';

const SEEDED_CARDS = ENTRIES_PER_MONTH;
/** The seeded year's days (2026 is not a leap year), each with an entry; its two measures' charts. */
const YEAR_DAYS = 365;
const YEAR_CHARTS = 2;
const BROWSER_ONLY = process.argv.includes('--browser');
/** `writes`: the slow network's writes alone, for measuring a change to the write path. */
const WRITES_ONLY = process.env.BENCH_ONLY === 'writes';
/** `private`: private months alone (unlock, making one private, opening it). */
const PRIVATE_ONLY = process.env.BENCH_ONLY === 'private';
const RESULTS = new URL('./RESULTS.md', import.meta.url);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

async function apiPart(): Promise<{
  rows: ApiRow[];
  postgresNote: string | null;
  pgVersion: string;
}> {
  console.log('API on SQLite…');
  const rows = await benchApi('SQLite');
  const database = await createBenchDatabase();
  if ('unavailable' in database) {
    console.warn(`PostgreSQL unreachable, skipped: ${database.unavailable}`);
    return { rows, postgresNote: database.unavailable, pgVersion: '' };
  }
  let postgresNote: string | null = null;
  try {
    console.log('API on PostgreSQL…');
    rows.push(...(await benchApi('PostgreSQL', database.url)));
  } catch (error) {
    // PostgreSQL is shared: another job may stop it (an outage test). Keep what SQLite measured.
    postgresNote = `the run failed part-way (${error instanceof Error ? error.message : String(error)})`;
    console.warn(`PostgreSQL: ${postgresNote}`);
  } finally {
    await database.drop().catch((error: unknown) => {
      console.warn(`could not drop the bench database: ${String(error)}`);
    });
  }
  return { rows, postgresNote, pgVersion: database.version };
}

interface BrowserPart {
  privateMonths: BenchResults['privateMonths'];
  pageRuns: PageLoadRun[];
  returnRuns: ReturnVisitRun[];
  pageUrl: string;
  createRuns: CreateRun[];
  slowWrites: SlowWriteResults;
  queuedRuns: QueuedRun[];
  yearVisits: YearVisit[];
  bundles: RouteBundle[];
  lighthouse: BenchResults['lighthouse'];
}

/** The writes on a slow network, on a page of `cards` entries; then a day's changes queued offline. */
async function writesPart(
  browser: Browser,
  pageUrl: string,
  storage: ReturnType<typeof storageFor>,
  cards: number,
  api: ApiAccess,
): Promise<{ slowWrites: SlowWriteResults; queuedRuns: QueuedRun[] }> {
  const open = await openPage(browser, pageUrl, storage, cards);
  try {
    console.log('Writes on a slow network…');
    const slowWrites = await measureSlowWrites(open, cards);
    for (const [kind, runs] of [
      ['entry', slowWrites.creates],
      ['tick', slowWrites.ticks],
    ] as const)
      for (const run of runs)
        console.log(
          `  ${kind}: shown ${Math.round(run.shownMs)} ms, synced ${Math.round(run.syncedMs)} ms, ${run.requests} requests`,
        );
    console.log("A day's changes queued offline…");
    // On the same page: its Saves have loaded the code a Save needs.
    const queuedRuns = await measureQueuedDays(open, api);
    for (const run of queuedRuns)
      console.log(
        `  ${run.changes} changes: synced ${Math.round(run.syncMs)} ms after reconnecting, ${run.requests} requests, ` +
          `at most ${run.peakInFlight} in flight over ${run.connections} connections, ${run.verified} found on the server`,
      );
    return { slowWrites, queuedRuns };
  } finally {
    await open.context.close();
  }
}

/** `BENCH_ONLY=writes`: the writes on a fresh seeded month, printed as their goal rows and section. */
async function writesOnly(): Promise<void> {
  ensureChromium();
  const server = process.env.BENCH_SERVER_URL
    ? { url: process.env.BENCH_SERVER_URL, stop: async () => {} }
    : await startServer({ BILLING: 'off', LOG_LEVEL: 'silent' });
  try {
    const seeded = await seed(server.url);
    const storage = storageFor(server.url, seeded.access, seeded.refresh);
    const browser = await launchChromium();
    try {
      const { slowWrites, queuedRuns } = await writesPart(
        browser,
        `${server.url}/months/${seeded.monthId}/journals`,
        storage,
        SEEDED_CARDS,
        { url: server.url, access: seeded.access, monthId: seeded.monthId },
      );
      console.log(
        [
          `\nMeasured by \`BENCH_ONLY=writes\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load()}.`,
          '',
          ...shownGoals(slowWrites),
          queuedGoal(queuedRuns),
          '',
          ...slowWritesSection(slowWrites),
          ...queuedSection(queuedRuns),
        ].join('\n'),
      );
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

/** `BENCH_ONLY=private`: private months on a fresh seed, printed as their goal rows and section. */
async function privateOnly(): Promise<void> {
  ensureChromium();
  const server = await startServer({ BILLING: 'off', LOG_LEVEL: 'silent' });
  try {
    const seeded = await seed(server.url);
    const browser = await launchChromium();
    try {
      const figures = await benchPrivateMonths(browser, server.url, seeded);
      console.log(
        [
          `\nMeasured by \`BENCH_ONLY=private\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load()}.`,
          '',
          ...privateGoals(figures),
          '',
          ...privateSection(figures),
        ].join('\n'),
      );
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}

/** The built app (as `npm start` serves it) on a fresh SQLite database with payments off. */
async function browserPart(): Promise<BrowserPart> {
  ensureChromium();
  // BENCH_SERVER_URL: a server already started the same way (on a loaded machine the built
  // server can take longer to start than startServer waits).
  const server = process.env.BENCH_SERVER_URL
    ? { url: process.env.BENCH_SERVER_URL, stop: async () => {} }
    : await startServer({ BILLING: 'off', LOG_LEVEL: 'silent' });
  try {
    const seeded = await seed(server.url);
    const storage = storageFor(server.url, seeded.access, seeded.refresh);
    const pagePath = `/months/${seeded.monthId}/journals`;
    const browser = await launchChromium();
    let pageRuns: PageLoadRun[];
    let returnRuns: ReturnVisitRun[];
    let createRuns: CreateRun[];
    let slowWrites: SlowWriteResults;
    let queuedRuns: QueuedRun[];
    let yearVisits: YearVisit[];
    let bundles: RouteBundle[];
    let privateMonths: BrowserPart['privateMonths'];
    try {
      console.log(`Journals page, ${PAGE_RUNS} first visits…`);
      pageRuns = [];
      for (let run = 0; run < PAGE_RUNS; run += 1) {
        const result = await loadJournalsPage(
          browser,
          `${server.url}${pagePath}`,
          storage,
          SEEDED_CARDS,
        );
        console.log(
          `  ${Math.round(result.cardsShownMs)} ms, ${result.apiRequests} API requests, ${result.bytes} bytes`,
        );
        pageRuns.push(result);
      }
      console.log(`Journals page, return visits after ${PAGE_RUNS} first visits…`);
      returnRuns = [];
      for (let run = 0; run < PAGE_RUNS; run += 1) {
        const visits = await revisitJournalsPage(
          browser,
          `${server.url}${pagePath}`,
          storage,
          SEEDED_CARDS,
        );
        console.log(
          `  ${visits.map((v) => `visit ${v.visit}: ${Math.round(v.cardsShownMs)} ms, ${v.apiRequests} API requests`).join('; ')}`,
        );
        returnRuns.push(...visits);
      }
      // Measured on a separate month-sized copy would cost a second seed; the page runs are done, so grow this one.
      console.log('Creating journals in the UI…');
      createRuns = await createJournals(browser, `${server.url}${pagePath}`, storage, SEEDED_CARDS);
      for (const run of createRuns)
        console.log(`  ${Math.round(run.cardShownMs)} ms, ${run.requests} requests`);
      ({ slowWrites, queuedRuns } = await writesPart(
        browser,
        `${server.url}${pagePath}`,
        storage,
        SEEDED_CARDS + createRuns.length,
        { url: server.url, access: seeded.access, monthId: seeded.monthId },
      ));
      console.log('Year view…');
      yearVisits = await measureYearView(
        browser,
        `${server.url}/years/${seeded.year}`,
        storage,
        YEAR_DAYS,
        YEAR_CHARTS,
      );
      for (const visit of yearVisits)
        console.log(
          `  visit ${visit.visit}: grid ${Math.round(visit.pixelsMs)} ms, charts ${Math.round(visit.chartsMs)} ms, ${visit.apiRequests} API requests`,
        );
      console.log('Private months…');
      // Last of the page parts: it makes February private.
      privateMonths = await benchPrivateMonths(browser, server.url, seeded).catch(
        (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
      );
      console.log(`  ${JSON.stringify(privateMonths)}`);
      console.log('Gzipped JS per route…');
      bundles = await measureRouteBundles(
        browser,
        server.url,
        join(DIST_DIR, 'web'),
        benchRoutes(pagePath),
        storage,
      );
    } finally {
      await browser.close();
    }
    console.log('Lighthouse…');
    let lighthouse: BenchResults['lighthouse'];
    try {
      lighthouse = await auditPages(server.url, [
        { name: 'Landing', path: '/' },
        { name: 'Login', path: '/login' },
        { name: 'Journals', path: pagePath, storage },
      ]);
    } catch (error) {
      lighthouse = { error: error instanceof Error ? error.message : String(error) };
    }
    return {
      pageRuns,
      returnRuns,
      pageUrl: '/months/<id>/journals',
      createRuns,
      slowWrites,
      queuedRuns,
      yearVisits,
      privateMonths,
      bundles,
      lighthouse,
    };
  } finally {
    await server.stop();
  }
}

/**
 * For `--browser`: the API and noisy-neighbour sections of the previous
 * RESULTS.md, as written, with the date of the run that measured them.
 */
function carriedFromPrevious(): NonNullable<BenchResults['carried']> {
  if (!existsSync(RESULTS)) throw new Error('--browser needs a previous bench/RESULTS.md to keep');
  const previous = readFileSync(RESULTS, 'utf8');
  const start = previous.indexOf('## API against a bare node:http server');
  const end = previous.indexOf('## The journals page in Chromium');
  if (start < 0 || end < start) throw new Error('bench/RESULTS.md has no API section to keep');
  const from =
    previous.match(/`npm run bench` on (\d{4}-\d\d-\d\d \d\d:\d\d UTC)/)?.[1] ?? 'an earlier run';
  return { sections: previous.slice(start, end), from };
}

async function main(): Promise<void> {
  if (WRITES_ONLY) return writesOnly();
  if (PRIVATE_ONLY) return privateOnly();
  const started = Date.now();
  const loadBefore = load();
  const carried = BROWSER_ONLY ? carriedFromPrevious() : undefined;
  const api = BROWSER_ONLY ? { rows: [], postgresNote: null, pgVersion: '' } : await apiPart();
  const noisy = BROWSER_ONLY ? { rows: [], notes: [] } : await noisyPart();
  const reminders = BROWSER_ONLY ? null : await remindersPart();
  const browser = await browserPart();
  const cpu = cpus();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const intro =
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC in ${minutes} min: ` +
    `Node ${process.version}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}` +
    `${api.pgVersion ? `, PostgreSQL ${api.pgVersion}` : ''}. ` +
    `API: the built server (${DIST_DIR}), autocannon, ${DURATION_SECONDS} s per measurement at ${CONNECTION_COUNTS.join(', ')} connections (BENCH_DURATION). ` +
    `Browser figures: the built app served by the production server on a fresh SQLite database, payments off. ` +
    `Load average ${loadBefore} before the run and ${load()} after it, on a machine shared with other work: ` +
    'compare ratios measured side by side, not absolute figures across runs.' +
    (carried
      ? ` This run (\`npm run bench -- --browser\`) measured the browser parts only: the API and noisy-neighbour sections are those of the run of ${carried.from}, kept as written.`
      : '');
  const report = renderReport({
    intro,
    api: api.rows,
    postgresNote: api.postgresNote,
    noisy,
    ...browser,
    ...(carried ? { carried } : {}),
  });
  const remindersText = reminders
    ? remindersSection(reminders.rows, reminders.notes)
    : previousRemindersSection(RESULTS);
  writeFileSync(RESULTS, withRemindersSection(report, remindersText));
  console.log(`\n${report}\nWritten to bench/RESULTS.md`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
