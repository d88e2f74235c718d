// A year's private months, which the server lists nameless and counts in no figure: their names from the month list opened here, and their figures computed here from their opened rows and added to the server's. Loaded only for a year that has a private month.
import type { QueryClient } from '@tanstack/react-query';
import { scheduleOrDaily } from '../../contract/habit-schedule';
import type { YearView } from '../../contract/year';
import { addYearFigures, assembleYear, type YearRows } from '../../contract/year-assembly';
import { accountKeyForReading } from './account-key-session';
import { dailyHabitsQueryOptions, dailyMeasuresQueryOptions } from './daily';
import { habitsQueryOptions } from './habits';
import { journalsQueryOptions } from './journal-list';
import { measuresQueryOptions } from './measures';
import { monthsQueryOptions } from './months';
import { unreadable } from './private-rows';

export async function withPrivateMonths(
  queryClient: QueryClient,
  view: YearView,
): Promise<YearView> {
  const months = new Map(
    (await queryClient.ensureQueryData(monthsQueryOptions())).map((month) => [month.id, month]),
  );
  const named = {
    ...view,
    months: view.months.map((month) => {
      const opened = month.private ? months.get(month.id) : undefined;
      if (!opened) return month;
      // The name, and why it cannot be shown if so (src/queries/private-rows.ts): nothing else.
      const { name, unreadable: mark } = opened as typeof opened & { unreadable?: unknown };
      return { ...month, name, ...(mark ? { unreadable: mark } : {}) };
    }),
  };
  if (!(await accountKeyForReading())) return named;
  const rows = await privateRows(
    queryClient,
    view.months.filter((month) => month.private).map((month) => month.id),
  );
  const periodOf = new Map(view.months.map((month) => [month.id, month.period]));
  return { ...named, ...addYearFigures(view, assembleYear(view.year, rows, periodOf)) };
}

/**
 * The rows of the months `ids` as the server would read them for a plain month, opened here. A
 * month with a row that cannot be opened counts in no figure, as on the server.
 */
async function privateRows(queryClient: QueryClient, ids: number[]): Promise<YearRows> {
  const rows: YearRows = { entries: [], boxes: [], habits: [], measures: [] };
  const lists = await Promise.all(
    ids.map((id) =>
      Promise.all([
        queryClient.ensureQueryData(journalsQueryOptions(id)),
        queryClient.ensureQueryData(dailyHabitsQueryOptions(id)),
        queryClient.ensureQueryData(habitsQueryOptions(id)),
        queryClient.ensureQueryData(measuresQueryOptions(id)),
        queryClient.ensureQueryData(dailyMeasuresQueryOptions(id)),
      ]),
    ),
  );
  for (const [journals, ticks, habits, measures, values] of lists) {
    if ([journals, ticks, habits, measures, values].some((list) => list.some(unreadable))) continue;
    for (const journal of journals)
      rows.entries.push({
        id: journal.id,
        month_id: journal.month_id,
        created_at: journal.created_at,
        mood: journal.mood ?? null,
      });
    for (const tick of ticks)
      rows.boxes.push({
        journal_id: tick.journal_id,
        habit_id: tick.habit_id,
        state: tick.is_practiced ? 'done' : tick.is_skipped ? 'skipped' : 'not_done',
      });
    for (const habit of habits)
      rows.habits.push({ ...habit, schedule: scheduleOrDaily(habit.schedule) });
    for (const measure of measures) {
      const mine = values.filter((value) => value.measure_id === measure.id);
      rows.measures.push({
        name: measure.name,
        unit: measure.unit ?? null,
        month_id: measure.month_id,
        value: mine.length === 0 ? null : mine.reduce((sum, v) => sum + v.metric, 0) / mine.length,
        count: mine.length,
      });
    }
  }
  // As the server reads them: entries by date, then id; habits by id.
  rows.entries.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  rows.habits.sort((a, b) => a.id - b.id);
  return rows;
}
