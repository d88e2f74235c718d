// A private month at a glance, computed in the browser from its opened rows: the server cannot read them (it answers 409 private_month), so the same computation runs here (contract/month-stats-assembly.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { Journal } from '../../contract/entities';
import { DAILY, type HabitSchedule } from '../../contract/habit-schedule';
import { assembleMonthStats } from '../../contract/month-stats-assembly';
import type { MonthStats } from '../../contract/stats';
import { compareJournals } from './journal-list';
import { ensureJournalsPage } from './journals-page';

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

export async function localMonthStats(
  queryClient: QueryClient,
  monthId: number,
): Promise<MonthStats> {
  const [month, journals, goals, habits, measures, dailyHabits, dailyMeasures] =
    await ensureJournalsPage(queryClient, monthId);
  const entries = [...journals].sort(compareJournals);
  const dateOf = new Map(entries.map((entry: Journal) => [entry.id, entry.created_at]));
  // Each measure's values averaged per entry date, as the server's SQL does.
  const sums = new Map<
    string,
    { measure_id: number; date: string; total: number; count: number }
  >();
  for (const value of dailyMeasures) {
    const date = dateOf.get(value.journal_id);
    if (date === undefined) continue;
    const key = `${value.measure_id}|${date}`;
    const sum = sums.get(key) ?? { measure_id: value.measure_id, date, total: 0, count: 0 };
    sum.total += value.metric;
    sum.count += 1;
    sums.set(key, sum);
  }
  const points = [...sums.values()]
    .sort((a, b) => a.measure_id - b.measure_id || (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map(({ measure_id, date, total, count }) => ({
      measure_id,
      date,
      value: total / count,
      count,
    }));
  return assembleMonthStats({
    monthId,
    moodEnabled: month.mood_enabled !== false,
    entries: entries.map(({ id, created_at, mood }) => ({ id, created_at, mood: mood ?? null })),
    habits: [...habits].sort(byId).map(({ id, name, schedule }) => ({
      id,
      name,
      schedule: (schedule as HabitSchedule) ?? DAILY,
    })),
    ticks: dailyHabits.map((tick) => ({
      journal_id: tick.journal_id,
      habit_id: tick.habit_id,
      is_practiced: tick.is_practiced,
      is_skipped: tick.is_skipped === true,
    })),
    measures: [...measures].sort(byId).map((measure) => ({
      id: measure.id,
      name: measure.name,
      unit: measure.unit ?? null,
      target: measure.target ?? null,
      target_direction: measure.target_direction ?? null,
    })),
    points,
    goals: {
      completed: goals.filter((goal) => goal.is_completed).length,
      total: goals.length,
    },
  });
}
