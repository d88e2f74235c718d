// The days the month's charts run over: every day of the month's period, so a day without an entry or a value shows as a gap instead of being squeezed out.
import { dateOfDay, dayNumber } from '../../../contract/habit-schedule';
import { daysInPeriod, periodDay, periodParts } from '../../../contract/month-period';
import type { MeasurePoint, StatsEntry } from '../../../contract/stats';

/** A month without a period spans its first to its last date; past this many days, only its dates. */
const MAX_SPAN = 62;

/**
 * Every day of `period` (`YYYY-MM`), in order, with any of `dates` that fall outside it; without a
 * period, every day from the earliest of `dates` to the latest.
 */
export function chartDays(period: string | null | undefined, dates: readonly string[]): string[] {
  const days = new Set<string>();
  const parts = periodParts(period);
  if (parts) {
    const length = daysInPeriod(parts);
    for (let day = 1; day <= length; day += 1) days.add(periodDay(parts, day));
  } else if (dates.length > 0) {
    const numbers = dates.map(dayNumber);
    const first = Math.min(...numbers);
    const last = Math.max(...numbers);
    if (last - first < MAX_SPAN)
      for (let day = first; day <= last; day += 1) days.add(dateOfDay(day));
  }
  for (const date of dates) days.add(date);
  return [...days].sort();
}

/** A value per day of `days`: the series' value, or null where it has none (a gap in the line). */
export function everyDay(
  days: readonly string[],
  series: readonly MeasurePoint[],
): { date: string; value: number | null }[] {
  const values = new Map(series.map((point) => [point.date, point.value]));
  return days.map((date) => ({ date, value: values.get(date) ?? null }));
}

/** A column of the habit grid: an entry (its index in the stats' entries), or a day without one. */
export interface GridColumn {
  date: string;
  entry: number | null;
}

/**
 * The habit grid's columns: a day with entries gets a column per entry (two entries, two
 * columns), a day without one gets an empty column, so the month's rhythm shows at a glance.
 */
export function gridColumns(days: readonly string[], entries: readonly StatsEntry[]): GridColumn[] {
  const byDate = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const indexes = byDate.get(entry.created_at);
    if (indexes) indexes.push(index);
    else byDate.set(entry.created_at, [index]);
  });
  return days.flatMap((date): GridColumn[] => {
    const indexes = byDate.get(date);
    return indexes ? indexes.map((entry) => ({ date, entry })) : [{ date, entry: null }];
  });
}
