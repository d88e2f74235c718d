// Renders bench/RESULTS.md: the goals with their measured figures, then every table they come from.

import type { ApiRow } from './api-bench.js';
import type { CreateRun, PageLoadRun, ReturnVisitRun } from './browser-bench.js';
import { median } from './browser-bench.js';
import type { RouteBundle } from './bundle-bench.js';
import { CATEGORIES, type PageResult } from './lighthouse.js';
import { type NoisyRow, noisySection } from './noisy-neighbour.js';
import {
  CPU_SLOWDOWN,
  QUEUED_CHANGES,
  QUEUED_GOAL_MS,
  type QueuedRun,
  queuedSummary,
} from './offline-sync-bench.js';
import { type PrivateFigures, privateGoals, privateSection } from './private-bench.js';
import { SLOW_NETWORK, type SlowWriteResults, type WriteTiming } from './write-bench.js';
import type { YearVisit } from './year-bench.js';

/** The reference app's journals page on this kind of machine, a fixed figure: it is not run here. */
export const REFERENCE_PAGE_MS = 1700;
/** Goal for the journals page's first visit, to all 31 cards. */
export const FIRST_VISIT_GOAL_MS = 300;
const REFERENCE_CREATE_REQUESTS = 72;

export interface BenchResults {
  intro: string;
  api: ApiRow[];
  postgresNote: string | null;
  pageRuns: PageLoadRun[];
  /** Each first visit's context opened the page again: its second and third visits. */
  returnRuns: ReturnVisitRun[];
  pageUrl: string;
  createRuns: CreateRun[];
  bundles: RouteBundle[];
  lighthouse: { results: PageResult[]; chromeVersion: string } | { error: string };
  /** The noisy neighbour, per database, with notes on what could not be measured. */
  noisy: { rows: NoisyRow[]; notes: string[] };
  /** Writes on the emulated slow network. */
  slowWrites: SlowWriteResults;
  /** A day's changes made offline, synced on the emulated slow network. */
  queuedRuns: QueuedRun[];
  /** The year view of 12 months of 31 entries. */
  yearVisits: YearVisit[];
  /** Unlocking, making a month private, and opening it beside a plain one. */
  privateMonths: PrivateFigures | { error: string };
  /**
   * `npm run bench -- --browser` measures only the browser parts: the API's goal row and its and
   * the noisy neighbour's sections are carried over, as written, from the previous RESULTS.md.
   */
  carried?: { sections: string; from: string };
}

/** Goal for a change to show, whatever the network. */
export const SHOWN_GOAL_MS = 50;

const ratio = (row: ApiRow) => row.ours.rps / row.bare.rps;
const bodyOnlyRatio = (row: ApiRow) => row.ours.rps / row.bareBodyOnly.rps;
/** One line of an error, without terminal colours: it goes into a table cell. */
const oneLine = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
  (text.split('\n')[0] ?? '').replace(/\u001b\[[0-9;]*m/g, '').replaceAll('|', '\\|');
/** `GET /a` ×2, `POST /b`: the calls in first-seen order with their counts. */
function callList(calls: string[]): string {
  const counts = new Map<string, number>();
  for (const call of calls) counts.set(call, (counts.get(call) ?? 0) + 1);
  return [...counts]
    .map(([call, count]) => `\`${call}\`${count > 1 ? ` ×${count}` : ''}`)
    .join(', ');
}
const met = (ok: boolean) => (ok ? 'met' : '**not met**');
const ms = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

function apiTable(rows: ApiRow[]): string[] {
  return [
    '| request | connections | bytes | ours req/s | ours p50 ms | ours p99 ms | bare req/s | bare p50 ms | bare p99 ms | ours/bare | bare, body only req/s | ours/bare, body only |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      (row) =>
        `| ${row.request} | ${row.connections} | ${row.bytes} | ${Math.round(row.ours.rps)} | ${ms(row.ours.p50)} | ` +
        `${ms(row.ours.p99)} | ${Math.round(row.bare.rps)} | ${ms(row.bare.p50)} | ${ms(row.bare.p99)} | ` +
        `${ratio(row).toFixed(2)}${row.ours.failures > 0 ? ` (${row.ours.failures} failed)` : ''} | ` +
        `${Math.round(row.bareBodyOnly.rps)} | ${bodyOnlyRatio(row).toFixed(2)} |`,
    ),
  ];
}

