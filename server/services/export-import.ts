// Turns a user's rows into the versioned export file, with ids that only mean something inside the file.

import type { Kysely } from 'kysely';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportFile,
  type ExportJournal,
  type ExportMonth,
} from '../../contract/export.js';
import { scheduleFromColumns } from '../../contract/habit-schedule.js';
import { formatPeriod } from '../../contract/month-period.js';
import type { DB } from '../db/schema.js';
import { type AccountData, readMonthPage, readMonthsData } from '../repositories/account-data.js';

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Turns pages of an account's rows into export months. Habits and measures are numbered 1, 2, …
 * in file order across the pages, and daily items point at those numbers, so the file says
 * nothing about database ids, and exporting an imported file gives the same file back (apart from
 * `exported_at`). Daily items point only at their own month's items, so only the counters, not
 * the id maps, outlive a page.
 */
export class ExportNumbering {
  #habits = 0;
  #measures = 0;

  months(data: AccountData): ExportMonth[] {
    const fileIds = { habits: new Map<number, number>(), measures: new Map<number, number>() };
    const number = (kind: 'habits' | 'measures', id: number) => {
      const fileId = kind === 'habits' ? ++this.#habits : ++this.#measures;
      fileIds[kind].set(id, fileId);
      return fileId;
    };
    const habitsByMonth = groupBy(data.habits, (row) => row.month_id);
    const measuresByMonth = groupBy(data.measures, (row) => row.month_id);
    const goalsByMonth = groupBy(data.goals, (row) => row.month_id);
    const journalsByMonth = groupBy(data.journals, (row) => row.month_id);
    const dailyHabitsByJournal = groupBy(data.dailyHabits, (row) => row.journal_id);
    const dailyMeasuresByJournal = groupBy(data.dailyMeasures, (row) => row.journal_id);

    return data.months.map((month): ExportMonth => {
      const habits = (habitsByMonth.get(month.id) ?? []).map((habit) => {
        const schedule = scheduleFromColumns(
          habit.schedule_kind,
          habit.schedule_days,
          habit.schedule_times,
        );
        return {
          id: number('habits', habit.id),
          name: habit.name,
          // Version 2 field, only when not daily.
          ...(schedule.kind === 'daily' ? {} : { schedule }),
        };
      });
      const measures = (measuresByMonth.get(month.id) ?? []).map((measure) => ({
        id: number('measures', measure.id),
        name: measure.name,
        // Version 2 fields, only when set.
        ...(measure.unit === null ? {} : { unit: measure.unit }),
        ...(measure.target === null || measure.target_direction === null
          ? {}
          : { target: Number(measure.target), target_direction: measure.target_direction }),
      }));
      const journals = (journalsByMonth.get(month.id) ?? []).map(
        (journal): ExportJournal => ({
          created_at: journal.created_at,
          highlight: journal.highlight,
          daily_habits: (dailyHabitsByJournal.get(journal.id) ?? []).map((daily) => ({
            habit: fileIds.habits.get(daily.habit_id) ?? 0,
            is_practiced: daily.is_practiced === 1,
            // Version 2 field, only when skipped.
            ...(daily.is_skipped === 1 ? { is_skipped: true } : {}),
          })),
          daily_measures: (dailyMeasuresByJournal.get(journal.id) ?? []).map((daily) => ({
            measure: fileIds.measures.get(daily.measure_id) ?? 0,
            metric: daily.metric,
          })),
          // Version 2 fields, each only when not at its default (contract/export.ts).
          ...(journal.note === '' ? {} : { note: journal.note }),
          ...(journal.mood === null ? {} : { mood: journal.mood }),
        }),
      );
      return {
        name: month.name,
        habits,
        measures,
        goals: (goalsByMonth.get(month.id) ?? []).map((goal) => ({
          name: goal.name,
          is_completed: goal.is_completed === 1,
        })),
        journals,
        // Version 2 fields, each only when not at its default (contract/export.ts).
        ...(month.mood_enabled === 0 ? { mood_enabled: false } : {}),
        ...(month.period_year !== null && month.period_month !== null
          ? { period: formatPeriod({ year: month.period_year, month: month.period_month }) }
          : {}),
      };
    });
  }
}

/*
 * The account key's wraps (account_keys) are not in the file, on purpose. Today no month is
 * private, so the file holds no ciphertext for them to open: they would only hand whoever gets
 * the file the password wrap to guess passwords against, offline. The file must carry them in the
 * change that first puts a private month's ciphertext in it, together with that month's wrapped
 * key: then a backup opens with the password or the recovery key, even after the account is gone.
 */

/** The whole file at once, from all of an account's rows (readAccountData). */
export function buildExport(data: AccountData, now: Date = new Date()): ExportFile {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    months: new ExportNumbering().months(data),
  };
}

/** Months per page of the streamed export: few queries per page, and little held at once. */
const MONTHS_PER_PAGE = 10;

/**
 * The same bytes as `JSON.stringify(buildExport(readAccountData(…), now))` (the keys in the
 * schema's order, as the response serializer wrote them), a page of months at a time: memory
 * holds one page, never the account. Run it inside one transaction (REPEATABLE READ on
 * PostgreSQL), so a write landing meanwhile cannot leave a daily item pointing at a journal the
 * file does not hold.
 */
export async function* exportChunks(
  db: Kysely<DB>,
  userId: number,
  now: Date = new Date(),
): AsyncGenerator<string> {
  const head = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: now.toISOString() };
  let chunk = `${JSON.stringify(head).slice(0, -1)},"months":[`;
  const numbering = new ExportNumbering();
  let afterId = 0;
  let first = true;
  for (;;) {
    const page = await readMonthPage(db, userId, afterId, MONTHS_PER_PAGE);
    if (page.length === 0) break;
    afterId = page[page.length - 1]!.id;
    for (const month of numbering.months(await readMonthsData(db, userId, page))) {
      chunk += `${first ? '' : ','}${JSON.stringify(month)}`;
      first = false;
    }
    yield chunk;
    chunk = '';
  }
  yield `${chunk}]}`;
}
