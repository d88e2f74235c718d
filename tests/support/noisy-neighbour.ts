// The noisy-neighbour load: one account at its quotas doing its worst (exports, imports, searches, year views, stats, the bin) while light users open their journals page (tests/reliability/noisy-neighbour.test.ts, bench/noisy-neighbour.ts).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { HABITS_PER_MONTH, JOURNALS_PER_MONTH, MEASURES_PER_MONTH } from '../../contract/quotas.js';
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
  note = '',
) {
  const journalIds: number[] = [];
  // Batches keep each statement under SQLite's bound-parameter limit (a month at its quota).
  for (let first = 0; first < entries; first += 100) {
    journalIds.push(
      ...(await insertIds(
        db,
        'journals',
        Array.from({ length: Math.min(100, entries - first) }, (_, index) => {
          const day = first + index;
          const highlight = `Day ${day + 1}: a walk by the river and a long talk with an old friend (${monthIndex}).`;
          return {
            author_id: userId,
            month_id: monthId,
            created_at: `${2015 + Math.floor(monthIndex / 12)}-${String((monthIndex % 12) + 1).padStart(2, '0')}-${String((day % 28) + 1).padStart(2, '0')}`,
            highlight,
            note,
            highlight_search: searchText(highlight, note),
          };
        }),
      )),
    );
  }
  const dailyHabits = journalIds.flatMap((journal_id, day) =>
    habitIds.map((habit_id, h) => ({
      author_id: userId,
      journal_id,
      habit_id,
      is_practiced: (day + h) % 3 === 0 ? (0 as const) : (1 as const),
    })),
  );
  for (let first = 0; first < dailyHabits.length; first += 1000) {
    await db
      .insertInto('daily_habits')
      .values(dailyHabits.slice(first, first + 1000))
      .execute();
  }
  const dailyMeasures = journalIds.flatMap((journal_id, day) =>
    measureIds.map((measure_id, m) => ({
      author_id: userId,
      journal_id,
      measure_id,
      metric: 6 + ((day + m) % 4) * 0.5,
    })),
  );
  for (let first = 0; first < dailyMeasures.length; first += 1000) {
    await db
      .insertInto('daily_measures')
      .values(dailyMeasures.slice(first, first + 1000))
      .execute();
  }
}

export interface HeavyAccount {
  userId: number;
  access: string;
  monthIds: number[];
}

/** Registers the heavy user through the API, then writes ten years of their journal into the database. */
export async function seedHeavyAccount(url: string, database: Database): Promise<HeavyAccount> {
  const { userId, access } = await registerHeavy(url, 'heavy');
  return { userId, access, monthIds: await seedHeavyRows(database.db, userId) };
}

/** A user registered and signed in through the API, with nothing in their account yet. */
export async function registerHeavy(
  url: string,
  prefix: string,
): Promise<{ userId: number; access: string }> {
  const username = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const registered = await send(url, 'POST', '/api/user/register/', {
    body: { username, password: PASSWORD },
  });
  const tokens = await send(url, 'POST', '/api/token/', { body: { username, password: PASSWORD } });
  if (registered.kind !== 'answer' || tokens.kind !== 'answer' || tokens.status !== 200) {
    throw new Error(`heavy user: ${JSON.stringify([registered, tokens])}`);
  }
  const userId = Number((registered.body as { id: number }).id);
  const access = String((tokens.body as { access: string }).access);
  return { userId, access };
}

/** A month at every quota: the most a month at a glance reads and a delete or restore moves. */
export const BIG_MONTH = {
  entries: JOURNALS_PER_MONTH,
  habits: HABITS_PER_MONTH,
  measures: MEASURES_PER_MONTH,
};

/** The attack's long notes: 2,000 entries of 20,000 characters, in months of 200. */
export const LONG_NOTES = { entries: 2000, characters: 20_000 };

/** `count` months at every quota for a new account (its stats and its bin); answers their ids. */
export async function seedBigMonths(url: string, database: Database, count: number) {
  const { userId, access } = await registerHeavy(url, 'big');
  const monthIds = await seedMonths(database.db, userId, count, BIG_MONTH.entries, (month_id) => ({
    habits: BIG_MONTH.habits,
    measures: BIG_MONTH.measures,
    month_id,
  }));
  return { userId, access, monthIds };
}

