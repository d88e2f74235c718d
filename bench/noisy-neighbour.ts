// Noisy neighbour: light users' journals page with heavy accounts idle, then one at a time doing its worst (exports and imports, hostile search, year view, stats, the bin, idempotent imports, another app's export); `npx tsx bench/noisy-neighbour.ts` runs it alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, launchApp } from '../tests/support/app-process.js';
import {
  BIG_MONTH,
  createLightUsers,
  HEAVY,
  HEAVY_SCENARIOS,
  type HeavyAccount,
  type HeavyScenario,
  type HeavyStats,
  heavyLoad,
  type LightStats,
  LONG_NOTES,
  lightLoad,
  memoryOf,
  type NoisyTarget,
  openJournalsPage,
  openTarget,
  percentile,
  registerHeavy,
  sampleRss,
  seedBigMonths,
  seedHeavyAccount,
  seedLongNotes,
  slowestProbe,
} from '../tests/support/noisy-neighbour.js';
import { createBenchDatabase } from './postgres.js';

/** Seconds of each phase (idle, then noisy); NOISY_SECONDS overrides. */
export const NOISY_SECONDS = Number(process.env.NOISY_SECONDS ?? 30);
export const LIGHT_USERS = 20;
/** Between two openings of a light user's page. */
export const PAUSE_MS = 200;
const OWN_PAGE_RUNS = 30;
/** NOISY_SCENARIOS="year view,bin" runs only those (while working on one); all by default. */
const SCENARIOS: readonly HeavyScenario[] = process.env.NOISY_SCENARIOS
  ? (process.env.NOISY_SCENARIOS.split(',').map((name) => name.trim()) as HeavyScenario[])
  : HEAVY_SCENARIOS;
for (const scenario of SCENARIOS) {
  if (!HEAVY_SCENARIOS.includes(scenario)) throw new Error(`NOISY_SCENARIOS: no "${scenario}"`);
}

export interface LatencySummary {
  reads: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers other than 200, and reads never answered. */
  failures: number;
}

/** Light users' reads while one heavy account ran one scenario. */
export interface ScenarioRow {
  scenario: HeavyScenario;
  light: LatencySummary;
  heavy: HeavyStats;
  /** Highest RSS sampled meanwhile, MB. */
  rssMb: number;
}

export interface NoisyRow {
  database: 'SQLite' | 'PostgreSQL';
  idle: LatencySummary;
  scenarios: ScenarioRow[];
  /** Highest RSS sampled while idle, and the process's own peak (VmHWM) at the end, MB. */
  idleRssMb: number;
  peakRssMb: number;
  /** Median time to open the page: the heavy user's latest month, a light user's month (both 31 entries), ms. */
  ownPage: { heavyMs: number; newUserMs: number };
  /** One export of the heavy account alone: its time, size, the server's RSS before and at its highest, and the slowest health check meanwhile. */
  export: {
    ms: number;
    bytes: number;
    rssBeforeMb: number;
    rssPeakMb: number;
    slowestProbeMs: number;
  };
}

function summarize(stats: LightStats): LatencySummary {
  const failures =
    stats.lost +
    Object.entries(stats.statuses)
      .filter(([status]) => status !== '200')
      .reduce((sum, [, count]) => sum + count, 0);
  return {
    reads: stats.latencies.length,
    p50: percentile(stats.latencies, 50),
    p99: percentile(stats.latencies, 99),
    max: Math.max(...stats.latencies),
    failures,
  };
}

const median = (values: number[]) => percentile(values, 50);

