// The habit grid: a row per habit with its rate and streaks, then a cell per entry, ticked or not.
import { VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { HabitStats, StatsEntry } from '../../../contract/stats';
import { CardTitle, EmptyMessage } from './card-parts';
import './habit-grid.css';
import { dayOfMonth } from './stats-texts';
import { useStatsWords } from './stats-words';

function Tick({ value }: { value: boolean | null }) {
  const { t } = useStatsWords();
  const [shape, label] =
    value === true
      ? ['mb-tick-yes', t.ticked]
      : value === false
        ? ['mb-tick-no', t.notTicked]
        : ['mb-tick-none', t.noCheckbox];
  return (
    <>
      <span className={`mb-tick ${shape}`} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </>
  );
}

/** A header that shows a short word and names the column in full for screen readers. */
function ShortHeader({ short, long }: { short: string; long: string }) {
  return (
    <th scope="col" title={long} className="mb-habit-grid-number">
      <span aria-hidden="true">{short}</span>
      <VisuallyHidden>{long}</VisuallyHidden>
    </th>
  );
}

export function HabitGrid({ habits, entries }: { habits: HabitStats[]; entries: StatsEntry[] }) {
  // Sized by .mb-stats-habits-body (stats-frame.css), exactly as the placeholder's block.
  const { t, formatLongDate, formatPercent } = useStatsWords();
  const rows = { '--mb-habit-rows': habits.length } as CSSProperties;
  if (habits.length === 0 || entries.length === 0) {
    return (
      <>
        <CardTitle>{t.habits}</CardTitle>
        <div className="mb-stats-habits-body" data-empty>
          <EmptyMessage>{habits.length === 0 ? t.noHabits : t.noHabitEntries}</EmptyMessage>
        </div>
      </>
    );
  }
  return (
    <>
      <CardTitle>{t.habits}</CardTitle>
      <section
        className="mb-habit-grid-scroll mb-stats-habits-body"
        style={rows}
        aria-label={t.gridRegion}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so keyboard users can scroll it (axe scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="mb-habit-grid">
          <caption className="mb-visually-hidden">{t.habitsCaption}</caption>
          <thead>
            <tr>
              <th scope="col" className="mb-habit-grid-name">
                {t.habit}
              </th>
              <th scope="col" className="mb-habit-grid-number">
                {t.rate}
              </th>
              <ShortHeader short={t.streak} long={t.streakLong} />
              <ShortHeader short={t.best} long={t.bestLong} />
              {entries.map((entry) => (
                <th
                  key={entry.id}
                  scope="col"
                  title={formatLongDate(entry.created_at)}
                  className="mb-habit-grid-day"
                >
                  <span aria-hidden="true">{dayOfMonth(entry.created_at)}</span>
                  <VisuallyHidden>{formatLongDate(entry.created_at)}</VisuallyHidden>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {habits.map((habit) => (
              <tr key={habit.id}>
                <th scope="row" className="mb-habit-grid-name" title={habit.name}>
                  {habit.name}
                </th>
                <td className="mb-habit-grid-number">{formatPercent(habit.rate)}</td>
                <td className="mb-habit-grid-number">{habit.current_streak}</td>
                <td className="mb-habit-grid-number">{habit.longest_streak}</td>
                {habit.ticks.map((tick, index) => (
                  <td key={entries[index]?.id ?? index} className="mb-habit-grid-day">
                    <Tick value={tick} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