/** A new account whose entries carry the attack's long notes (what a hostile search reads). */
export async function seedLongNotes(url: string, database: Database): Promise<HeavyAccount> {
  const { userId, access } = await registerHeavy(url, 'notes');
  const words = ['river', 'friend', 'morning', 'quiet', 'garden', 'letter', 'rain', 'bread'];
  let note = '';
  for (let index = 0; note.length < LONG_NOTES.characters; index += 1) {
    note += `${words[index % words.length]}${index % 7 === 0 ? '. ' : ' '}`;
  }
  note = note.slice(0, LONG_NOTES.characters);
  const months = Math.ceil(LONG_NOTES.entries / JOURNALS_PER_MONTH);
  const monthIds = await seedMonths(
    database.db,
    userId,
    months,
    JOURNALS_PER_MONTH,
    (month_id) => ({ habits: 0, measures: 0, month_id }),
    note,
  );
  return { userId, access, monthIds };
}

async function seedMonths(
  db: Kysely<DB>,
  userId: number,
  count: number,
  entries: number,
  items: (monthId: number) => { habits: number; measures: number; month_id: number },
  note = '',
): Promise<number[]> {
  const monthIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let m = 0; m < count; m += 1) {
      const [monthId] = await insertIds(trx, 'months', [
        {
          author_id: userId,
          name: `Big ${m + 1}`,
          period_year: 2015 + Math.floor(m / 12),
          period_month: (m % 12) + 1,
        },
      ]);
      const month_id = monthId!;
      monthIds.push(month_id);
      const wanted = items(month_id);
      const named = (n: number, label: string) =>
        Array.from({ length: n }, (_, i) => ({
          author_id: userId,
          month_id,
          name: `${label} ${i + 1}`,
        }));
      const habitIds = wanted.habits
        ? await insertIds(trx, 'habits', named(wanted.habits, 'Habit'))
        : [];
      const measureIds = wanted.measures
        ? await insertIds(trx, 'measures', named(wanted.measures, 'Measure'))
        : [];
      await seedEntries(trx, userId, month_id, habitIds, measureIds, entries, m, note);
    }
  });
  return monthIds;
}

