// API tests for one daily habit and one daily measure per entry: a second create merges into the first, the database refuses a second row, migration 021 merges old duplicates, and import never makes one.
import type { DailyHabit, DailyMeasure } from '../../contract/entities.js';
import type { ExportFile } from '../../contract/export.js';
import { up as oneDailyItemPerEntry } from '../../server/db/migrations/021-one-daily-item-per-entry.js';
import { seedHabit, seedJournal, seedMeasure, seedMonth } from '../support/factories.js';
import { setUpTestApp } from '../support/test-app.js';

const { t, user, api } = setUpTestApp();

async function seedEntry() {
  const month = await seedMonth(t, user);
  const journal = await seedJournal(t, user, month.id);
  const habit = await seedHabit(t, user, month.id, 'Stretch');
  const measure = await seedMeasure(t, user, month.id, 'Weight');
  return { month, journal, habit, measure };
}

const tick = (journalId: number, habitId: number, isPracticed: boolean) =>
  api('POST', '/api/dailyhabits/', {
    journal_id: journalId,
    habit_id: habitId,
    is_practiced: isPracticed,
  });

const value = (journalId: number, measureId: number, metric: number) =>
  api('POST', '/api/dailymeasures/', { journal_id: journalId, measure_id: measureId, metric });

const habitRows = (journalId: number) =>
  t.database.db
    .selectFrom('daily_habits')
    .selectAll()
    .where('journal_id', '=', journalId)
    .orderBy('id')
    .execute();

const measureRows = (journalId: number) =>
  t.database.db
    .selectFrom('daily_measures')
    .selectAll()
    .where('journal_id', '=', journalId)
    .orderBy('id')
    .execute();

