// POST /api/import/{id}/undo/: what one import created goes to the bin as one item, comes back whole, and can be imported again.
import type { DailyMeasure, Habit, Journal, Measure, Month } from '../../contract/entities.js';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportFile,
  IMPORT_MESSAGES,
  type ImportReport,
  type ImportUndo,
} from '../../contract/export.js';
import type { TrashItem } from '../../contract/trash.js';
import { TRASH_MESSAGES } from '../../contract/trash-rules.js';
import { snapshot } from '../support/db-snapshot.js';
import { seedDailyHabit, seedHabit, seedJournal } from '../support/factories.js';
import { createUser, injectAs, setUpTestApp, type TestUser } from '../support/test-app.js';
import { dayOneEntry, dayOneJournal, healthXml, loopZip, record, zip } from './importers/files.js';

const { t, user, api } = setUpTestApp();

const importLoop = async (who: TestUser = user, query = '?lang=en') => {
  const response = await injectAs(t, who, {
    method: 'POST',
    url: `/api/import/${query}`,
    headers: { 'content-type': 'application/zip' },
    payload: Buffer.from(loopZip()),
  });
  expect(response.statusCode).toBe(query.includes('dry_run') ? 200 : 201);
  return response.json<ImportReport>();
};
const undo = (id: number, who: TestUser = user) =>
  injectAs(t, who, { method: 'POST', url: `/api/import/${id}/undo/` });
const restore = (id: number, who: TestUser = user) =>
  injectAs(t, who, { method: 'POST', url: `/api/import/${id}/restore/` });
const bin = async (who: TestUser = user) =>
  (await injectAs(t, who, { method: 'GET', url: '/api/trash/' })).json<TrashItem[]>();

/** The journal data of every user, as rows: what an undo and a restore must leave exactly as it was. */
const DATA = [
  'months',
  'habits',
  'measures',
  'goals',
  'journals',
  'daily_habits',
  'daily_measures',
  'import_keys',
];
const data = async () => {
  const all = await snapshot(t);
  return Object.fromEntries(DATA.map((table) => [table, all[table]]));
};

/** A Monthbook export of one month of a calendar period and one without, each with an entry. */
const monthbookFile = (): ExportFile => ({
  format: EXPORT_FORMAT,
  version: EXPORT_VERSION,
  exported_at: '2026-01-01T00:00:00.000Z',
  months: [
    {
      name: 'January 2026',
      period: '2026-01',
      habits: [{ id: 1, name: 'Walk' }],
      measures: [],
      goals: [{ name: 'Goal', is_completed: false }],
      journals: [
        {
          created_at: '2026-01-02',
          highlight: 'Walked',
          daily_habits: [{ habit: 1, is_practiced: true }],
          daily_measures: [],
        },
      ],
    },
    {
      name: 'Holiday',
      habits: [],
      measures: [],
      goals: [],
      journals: [
        { created_at: '2026-01-03', highlight: 'Beach', daily_habits: [], daily_measures: [] },
      ],
    },
  ],
});

/** An account with April 2025 already holding an entry, a habit the file also has, and a tick. */
async function accountWithApril() {
  const april = (
    await api('POST', '/api/months/', { name: 'My April', period: '2025-04' })
  ).json<Month>();
  const gym = (
    await api('POST', '/api/habits/', { name: 'gym', month_id: april.id })
  ).json<Habit>();
  const entry = await seedJournal(t, user, april.id, 'Before the import');
  await seedDailyHabit(t, user, entry.id, gym.id, true);
  return { april, gym, entry };
}

it('answers 201 with an import id; a dry run, and an import that adds nothing, have none', async () => {
  expect(await importLoop(user, '?dry_run=true')).not.toHaveProperty('import_id');
  const first = await importLoop();
  expect(first.import_id).toEqual(expect.any(Number));
  const second = await importLoop();
  expect(second.imported.journals).toBe(0);
  expect(second).not.toHaveProperty('import_id');
});

