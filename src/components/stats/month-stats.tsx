// The loaded month at a glance (its own chunk, with the chart library): measure chart, goal progress, habit grid.
import '@mantine/core/styles/Progress.css';
import '@mantine/charts/styles.css';
import { Paper } from '@mantine/core';
import type { MonthStats } from '../../../contract/stats';
import { GoalsProgress } from './goals-progress';
import { HabitGrid } from './habit-grid';
import { MeasureChart } from './measure-chart';

/** Draws what the section fetched: this chunk holds no data code, only the drawing. */
export function MonthStatsCards({ stats }: { stats: MonthStats }) {
  return (
    <div className="mb-stats-grid" data-empty={stats.entries.length === 0 || undefined}>
      <Paper withBorder radius="lg" p="md" className="mb-stats-chart">
        <MeasureChart measure={stats.measure} series={stats.series} entries={stats.entries} />
      </Paper>
      <Paper withBorder radius="lg" p="md" className="mb-stats-goals">
        <GoalsProgress completed={stats.goals.completed} total={stats.goals.total} />
      </Paper>
      <Paper withBorder radius="lg" p="md" className="mb-stats-habits">
        <HabitGrid habits={stats.habits} entries={stats.entries} />
      </Paper>
    </div>
  );
}
