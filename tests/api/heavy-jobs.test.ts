// API tests for the bounds on exports and imports (one per user, HEAVY_JOBS per server, 10 imports an hour) and for the streamed export's bytes.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { EXPORT_FORMAT, type ExportFile, type ImportReport } from '../../contract/export.js';
import { readAccountData } from '../../server/repositories/account-data.js';
import { buildExport } from '../../server/services/export-import.js';
import {
  HEAVY_JOB_MESSAGES,
  type HeavyJobs,
  heavyJobsByServer,
  IMPORTS_PER_HOUR,
} from '../../server/services/heavy-jobs.js';
import { monthCsv } from '../../server/services/month-csv.js';
import { snapshot } from '../support/db-snapshot.js';
import {
  seedDailyHabit,
  seedDailyMeasure,
  seedGoal,
  seedHabit,
  seedJournal,
  seedMeasure,
  seedMonth,
} from '../support/factories.js';
import { seedHeavyRows } from '../support/noisy-neighbour.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  // One job at a time on this server, so a second user's job meets the server-wide bound.
  t = await buildTestApp({ HEAVY_JOBS: '1' });
});
afterAll(async () => {
  await t.close();
});

/** The app's bounds on heavy jobs, to wait for a job to be admitted or to queue. */
const jobs = (): HeavyJobs => {
  const found = heavyJobsByServer.get(t.app.server);
  if (!found) throw new Error('the export routes made no HeavyJobs');
  return found;
};

const exportAs = (user: TestUser) => injectAs(t, user, { method: 'GET', url: '/api/export/' });

const importAs = (user: TestUser, file: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/import/',
    headers: { ...user.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(file),
  });

const smallFile = (name = 'Imported'): ExportFile => ({
  format: EXPORT_FORMAT,
  version: 2,
  exported_at: '2024-03-01T10:00:00.000Z',
  months: [
    {
      name,
      habits: [{ id: 1, name: 'Read' }],
      measures: [],
      goals: [],
      journals: [
        {
          created_at: '2024-03-01',
          highlight: 'A day',
          daily_habits: [{ habit: 1, is_practiced: true }],
          daily_measures: [],
        },
      ],
    },
  ],
});

/**
 * An import whose body arrives slowly, over a real connection: its job is admitted when its
 * headers arrive (before the body is read), so it holds its slots until `finish` sends the rest.
 * Resolves once the job is admitted: it holds the server's one slot.
 */
async function slowImport(user: TestUser, file: unknown) {
  const url = new URL('/api/import/', await listening());
  const body = Buffer.from(JSON.stringify(file));
  const request = http.request(url, {
    method: 'POST',
    headers: {
      ...user.headers,
      'content-type': 'application/json',
      'content-length': String(body.length),
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        text += chunk;
      });
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: text }));
    });
  });
  request.write(body.subarray(0, 10));
  request.flushHeaders();
  await vi.waitFor(() => expect(jobs().running).toBe(1), { timeout: 5000, interval: 10 });
  return {
    finish() {
      request.end(body.subarray(10));
      return response;
    },
  };
}

let address: string | undefined;
async function listening(): Promise<string> {
  address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

describe('one export or import per user, HEAVY_JOBS per server', () => {
  it('answers 429 to the same user and 503 to another after a short wait, both with Retry-After', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const running = await slowImport(owner, smallFile());
    try {
      const secondExport = await exportAs(owner);
      expect(secondExport.statusCode).toBe(429);
      expect(Number(secondExport.headers['retry-after'])).toBeGreaterThan(0);
      expect(secondExport.json()).toEqual({ detail: HEAVY_JOB_MESSAGES.busyUser });
      const secondImport = await importAs(owner, smallFile());
      expect(secondImport.statusCode).toBe(429);
      const csv = await injectAs(t, owner, {
        method: 'GET',
        url: '/api/months/1/export.csv',
      });
      expect(csv.statusCode).toBe(429);

      const started = performance.now();
      const busy = await exportAs(other);
      expect(busy.statusCode).toBe(503);
      expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      expect(busy.json()).toEqual({ detail: HEAVY_JOB_MESSAGES.busyServer });
    } finally {
      expect((await running.finish()).status).toBe(201);
    }
    // The slots are free again.
    expect((await exportAs(owner)).statusCode).toBe(200);
    expect((await exportAs(other)).statusCode).toBe(200);
  });

  it('answers 429 to the second of two exports, or two imports, of the same user sent together', async () => {
    const user = await createUser(t);
    const exports = await Promise.all([exportAs(user), exportAs(user)]);
    expect(exports.map((response) => response.statusCode).sort()).toEqual([200, 429]);
    const imports = await Promise.all([importAs(user, smallFile()), importAs(user, smallFile())]);
    expect(imports.map((response) => response.statusCode).sort()).toEqual([201, 429]);
  });

  it('gives a waiting request the slot when the running job ends within the wait', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const running = await slowImport(owner, smallFile());
    const waiting = exportAs(other);
    // Finished only once the export waits for the slot, so the slot is handed on, not free.
    await vi.waitFor(() => expect(jobs().waiting).toBe(1), { timeout: 1000, interval: 10 });

    expect((await running.finish()).status).toBe(201);
    expect((await waiting).statusCode).toBe(200);
  });
});