function goals(results: BenchResults): string[] {
  const pageRequests = median(results.pageRuns.map((run) => run.apiRequests));
  const pageMs = median(results.pageRuns.map((run) => run.cardsShownMs));
  const returnMs = median(results.returnRuns.map((run) => run.cardsShownMs));
  const speedFigure =
    `first visit (empty cache): all 31 cards shown after ${Math.round(pageMs)} ms (median); ` +
    (results.returnRuns.length > 0
      ? `return visit (code from the service worker, data from the API): ${Math.round(returnMs)} ms (median)`
      : 'return visits not measured');
  const createRequests = Math.max(...results.createRuns.map((run) => run.requests));
  const lighthouse = results.lighthouse;
  const lighthouseFigure =
    'error' in lighthouse
      ? `not measured: ${oneLine(lighthouse.error)}`
      : lighthouse.results
          .map((page) => `${page.name} ${CATEGORIES.map((id) => page.scores[id]).join('/')}`)
          .join('; ');
  const lighthouseMet =
    !('error' in lighthouse) &&
    lighthouse.results.every((page) => CATEGORIES.every((id) => page.scores[id] === 100));
  return [
    '| goal | measured in this run | |',
    '|---|---|---|',
    `| Journals page of a 31-entry month in ≤ 7 requests | ${pageRequests} API requests (median of ${results.pageRuns.length} first visits) | ${met(pageRequests <= 7)} |`,
    `| Journals page's first visit: all 31 cards in ≤ ${FIRST_VISIT_GOAL_MS} ms | ${speedFigure} | ${met(pageMs <= FIRST_VISIT_GOAL_MS)} |`,
    `| Creating a journal in ≤ 10 requests (the reference made ${REFERENCE_CREATE_REQUESTS}) | ${createRequests} requests (most of ${results.createRuns.length} creations) | ${met(createRequests <= 10)} |`,
    `| Lighthouse 100 in all four categories (performance/accessibility/best practices/SEO) | ${lighthouseFigure} | ${met(lighthouseMet)} |`,
    ...shownGoals(results.slowWrites),
    queuedGoal(results.queuedRuns),
    ...('error' in results.privateMonths
      ? [
          `| Private months: unlock ≤ 1 s, open within 50 ms of a plain month | not measured: ${oneLine(results.privateMonths.error)} | — |`,
        ]
      : privateGoals(results.privateMonths)),
  ];
}

const network = `${SLOW_NETWORK.latencyMs} ms round trip, ${(SLOW_NETWORK.throughputBytesPerSecond * 8) / 1_000_000} Mbit/s`;

/** A saved entry and a ticked habit show within 50 ms whatever the network. */
export function shownGoals(writes: SlowWriteResults): string[] {
  const row = (what: string, runs: WriteTiming[]) => {
    const shown = runs.map((run) => run.shownMs);
    const worst = Math.max(...shown);
    return `| ${what} shown ≤ ${SHOWN_GOAL_MS} ms on a slow network (${network}) | ${Math.round(median(shown))} ms (median of ${runs.length}), at most ${Math.round(worst)} ms | ${met(worst <= SHOWN_GOAL_MS)} |`;
  };
  return [row('Save → the new card', writes.creates), row('A habit tick', writes.ticks)];
}

/** A day's changes queued offline are all on the server within 5 s of the slow network's return. */
export function queuedGoal(runs: QueuedRun[]): string {
  const { syncMs, requests, peakInFlight, connections } = queuedSummary(runs);
  return (
    `| ${QUEUED_CHANGES} changes queued offline synced in ≤ ${QUEUED_GOAL_MS / 1000} s on a slow network (${network}) | ` +
    `${(syncMs / 1000).toFixed(1)} s (median of ${runs.length} runs), ${requests} API requests (median), ` +
    `at most ${peakInFlight} in flight at once over ${connections} connections | ${met(syncMs <= QUEUED_GOAL_MS)} |`
  );
}