/** The whole measurement on one database: SQLite in a fresh directory, or the PostgreSQL database at `databaseUrl`. */
export async function benchNoisyNeighbour(databaseUrl?: string): Promise<NoisyRow> {
  const database = databaseUrl ? 'PostgreSQL' : 'SQLite';
  const dataDir = mkdtempSync(join(tmpdir(), 'monthbook-noisy-bench-'));
  const target: NoisyTarget = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'sqlite', dataDir };
  const app = await launchApp({
    port: await freePort(),
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  const pid = app.child.pid ?? 0;
  try {
    const direct = openTarget(target);
    let heavy: HeavyAccount;
    let big: HeavyAccount;
    let notes: HeavyAccount;
    let light: Awaited<ReturnType<typeof createLightUsers>>;
    try {
      console.log(
        `  seeding ${HEAVY.months} months, 3 months at every quota, ${LONG_NOTES.entries} long notes and ${LIGHT_USERS} light users…`,
      );
      heavy = await seedHeavyAccount(app.url, direct);
      big = await seedBigMonths(app.url, direct, 3);
      notes = await seedLongNotes(app.url, direct);
      light = await createLightUsers(app.url, direct, LIGHT_USERS);
    } finally {
      await direct.close();
    }

    console.log('  one export alone…');
    const rssBeforeMb = memoryOf(pid).rssMb;
    const sampler = sampleRss(pid);
    const started = performance.now();
    const exporting = fetch(`${app.url}/api/export/`, {
      headers: { authorization: `Bearer ${heavy.access}` },
    }).then(async (response) => ({ status: response.status, text: await response.text() }));
    const slowestProbeMs = await slowestProbe(app.url, exporting);
    const exported = await exporting;
    const exportMs = performance.now() - started;
    const rssPeakMb = sampler.stop();
    if (exported.status !== 200) throw new Error(`export answered ${exported.status}`);

    console.log('  own page against a new user’s…');
    const scratch: LightStats = { latencies: [], statuses: {}, lost: 0, pages: 0 };
    const heavyMonth = heavy.monthIds[heavy.monthIds.length - 1] ?? 0;
    const newUser = light[0]!;
    const heavyRuns: number[] = [];
    const newRuns: number[] = [];
    for (let run = 0; run < OWN_PAGE_RUNS; run += 1) {
      heavyRuns.push(await openJournalsPage(app.url, heavy.access, heavyMonth, scratch));
      newRuns.push(await openJournalsPage(app.url, newUser.access, newUser.monthId, scratch));
    }

    console.log(`  ${LIGHT_USERS} light users, heavy account idle, ${NOISY_SECONDS} s…`);
    let rss = sampleRss(pid);
    const idle = await lightLoad(app.url, light, NOISY_SECONDS * 1000, PAUSE_MS);
    const idleRssMb = rss.stop();

    const scenarios: ScenarioRow[] = [];
    for (const scenario of SCENARIOS) {
      const account =
        scenario === 'hostile search'
          ? notes
          : scenario === 'month stats' || scenario === 'bin'
            ? big
            : scenario === 'idempotent import' || scenario === 'foreign import'
              ? // A fresh account: the others' hourly imports must not refuse it at once.
                { ...(await registerHeavy(app.url, 'importer')), monthIds: [] }
              : heavy;
      console.log(`  ${LIGHT_USERS} light users, heavy account: ${scenario}, ${NOISY_SECONDS} s…`);
      rss = sampleRss(pid);
      const [heavyStats, noisy] = await Promise.all([
        heavyLoad(app.url, account, exported.text, NOISY_SECONDS * 1000, 2, scenario),
        lightLoad(app.url, light, NOISY_SECONDS * 1000, PAUSE_MS),
      ]);
      const row = { scenario, light: summarize(noisy), heavy: heavyStats, rssMb: rss.stop() };
      console.log(
        `    p50 ${fixed(row.light.p50)}, p99 ${fixed(row.light.p99)}, max ${fixed(row.light.max)} ms, ${row.light.failures} failed; ${JSON.stringify(heavyStats.outcomes)}`,
      );
      scenarios.push(row);
    }
    return {
      database,
      idle: summarize(idle),
      scenarios,
      idleRssMb,
      peakRssMb: memoryOf(pid).peakMb,
      ownPage: { heavyMs: median(heavyRuns), newUserMs: median(newRuns) },
      export: {
        ms: exportMs,
        bytes: Buffer.byteLength(exported.text),
        rssBeforeMb,
        rssPeakMb,
        slowestProbeMs,
      },
    };
  } finally {
    await app.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both databases (PostgreSQL when reachable); a note for one that could not be measured. */
export async function noisyPart(): Promise<{ rows: NoisyRow[]; notes: string[] }> {
  const rows: NoisyRow[] = [];
  const notes: string[] = [];
  console.log('Noisy neighbour on SQLite…');
  rows.push(await benchNoisyNeighbour());
  const database = await createBenchDatabase();
  if ('unavailable' in database) {
    notes.push(`PostgreSQL unreachable, not measured: ${database.unavailable}`);
    return { rows, notes };
  }
  try {
    console.log('Noisy neighbour on PostgreSQL…');
    rows.push(await benchNoisyNeighbour(database.url));
  } catch (error) {
    notes.push(`PostgreSQL: the run failed (${error instanceof Error ? error.message : error})`);
  } finally {
    await database.drop().catch(() => {});
  }
  return { rows, notes };
}

const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const met = (ok: boolean) => (ok ? 'met' : '**not met**');

/** The Noisy neighbour section of RESULTS.md. */
export function noisySection(rows: NoisyRow[], notes: string[]): string[] {
  const ratio = (row: NoisyRow, scenario: ScenarioRow) => scenario.light.p99 / row.idle.p99;
  const outcomes = (heavy: HeavyStats) =>
    Object.entries(heavy.outcomes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([outcome, count]) => `${outcome} ×${count}`)
      .join(', ') + (heavy.lost > 0 ? `, no answer ×${heavy.lost}` : '');
  const lines = [
    '## Noisy neighbour',
    '',
    `Heavy accounts on one server (the compiled server, API only) with ${LIGHT_USERS} light users (a month of 31 entries, 3 habits, a measure): ` +
      `ten years (${HEAVY.months} months × ${HEAVY.entries} entries × ${HEAVY.habits} habits, ${HEAVY.measures} measures, ${HEAVY.goals} goals, each month with its period), ` +
      `three months at every quota (${BIG_MONTH.entries} entries × ${BIG_MONTH.habits} habits × ${BIG_MONTH.measures} measures), ` +
      `${LONG_NOTES.entries.toLocaleString('en-US')} entries with ${LONG_NOTES.characters.toLocaleString('en-US')}-character notes, all seeded into the database, and a new account that imports. ` +
      `Each light user opens their journals page (its seven API reads at once) in a loop, ${PAUSE_MS} ms apart: first for ${NOISY_SECONDS} s with every heavy account idle, ` +
      `then ${NOISY_SECONDS} s per scenario, one heavy account running it with two clients back to back: ` +
      'exports and imports (export, CSV export, search, and its own first export re-imported); a hostile search (a hundred one-character words over the long notes); ' +
      'the year view of each of its ten years and the stats of a month at every quota, each on a new URL so the response cache never answers; ' +
      'a month at every quota deleted into the bin and restored (one per client); imports of the ten-year export, each with a new Idempotency-Key; ten years of an Apple Health export.xml (hourly steps and a daily weight, the same file each time). ' +
      'Refusals (429 one job at a time and 10 imports an hour, 400 past a quota, 503 when the server’s slots are busy) are the limits at work. Latencies are per read, in ms.',
    '',
    '| database | heavy account | light reads | p50 | p99 | max | p99 / idle p99 | failed reads | RSS MB |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.flatMap((row) => [
      `| ${row.database} | idle | ${row.idle.reads} | ${fixed(row.idle.p50)} | ${fixed(row.idle.p99)} | ${fixed(row.idle.max)} | 1.00 | ${row.idle.failures} | ${Math.round(row.idleRssMb)} |`,
      ...row.scenarios.map(
        (scenario) =>
          `| ${row.database} | ${scenario.scenario} | ${scenario.light.reads} | ${fixed(scenario.light.p50)} | ${fixed(scenario.light.p99)} | ` +
          `${fixed(scenario.light.max)} | ${ratio(row, scenario).toFixed(2)} | ${scenario.light.failures} | ${Math.round(scenario.rssMb)} |`,
      ),
    ]),
    '',
    '| database | heavy account | its requests |',
    '|---|---|---|',
    ...rows.flatMap((row) =>
      row.scenarios.map(
        (scenario) => `| ${row.database} | ${scenario.scenario} | ${outcomes(scenario.heavy)} |`,
      ),
    ),
    '',
    '| database | heavy user’s page ms | new user’s page ms | export alone ms | export MB | RSS before / during export MB | slowest health check during the export ms | peak RSS MB |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      (row) =>
        `| ${row.database} | ${fixed(row.ownPage.heavyMs)} | ${fixed(row.ownPage.newUserMs)} | ${Math.round(row.export.ms)} | ` +
        `${(row.export.bytes / 1e6).toFixed(1)} | ${Math.round(row.export.rssBeforeMb)} / ${Math.round(row.export.rssPeakMb)} | ` +
        `${fixed(row.export.slowestProbeMs)} | ${Math.round(row.peakRssMb)} |`,
    ),
    '',
    'Goals: light users’ p99 with any one heavy account busy ≤ 2× idle and ≤ 100 ms, max ≤ 1 s, peak memory ≤ 512 MB.',
    '',
    ...rows.flatMap((row) =>
      row.scenarios.map(
        (scenario) =>
          `- ${row.database}, ${scenario.scenario}: p99 ≤ 2× idle ${met(scenario.light.p99 <= 2 * row.idle.p99)} (${ratio(row, scenario).toFixed(2)}×); ` +
          `p99 ≤ 100 ms ${met(scenario.light.p99 <= 100)} (${fixed(scenario.light.p99)}); max ≤ 1 s ${met(scenario.light.max <= 1000)} (${fixed(scenario.light.max)}); ` +
          `no failed light read ${met(row.idle.failures + scenario.light.failures === 0)}.`,
      ),
    ),
    ...rows.map(
      (row) =>
        `- ${row.database}: peak ≤ 512 MB ${met(row.peakRssMb <= 512)} (${Math.round(row.peakRssMb)}).`,
    ),
    ...notes.map((note) => `- ${note}`),
  ];
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  noisyPart()
    .then(({ rows, notes }) => {
      console.log(`\n${noisySection(rows, notes).join('\n')}`);
      console.log(`\n${JSON.stringify(rows)}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
