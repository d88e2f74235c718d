// Writes another app's history, already turned into months, into one user's account: into the month of the same calendar month when there is one, each item once however often the file is imported, all in one transaction.
import { createHash } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { ExportMonth, ImportSource } from '../../contract/export.js';
import { scheduleColumns, scheduleOrDaily } from '../../contract/habit-schedule.js';
import { formatPeriod, periodParts } from '../../contract/month-period.js';
import { type ImportMonthCounts, importQuotaProblem } from '../../contract/quotas.js';
import type { DB } from '../db/schema.js';
import type { ImportedMonth } from '../importers/to-months.js';
import {
  type ImportResult,
  importedMonths,
  insertLeaves,
  insertParents,
  writeOrRollBack,
} from './import.js';
import { recordImport } from './import-undo.js';
import { searchText } from './journal-search.js';
import { lockUser, quotaExceeded } from './quotas.js';

export interface HistoryImportResult extends ImportResult {
  /** The account's months the history was added to, by name. */
  merged: string[];
  /** Entries left out because an earlier import of the same app brought them. */
  alreadyImported: number;
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
const fold = (name: string) => name.normalize('NFC').trim().toLowerCase();
const most = (counts: number[]) => counts.reduce((max, count) => Math.max(max, count), 0);

/** The month with only the entries not imported before, and the habits and measures they use. */
function withoutImported(imported: ImportedMonth, known: ReadonlySet<string>) {
  const keep = imported.keys.map((key) => !known.has(hashOf(key)));
  const journals = imported.month.journals.filter((_, index) => keep[index]);
  const keys = imported.keys.filter((_, index) => keep[index]);
  const habitIds = new Set(
    journals.flatMap((journal) => journal.daily_habits.map((daily) => daily.habit)),
  );
  const measureIds = new Set(
    journals.flatMap((journal) => journal.daily_measures.map((daily) => daily.measure)),
  );
  const month: ExportMonth = {
    ...imported.month,
    journals,
    habits: imported.month.habits.filter((habit) => habitIds.has(habit.id)),
    measures: imported.month.measures.filter((measure) => measureIds.has(measure.id)),
  };
  return { month, keys, left: imported.keys.length - keys.length };
}

async function write(
  trx: Transaction<DB>,
  userId: number,
  source: ImportSource,
  imported: ImportedMonth[],
): Promise<HistoryImportResult> {
  const author_id = userId;
  await lockUser(trx, userId);
  const known = new Set(
    (
      await trx
        .selectFrom('import_keys')
        .select('key_hash')
        .where('author_id', '=', userId)
        .where('source', '=', source)
        .execute()
    ).map((row) => row.key_hash),
  );
  let alreadyImported = 0;
  const months = imported.flatMap((item) => {
    const { month, keys, left } = withoutImported(item, known);
    alreadyImported += left;
    return month.journals.length > 0 ? [{ period: item.period, month, keys }] : [];
  });

  const accountMonths = await trx
    .selectFrom('months')
    .select(['id', 'name', 'period_year', 'period_month'])
    .where('author_id', '=', userId)
    .orderBy('id')
    .execute();
  const byPeriod = new Map<string, { id: number; name: string }>();
  for (const row of accountMonths) {
    if (row.period_year === null || row.period_month === null) continue;
    const period = formatPeriod({ year: row.period_year, month: row.period_month });
    if (!byPeriod.has(period)) byPeriod.set(period, { id: row.id, name: row.name });
  }
  const targets = months.map((item) => byPeriod.get(item.period));
  const targetIds = targets.flatMap((target) => (target ? [target.id] : []));

  // What the account's months already hold, by name, for merging and for the quotas.
  const itemsOf = async (table: 'habits' | 'measures') =>
    targetIds.length === 0
      ? []
      : trx
          .selectFrom(table)
          .select(['id', 'month_id', 'name'])
          .where('author_id', '=', userId)
          .where('month_id', 'in', targetIds)
          .execute();
  const [habitRows, measureRows] = await Promise.all([itemsOf('habits'), itemsOf('measures')]);
  const countOf = async (table: 'journals' | 'goals') =>
    new Map(
      targetIds.length === 0
        ? []
        : (
            await trx
              .selectFrom(table)
              .select((eb) => ['month_id', eb.fn.countAll<number>().as('count')])
              .where('author_id', '=', userId)
              .where('month_id', 'in', targetIds)
              .groupBy('month_id')
              .execute()
          ).map((row) => [row.month_id, Number(row.count)]),
    );
  const [journalCounts, goalCounts] = [await countOf('journals'), await countOf('goals')];
  const named = (rows: { id: number; month_id: number; name: string }[], monthId: number) =>
    new Map(rows.filter((row) => row.month_id === monthId).map((row) => [fold(row.name), row.id]));

  const counts = months.map(({ month }, index): ImportMonthCounts => {
    const target = targets[index];
    const habits = target ? named(habitRows, target.id) : new Map();
    const measures = target ? named(measureRows, target.id) : new Map();
    return {
      name: month.name,
      journals: month.journals.length + (target ? (journalCounts.get(target.id) ?? 0) : 0),
      habits: habits.size + month.habits.filter((habit) => !habits.has(fold(habit.name))).length,
      measures:
        measures.size + month.measures.filter((item) => !measures.has(fold(item.name))).length,
      goals: target ? (goalCounts.get(target.id) ?? 0) : 0,
      dailyHabitsPerJournal: most(month.journals.map((journal) => journal.daily_habits.length)),
      dailyMeasuresPerJournal: most(month.journals.map((journal) => journal.daily_measures.length)),
    };
  });
  const problem =
    importQuotaProblem(
      counts.filter((_, index) => !targets[index]),
      accountMonths.length,
    ) ??
    importQuotaProblem(
      counts.filter((_, index) => targets[index]),
      0,
    );
  if (problem) throw quotaExceeded('months', problem);

  const fresh = months.flatMap((item, index) => (targets[index] ? [] : [item]));
  const freshIds = await insertParents(
    trx,
    'months',
    fresh.map(({ month, period }) => ({
      author_id,
      name: month.name,
      mood_enabled: 1 as const,
      period_year: periodParts(period)?.year ?? null,
      period_month: periodParts(period)?.month ?? null,
    })),
  );
  let nextFresh = 0;
  const monthIds = targets.map((target) => target?.id ?? (freshIds[nextFresh++] as number));

  /** The file's habit or measure ids → the account's: one of the same name in the month, or a new one. */
  const resolve = async (kind: 'habits' | 'measures') => {
    const maps = months.map(() => new Map<number, number>());
    const rows: {
      m: number;
      fileId: number;
      row: Insertable<DB['habits']> | Insertable<DB['measures']>;
    }[] = [];
    months.forEach(({ month }, m) => {
      const monthId = monthIds[m] as number;
      const existing = named(kind === 'habits' ? habitRows : measureRows, monthId);
      for (const item of month[kind]) {
        const found = existing.get(fold(item.name));
        if (found !== undefined) maps[m]?.set(item.id, found);
        else {
          const extra =
            kind === 'habits'
              ? scheduleColumns(scheduleOrDaily((item as { schedule?: unknown }).schedule))
              : {
                  unit: (item as { unit?: string }).unit ?? null,
                  target: null,
                  target_direction: null,
                };
          rows.push({
            m,
            fileId: item.id,
            row: { author_id, month_id: monthId, name: item.name, ...extra },
          });
        }
      }
    });
    const ids = await insertParents(
      trx,
      kind,
      rows.map((item) => item.row),
    );
    for (const [index, item] of rows.entries())
      maps[item.m]?.set(item.fileId, ids[index] as number);
    // Those added to the account's own months, which an undo takes one by one.
    const intoExisting = rows.flatMap((item, index) =>
      targets[item.m] ? [ids[index] as number] : [],
    );
    return { maps, created: rows.length, intoExisting };
  };
  const habits = await resolve('habits');
  const measures = await resolve('measures');

  const journals = months.flatMap(({ month }, m) =>
    month.journals.map((journal) => ({ journal, m })),
  );
  const journalIds = await insertParents(
    trx,
    'journals',
    journals.map(({ journal, m }) => ({
      author_id,
      month_id: monthIds[m] as number,
      created_at: journal.created_at,
      highlight: journal.highlight,
      note: journal.note ?? '',
      mood: journal.mood ?? null,
      highlight_search: searchText(journal.highlight, journal.note),
    })),
  );
  const dailyHabits = journals.flatMap(({ journal, m }, j) =>
    journal.daily_habits.map((daily) => ({
      author_id,
      journal_id: journalIds[j] as number,
      habit_id: habits.maps[m]?.get(daily.habit) as number,
      is_practiced: daily.is_practiced ? (1 as const) : (0 as const),
      is_skipped: daily.is_skipped === true && !daily.is_practiced ? (1 as const) : (0 as const),
    })),
  );
  await insertLeaves(trx, 'daily_habits', dailyHabits);
  const dailyMeasures = journals.flatMap(({ journal, m }, j) =>
    journal.daily_measures.map((daily) => ({
      author_id,
      journal_id: journalIds[j] as number,
      measure_id: measures.maps[m]?.get(daily.measure) as number,
      metric: daily.metric,
    })),
  );
  await insertLeaves(trx, 'daily_measures', dailyMeasures);

  const hashes = [...new Set(months.flatMap(({ keys }) => keys.map(hashOf)))];
  const importId = await recordImport(
    trx,
    userId,
    source,
    {
      months: freshIds,
      habits: habits.intoExisting,
      measures: measures.intoExisting,
      goals: [],
      journals: journalIds.filter((_, j) => targets[journals[j]?.m as number] !== undefined),
    },
    hashes.length > 0,
  );
  for (let start = 0; start < hashes.length; start += 1000)
    await trx
      .insertInto('import_keys')
      .values(
        hashes
          .slice(start, start + 1000)
          .map((key_hash) => ({ author_id, source, key_hash, import_id: importId ?? null })),
      )
      .execute();

  return {
    counts: {
      months: freshIds.length,
      habits: habits.created,
      measures: measures.created,
      goals: 0,
      journals: journalIds.length,
      daily_habits: dailyHabits.length,
      daily_measures: dailyMeasures.length,
    },
    months: await importedMonths(trx, userId, freshIds),
    skipped: [],
    merged: targets.flatMap((target) => (target ? [target.name] : [])),
    alreadyImported,
    ...(importId === undefined ? {} : { importId }),
  };
}

/**
 * Imports the months (historyToMonths) of one app's file. With `dryRun`, everything is worked
 * out and checked in the transaction, which is then rolled back: the report is what an import
 * would do. A quota that would be passed refuses the whole file (400 quota_exceeded).
 */
export async function importHistory(
  db: Kysely<DB>,
  userId: number,
  source: ImportSource,
  months: ImportedMonth[],
  dryRun: boolean,
): Promise<HistoryImportResult> {
  return writeOrRollBack(db, dryRun, (trx) => write(trx, userId, source, months));
}