describe('a second create for the same entry and habit', () => {
  it('merges into the first: an unticked create (a tab that saw no row) keeps the tick', async () => {
    const { journal, habit } = await seedEntry();
    const first = await tick(journal.id, habit.id, true);
    expect(first.statusCode).toBe(201);

    const second = await tick(journal.id, habit.id, false);

    expect(second.statusCode).toBe(201);
    expect(second.json<DailyHabit>()).toEqual(first.json<DailyHabit>());
    expect(await habitRows(journal.id)).toHaveLength(1);
    const listed = await api('GET', `/api/dailyhabits/?journal=${journal.id}`);
    expect(listed.json<DailyHabit[]>()).toEqual([first.json<DailyHabit>()]);
  });

  it('merges into the first: a tick wins and moves the version', async () => {
    const { journal, habit } = await seedEntry();
    const first = (await tick(journal.id, habit.id, false)).json<DailyHabit>();

    const second = await tick(journal.id, habit.id, true);

    expect(second.statusCode).toBe(201);
    expect(second.json<DailyHabit>()).toEqual({ ...first, is_practiced: true, version: 2 });
    expect(await habitRows(journal.id)).toHaveLength(1);
  });

  it('leaves one row when two creates arrive at once', async () => {
    const { journal, habit } = await seedEntry();

    const answers = await Promise.all([
      tick(journal.id, habit.id, true),
      tick(journal.id, habit.id, false),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const rows = await habitRows(journal.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.is_practiced).toBe(1);
  });
});

describe('a second create for the same entry and measure', () => {
  it('merges into the first with the newest value', async () => {
    const { journal, measure } = await seedEntry();
    const first = (await value(journal.id, measure.id, 80.5)).json<DailyMeasure>();

    const second = await value(journal.id, measure.id, 81);

    expect(second.statusCode).toBe(201);
    expect(second.json<DailyMeasure>()).toEqual({ ...first, metric: 81, version: 2 });
    expect(await measureRows(journal.id)).toHaveLength(1);
  });
});

describe('the database', () => {
  it('refuses a second row for the same entry and habit, or measure', async () => {
    const { journal, habit, measure } = await seedEntry();
    expect((await tick(journal.id, habit.id, true)).statusCode).toBe(201);
    expect((await value(journal.id, measure.id, 1)).statusCode).toBe(201);
    const base = { author_id: user.id, journal_id: journal.id };

    await expect(
      t.database.db
        .insertInto('daily_habits')
        .values({ ...base, habit_id: habit.id, is_practiced: 0 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.database.db
        .insertInto('daily_measures')
        .values({ ...base, measure_id: measure.id, metric: 2 })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('migration 021', () => {
  /** Puts the tables back as they were before the migration, so duplicates can be written. */
  async function asBefore() {
    for (const table of ['daily_habits', 'daily_measures'] as const) {
      await t.database.db.schema.dropIndex(`${table}_journal_item_key`).execute();
      await t.database.db.schema
        .createIndex(`${table}_journal_idx`)
        .on(table)
        .column('journal_id')
        .execute();
    }
  }

  it('keeps the most meaningful row of each pair, in the tables and in the bin', async () => {
    const { month, journal, habit, measure } = await seedEntry();
    const binned = await seedJournal(t, user, month.id, 'Binned day');
    await asBefore();
    const base = { author_id: user.id, journal_id: journal.id };
    const habits = await t.database.db
      .insertInto('daily_habits')
      .values([
        { ...base, habit_id: habit.id, is_practiced: 0 },
        { ...base, habit_id: habit.id, is_practiced: 1 },
        { ...base, habit_id: habit.id, is_practiced: 0 },
      ])
      .returning('id')
      .execute();
    await t.database.db
      .insertInto('daily_measures')
      .values([
        { ...base, measure_id: measure.id, metric: 80 },
        { ...base, measure_id: measure.id, metric: 81 },
      ])
      .execute();
    const binnedBase = { author_id: user.id, journal_id: binned.id };
    await t.database.db
      .insertInto('daily_habits')
      .values([
        { ...binnedBase, habit_id: habit.id, is_practiced: 1 },
        { ...binnedBase, habit_id: habit.id, is_practiced: 0 },
      ])
      .execute();
    expect((await api('DELETE', `/api/journals/${binned.id}/`)).statusCode).toBe(204);

    await oneDailyItemPerEntry(t.database.db as never, t.database.dialect);

    const kept = await habitRows(journal.id);
    expect(kept.map((row) => [row.id, row.is_practiced])).toEqual([[habits[1]?.id, 1]]);
    expect((await measureRows(journal.id)).map((row) => row.metric)).toEqual([81]);
    // The binned entry comes back with one tick, not two rows the index would refuse.
    const restored = await api('POST', `/api/journals/${binned.id}/restore/`);
    expect(restored.statusCode).toBe(200);
    const back = await habitRows(binned.id);
    expect(back.map((row) => row.is_practiced)).toEqual([1]);
    await expect(
      t.database.db
        .insertInto('daily_habits')
        .values({ ...base, habit_id: habit.id, is_practiced: 0 })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('import', () => {
  it('makes one row of a file entry that lists a habit or a measure twice', async () => {
    const file: ExportFile = {
      format: 'monthbook-export',
      version: 2,
      exported_at: '2026-02-01T00:00:00.000Z',
      months: [
        {
          name: 'January 2026',
          period: '2026-01',
          habits: [{ id: 1, name: 'Stretch' }],
          measures: [{ id: 1, name: 'Weight' }],
          goals: [],
          journals: [
            {
              created_at: '2026-01-05',
              highlight: 'Twice ticked',
              daily_habits: [
                { habit: 1, is_practiced: true },
                { habit: 1, is_practiced: false },
              ],
              daily_measures: [
                { measure: 1, metric: 80 },
                { measure: 1, metric: 81 },
              ],
            },
          ],
        },
      ],
    };

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    });

    expect(response.statusCode).toBe(201);
    expect(response.json().imported).toMatchObject({ daily_habits: 1, daily_measures: 1 });
    const journal = await t.database.db
      .selectFrom('journals')
      .select('id')
      .where('author_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect((await habitRows(journal.id)).map((row) => row.is_practiced)).toEqual([1]);
    expect((await measureRows(journal.id)).map((row) => row.metric)).toEqual([81]);
  });
});