it('moves exactly what the import created into the bin as one item, and leaves what was there before', async () => {
  const { april, entry } = await accountWithApril();
  const before = await data();
  const monthsBefore = (await api('GET', '/api/months/')).json<Month[]>();
  const report = await importLoop();
  expect(report.merged_months).toEqual(['My April']);
  // A tick of an imported habit on the older entry, made after the import: the habit's, so it goes too.
  const read = (await api('GET', `/api/habits/?month=${april.id}`))
    .json<Habit[]>()
    .find((habit) => habit.name === 'Read');
  await seedDailyHabit(t, user, entry.id, read!.id, true);
  // An entry the import made and the user edited since goes as it is now.
  const imported = (await api('GET', `/api/journals/?month=${april.id}`))
    .json<Journal[]>()
    .find((journal) => journal.id !== entry.id)!;
  await api('PATCH', `/api/journals/${imported.id}/`, { highlight: 'Edited after' });
  // Read once, so a cached answer would show if the undo left it stale.
  expect((await api('GET', '/api/months/')).json<Month[]>()).toHaveLength(2);

  const response = await undo(report.import_id!);

  expect(response.statusCode).toBe(200);
  expect(response.json<ImportUndo>()).toMatchObject({
    id: report.import_id,
    source: 'loop',
    counts: {
      months: 1,
      habits: report.imported.habits,
      journals: report.imported.journals,
      daily_habits: report.imported.daily_habits + 1,
    },
  });
  expect(await data()).toEqual(before);
  expect((await api('GET', '/api/months/')).json<Month[]>()).toEqual(monthsBefore);
  const items = await bin();
  expect(items).toEqual([
    expect.objectContaining({
      kind: 'import',
      id: report.import_id,
      label: 'Loop Habit Tracker',
      month: null,
      date: new Date().toISOString().slice(0, 10),
    }),
  ]);
  // Counted against the bin's size like any other item.
  const row = await t.database.db
    .selectFrom('trash')
    .select('payload_bytes')
    .where('author_id', '=', user.id)
    .executeTakeFirstOrThrow();
  expect(Number(row.payload_bytes)).toBeGreaterThan(100);
});

it('restores everything it took, edits and keys included, and can then be undone again', async () => {
  const { april, entry } = await accountWithApril();
  const report = await importLoop();
  const read = (await api('GET', `/api/habits/?month=${april.id}`))
    .json<Habit[]>()
    .find((habit) => habit.name === 'Read')!;
  await seedDailyHabit(t, user, entry.id, read.id, true);
  const imported = await data();
  expect((await undo(report.import_id!)).statusCode).toBe(200);

  const response = await restore(report.import_id!);

  expect(response.statusCode).toBe(200);
  expect(response.json<ImportUndo>().counts.months).toBe(1);
  expect(await data()).toEqual(imported);
  expect(await bin()).toEqual([]);
  // Its keys are back: the same file adds nothing.
  expect((await importLoop()).imported.journals).toBe(0);
  expect((await undo(report.import_id!)).statusCode).toBe(200);
});

it('refuses a second undo with 409 and changes nothing', async () => {
  const report = await importLoop();
  expect((await undo(report.import_id!)).statusCode).toBe(200);
  const before = await snapshot(t);

  const again = await undo(report.import_id!);

  expect(again.statusCode).toBe(409);
  expect(again.json()).toEqual({ detail: IMPORT_MESSAGES.undoneAlready, code: 'import_undone' });
  expect(await snapshot(t)).toEqual(before);
});

it("answers 404 for another user's import, changing nothing", async () => {
  const report = await importLoop();
  const other = await createUser(t);
  const before = await snapshot(t);

  expect((await undo(report.import_id!, other)).statusCode).toBe(404);
  expect((await undo(999_999)).statusCode).toBe(404);

  expect(await snapshot(t)).toEqual(before);
});

it('lets the same file be imported again after the undo', async () => {
  const first = await importLoop();
  expect((await undo(first.import_id!)).statusCode).toBe(200);

  const again = await importLoop();

  expect(again.already_imported).toBe(0);
  expect(again.imported).toEqual(first.imported);
});

describe('restoring an undone import once its file, or another of its months, was imported since', () => {
  it('is refused with 409 while the later import is there, changing nothing; once that is undone it comes back whole', async () => {
    await accountWithApril();
    const first = await importLoop();
    const firstImported = await data();
    expect((await undo(first.import_id!)).statusCode).toBe(200);
    const again = await importLoop();
    const before = await snapshot(t);

    const refused = await restore(first.import_id!);

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: TRASH_MESSAGES.importedAgain,
      code: 'imported_again',
    });
    expect(await snapshot(t)).toEqual(before);
    expect(await bin()).toEqual([expect.objectContaining({ kind: 'import', id: first.import_id })]);

    expect((await undo(again.import_id!)).statusCode).toBe(200);
    expect((await restore(first.import_id!)).statusCode).toBe(200);
    expect(await data()).toEqual(firstImported);
    // And the other way round: the later one cannot come back beside the first.
    expect((await restore(again.import_id!)).statusCode).toBe(409);
  });

  it('a Monthbook export, which has no keys, is refused by its months: never the same months twice', async () => {
    const importMonthbook = async () => {
      const response = await api('POST', '/api/import/?months=new', monthbookFile());
      expect(response.statusCode).toBe(201);
      return response.json<ImportReport>();
    };
    const first = await importMonthbook();
    const firstImported = await data();
    expect((await undo(first.import_id!)).statusCode).toBe(200);
    const again = await importMonthbook();
    expect(again.imported.months).toBe(2);
    const before = await snapshot(t);

    const refused = await restore(first.import_id!);

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: TRASH_MESSAGES.importMonthAgain,
      code: 'month_exists',
    });
    expect(await snapshot(t)).toEqual(before);
    expect((await bin()).map((item) => item.id)).toEqual([first.import_id]);

    expect((await undo(again.import_id!)).statusCode).toBe(200);
    expect((await restore(first.import_id!)).statusCode).toBe(200);
    expect(await data()).toEqual(firstImported);
  });

  it('another file that made a month of the same period since refuses it too: never two months for one period', async () => {
    const first = await importLoop();
    expect((await undo(first.import_id!)).statusCode).toBe(200);
    const dayOne = await injectAs(t, user, {
      method: 'POST',
      url: '/api/import/?lang=en',
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(
        zip({
          'Journal.json': dayOneJournal([dayOneEntry({ creationDate: '2025-04-10T12:00:00Z' })]),
        }),
      ),
    });
    expect(dayOne.json<ImportReport>().months.map((month) => month.period)).toEqual(['2025-04']);
    const before = await snapshot(t);

    const refused = await restore(first.import_id!);

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'month_exists' });
    expect(await snapshot(t)).toEqual(before);
  });
});

