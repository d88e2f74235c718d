// Reminder scheduler at scale: 100,000 users due the same minute, mailed through a loopback SMTP sink while a light user keeps reading; `npx tsx bench/reminders.ts` runs it alone and rewrites its section of bench/RESULTS.md.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type Database, openDatabase } from '../server/db/database.js';
import { freePort, launchApp } from '../tests/support/app-process.js';
import { createBenchDatabase } from './postgres.js';

/** Users due at once (REMINDER_USERS overrides, for a quicker look). */
export const REMINDER_USERS = Number(process.env.REMINDER_USERS ?? 100_000);
/** The goals: every reminder out within this long of its time … */
const DEADLINE_MS = 2 * 60_000;
/** … and no light request slower than this meanwhile. */
const LIGHT_LIMIT_MS = 100;
/** Between two reads of the light user. */
const LIGHT_PAUSE_MS = 100;
const IDLE_MS = 15_000;
const SECTION = '## Reminder scheduler';

export interface ReminderRow {
  database: 'SQLite' | 'PostgreSQL';
  users: number;
  mailed: number;
  /** From the reminders' time to the first, the middle and the last mail reaching the sink, ms. */
  firstMs: number;
  halfMs: number;
  lastMs: number;
  idle: Latencies;
  busy: Latencies;
  /** The server's share of a core while it sent (user + system CPU over wall time). */
  cpu: number;
}

interface Latencies {
  reads: number;
  p50: number;
  p99: number;
  max: number;
  over: number;
  failed: number;
}

/** An SMTP server that takes every mail and keeps only the time it arrived, on its own thread. */
const SINK = `
const { parentPort } = require('node:worker_threads');
const { SMTPServer } = require('smtp-server');
const arrivals = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 1024 * 1024,
  onData(stream, _session, done) {
    stream.on('data', () => {});
    stream.on('end', () => { arrivals.push(Date.now()); done(); });
  },
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.server.address().port }));
parentPort.on('message', (message) => {
  if (message === 'count') parentPort.postMessage({ count: arrivals.length });
  if (message === 'arrivals') parentPort.postMessage({ arrivals });
});
`;

function startSink(): Promise<{
  port: number;
  count(): Promise<number>;
  arrivals(): Promise<number[]>;
  stop(): Promise<void>;
}> {
  const worker = new Worker(SINK, { eval: true });
  const ask = <T>(question: string, key: string) =>
    new Promise<T>((resolve) => {
      const listen = (message: Record<string, T>) => {
        if (!(key in message)) return;
        worker.off('message', listen);
        resolve(message[key]!);
      };
      worker.on('message', listen);
      worker.postMessage(question);
    });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: { port: number }) =>
      resolve({
        port: message.port,
        count: () => ask<number>('count', 'count'),
        arrivals: () => ask<number[]>('arrivals', 'arrivals'),
        stop: async () => {
          await worker.terminate();
        },
      }),
    );
  });
}

/** `count` users with a confirmed address, reminded at `time` (UTC), due at `dueAt`: the state the previous day's tick leaves. */
async function seedDueUsers(database: Database, count: number, time: string, dueAt: number) {
  const { db } = database;
  const rows = 500;
  for (let first = 0; first < count; first += rows) {
    const ids = await db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(rows, count - first) }, (_, index) => {
          const name = `due${first + index}`;
          return {
            username: name,
            username_key: name,
            password_hash: 'not-a-login',
            date_joined: new Date().toISOString(),
            email: `${name}@bench.example`,
            email_key: `${name}@bench.example`,
          };
        }),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('reminder_settings')
      .values(
        ids.map(({ id }) => ({
          user_id: id,
          time,
          time_zone: 'UTC',
          by_email: 1 as const,
          by_push: 0 as const,
          weekly_digest: 0 as const,
          language: 'en',
          reminder_due_at: dueAt,
        })),
      )
      .execute();
  }
}

async function lightUser(url: string): Promise<string> {
  const credentials = { username: `light${process.pid}`, password: 'Reliable@Day9' };
  const post = (path: string, body: object) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const created = await post('/api/user/register/', credentials);
  if (created.status !== 201) throw new Error(`register answered ${created.status}`);
  const tokens = (await (await post('/api/token/', credentials)).json()) as { access: string };
  const month = await fetch(`${url}/api/months/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access}` },
    body: JSON.stringify({ name: 'Light' }),
  });
  if (month.status !== 201) throw new Error(`month answered ${month.status}`);
  return tokens.access;
}