/** The day's changes made offline, run by run. */
export function queuedSection(runs: QueuedRun[]): string[] {
  const { syncMs } = queuedSummary(runs);
  return [
    `### ${QUEUED_CHANGES} changes queued offline`,
    '',
    `A page of the same month, the network cut (CDP offline), then a day's changes made through the screens, interleaved: ` +
      '23 habit ticks on existing entries, 2 new entries (7 writes each: the entry, its measure’s value, a row per habit) and a habit ticked on each new card, ' +
      `4 entry edits (the highlight and the measure's value: 2 writes each), 3 goal ticks; the navbar then said '${runs[0]?.waitingLabel ?? ''}'. ` +
      'The slow network back: synced is from reconnecting to the frame after the navbar said all changes saved with no card marked waiting; ' +
      'then every change was read back from the server through the API. ' +
      (CPU_SLOWDOWN > 1
        ? `The page's CPU was slowed ${CPU_SLOWDOWN}× (CDP \`Emulation.setCPUThrottlingRate\`, BENCH_CPU_SLOWDOWN). `
        : '') +
      'In flight: API requests the page had started and not yet had answered at one moment; connections: those that carried the API requests (Chromium opens at most 6 to a server over HTTP/1.1 and holds the other requests until one is free).',
    '',
    '| run | changes | synced, s | API requests | most in flight | connections | found on the server |',
    '|--:|--:|--:|--:|--:|--:|--:|',
    ...runs.map(
      (run, index) =>
        `| ${index + 1} | ${run.changes} | ${(run.syncMs / 1000).toFixed(1)} | ${run.requests} | ${run.peakInFlight} | ${run.connections} | ${run.verified} |`,
    ),
    '',
    `Median: ${(syncMs / 1000).toFixed(1)} s. The API requests of a run: ${callList(runs[0]?.apiCalls ?? [])}.`,
    '',
  ];
}

/** Writes on the emulated network, each from its event (submit, click) to the frame after. */
export function slowWritesSection(writes: SlowWriteResults): string[] {
  const rows = (what: string, runs: WriteTiming[]) =>
    runs.map(
      (run, index) =>
        `| ${what} ${index + 1} | ${Math.round(run.shownMs)} | ${Math.round(run.syncedMs)} | ${run.requests} |`,
    );
  return [
    '## Writes on a slow network',
    '',
    `The journals page above, its network emulated by Chromium (CDP \`Network.emulateNetworkConditions\`: ${network}), service worker blocked so every request is throttled. ` +
      `'Create a Register' (highlight, the first measure, one habit, Save) ${writes.creates.length} times, then ${writes.ticks.length} habit ticks on the cards. ` +
      'Shown: from the submit (or click) event to the frame after the new card (or the ticked state) entered the page. ' +
      "Synced: from the same event to the frame after the navbar said 'All changes saved' with no card marked waiting to sync. " +
      'Requests: the API requests until the network was quiet.',
    '',
    '| change | shown, ms | synced, ms | API requests |',
    '|---|--:|--:|--:|',
    ...rows('entry', writes.creates),
    ...rows('tick', writes.ticks),
    '',
    `Goal: shown within ${SHOWN_GOAL_MS} ms whatever the network; synced has no goal, it is the network's round trips. ` +
      `Median shown: entries ${Math.round(median(writes.creates.map((r) => r.shownMs)))} ms, ticks ${Math.round(median(writes.ticks.map((r) => r.shownMs)))} ms; ` +
      `median synced: entries ${Math.round(median(writes.creates.map((r) => r.syncedMs)))} ms, ticks ${Math.round(median(writes.ticks.map((r) => r.syncedMs)))} ms.`,
    '',
  ];
}

/** The year view, first and return visits. */
function yearSection(visits: YearVisit[]): string[] {
  const row = (label: string, values: number[], format = (v: number) => String(Math.round(v))) =>
    `| ${label} | ${format(median(values))} | ${format(Math.min(...values))} | ${format(Math.max(...values))} |`;
  const of = (visit: number) => visits.filter((run) => run.visit === visit);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  return [
    '## The year view in Chromium',
    '',
    `\`/years/<year>\` of 12 months with a calendar period, each 31 entries (a note, a mood, two measures, 5 habits; the shorter months' extra entries on their last day). ` +
      `${of(1).length} fresh contexts (empty HTTP cache), each opening the page, then, once the service worker had installed, opening it again after clearing the data saved for offline use. ` +
      'Times from the navigation start to the frame after every day with an entry had its square in the year-in-pixels grid, and after each measure’s chart (@mantine/charts, loaded on demand) was drawn. ' +
      'KB: the transfer sizes the page’s Resource Timing reports (a return visit’s come from the service worker, which it reports as none).',
    '',
    '| | median | min | max |',
    '|---|--:|--:|--:|',
    ...[1, 2].flatMap((visit) => {
      const runs = of(visit);
      if (runs.length === 0) return [];
      const name = visit === 1 ? 'first visit' : 'return visit';
      return [
        row(
          `${name}: API requests`,
          runs.map((run) => run.apiRequests),
        ),
        row(
          `${name}: grid shown, ms`,
          runs.map((run) => run.pixelsMs),
        ),
        row(
          `${name}: charts shown, ms`,
          runs.map((run) => run.chartsMs),
        ),
        // A return visit's files come from the service worker: Resource Timing reports no transfer.
        ...(visit === 1
          ? [
              row(
                `${name}: KB transferred`,
                runs.map((run) => run.bytes),
                kb,
              ),
            ]
          : []),
      ];
    }),
    '',
  ];
}

