// The noisy-neighbour load: one account at its quotas exporting, searching and importing back to back while light users open their journals page (tests/reliability/noisy-neighbour.test.ts, bench/noisy-neighbour.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { journalsPageReads } from '../../contract/screen-reads.js';
import { type Database, openDatabase } from '../../server/db/database.js';
import type { DB } from '../../server/db/schema.js';
import { searchText } from '../../server/repositories/journal-search.js';
import { Ledger } from './ledger.js';
import { type Account, createAccounts, PASSWORD, send } from './load-client.js';

export type NoisyTarget = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string };

/** The heavy account: ten years of a daily journal (the figures). */
export const HEAVY = { months: 120, entries: 31, habits: 8, measures: 2, goals: 3 };
/** Each light user's month: a month of entries with three habits and a measure (load-client's). */
const LIGHT_ENTRIES = 31;

export function openTarget(target: NoisyTarget): Database {
  return openDatabase(
    target.kind === 'sqlite'
      ? { kind: 'sqlite', path: join(target.dataDir, 'monthbook.sqlite') }
      : { kind: 'postgres', url: target.url, poolSize: 2 },
  );
}

async function insertIds(
  db: Kysely<DB>,
  table: 'months' | 'habits' | 'measures' | 'journals',
  rows: Record<string, unknown>[],
): Promise<number[]> {
  const returned = await db
    .insertInto(table as 'months')
    .values(rows as never)
    .returning('id')
    .execute();
  return returned.map((row) => row.id).sort((a, b) => a - b);
}

/** Entries with a daily answer for every habit and measure, straight into the tables (fast). */
async function seedEntries(
  db: Kysely<DB>,
  userId: number,
  monthId: number,
  habitIds: number[],
  measureIds: number[],
  entries: number,
  monthIndex: number,
) {
  const journalIds = await insertIds(
    db,
    'journals',
    Array.from({ length: entries }, (_, day) => {
      const highlight = `Day ${day + 1}: a walk by the river and a long talk with an old friend (${monthIndex}).`;
      return {
        author_id: userId,
        month_id: monthId,
        created_at: `${2015 + Math.floor(monthIndex / 12)}-${String((monthIndex % 12) + 1).padStart(2, '0')}-${String((day % 28) + 1).padStart(2, '0')}`,
        highlight,
        highlight_search: searchText(highlight),
      };
    }),
  );
  const dailyHabits = journalIds.flatMap((journal_id, day) =>
    habitIds.map((habit_id, h) => ({
      author_id: userId,
      journal_id,
      habit_id,
      is_practiced: (day + h) % 3 === 0 ? (0 as const) : (1 as const),
    })),
  );
  if (dailyHabits.length > 0) await db.insertInto('daily_habits').values(dailyHabits).execute();
  const dailyMeasures = journalIds.flatMap((journal_id, day) =>
    measureIds.map((measure_id, m) => ({
      author_id: userId,
      journal_id,
      measure_id,
      metric: 6 + ((day + m) % 4) * 0.5,
    })),
  );
  if (dailyMeasures.length > 0) {
    await db.insertInto('daily_measures').values(dailyMeasures).execute();
  }
}

export interface HeavyAccount {
  userId: number;
  access: string;
  monthIds: number[];
}

/** Registers the heavy user through the API, then writes ten years of their journal into the database. */
export async function seedHeavyAccount(url: string, database: Database): Promise<HeavyAccount> {
  const username = `heavy_${Math.random().toString(36).slice(2, 10)}`;
  const registered = await send(url, 'POST', '/api/user/register/', {
    body: { username, password: PASSWORD },
  });
  const tokens = await send(url, 'POST', '/api/token/', { body: { username, password: PASSWORD } });
  if (registered.kind !== 'answer' || tokens.kind !== 'answer' || tokens.status !== 200) {
    throw new Error(`heavy user: ${JSON.stringify([registered, tokens])}`);
  }
  const userId = Number((registered.body as { id: number }).id);
  const access = String((tokens.body as { access: string }).access);
  return { userId, access, monthIds: await seedHeavyRows(database.db, userId) };
}

/** Ten years of a daily journal for `userId`, written straight into the tables; answers the month ids. */
export async function seedHeavyRows(db: Kysely<DB>, userId: number): Promise<number[]> {
  const monthIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let m = 0; m < HEAVY.months; m += 1) {
      const [monthId] = await insertIds(trx, 'months', [
        { author_id: userId, name: `${2015 + Math.floor(m / 12)}-${(m % 12) + 1}` },
      ]);
      const month_id = monthId!;
      monthIds.push(month_id);
      const items = (count: number, label: string) =>
        Array.from({ length: count }, (_, i) => ({
          author_id: userId,
          month_id,
          name: `${label} ${i + 1}`,
        }));
      const habitIds = await insertIds(trx, 'habits', items(HEAVY.habits, 'Habit'));
      const measureIds = await insertIds(trx, 'measures', items(HEAVY.measures, 'Measure'));
      await trx
        .insertInto('goals')
        .values(items(HEAVY.goals, 'Goal').map((goal) => ({ ...goal, is_completed: 0 as const })))
        .execute();
      await seedEntries(trx, userId, month_id, habitIds, measureIds, HEAVY.entries, m);
    }
  });
  return monthIds;
}

/** `count` light users through the API (load-client's month, 3 habits, a measure), each month then filled with a month of entries. */
export async function createLightUsers(
  url: string,
  database: Database,
  count: number,
): Promise<Account[]> {
  const accounts = await createAccounts(url, new Ledger(), count, 'light');
  for (const account of accounts) {
    await seedEntries(
      database.db,
      account.userId,
      account.monthId,
      account.habitIds,
      [account.measureId],
      LIGHT_ENTRIES,
      0,
    );
  }
  return accounts;
}