/** The light user reads its months every LIGHT_PAUSE_MS until `until` resolves. */
async function readLoop(url: string, access: string, until: Promise<unknown>): Promise<Latencies> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  let failed = 0;
  while (!done) {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/months/`, {
        headers: { authorization: `Bearer ${access}` },
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (response.status !== 200) failed += 1;
    } catch {
      failed += 1;
    }
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, LIGHT_PAUSE_MS));
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
  return {
    reads: latencies.length,
    p50: at(50),
    p99: at(99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    over: latencies.filter((ms) => ms > LIGHT_LIMIT_MS).length,
    failed,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** user + system CPU seconds of a process so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function benchReminders(databaseUrl?: string): Promise<ReminderRow> {
  const database = databaseUrl ? 'PostgreSQL' : 'SQLite';
  const dataDir = mkdtempSync(join(tmpdir(), 'monthbook-reminder-bench-'));
  const sink = await startSink();
  const app = await launchApp({
    port: await freePort(),
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      REMINDERS: 'on',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      PUBLIC_URL: 'https://monthbook.test',
      MAIL_FROM: 'Monthbook <hi@monthbook.test>',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  const direct = openDatabase(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl, poolSize: 2 }
      : { kind: 'sqlite', path: join(dataDir, 'monthbook.sqlite') },
  );
  try {
    const access = await lightUser(app.url);
    // The reminders' time: a whole minute far enough ahead for the seeding and the idle phase.
    const seedStarted = Date.now();
    console.log(`  seeding ${REMINDER_USERS.toLocaleString('en-US')} users…`);
    const probe = new Date(Date.now() + 10 * 60_000);
    probe.setUTCSeconds(0, 0);
    await seedDueUsers(direct, REMINDER_USERS, '00:00', probe.getTime());
    const seedMs = Date.now() - seedStarted;
    const due = new Date(Date.now() + IDLE_MS + 5_000);
    due.setUTCSeconds(60, 0);
    const time = due.toISOString().slice(11, 16);
    await direct.db
      .updateTable('reminder_settings')
      .set({ time, reminder_due_at: due.getTime() })
      .where('time', '=', '00:00')
      .execute();
    console.log(
      `  seeded in ${(seedMs / 1000).toFixed(0)} s; due at ${time} UTC; light user idle ${IDLE_MS / 1000} s…`,
    );
    const idle = await readLoop(app.url, access, sleep(IDLE_MS));
    await sleep(Math.max(0, due.getTime() - Date.now()));
    const pid = app.child.pid ?? 0;
    const cpuBefore = cpuSeconds(pid);
    const wallBefore = Date.now();
    console.log('  due: sending…');
    const allOut = (async () => {
      const giveUp = due.getTime() + 3 * DEADLINE_MS;
      for (;;) {
        const count = await sink.count();
        if (count >= REMINDER_USERS || Date.now() > giveUp) return count;
        await sleep(500);
      }
    })();
    const busy = await readLoop(app.url, access, allOut);
    const cpu = (cpuSeconds(pid) - cpuBefore) / ((Date.now() - wallBefore) / 1000);
    const arrivals = (await sink.arrivals()).sort((a, b) => a - b);
    const since = (index: number) =>
      arrivals.length > index ? arrivals[index]! - due.getTime() : Number.NaN;
    return {
      database,
      users: REMINDER_USERS,
      mailed: arrivals.length,
      firstMs: since(0),
      halfMs: since(Math.floor(REMINDER_USERS / 2)),
      lastMs: since(REMINDER_USERS - 1),
      idle,
      busy,
      cpu,
    };
  } finally {
    await direct.close();
    await app.stop();
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Both databases (PostgreSQL when reachable); a note for one that could not be measured. */
export async function remindersPart(): Promise<{ rows: ReminderRow[]; notes: string[] }> {
  const rows: ReminderRow[] = [];
  const notes: string[] = [];
  console.log('Reminder scheduler on SQLite…');
  rows.push(await benchReminders());
  const database = await createBenchDatabase();
  if ('unavailable' in database) {
    notes.push(`PostgreSQL unreachable, not measured: ${database.unavailable}`);
    return { rows, notes };
  }
  try {
    console.log('Reminder scheduler on PostgreSQL…');
    rows.push(await benchReminders(database.url));
  } catch (error) {
    notes.push(`PostgreSQL: the run failed (${error instanceof Error ? error.message : error})`);
  } finally {
    await database.drop().catch(() => {});
  }
  return { rows, notes };
}

const s = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : '–');
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');

/** The Reminder scheduler section of RESULTS.md. */
export function remindersSection(rows: ReminderRow[], notes: string[]): string {
  const goal = (row: ReminderRow) =>
    row.mailed >= row.users && row.lastMs <= DEADLINE_MS && row.busy.max <= LIGHT_LIMIT_MS
      ? 'met'
      : '**not met**';
  return [
    SECTION,
    '',
    `${REMINDER_USERS.toLocaleString('en-US')} users with a confirmed address and a daily reminder by email at the same minute (seeded into the database as the previous day's tick leaves them), ` +
      'on one server (the compiled server, API only, REMINDERS=on, its own scheduler: a timer at each minute on SQLite, pg-boss on PostgreSQL), ' +
      'mailing through a loopback SMTP sink on a thread of the bench process. ' +
      `A light user reads its months every ${LIGHT_PAUSE_MS} ms, ${IDLE_MS / 1000} s before the minute (idle) and from the minute until the last mail (busy). ` +
      `Goal: every reminder out within ${DEADLINE_MS / 60_000} minutes of its time, and no light request slower than ${LIGHT_LIMIT_MS} ms meanwhile. ` +
      "Times from the reminders' minute, in s; latencies in ms.",
    '',
    '| database | users | mailed | first | half | last | light reads idle / busy | p50 idle / busy | p99 idle / busy | p99 busy/idle | max busy | over 100 ms | failed | server CPU | goal |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|',
    ...rows.map(
      (row) =>
        `| ${row.database} | ${row.users.toLocaleString('en-US')} | ${row.mailed.toLocaleString('en-US')} | ${s(row.firstMs)} | ${s(row.halfMs)} | ${s(row.lastMs)} | ${row.idle.reads} / ${row.busy.reads} | ${ms(row.idle.p50)} / ${ms(row.busy.p50)} | ${ms(row.idle.p99)} / ${ms(row.busy.p99)} | ${(row.busy.p99 / row.idle.p99).toFixed(2)} | ${ms(row.busy.max)} | ${row.busy.over} | ${row.idle.failed + row.busy.failed} | ${(row.cpu * 100).toFixed(0)}% | ${goal(row)} |`,
    ),
    ...notes.map((note) => `\n${note}`),
    '',
  ].join('\n');
}