describe('imports per hour', () => {
  it(`takes ${IMPORTS_PER_HOUR} imports an hour from a user and answers 429 to the next, changing nothing`, async () => {
    const user = await createUser(t);
    for (let i = 0; i < IMPORTS_PER_HOUR; i += 1) {
      const response = await importAs(user, smallFile(`Import ${i}`));
      expect(response.statusCode).toBe(201);
    }
    const before = await snapshot(t);

    const refused = await importAs(user, smallFile('One too many'));

    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json()).toEqual({ detail: HEAVY_JOB_MESSAGES.importsPerHour(60) });
    expect(await snapshot(t)).toEqual(before);
    // Another user's count is their own; exports are not counted.
    expect((await importAs(await createUser(t), smallFile())).statusCode).toBe(201);
    expect((await exportAs(user)).statusCode).toBe(200);
  });
});

describe('the streamed export and CSV', () => {
  /** More months than one page of the stream, each with items, goals and daily items. */
  async function seedMonths(user: TestUser, count: number) {
    for (let m = 0; m < count; m += 1) {
      const month = await seedMonth(t, user, `Month ${m + 1}`);
      const habit = await seedHabit(t, user, month.id, `Habit ${m}`);
      const measure = await seedMeasure(t, user, month.id, `Measure "${m}"`);
      await seedGoal(t, user, month.id, `Goal ${m}`);
      for (let d = 0; d < 2; d += 1) {
        const journal = await seedJournal(t, user, month.id, `Day ${d}, month ${m}\nü`);
        await seedDailyHabit(t, user, journal.id, habit.id, d === 0);
        await seedDailyMeasure(t, user, journal.id, measure.id, m + d / 4);
      }
    }
  }

  it('sends the bytes the whole-file export made, as a stream, and imports back', async () => {
    const user = await createUser(t);
    await seedMonths(user, 23);

    const response = await exportAs(user);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="monthbook-export-\d{4}-\d{2}-\d{2}\.json"/,
    );
    // Streamed: no length known in advance (the old answer was one string with its length).
    expect(response.headers['content-length']).toBeUndefined();
    const file = response.json<ExportFile>();
    const whole = buildExport(
      await readAccountData(t.database.db, user.id),
      new Date(file.exported_at),
    );
    expect(response.body).toBe(JSON.stringify(whole));
    expect(file.months).toHaveLength(23);

    const copy = await createUser(t);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...copy.headers, 'content-type': 'application/json' },
      payload: response.body,
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json<ImportReport>().imported.daily_measures).toBe(46);
    const again = (await exportAs(copy)).json<ExportFile>();
    expect({ ...again, exported_at: '' }).toEqual({ ...file, exported_at: '' });
  });

  it('writes a month of more journals than one page as the whole-month CSV did', async () => {
    const user = await createUser(t);
    const month = await seedMonth(t, user, 'Long');
    const habit = await seedHabit(t, user, month.id, 'Read');
    const measure = await seedMeasure(t, user, month.id, 'Weight');
    // Straight into the tables: more entries than a month may hold now, as older accounts can have.
    const journals = await t.database.db
      .insertInto('journals')
      .values(
        Array.from({ length: 1100 }, (_, i) => ({
          author_id: user.id,
          month_id: month.id,
          // Several a day, out of id order, so the (date, id) pages are exercised.
          created_at: `2024-01-${String(28 - (i % 28)).padStart(2, '0')}`,
          highlight: i % 3 === 0 ? `=cell ${i}` : `Entry, ${i}`,
          highlight_search: `entry ${i}`,
        })),
      )
      .returning('id')
      .execute();
    await t.database.db
      .insertInto('daily_habits')
      .values(
        journals.map((journal, i) => ({
          author_id: user.id,
          journal_id: journal.id,
          habit_id: habit.id,
          is_practiced: i % 2 === 0 ? (1 as const) : (0 as const),
        })),
      )
      .execute();
    await t.database.db
      .insertInto('daily_measures')
      .values(
        journals
          .filter((_, i) => i % 5 !== 0)
          .map((journal, i) => ({
            author_id: user.id,
            journal_id: journal.id,
            measure_id: measure.id,
            metric: i / 8,
          })),
      )
      .execute();

    const response = await injectAs(t, user, {
      method: 'GET',
      url: `/api/months/${month.id}/export.csv`,
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body).toBe(monthCsv(await readAccountData(t.database.db, user.id, month.id)));
    expect(response.body.split('\r\n')).toHaveLength(1100 + 2);
  });
});

describe('off the event loop', () => {
  it('exports a ten-year account without holding the event loop (it held it for its whole length)', async () => {
    const user = await createUser(t);
    await seedHeavyRows(t.database.db, user.id);
    await exportAs(user); // starts the worker thread
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // The monitor measures the gap between its timer's turns: waiting for its first sample arms
    // it before the work (a block starting at once would go unseen), and waiting for one more
    // after the answer takes in a block at the very end.
    const sampled = async (count: number) =>
      vi.waitFor(() => expect(delay.count).toBeGreaterThan(count), { timeout: 2000, interval: 5 });
    await sampled(0);

    const response = await exportAs(user);
    await sampled(delay.count);
    delay.disable();

    expect(response.statusCode).toBe(200);
    expect(response.json<ExportFile>().months).toHaveLength(120);
    // About 800 ms when the export was built on the main thread; 10-50 ms now (the machine is shared).
    expect(delay.max / 1e6).toBeLessThan(250);
  });
});
