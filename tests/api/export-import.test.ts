// API tests for GET /api/export/, GET /api/months/{id}/export.csv and POST /api/import/: round trip, bad records, size, scoping.
import { sql } from 'kysely';
import type { Month } from '../../contract/entities.js';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportFile,
  type ExportFileV1,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportReport,
} from '../../contract/export.js';
import { JOURNALS_PER_MONTH } from '../../contract/quotas.js';
import { MESSAGES } from '../../contract/rules.js';
import { snapshot } from '../support/db-snapshot.js';
import {
  reposOf,
  seedDailyHabit,
  seedDailyMeasure,
  seedFullMonth,
  seedGoal,
  seedHabit,
  seedJournal,
  seedMeasure,
  seedMonth,
} from '../support/factories.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  setUpTestApp,
  type TestApp,
  type TestUser,
  usingPostgres,
} from '../support/test-app.js';

const { t, user } = setUpTestApp();

const exportOf = async (as: TestUser = user, app: TestApp = t): Promise<ExportFile> => {
  const response = await injectAs(app, as, {
    method: 'GET',
    url: '/api/export/',
  });
  expect(response.statusCode).toBe(200);
  return response.json<ExportFile>();
};

const importFile = (payload: unknown, as: TestUser = user, app: TestApp = t, query = '') =>
  app.app.inject({
    method: 'POST',
    url: `/api/import/${query}`,
    headers: { ...as.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const csvOf = (monthId: number, as: TestUser = user, app: TestApp = t) =>
  injectAs(app, as, { method: 'GET', url: `/api/months/${monthId}/export.csv` });

const withoutDate = ({ exported_at: _, ...rest }: ExportFile | ExportFileV1) => rest;

/** Moves a journal to another day behind the API's back (the entry date is not this module's). */
const setDate = (journalId: number, date: string) =>
  t.database.db
    .updateTable('journals')
    .set({ created_at: date })
    .where('id', '=', journalId)
    .execute();

/** Two months with everything in them: dates out of order, shared names, ticked and unticked. */
async function seedAccount(owner: TestUser) {
  const january = await seedMonth(t, owner, 'January');
  const read = await seedHabit(t, owner, january.id, 'Read');
  const run = await seedHabit(t, owner, january.id, 'Run, "fast"');
  const weight = await seedMeasure(t, owner, january.id, 'Weight');
  await seedGoal(t, owner, january.id, 'Finish a book');
  const done = await seedGoal(t, owner, january.id, '=SUM(A1)');
  await reposOf(t, owner).goals.update(done.id, { is_completed: true });
  const second = await seedJournal(t, owner, january.id, 'Second day, with "quotes"\nand a line');
  const first = await seedJournal(t, owner, january.id, 'Café first');
  await setDate(second.id, '2024-01-02');
  await setDate(first.id, '2024-01-01');
  for (const [journal, practiced] of [
    [first, true],
    [second, false],
  ] as const) {
    await seedDailyHabit(t, owner, journal.id, read.id, practiced);
    await seedDailyHabit(t, owner, journal.id, run.id, !practiced);
  }
  await seedDailyMeasure(t, owner, first.id, weight.id, 70.25);
  await seedDailyMeasure(t, owner, second.id, weight.id, -1e-7);
  const february = await seedFullMonth(t, owner, 'February');
  await setDate(february.journal.id, '2024-02-29');
  return { january, february: february.month };
}

describe('GET /api/export/', () => {
  it('exports every month in the versioned format, with ids internal to the file', async () => {
    await seedAccount(user);
    await seedFullMonth(t, await createUser(t), 'Not mine');

    const file = await exportOf();

    expect(file.format).toBe(EXPORT_FORMAT);
    expect(file.version).toBe(2);
    expect(Date.parse(file.exported_at)).not.toBeNaN();
    expect(file.months).toEqual([
      {
        name: 'January',
        habits: [
          { id: 1, name: 'Read' },
          { id: 2, name: 'Run, "fast"' },
        ],
        measures: [{ id: 1, name: 'Weight' }],
        goals: [
          { name: 'Finish a book', is_completed: false },
          { name: '=SUM(A1)', is_completed: true },
        ],
        journals: [
          {
            created_at: '2024-01-01',
            highlight: 'Café first',
            daily_habits: [
              { habit: 1, is_practiced: true },
              { habit: 2, is_practiced: false },
            ],
            daily_measures: [{ measure: 1, metric: 70.25 }],
          },
          {
            created_at: '2024-01-02',
            highlight: 'Second day, with "quotes"\nand a line',
            daily_habits: [
              { habit: 1, is_practiced: false },
              { habit: 2, is_practiced: true },
            ],
            daily_measures: [{ measure: 1, metric: -1e-7 }],
          },
        ],
      },
      {
        name: 'February',
        habits: [{ id: 3, name: 'Read' }],
        measures: [{ id: 2, name: 'Weight' }],
        goals: [{ name: 'Run 100 km', is_completed: false }],
        journals: [
          {
            created_at: '2024-02-29',
            highlight: 'A good day',
            daily_habits: [{ habit: 3, is_practiced: true }],
            daily_measures: [{ measure: 2, metric: 70.5 }],
          },
        ],
      },
    ]);
  });

  it('offers the file as a download and answers an empty account', async () => {
    const response = await injectAs(t, user, {
      method: 'GET',
      url: '/api/export',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="monthbook-export-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(response.json<ExportFile>().months).toEqual([]);
  });

  it('needs credentials but not a payment: a lapsed subscriber can take their data out', async () => {
    const paywalled = await buildTestApp({ BILLING: 'local' });
    try {
      const unpaid = await createUser(paywalled);
      const months = await injectAs(paywalled, unpaid, {
        method: 'GET',
        url: '/api/months/',
      });
      expect(months.statusCode).toBe(402);
      expect((await exportOf(unpaid, paywalled)).months).toEqual([]);
      const anonymous = await paywalled.app.inject({ method: 'GET', url: '/api/export/' });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await paywalled.close();
    }
  });
});

describe('POST /api/import/', () => {
  it('round trip: export, import into another account, export again gives the same file', async () => {
    await seedAccount(user);
    const original = await exportOf();
    const other = await createUser(t);

    const response = await importFile(original, other);

    expect(response.statusCode).toBe(201);
    const report = response.json<ImportReport>();
    expect(report.imported).toEqual({
      months: 2,
      habits: 3,
      measures: 2,
      goals: 3,
      journals: 3,
      daily_habits: 5,
      daily_measures: 3,
    });
    const listed = await injectAs(t, other, {
      method: 'GET',
      url: '/api/months/',
    });
    expect(listed.json<Month[]>()).toEqual(report.months);
    expect(report.months.map((month) => [month.name, month.author])).toEqual([
      ['January', other.id],
      ['February', other.id],
    ]);
    expect(withoutDate(await exportOf(other))).toEqual(withoutDate(original));
  });

  it('makes imported entries searchable like written ones', async () => {
    await seedAccount(user);
    const other = await createUser(t);
    expect((await importFile(await exportOf(), other)).statusCode).toBe(201);

    const unfolded = await t.database.db
      .selectFrom('journals')
      .select('id')
      .where('author_id', '=', other.id)
      .where('highlight_search', '=', '')
      .execute();
    expect(unfolded).toEqual([]);
    const hits = await injectAs(t, other, {
      method: 'GET',
      url: '/api/journals/?search=CAFE',
    });
    expect(hits.json<{ highlight: string; author: number }[]>()).toEqual([
      expect.objectContaining({ highlight: 'Café first', author: other.id }),
    ]);
  });

  it('adds to the months already there without touching them, every time', async () => {
    const existing = await seedFullMonth(t, user, 'Existing');
    const before = await exportOf();
    const file: ExportFile = { ...before, months: [{ ...before.months[0]!, name: 'Imported' }] };

    expect((await importFile(file)).statusCode).toBe(201);
    expect((await importFile(file)).statusCode).toBe(201);

    const after = await exportOf();
    expect(after.months.map((month) => month.name)).toEqual(['Existing', 'Imported', 'Imported']);
    expect(after.months[0]).toEqual(before.months[0]);
    const month = await injectAs(t, user, {
      method: 'GET',
      url: `/api/months/${existing.month.id}/`,
    });
    expect(month.json()).toEqual(existing.month);
  });

  it('with ?months=new restores a deleted month from a backup without doubling the others', async () => {
    await seedAccount(user);
    const backup = await exportOf();
    const months = await injectAs(t, user, {
      method: 'GET',
      url: '/api/months/',
    });
    const january = months.json<Month[]>().find((month) => month.name === 'January');
    const deleted = await injectAs(t, user, {
      method: 'DELETE',
      url: `/api/months/${january?.id}/`,
    });
    expect(deleted.statusCode).toBe(204);

    const response = await importFile(backup, user, t, '?months=new');

    expect(response.statusCode).toBe(201);
    const report = response.json<ImportReport>();
    expect(report.months.map((month) => month.name)).toEqual(['January']);
    expect(report.skipped_months).toEqual(['February']);
    expect(report.imported).toMatchObject({ months: 1, journals: 2 });
    const after = await exportOf();
    expect(after.months.map((month) => month.name).sort()).toEqual(['February', 'January']);
    const highlights = (file: ExportFile, name: string) =>
      file.months.find((month) => month.name === name)?.journals.map((entry) => entry.highlight);
    expect(highlights(after, 'January')).toEqual(highlights(backup, 'January'));
  });

  it('with ?months=new adds nothing when its own export is imported twice', async () => {
    await seedAccount(user);
    const original = await exportOf();
    const other = await createUser(t);
    expect((await importFile(original, other, t, '?months=new')).statusCode).toBe(201);

    const again = await importFile(original, other, t, '?months=new');

    expect(again.statusCode).toBe(201);
    const report = again.json<ImportReport>();
    expect(report.months).toEqual([]);
    expect(Object.values(report.imported).every((count) => count === 0)).toBe(true);
    expect(report.skipped_months).toEqual(['January', 'February']);
    expect(withoutDate(await exportOf(other))).toEqual(withoutDate(original));
  });

  it('counts a month as present by its period and its name, in any case and spacing', async () => {
    await seedMonth(t, user, 'Trip');
    const file: ExportFile = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_at: '2026-01-01T00:00:00.000Z',
      months: [
        { name: '  trip ', habits: [], measures: [], goals: [], journals: [] },
        { name: 'Trip', period: '2026-05', habits: [], measures: [], goals: [], journals: [] },
      ],
    };

    const response = await importFile(file, user, t, '?months=new');

    expect(response.statusCode).toBe(201);
    expect(response.json<ImportReport>().skipped_months).toEqual(['  trip ']);
    expect(response.json<ImportReport>().months.map((month) => month.period)).toEqual(['2026-05']);
  });

  it('refuses an unknown import mode and writes nothing', async () => {
    await seedAccount(user);
    const file = await exportOf();

    const response = await importFile(file, user, t, '?months=some');

    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toContain('all, new');
    expect((await exportOf()).months).toHaveLength(2);
  });

  it('bumps the data version, so cached lists show the imported months at once', async () => {
    await seedMonth(t, user, 'Cached');
    const read = () => injectAs(t, user, { method: 'GET', url: '/api/months/' });
    expect((await read()).json<Month[]>()).toHaveLength(1);
    expect((await read()).json<Month[]>()).toHaveLength(1);

    const file = await exportOf();
    expect((await importFile(file)).statusCode).toBe(201);

    expect((await read()).json<Month[]>().map((month) => month.name)).toEqual(['Cached', 'Cached']);
  });

  /** A version 1 file (no note, mood, schedules, units or period): it still imports. */
  const valid = (): ExportFileV1 => ({
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: '2024-03-01T10:00:00.000Z',
    months: [
      { name: 'Empty', habits: [], measures: [], goals: [], journals: [] },
      {
        name: 'Full',
        habits: [{ id: 7, name: 'Read' }],
        measures: [{ id: 3, name: 'Weight' }],
        goals: [{ name: 'Goal', is_completed: false }],
        journals: Array.from({ length: 6 }, (_, day) => ({
          created_at: `2024-03-0${day + 1}`,
          highlight: `Day ${day + 1}`,
          daily_habits: [{ habit: 7, is_practiced: day % 2 === 0 }],
          daily_measures: [{ measure: 3, metric: day }],
        })),
      },
    ],
  });
  type Edit = (file: ExportFileV1 & Record<string, unknown>) => void;
  const full = (file: ExportFileV1) => file.months[1]!;

  it.each<[string, Edit, string]>([
    [
      'an impossible date',
      (f) => {
        full(f).journals[5]!.created_at = '2024-02-30';
      },
      'months[1].journals[5].created_at: must be a date YYYY-MM-DD',
    ],
    [
      'a date in another format',
      (f) => {
        full(f).journals[2]!.created_at = '03/03/2024';
      },
      'months[1].journals[2].created_at: must be a date YYYY-MM-DD',
    ],
    [
      'a highlight too long',
      (f) => {
        full(f).journals[0]!.highlight = 'x'.repeat(256);
      },
      'months[1].journals[0].highlight: must have no more than 255 characters',
    ],
    [
      'a blank month name',
      (f) => {
        f.months[0]!.name = '   ';
      },
      'months[0].name: may not be blank',
    ],
    [
      'a missing field',
      (f) => {
        delete (full(f).goals[0] as Partial<ExportFile['months'][0]['goals'][0]>).is_completed;
      },
      'months[1].goals[0].is_completed: is required',
    ],
    [
      'a string for a boolean',
      (f) => {
        (full(f).journals[1]!.daily_habits[0] as Record<string, unknown>).is_practiced = 'yes';
      },
      'months[1].journals[1].daily_habits[0].is_practiced: must be true or false',
    ],
    [
      'a metric out of range',
      (f) => {
        full(f).journals[3]!.daily_measures[0]!.metric = 1e13;
      },
      'months[1].journals[3].daily_measures[0].metric: must be at most 1000000000000',
    ],
    [
      'a daily habit pointing at no habit of its month',
      (f) => {
        full(f).journals[4]!.daily_habits[0]!.habit = 8;
      },
      'months[1].journals[4].daily_habits[0].habit: no habit with id 8 in this month',
    ],
    [
      'a habit id used twice',
      (f) => {
        f.months[0]!.habits.push({ id: 7, name: 'Twin' });
      },
      'months[1].habits[0].id: id 7 is used twice',
    ],
    [
      'a null character',
      (f) => {
        full(f).habits[0]!.name = 'Re\u0000ad';
      },
      'months[1].habits[0].name: may not contain null characters',
    ],
    [
      'a lone surrogate (stored differently by each database)',
      (f) => {
        full(f).habits[0]!.name = 'Re\uD800ad';
      },
      'months[1].habits[0].name: must be valid Unicode text',
    ],
    [
      'months that are not a list',
      (f) => {
        (f as Record<string, unknown>).months = {};
      },
      'months: must be a list',
    ],
    [
      'another kind of file',
      (f) => {
        f.format = 'something-else' as typeof EXPORT_FORMAT;
      },
      `format: ${IMPORT_MESSAGES.notExport}`,
    ],
    [
      'a newer version',
      (f) => {
        f.version = 3 as 1;
      },
      `version: ${IMPORT_MESSAGES.unsupportedVersion(3)}`,
    ],
  ])(
    'refuses %s, naming the first bad record, and imports nothing',
    async (_name, edit, detail) => {
      const file = valid() as ExportFileV1 & Record<string, unknown>;
      edit(file);
      const before = await snapshot(t);

      const response = await importFile(file);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail,
        code: 'invalid_import',
        path: detail.slice(0, detail.indexOf(': ')),
      });
      expect(await snapshot(t)).toEqual(before);
    },
  );

  it('imports the valid file those were made from', async () => {
    const response = await importFile(valid());
    expect(response.statusCode).toBe(201);
    expect(response.json<ImportReport>().imported).toEqual({
      months: 2,
      habits: 1,
      measures: 1,
      goals: 1,
      journals: 6,
      daily_habits: 6,
      daily_measures: 6,
    });
    // Exported again in the current version, with the same records.
    expect(withoutDate(await exportOf())).toEqual({
      ...withoutDate(valid()),
      version: EXPORT_VERSION,
      months: [
        valid().months[0],
        {
          ...valid().months[1],
          habits: [{ id: 1, name: 'Read' }],
          measures: [{ id: 1, name: 'Weight' }],
          journals: valid().months[1]!.journals.map((journal) => ({
            ...journal,
            daily_habits: [{ ...journal.daily_habits[0]!, habit: 1 }],
            daily_measures: [{ ...journal.daily_measures[0]!, measure: 1 }],
          })),
        },
      ],
    });
  });

  it('refuses what is not an export at all', async () => {
    for (const payload of [[], 'text', null]) {
      const response = await importFile(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_import' });
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"format": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ detail: string }>().detail).toMatch(/^JSON parse error/);
  });

  it('takes a file just under the size limit and refuses one over it with 413', async () => {
    // Month m's habit and measure have id m + 1 (ids are unique in a file).
    const journal = (day: number, id = 1) => ({
      created_at: `2024-01-${String((day % 28) + 1).padStart(2, '0')}`,
      highlight: `${day} ${'x'.repeat(240)}`,
      daily_habits: [{ habit: id, is_practiced: day % 3 === 0 }],
      daily_measures: [{ measure: id, metric: day / 7 }],
    });
    // As many full months as it takes: a month holds at most JOURNALS_PER_MONTH entries.
    const fileOf = (journals: number): ExportFileV1 => ({
      ...valid(),
      months: Array.from({ length: Math.ceil(journals / JOURNALS_PER_MONTH) }, (_, m) => ({
        name: `Big ${m}`,
        habits: [{ id: m + 1, name: 'Read' }],
        measures: [{ id: m + 1, name: 'Weight' }],
        goals: [],
        journals: Array.from(
          { length: Math.min(JOURNALS_PER_MONTH, journals - m * JOURNALS_PER_MONTH) },
          (_, day) => journal(m * JOURNALS_PER_MONTH + day, m + 1),
        ),
      })),
    });
    // Per journal, with room for each month's own few hundred bytes.
    const perJournal = JSON.stringify(journal(1000, 100)).length + 1 + 200 / JOURNALS_PER_MONTH;
    const fits = Math.floor((IMPORT_MAX_BYTES - 1000) / perJournal);
    const small = fileOf(fits);
    expect(JSON.stringify(small).length).toBeLessThanOrEqual(IMPORT_MAX_BYTES);

    const accepted = await importFile(small);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json<ImportReport>().imported.journals).toBe(fits);
    expect(accepted.json<ImportReport>().imported.daily_measures).toBe(fits);

    const before = await snapshot(t);
    const refused = await importFile(fileOf(Math.ceil(fits * 1.05)));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ detail: IMPORT_MESSAGES.tooLarge });
    expect(await snapshot(t)).toEqual(before);
  });

  it('is all or nothing: a failure halfway leaves no trace and no version bump', async () => {
    const { db } = t.database;
    if (usingPostgres) {
      await sql`create function fail_import() returns trigger language plpgsql as $$
        begin raise exception 'halfway'; end $$`.execute(db);
      await sql`create trigger fail_import before insert on daily_measures for each row
        when (new.metric = 424242) execute function fail_import()`.execute(db);
    } else {
      await sql`create trigger fail_import before insert on daily_measures
        when new.metric = 424242 begin select raise(abort, 'halfway'); end`.execute(db);
    }
    try {
      const file = valid();
      full(file).journals[5]!.daily_measures[0]!.metric = 424242;
      const before = await snapshot(t);

      const response = await importFile(file);

      expect(response.statusCode).toBe(500);
      expect(await snapshot(t)).toEqual(before);
    } finally {
      await sql`drop trigger fail_import${usingPostgres ? sql` on daily_measures` : sql``}`.execute(
        db,
      );
      if (usingPostgres) await sql`drop function fail_import`.execute(db);
    }
  });

  it('needs credentials and a payment', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/import/', payload: valid() });
    expect(anonymous.statusCode).toBe(401);
    const paywalled = await buildTestApp({ BILLING: 'local' });
    try {
      const unpaid = await createUser(paywalled);
      const response = await importFile(valid(), unpaid, paywalled);
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ detail: MESSAGES.paymentRequired });
    } finally {
      await paywalled.close();
    }
  });
});