it('leaves out a value it put on an older entry that has one of that measure again, keeping the later one', async () => {
  const STEPS = 'HKQuantityTypeIdentifierStepCount';
  const BODY_MASS = 'HKQuantityTypeIdentifierBodyMass';
  const steps = record(STEPS, '2025-05-02 08:00:00 +0100', '1000');
  const importHealth = async (records: string[]) => {
    const response = await injectAs(t, user, {
      method: 'POST',
      url: '/api/import/?lang=en',
      headers: { 'content-type': 'application/xml' },
      payload: Buffer.from(healthXml(records.join('\n'))),
    });
    expect(response.statusCode).toBe(201);
    return response.json<ImportReport>();
  };
  const may = (await importHealth([steps])).months[0]!;
  const mass = (
    await api('POST', '/api/measures/', { name: 'Body mass', month_id: may.id })
  ).json<Measure>();
  const later = await importHealth([
    steps,
    record(BODY_MASS, '2025-05-02 07:00:00 +0100', '80.5', { unit: 'kg' }),
  ]);
  expect(later.imported).toMatchObject({ journals: 0, daily_measures: 1 });
  expect((await undo(later.import_id!)).statusCode).toBe(200);
  const [entry] = (await api('GET', `/api/journals/?month=${may.id}`)).json<Journal[]>();
  const byHand = await api('POST', '/api/dailymeasures/', {
    journal_id: entry!.id,
    measure_id: mass.id,
    metric: 81,
  });
  expect(byHand.statusCode).toBe(201);

  const restored = await restore(later.import_id!);

  expect(restored.statusCode).toBe(200);
  const values = (await api('GET', `/api/dailymeasures/?month=${may.id}`)).json<DailyMeasure[]>();
  expect(values.filter((value) => value.measure_id === mass.id)).toEqual([
    expect.objectContaining({ journal_id: entry!.id, metric: 81 }),
  ]);
  expect(await bin()).toEqual([]);
  // It can be undone again, taking only what is its own.
  expect((await undo(later.import_id!)).statusCode).toBe(200);
  expect(
    (await api('GET', `/api/dailymeasures/?month=${may.id}`)).json<DailyMeasure[]>(),
  ).toContainEqual(expect.objectContaining({ metric: 81 }));
});

it('Delete forever ends it: no restore, no undo', async () => {
  const report = await importLoop();
  expect((await undo(report.import_id!)).statusCode).toBe(200);

  const purged = await injectAs(t, user, {
    method: 'DELETE',
    url: `/api/trash/import/${report.import_id}/`,
  });

  expect(purged.statusCode).toBe(204);
  expect(await bin()).toEqual([]);
  expect((await restore(report.import_id!)).statusCode).toBe(404);
  expect((await undo(report.import_id!)).statusCode).toBe(404);
});

it('refuses the restore while a month it added to is in the bin', async () => {
  const { april } = await accountWithApril();
  const report = await importLoop();
  expect((await undo(report.import_id!)).statusCode).toBe(200);
  expect((await api('DELETE', `/api/months/${april.id}/`)).statusCode).toBe(204);

  const refused = await restore(report.import_id!);

  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ code: 'month_in_trash' });
  expect((await api('POST', `/api/months/${april.id}/restore/`)).statusCode).toBe(200);
  expect((await restore(report.import_id!)).statusCode).toBe(200);
});

it('undoes an import of a Monthbook export: its months go, with all they hold', async () => {
  const mine = (await api('POST', '/api/months/', { name: 'Mine' })).json<Month>();
  await seedHabit(t, user, mine.id);
  const before = await data();
  const imported = await api('POST', '/api/import/', monthbookFile());
  expect(imported.statusCode).toBe(201);
  const report = imported.json<ImportReport>();

  const response = await undo(report.import_id!);

  expect(response.json<ImportUndo>()).toMatchObject({
    source: 'monthbook',
    counts: { months: 2, habits: 1, goals: 1, journals: 2, daily_habits: 1 },
  });
  expect(await data()).toEqual(before);
  expect((await bin())[0]).toMatchObject({ kind: 'import', label: 'Monthbook' });
});