/** The page opened again in the same browser: the code comes from the service worker's cache, the data from the API. */
function returnSection(runs: ReturnVisitRun[]): string[] {
  if (runs.length === 0) return [];
  const visits = [...new Set(runs.map((run) => run.visit))];
  const row = (label: string, values: number[]) =>
    `| ${label} | ${Math.round(median(values))} | ${Math.round(Math.min(...values))} | ${Math.round(Math.max(...values))} |`;
  return [
    '### Return visits',
    '',
    `After each of ${runs.length / visits.length} fresh contexts' first visit, once its service worker had installed (it precaches the app's code; ` +
      '`/api/` is network-only in it, so every answer comes from the server), the same page opened again by new navigations, timed like the first visit, ' +
      'each after clearing the data the app saves on the device for offline use (so the cards are drawn from this visit’s API answers). ' +
      'This is how a user who has used the app before, or has just come through /months, opens the page.',
    '',
    '| | median | min | max |',
    '|---|--:|--:|--:|',
    ...visits.flatMap((visit) => {
      const these = runs.filter((run) => run.visit === visit);
      return [
        row(
          `visit ${visit}: API requests`,
          these.map((run) => run.apiRequests),
        ),
        row(
          `visit ${visit}: first card shown, ms`,
          these.map((run) => run.firstCardMs),
        ),
        row(
          `visit ${visit}: all cards shown, ms`,
          these.map((run) => run.cardsShownMs),
        ),
      ];
    }),
    '',
    `All return visits: all cards shown after ${Math.round(median(runs.map((run) => run.cardsShownMs)))} ms (median), ` +
      `${(REFERENCE_PAGE_MS / median(runs.map((run) => run.cardsShownMs))).toFixed(1)}× faster than the reference's ~${REFERENCE_PAGE_MS} ms.`,
    '',
  ];
}

function browserSections(results: BenchResults): string[] {
  const runs = results.pageRuns;
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  return [
    '## The journals page in Chromium',
    '',
    `A month of 31 entries (each with a Markdown note, a mood, two measures and 5 habits) and 3 goals; \`${results.pageUrl}\` opened ${runs.length} times, each in a fresh browser context (empty HTTP cache; the session as the app keeps it: tokens in localStorage), 1280 × 800. ` +
      'The app renders the page in the browser once its code and the page’s reads have arrived. ' +
      'Times: from the navigation start to the frame after the first, and after the 31st, journal card entered the page (the page’s own clock). ' +
      'Bytes: the transfer sizes (compressed bodies and headers) the page’s Resource Timing reports, document included.',
    '',
    '| | median | min | max |',
    '|---|--:|--:|--:|',
    ...(
      [
        ['API requests', (run: PageLoadRun) => run.apiRequests, String],
        ['all requests', (run: PageLoadRun) => run.allRequests, String],
        [
          'first card shown, ms',
          (run: PageLoadRun) => run.firstCardMs,
          (v: number) => String(Math.round(v)),
        ],
        [
          'all cards shown, ms',
          (run: PageLoadRun) => run.cardsShownMs,
          (v: number) => String(Math.round(v)),
        ],
        ['KB transferred', (run: PageLoadRun) => run.bytes, kb],
        ['KB transferred by the API', (run: PageLoadRun) => run.apiBytes, kb],
      ] as const
    ).map(([label, pick, format]) => {
      const values = runs.map(pick);
      return `| ${label} | ${format(median(values))} | ${format(Math.min(...values))} | ${format(Math.max(...values))} |`;
    }),
    '',
    (runs[0]?.apiCalls ?? []).length > 0
      ? `The API requests of a visit: ${callList(runs[0]?.apiCalls ?? [])}.`
      : 'No API request on opening.',
    '',
    `Against the reference's ~${REFERENCE_PAGE_MS} ms for this page: ${(REFERENCE_PAGE_MS / median(runs.map((run) => run.cardsShownMs))).toFixed(1)}× faster (the first visit's goal: ${FIRST_VISIT_GOAL_MS} ms). ` +
      'The reference figure is a fixed one, not measured in this run.',
    '',
    ...returnSection(results.returnRuns),
    '## Creating a journal in Chromium',
    '',
    `'Create a Register' on the open page above: highlight, the measure, one habit ticked, Save; ${results.createRuns.length} times in a row. ` +
      'Requests: every API request from Save until the network is quiet (the journal, its daily measure, one daily habit per habit, then the reloaded lists). ' +
      'Time: from the form’s submit event to the frame after the new card entered the page.',
    '',
    '| creation | API requests | new card shown, ms |',
    '|--:|--:|--:|',
    ...results.createRuns.map(
      (run, index) => `| ${index + 1} | ${run.requests} | ${Math.round(run.cardShownMs)} |`,
    ),
    '',
    `The API requests of a creation: ${callList(results.createRuns[0]?.apiCalls ?? [])}.`,
    '',
    ...slowWritesSection(results.slowWrites),
    ...queuedSection(results.queuedRuns),
    ...yearSection(results.yearVisits),
    ...('error' in results.privateMonths ? [] : privateSection(results.privateMonths)),
  ];
}

