// Writes another app's history, already turned into months, into one user's account: into the month of the same calendar month when there is one, each item once however often the file is imported, all in one transaction.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { ExportDailyHabit, ExportDailyMeasure, ImportSource } from '../../contract/export.js';
import { formatPeriod, periodParts } from '../../contract/month-period.js';
import type { DB } from '../db/schema.js';
import type { ImportedMonth } from '../importers/to-months.js';
import { monthItems, resolveItems } from './history-items.js';
import { planMonths } from './history-plan.js';
import { ensureHistoryFits } from './history-quota.js';
import {
  type ImportResult,
  importedMonths,
  insertLeaves,
  insertParents,
  ROWS_PER_INSERT,
  writeOrRollBack,
} from './import.js';
import { knownKeys, newKeys, recordKeys } from './import-keys.js';
import { recordImport } from './import-undo.js';
import { searchText } from './journal-search.js';
import { lockUser } from './quotas.js';

export interface HistoryImportResult extends ImportResult {
  /** The account's months the history was added to, by name. */
  merged: string[];
  /** Entries left out because an earlier import of the same app brought them. */
  alreadyImported: number;
}

async function write(
  trx: Transaction<DB>,
  userId: number,
  source: ImportSource,
  imported: ImportedMonth[],
): Promise<HistoryImportResult> {
  const author_id = userId;
  await lockUser(trx, userId);
  const known = await knownKeys(trx, userId, source);
  const accountMonths = await trx
    .selectFrom('months')
    .select(['id', 'name', 'period_year', 'period_month', 'month_key'])
    .where('author_id', '=', userId)
    .orderBy('id')
    .execute();
  const byPeriod = new Map<string, { id: number; name: string }>();
  for (const row of accountMonths) {
    if (row.period_year === null || row.period_month === null) continue;
    // Nothing is merged into a private month: it would put readable text among sealed items,
    // and its habits and measures, their names sealed, could never be matched by name.
    if (row.month_key !== null) continue;
    const period = formatPeriod({ year: row.period_year, month: row.period_month });
    if (!byPeriod.has(period)) byPeriod.set(period, { id: row.id, name: row.name });
  }
  const { months, left: alreadyImported } = await planMonths(
    trx,
    userId,
    source,
    imported,
    known,
    (period) => byPeriod.get(period)?.id,
  );
  const targets = months.map((item) => byPeriod.get(item.period));
  const targetIds = targets.map((target) => target?.id);
  const items = await monthItems(
    trx,
    userId,
    targetIds.flatMap((id) => (id === undefined ? [] : [id])),
  );
  await ensureHistoryFits(trx, userId, months, targetIds, items, accountMonths.length);

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
  const merged = targets.map((target) => target !== undefined);
  const habits = await resolveItems(trx, userId, 'habits', months, monthIds, merged, items.habits);
  const measures = await resolveItems(
    trx,
    userId,
    'measures',
    months,
    monthIds,
    merged,
    items.measures,
  );

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
  const tick = (journal_id: number, m: number, daily: ExportDailyHabit) => ({
    author_id,
    journal_id,
    habit_id: habits.maps[m]?.get(daily.habit) as number,
    is_practiced: daily.is_practiced ? (1 as const) : (0 as const),
    is_skipped: daily.is_skipped === true && !daily.is_practiced ? (1 as const) : (0 as const),
  });
  const value = (journal_id: number, m: number, daily: ExportDailyMeasure) => ({
    author_id,
    journal_id,
    measure_id: measures.maps[m]?.get(daily.measure) as number,
    metric: daily.metric,
  });
  const dailyHabits = journals.flatMap(({ journal, m }, j) =>
    journal.daily_habits.map((daily) => tick(journalIds[j] as number, m, daily)),
  );
  await insertLeaves(trx, 'daily_habits', dailyHabits);
  const dailyMeasures = journals.flatMap(({ journal, m }, j) =>
    journal.daily_measures.map((daily) => value(journalIds[j] as number, m, daily)),
  );
  await insertLeaves(trx, 'daily_measures', dailyMeasures);

  // New ticks and values on entries the account has (history-plan.ts says which), listed for an undo.
  const additions = months.flatMap(({ additions }, m) =>
    additions.map((addition) => ({ addition, m })),
  );
  const addedHabits = await insertReturningIds(
    trx,
    'daily_habits',
    additions.flatMap(({ addition, m }) =>
      addition.habits.map((item) => tick(addition.journalId, m, item.daily)),
    ),
  );
  const addedMeasures = await insertReturningIds(
    trx,
    'daily_measures',
    additions.flatMap(({ addition, m }) =>
      addition.measures.map((item) => value(addition.journalId, m, item.daily)),
    ),
  );

  const keys = newKeys(
    [
      ...months
        .flatMap(({ keys }) => keys)
        .flatMap((journalKeys, j) =>
          journalKeys.map((key) => ({ key, journalId: journalIds[j] as number })),
        ),
      ...additions.flatMap(({ addition }) =>
        [...addition.habits, ...addition.measures].map(({ key }) => ({
          key,
          journalId: addition.journalId,
        })),
      ),
    ],
    known,
  );
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
      daily_habits: addedHabits,
      daily_measures: addedMeasures,
    },
    keys.size > 0,
  );
  await recordKeys(trx, userId, source, importId ?? null, keys);

  return {
    counts: {
      months: freshIds.length,
      habits: habits.created,
      measures: measures.created,
      goals: 0,
      journals: journalIds.length,
      daily_habits: dailyHabits.length + addedHabits.length,
      daily_measures: dailyMeasures.length + addedMeasures.length,
    },
    months: await importedMonths(trx, userId, freshIds),
    skipped: [],
    merged: targets.flatMap((target) => (target ? [target.name] : [])),
    alreadyImported,
    ...(importId === undefined ? {} : { importId }),
  };
}

/** Inserts leaf rows a batch at a time and returns their ids (in no particular order). */
async function insertReturningIds(
  trx: Transaction<DB>,
  table: 'daily_habits' | 'daily_measures',
  rows: Insertable<DB['daily_habits']>[] | Insertable<DB['daily_measures']>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const returned = await trx
      .insertInto(table as 'daily_habits')
      .values(rows.slice(start, start + ROWS_PER_INSERT) as Insertable<DB['daily_habits']>[])
      .returning('id')
      .execute();
    ids.push(...returned.map((row) => row.id));
  }
  return ids;
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