describe('GET /api/months/{id}/export.csv', () => {
  it('has a row per entry: date, highlight, measure, yes/no per habit; escaped and formula-safe', async () => {
    const { january } = await seedAccount(user);
    await seedHabit(t, user, january.id, '@mention');

    const response = await csvOf(january.id);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="monthbook-january.csv"; filename*=UTF-8''monthbook-january.csv`,
    );
    expect(response.body).toBe(
      '\uFEFF' +
        [
          `date,highlight,Weight,Read,"Run, ""fast""",'@mention,mood,note`,
          '2024-01-01,Café first,70.25,yes,no,,,',
          '2024-01-02,"Second day, with ""quotes""\nand a line",-1e-7,no,yes,,,',
          '',
        ].join('\r\n'),
    );
  });

  it('guards every formula start in highlights and names', async () => {
    const month = await seedMonth(t, user, '+plus');
    for (const highlight of ['=1+1', '+1', '-1', '@SUM(1)', 'plain =x']) {
      await seedJournal(t, user, month.id, highlight);
    }
    const lines = (await csvOf(month.id)).body.split('\r\n');
    expect(lines.slice(1, 6).map((line) => line.slice(11))).toEqual([
      "'=1+1,,",
      "'+1,,",
      "'-1,,",
      "'@SUM(1),,",
      'plain =x,,',
    ]);
  });

  it('answers 404 for an id that is no id: infinite, or too large to be one', async () => {
    for (const id of ['Infinity', '-Infinity', '1e400', '99999999999']) {
      const response = await injectAs(t, user, {
        method: 'GET',
        url: `/api/months/${id}/export.csv`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: MESSAGES.notFound });
    }
  });

  it('answers 404 for another user’s month or one that does not exist', async () => {
    const theirs = await seedMonth(t, await createUser(t), 'Theirs');
    for (const id of [theirs.id, 999_999, 'abc']) {
      const response = await injectAs(t, user, {
        method: 'GET',
        url: `/api/months/${id}/export.csv`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: MESSAGES.notFound });
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/months/${theirs.id}/export.csv` }))
        .statusCode,
    ).toBe(401);
  });
});