export function renderReport(results: BenchResults): string {
  const lines = [
    '# Benchmark results',
    '',
    results.intro,
    '',
    '## Goals',
    '',
    ...goals(results),
    '',
    '## API against a bare node:http server',
    '',
    'Not a goal (the API answers many times what a user needs; what users feel is measured above and in the noisy neighbour): kept to see a regression. ' +
      'autocannon on loopback; for each request our answer is recorded first and a bare `node:http` server in a process of its own, like ours, ' +
      'answers those exact bytes: status, every header (the security headers and request id included; node:http writes the date) and body. ' +
      'A second bare server sends only the body with its Content-Type (the yardstick of runs before 2026-11-25): the last two columns. ' +
      'Ours and the bare servers are measured back to back at each connection count. Reads are response-cache hits ' +
      '(one user’s unchanged month: see docs/performance.md); the writes come last, so the reads see the seeded month.',
    '',
  ];
  // The heading and paragraph above start the carried text too: it replaces them.
  if (results.carried) lines.splice(lines.length - 4, 4, results.carried.sections.trimEnd(), '');
  for (const database of [...new Set(results.api.map((row) => row.database))]) {
    lines.push(
      `### ${database}`,
      '',
      ...apiTable(results.api.filter((r) => r.database === database)),
      '',
    );
  }
  if (results.postgresNote)
    lines.push(`PostgreSQL was skipped: ${oneLine(results.postgresNote)}`, '');
  if (!results.carried) lines.push(...noisySection(results.noisy.rows, results.noisy.notes), '');
  lines.push(...browserSections(results));
  lines.push(
    '## Gzipped JavaScript per route',
    '',
    'The scripts Chromium loaded on a first visit of each route (until the network was quiet), each gzipped at level 9 from the build; 1 KB = 1024 bytes. ' +
      'Modals load later, on first use, and are not counted (the bundle-budget test in `tests/build` counts them too).',
    '',
    '| route | ended on | scripts | gzipped KB |',
    '|---|---|--:|--:|',
    ...results.bundles.map(
      (bundle) =>
        `| \`${bundle.route}\` | \`${bundle.landedOn}\` | ${bundle.files} | ${bundle.gzipKb} |`,
    ),
    '',
    '## Lighthouse',
    '',
  );
  const lighthouse = results.lighthouse;
  if ('error' in lighthouse) {
    lines.push(`Not measured: ${oneLine(lighthouse.error)}`, '');
  } else {
    lines.push(
      `Desktop preset, ${lighthouse.chromeVersion} (system Chromium), each page a first visit (empty HTTP cache); the journals page is the 31-entry month above.`,
      '',
      '| page | performance | accessibility | best practices | SEO |',
      '|---|--:|--:|--:|--:|',
      ...lighthouse.results.map(
        (page) =>
          `| ${page.name} (\`${page.path}\`) | ${CATEGORIES.map((id) => page.scores[id]).join(' | ')} |`,
      ),
      '',
    );
    for (const page of lighthouse.results.filter((result) => result.misses.length > 0)) {
      lines.push(
        `Audits that cost ${page.name} points:`,
        '',
        ...page.misses.map((m) => `- ${m}`),
        '',
      );
    }
  }
  return lines.join('\n');
}