export interface LightStats {
  /** Every read's time, in ms. */
  latencies: number[];
  statuses: Record<number, number>;
  /** No answer at all (connection lost or timed out). */
  lost: number;
  pages: number;
}

const newStats = (): LightStats => ({ latencies: [], statuses: {}, lost: 0, pages: 0 });

/** One opening of the journals page: its seven reads at once, as the app sends them. */
export async function openJournalsPage(
  url: string,
  access: string,
  monthId: number,
  stats: LightStats,
  timeoutMs = 10_000,
): Promise<number> {
  const started = performance.now();
  await Promise.all(
    journalsPageReads(monthId).map(async (path) => {
      const answer = await send(url, 'GET', `/${path}`, { token: access, timeoutMs });
      if (answer.kind === 'answer') {
        stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
        stats.latencies.push(answer.ms);
      } else {
        stats.lost += 1;
        stats.latencies.push(answer.ms);
      }
    }),
  );
  stats.pages += 1;
  return performance.now() - started;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Light users opening their page in a loop with `pauseMs` between openings, until `durationMs` has passed. */
export async function lightLoad(
  url: string,
  accounts: Account[],
  durationMs: number,
  pauseMs: number,
): Promise<LightStats> {
  const stats = newStats();
  const until = performance.now() + durationMs;
  await Promise.all(
    accounts.map(async (account, index) => {
      // Spread out, as users are: not all seven reads of twenty users in the same millisecond.
      await sleep((index * pauseMs) / accounts.length);
      while (performance.now() < until) {
        await openJournalsPage(url, account.access, account.monthId, stats);
        await sleep(pauseMs);
      }
    }),
  );
  return stats;
}

/** A heavy client's pause after a 429 or 503 before its next request. */
const REFUSED_PAUSE_MS = 100;

export interface HeavyStats {
  /** `GET /api/export/ 200` → count, and so on. */
  outcomes: Record<string, number>;
  /** Time of each complete (200) export, in ms. */
  exportMs: number[];
  /** Most bytes of one export. */
  exportBytes: number;
  lost: number;
}

async function fetchText(
  url: string,
  method: string,
  path: string,
  access: string,
  body?: string,
): Promise<{ status: number; text: string } | null> {
  try {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(120_000),
    });
    return { status: response.status, text: await response.text() };
  } catch {
    return null;
  }
}

/**
 * The heavy user's `clients` loops, each exporting the account, a month as CSV, searching and
 * importing the account's first export back, over and over until `durationMs` has passed.
 * Refusals (429, 503, the quota's 400) are outcomes like any other: the limits at work.
 */
export async function heavyLoad(
  url: string,
  heavy: HeavyAccount,
  importBody: string,
  durationMs: number,
  clients = 2,
): Promise<HeavyStats> {
  const stats: HeavyStats = { outcomes: {}, exportMs: [], exportBytes: 0, lost: 0 };
  const until = performance.now() + durationMs;
  const count = (label: string) => {
    stats.outcomes[label] = (stats.outcomes[label] ?? 0) + 1;
  };
  type Answer = Awaited<ReturnType<typeof fetchText>>;
  const record = (label: string, answer: Answer) => {
    if (answer) count(`${label} ${answer.status}`);
    else stats.lost += 1;
    return answer;
  };
  const steps: Array<(round: number) => Promise<Answer>> = [
    async () => {
      const started = performance.now();
      const answer = record(
        'GET /api/export/',
        await fetchText(url, 'GET', '/api/export/', heavy.access),
      );
      if (answer?.status === 200) {
        stats.exportMs.push(performance.now() - started);
        stats.exportBytes = Math.max(stats.exportBytes, Buffer.byteLength(answer.text));
      }
      return answer;
    },
    async (round) => {
      const monthId = heavy.monthIds[round % heavy.monthIds.length];
      const path = `/api/months/${monthId}/export.csv`;
      return record(
        'GET /api/months/{id}/export.csv',
        await fetchText(url, 'GET', path, heavy.access),
      );
    },
    async (round) => {
      const word = ['river', 'friend', 'walk', 'talk'][round % 4];
      const path = `/api/journals/?search=${word}`;
      return record('GET /api/journals/?search=', await fetchText(url, 'GET', path, heavy.access));
    },
    async () =>
      record(
        'POST /api/import/',
        await fetchText(url, 'POST', '/api/import/', heavy.access, importBody),
      ),
  ];
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let round = client;
      while (performance.now() < until) {
        const answer = await steps[round % steps.length]!(round);
        // A refusal is quick: without a pause the loop would mostly measure 429s (and burn the
        // client's share of the machine), not the work the limits let through.
        if (answer?.status === 429 || answer?.status === 503) await sleep(REFUSED_PAUSE_MS);
        round += 1;
      }
    }),
  );
  return stats;
}

/** The process's resident memory now and at its peak (VmRSS, VmHWM), in MB; Linux only. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Samples the process's RSS every 50 ms until stopped; answers the highest, in MB. */
export function sampleRss(pid: number): { stop(): number } {
  let peak = memoryOf(pid).rssMb;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rssMb);
    } catch {
      // The process has gone; keep what was seen.
    }
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * While `work` runs, asks GET /api/health one after another and keeps the slowest answer: how
 * long the server left other requests waiting (its event loop blocked, or its database held).
 */
export async function slowestProbe(url: string, work: Promise<unknown>): Promise<number> {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  let slowest = 0;
  while (!done) {
    const answer = await send(url, 'GET', '/api/health', { timeoutMs: 30_000 });
    slowest = Math.max(slowest, answer.ms);
    await sleep(10);
  }
  await work;
  return slowest;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