/** Ten years of a daily journal for `userId`, written straight into the tables; answers the month ids. */
export async function seedHeavyRows(db: Kysely<DB>, userId: number): Promise<number[]> {
  const monthIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let m = 0; m < HEAVY.months; m += 1) {
      const [monthId] = await insertIds(trx, 'months', [
        {
          author_id: userId,
          name: `${2015 + Math.floor(m / 12)}-${(m % 12) + 1}`,
          // A period, so that the year view reads ten years of it.
          period_year: 2015 + Math.floor(m / 12),
          period_month: (m % 12) + 1,
        },
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

/** The journals page's seven reads, as src/queries/journals-page.ts asks for them. */
function journalsPageReads(monthId: number): string[] {
  return [
    `api/months/${monthId}/`,
    `api/journals/?month=${monthId}`,
    `api/goals/?month=${monthId}`,
    `api/habits/?month=${monthId}`,
    `api/measures/?month=${monthId}`,
    `api/dailyhabits/?month=${monthId}`,
    `api/dailymeasures/?month=${monthId}`,
  ];
}

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

/** The load's pacing (users' pauses between pages, a refused client's back-off): waits for nothing. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
      await pause((index * pauseMs) / accounts.length);
      while (performance.now() < until) {
        await openJournalsPage(url, account.access, account.monthId, stats);
        await pause(pauseMs);
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
  body?: string | Uint8Array,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string } | null> {
  if (body instanceof Uint8Array) return sendBytes(`${url}${path}`, method, access, body, headers);
  try {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${access}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
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
 * A request with a body of bytes, through node:http: `fetch` copies the body for every request
 * (16 MB for the health export), and that copying, in the process that also times the light
 * users, held its event loop for 100-200 ms at a time, which was counted as the server's
 * latency. node:http writes the bytes as they are.
 */
function sendBytes(
  address: string,
  method: string,
  access: string,
  body: Uint8Array,
  headers: Record<string, string>,
): Promise<{ status: number; text: string } | null> {
  return new Promise((resolve) => {
    const request = http.request(address, {
      method,
      headers: {
        authorization: `Bearer ${access}`,
        'content-type': 'application/json',
        'content-length': String(body.byteLength),
        ...headers,
      },
      timeout: 120_000,
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', () => resolve(null));
    });
    // A refusal closes the connection before the body is all sent: the answer, if it came, counts.
    request.on('error', () => resolve(null));
    request.on('timeout', () => request.destroy());
    request.end(body);
  });
}

/**
 * What the heavy account does in a loop, each the worst one account could do with it:
 * - `exports and imports`: export, CSV export, a plain search and an import of its own export;
 * - `hostile search`: a hundred one-character words over its 2,000 long notes;
 * - `year view`: every year of its ten, each request a new URL (the cache never answers it);
 * - `month stats`: a month at every quota, likewise never cached;
 * - `bin`: a month at every quota deleted into the bin and restored, over and over;
 * - `idempotent import`: its export imported with a new `Idempotency-Key` each time;
 * - `foreign import`: ten years of an Apple Health export.xml (hourly steps, a daily weight).
 */
export const HEAVY_SCENARIOS = [
  'exports and imports',
  'hostile search',
  'year view',
  'month stats',
  'bin',
  'idempotent import',
  'foreign import',
] as const;

/** Health records of ten years: 24 hourly step counts and one body mass a day (about 16 MB). */
export const HEALTH_EXPORT_YEARS = 10;

let healthExport: string | null = null;
let healthExportBytes: Buffer | null = null;

/** An Apple Health export.xml as the phone writes it (internal DTD, one Record per reading). */
export function appleHealthExport(): string {
  if (healthExport !== null) return healthExport;
  const records: string[] = [];
  const first = Date.UTC(2015, 0, 1);
  for (let day = 0; day < HEALTH_EXPORT_YEARS * 365; day += 1) {
    const date = new Date(first + day * 86_400_000).toISOString().slice(0, 10);
    for (let hour = 0; hour < 24; hour += 1) {
      const at = `${date} ${String(hour).padStart(2, '0')}:00:00 +0000`;
      records.push(
        ` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="${at}" endDate="${at}" value="${(day * 7 + hour * 13) % 900}"/>`,
      );
    }
    const morning = `${date} 07:30:00 +0000`;
    records.push(
      ` <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="${morning}" endDate="${morning}" value="${(70 + (day % 50) / 10).toFixed(1)}"/>`,
    );
  }
  healthExport =
    '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate,Record*)>\n<!ATTLIST HealthData locale CDATA #REQUIRED>\n]>\n' +
    `<HealthData locale="en_US">\n <ExportDate value="2025-01-01 10:00:00 +0000"/>\n${records.join('\n')}\n</HealthData>\n`;
  return healthExport;
}

/** The same file as bytes, made once (sendBytes says why). */
function appleHealthExportBytes(): Buffer {
  healthExportBytes ??= Buffer.from(appleHealthExport());
  return healthExportBytes;
}
export type HeavyScenario = (typeof HEAVY_SCENARIOS)[number];

/** A hundred one-character words: each matches nearly every note, so each reads them all. */
const HOSTILE_WORDS = Array.from(
  { length: 100 },
  (_, index) => 'abcdefghijklmnopqrstuvwxyz0123456789'[index % 36],
).join(' ');

type Answer = Awaited<ReturnType<typeof fetchText>>;
type Step = (round: number, client: number) => Promise<Answer>;

function scenarioSteps(
  scenario: HeavyScenario,
  url: string,
  heavy: HeavyAccount,
  importBody: string,
  stats: HeavyStats,
  record: (label: string, answer: Answer) => Answer,
): Step[] {
  // Encoded once, and sent as bytes (sendBytes says why).
  const importBytes = Buffer.from(importBody);
  const get = (label: string, path: string) =>
    fetchText(url, 'GET', path, heavy.access).then((answer) => record(label, answer));
  switch (scenario) {
    case 'exports and imports':
      return [
        async () => {
          const started = performance.now();
          const answer = await get('GET /api/export/', '/api/export/');
          if (answer?.status === 200) {
            stats.exportMs.push(performance.now() - started);
            stats.exportBytes = Math.max(stats.exportBytes, Buffer.byteLength(answer.text));
          }
          return answer;
        },
        (round) =>
          get(
            'GET /api/months/{id}/export.csv',
            `/api/months/${heavy.monthIds[round % heavy.monthIds.length]}/export.csv`,
          ),
        (round) =>
          get(
            'GET /api/journals/?search=',
            `/api/journals/?search=${['river', 'friend', 'walk', 'talk'][round % 4]}`,
          ),
        async () =>
          record(
            'POST /api/import/',
            await fetchText(url, 'POST', '/api/import/', heavy.access, importBytes),
          ),
      ];
    case 'hostile search':
      return [
        (round) =>
          get(
            'GET /api/journals/?search=(100 words)',
            `/api/journals/?search=${encodeURIComponent(HOSTILE_WORDS)}&r=${round}`,
          ),
      ];
    case 'year view':
      return [
        (round) => get('GET /api/years/{year}/', `/api/years/${2015 + (round % 10)}/?r=${round}`),
      ];
    case 'month stats':
      return [
        (round) =>
          get('GET /api/months/{id}/stats/', `/api/months/${heavy.monthIds[0]}/stats/?r=${round}`),
      ];
    case 'bin': {
      // Each client its own month, so that one client's restore never finds the other's gone.
      const binned = new Set<number>();
      return [
        async (_round, client) => {
          const monthId = heavy.monthIds[1 + (client % (heavy.monthIds.length - 1))]!;
          if (binned.has(monthId)) {
            const answer = record(
              'POST /api/months/{id}/restore/',
              await fetchText(url, 'POST', `/api/months/${monthId}/restore/`, heavy.access),
            );
            if (answer?.status === 200) binned.delete(monthId);
            return answer;
          }
          const answer = record(
            'DELETE /api/months/{id}/',
            await fetchText(url, 'DELETE', `/api/months/${monthId}/`, heavy.access),
          );
          if (answer?.status === 204) binned.add(monthId);
          return answer;
        },
      ];
    }
    case 'idempotent import':
      return [
        async (round, client) =>
          record(
            'POST /api/import/ (Idempotency-Key)',
            await fetchText(url, 'POST', '/api/import/', heavy.access, importBytes, {
              'idempotency-key': `noisy-${client}-${round}-${Math.random().toString(36).slice(2)}`,
            }),
          ),
      ];
    case 'foreign import': {
      // The same file each time: after the first, each import reads it all and adds nothing.
      // Made here, before the light users' timing starts (making it takes a few hundred ms).
      const file = appleHealthExportBytes();
      return [
        async () =>
          record(
            'POST /api/import/ (Apple Health export.xml)',
            await fetchText(url, 'POST', '/api/import/', heavy.access, file, {
              'content-type': 'application/xml',
            }),
          ),
      ];
    }
  }
}

/**
 * The heavy user's `clients` loops, each running the scenario's steps over and over until
 * `durationMs` has passed. Refusals (429, 503, the quota's 400) are outcomes like any other: the
 * limits at work.
 */
export async function heavyLoad(
  url: string,
  heavy: HeavyAccount,
  importBody: string,
  durationMs: number,
  clients = 2,
  scenario: HeavyScenario = 'exports and imports',
): Promise<HeavyStats> {
  const stats: HeavyStats = { outcomes: {}, exportMs: [], exportBytes: 0, lost: 0 };
  const until = performance.now() + durationMs;
  const record = (label: string, answer: Answer) => {
    if (answer) {
      const key = `${label} ${answer.status}`;
      stats.outcomes[key] = (stats.outcomes[key] ?? 0) + 1;
    } else stats.lost += 1;
    return answer;
  };
  const steps = scenarioSteps(scenario, url, heavy, importBody, stats, record);
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let round = client;
      while (performance.now() < until) {
        const answer = await steps[round % steps.length]!(round, client);
        // A refusal is quick: without a pause the loop would mostly measure 429s (and burn the
        // client's share of the machine), not the work the limits let through.
        if (answer?.status === 429 || answer?.status === 503) await pause(REFUSED_PAUSE_MS);
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

const PROBE_GAP_MS = 10;

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
    // A probe is a sample, not a wait: spaced so the probes themselves add little load.
    await pause(PROBE_GAP_MS);
  }
  await work;
  return slowest;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