/** This section as the previous RESULTS.md has it ('' when it has none), for runs that skip it. */
export function previousRemindersSection(file: URL): string {
  if (!existsSync(file)) return '';
  const previous = readFileSync(file, 'utf8');
  const start = previous.indexOf(SECTION);
  if (start < 0) return '';
  const next = previous.indexOf('\n## ', start + SECTION.length);
  return previous.slice(start, next < 0 ? undefined : next + 1);
}

/** `report` with this section at its end. */
export function withRemindersSection(report: string, section: string): string {
  return section ? `${report.trimEnd()}\n\n${section.trimEnd()}\n` : report;
}

/** Puts `section` in place of the previous one in RESULTS.md (or at its end). */
export function writeRemindersSection(file: URL, section: string): void {
  const previous = readFileSync(file, 'utf8');
  const start = previous.indexOf(SECTION);
  if (start < 0) {
    writeFileSync(file, `${previous.trimEnd()}\n\n${section}`);
    return;
  }
  const next = previous.indexOf('\n## ', start + SECTION.length);
  const rest = next < 0 ? '' : previous.slice(next + 1);
  writeFileSync(file, `${previous.slice(0, start)}${section}${rest ? `\n${rest}` : ''}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const only = process.env.REMINDER_DATABASE;
  const run = async () => {
    if (only === 'sqlite') return { rows: [await benchReminders()], notes: [] };
    if (only === 'postgres') {
      const database = await createBenchDatabase();
      if ('unavailable' in database) throw new Error(database.unavailable);
      try {
        return { rows: [await benchReminders(database.url)], notes: [] };
      } finally {
        await database.drop().catch(() => {});
      }
    }
    return remindersPart();
  };
  run().then(
    ({ rows, notes }) => {
      const section = remindersSection(rows, notes);
      console.log(section);
      if (!only) writeRemindersSection(new URL('./RESULTS.md', import.meta.url), section);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
