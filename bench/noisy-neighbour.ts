// Noisy neighbour: light users' journals page with a ten-year account idle, then exporting, searching and importing at its limits; `npx tsx bench/noisy-neighbour.ts` runs it alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, launchApp } from '../tests/support/app-process.js';
import {
  createLightUsers,
  HEAVY,
  type HeavyStats,
  heavyLoad,
  type LightStats,
  lightLoad,
  memoryOf,
  type NoisyTarget,
  openJournalsPage,
  openTarget,
  percentile,
  sampleRss,
  seedHeavyAccount,
  slowestProbe,
} from '../tests/support/noisy-neighbour.js';
import { createBenchDatabase } from './postgres.js';

/** Seconds of each phase (idle, then noisy); NOISY_SECONDS overrides. */
export const NOISY_SECONDS = Number(process.env.NOISY_SECONDS ?? 30);
export const LIGHT_USERS = 20;
/** Between two openings of a light user's page. */
export const PAUSE_MS = 200;
const OWN_PAGE_RUNS = 30;

export interface LatencySummary {
  reads: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers other than 200, and reads never answered. */
  failures: number;
}

export interface NoisyRow {
  database: 'SQLite' | 'PostgreSQL';
  idle: LatencySummary;
  noisy: LatencySummary;
  heavy: HeavyStats;
  /** Highest RSS sampled in each phase, and the process's own peak (VmHWM) at the end, MB. */
  idleRssMb: number;
  noisyRssMb: number;
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
    let heavy: Awaited<ReturnType<typeof seedHeavyAccount>>;
    let light: Awaited<ReturnType<typeof createLightUsers>>;
    try {
      console.log(`  seeding ${HEAVY.months} months and ${LIGHT_USERS} light users…`);
      heavy = await seedHeavyAccount(app.url, direct);
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

    console.log(`  ${LIGHT_USERS} light users, heavy account busy, ${NOISY_SECONDS} s…`);
    rss = sampleRss(pid);
    const [heavyStats, noisy] = await Promise.all([
      heavyLoad(app.url, heavy, exported.text, NOISY_SECONDS * 1000),
      lightLoad(app.url, light, NOISY_SECONDS * 1000, PAUSE_MS),
    ]);
    const noisyRssMb = rss.stop();
    return {
      database,
      idle: summarize(idle),
      noisy: summarize(noisy),
      heavy: heavyStats,
      idleRssMb,
      noisyRssMb,
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
  const lines = [
    '## Noisy neighbour',
    '',
    `A heavy account (${HEAVY.months} months × ${HEAVY.entries} entries × ${HEAVY.habits} habits, ${HEAVY.measures} measures, ${HEAVY.goals} goals, seeded into the database) ` +
      `and ${LIGHT_USERS} light users (a month of 31 entries, 3 habits, a measure) on one server (the compiled server, API only). ` +
      `Each light user opens their journals page (its seven API reads at once) in a loop, ${PAUSE_MS} ms apart: first for ${NOISY_SECONDS} s with the heavy account idle, ` +
      `then ${NOISY_SECONDS} s with two of its clients running export, CSV export, search and import (its own first export, re-imported) back to back: ` +
      'its refusals (429 one job at a time and 10 imports an hour, 400 past the 1,200-month quota) are the limits at work. Latencies are per read, in ms.',
    '',
    '| database | light reads idle | p50 idle | p99 idle | max idle | light reads busy | p50 busy | p99 busy | max busy | p99 busy/idle | failed reads | RSS idle / busy / peak MB |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      (row) =>
        `| ${row.database} | ${row.idle.reads} | ${fixed(row.idle.p50)} | ${fixed(row.idle.p99)} | ${fixed(row.idle.max)} | ` +
        `${row.noisy.reads} | ${fixed(row.noisy.p50)} | ${fixed(row.noisy.p99)} | ${fixed(row.noisy.max)} | ` +
        `${(row.noisy.p99 / row.idle.p99).toFixed(2)} | ${row.idle.failures + row.noisy.failures} | ` +
        `${Math.round(row.idleRssMb)} / ${Math.round(row.noisyRssMb)} / ${Math.round(row.peakRssMb)} |`,
    ),
    '',
    '| database | heavy user’s page ms | new user’s page ms | export alone ms | export MB | RSS before / during export MB | slowest health check during the export ms | heavy account’s requests (busy phase) |',
    '|---|--:|--:|--:|--:|--:|--:|---|',
    ...rows.map(
      (row) =>
        `| ${row.database} | ${fixed(row.ownPage.heavyMs)} | ${fixed(row.ownPage.newUserMs)} | ${Math.round(row.export.ms)} | ` +
        `${(row.export.bytes / 1e6).toFixed(1)} | ${Math.round(row.export.rssBeforeMb)} / ${Math.round(row.export.rssPeakMb)} | ` +
        `${fixed(row.export.slowestProbeMs)} | ${Object.entries(row.heavy.outcomes)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([outcome, count]) => `${outcome} ×${count}`)
          .join(', ')} |`,
    ),
    '',
    'Goals (issue 14): light users’ p99 busy ≤ 2× idle and ≤ 100 ms, max ≤ 1 s, peak memory ≤ 512 MB.',
    '',
    ...rows.map(
      (row) =>
        `- ${row.database}: p99 ≤ 2× idle ${met(row.noisy.p99 <= 2 * row.idle.p99)} (${(row.noisy.p99 / row.idle.p99).toFixed(2)}×); ` +
        `p99 ≤ 100 ms ${met(row.noisy.p99 <= 100)} (${fixed(row.noisy.p99)}); max ≤ 1 s ${met(row.noisy.max <= 1000)} (${fixed(row.noisy.max)}); ` +
        `peak ≤ 512 MB ${met(row.peakRssMb <= 512)} (${Math.round(row.peakRssMb)}); no failed light read ${met(row.idle.failures + row.noisy.failures === 0)}.`,
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
