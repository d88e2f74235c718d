// The loaded month at a glance (its own chunk, with the chart library): measure chart, goal progress, habit grid.
import '@mantine/core/styles/Progress.css';
import '@mantine/charts/styles.css';
import { Paper } from '@mantine/core';
import type { MonthStats } from '../../../contract/stats';
import { chartDays } from './chart-days';
import { GoalsProgress } from './goals-progress';
import { HabitGrid } from './habit-grid';
import { MeasureChart } from './measure-chart';
import { MoodChart } from './mood-chart';

/** Draws what the section fetched: this chunk holds no data code, only the drawing. */
export function MonthStatsCards({
  stats,
  period,
}: {
  stats: MonthStats;
  /** The month's calendar period (`YYYY-MM`): the charts run over its every day. */
  period?: string | null | undefined;
}) {
  const days = chartDays(
    period,
    stats.entries.map((entry) => entry.created_at),
  );
  return (
    <div className="mb-stats-grid" data-empty={stats.entries.length === 0 || undefined}>
      {/* A chart per measure; an older saved answer holds the first measure only. */}
      {stats.measures && stats.measures.length > 0 ? (
        stats.measures.map((measure) => (
          <Paper
            key={measure.id}
            withBorder
            radius="lg"
            p="md"
            className="mb-stats-chart"
            data-target={measure.target !== null || undefined}
          >
            <MeasureChart
              measure={measure}
              series={measure.series}
              entries={stats.entries}
              days={days}
            />
          </Paper>
        ))
      ) : (
        <Paper withBorder radius="lg" p="md" className="mb-stats-chart">
          <MeasureChart
            measure={stats.measure}
            series={stats.series}
            entries={stats.entries}
            days={days}
          />
        </Paper>
      )}
      {/* The month's mood by day, unless the month turned mood off. */}
      {stats.mood_enabled !== false && stats.mood && (
        <Paper withBorder radius="lg" p="md" className="mb-stats-chart">
          <MoodChart series={stats.mood} entries={stats.entries.length} days={days} />
        </Paper>
      )}
      <Paper withBorder radius="lg" p="md" className="mb-stats-goals">
        <GoalsProgress completed={stats.goals.completed} total={stats.goals.total} />
      </Paper>
      <Paper withBorder radius="lg" p="md" className="mb-stats-habits">
        <HabitGrid habits={stats.habits} entries={stats.entries} days={days} />
      </Paper>
    </div>
  );
}
