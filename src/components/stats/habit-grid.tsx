// The habit grid: a row per habit with its rate and streaks, then a cell per entry, ticked or not, and an empty one for each day without an entry.
import { VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import { isDue, scheduleOrDaily } from '../../../contract/habit-schedule';
import type { HabitStats, StatsEntry } from '../../../contract/stats';
import { habitSchedules } from '../../i18n/en/habit-schedules';
import { useTexts } from '../../i18n/store';
import { useScheduleLabel } from '../months/schedule-label';
import { CardTitle, EmptyMessage } from './card-parts';
import { gridColumns } from './chart-days';
import './habit-grid.css';
import { dayOfMonth } from '../../i18n/en/stats';
import { useStatsWords } from './stats-words';

function Tick({ value, skipped }: { value: boolean | null; skipped: boolean }) {
  const { t } = useStatsWords();
  const words = useTexts('habitSchedules', habitSchedules);
  const [shape, label] = skipped
    ? ['mb-tick-skip', words.skipped]
    : value === true
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

export function HabitGrid({
  habits,
  entries,
  days = [],
}: {
  habits: HabitStats[];
  entries: StatsEntry[];
  /** Every day of the month, in order: a column each (one per entry on days with several). */
  days?: readonly string[];
}) {
  // Sized by .mb-stats-habits-body (stats-frame.css), exactly as the placeholder's block.
  const { t, formatLongDate, formatPercent } = useStatsWords();
  const words = useTexts('habitSchedules', habitSchedules);
  const scheduleLabel = useScheduleLabel();
  // A streak of an N-a-week habit counts weeks.
  const streak = (habit: HabitStats, count: number) =>
    habit.streak_unit === 'weeks' ? (
      <>
        <span aria-hidden="true">
          {count} {words.weekShort}
        </span>
        <VisuallyHidden>{words.weeksStreak(count)}</VisuallyHidden>
      </>
    ) : (
      count
    );
  const rows = { '--mb-habit-rows': habits.length } as CSSProperties;
  const columns = gridColumns(
    days.length > 0 ? days : entries.map((entry) => entry.created_at),
    entries,
  );
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
              {columns.map(({ date, entry }) => (
                <th
                  key={entry === null ? date : entries[entry]?.id}
                  scope="col"
                  title={formatLongDate(date)}
                  className="mb-habit-grid-day"
                  data-no-entry={entry === null || undefined}
                >
                  <span aria-hidden="true">{dayOfMonth(date)}</span>
                  <VisuallyHidden>{formatLongDate(date)}</VisuallyHidden>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {habits.map((habit) => {
              const schedule = scheduleOrDaily(habit.schedule);
              const label = scheduleLabel(schedule);
              return (
                <tr key={habit.id}>
                  <th scope="row" className="mb-habit-grid-name" title={habit.name}>
                    {habit.name}
                    {label.short && (
                      <span className="mb-habit-grid-schedule">
                        <span aria-hidden="true">{label.short}</span>
                        <VisuallyHidden>{label.spoken}</VisuallyHidden>
                      </span>
                    )}
                  </th>
                  <td className="mb-habit-grid-number">{formatPercent(habit.rate)}</td>
                  <td className="mb-habit-grid-number">{streak(habit, habit.current_streak)}</td>
                  <td className="mb-habit-grid-number">{streak(habit, habit.longest_streak)}</td>
                  {columns.map(({ date, entry }) => {
                    const off = !isDue(schedule, date);
                    if (entry === null) {
                      return (
                        <td key={date} className="mb-habit-grid-day" data-no-entry>
                          <VisuallyHidden>{t.noEntry}</VisuallyHidden>
                        </td>
                      );
                    }
                    return (
                      <td
                        key={entries[entry]?.id}
                        className="mb-habit-grid-day"
                        data-off={off || undefined}
                      >
                        <Tick
                          value={habit.ticks[entry] ?? null}
                          skipped={habit.skipped?.[entry] === true}
                        />
                        {off && <VisuallyHidden>{`, ${words.notDue}`}</VisuallyHidden>}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </>
  );
}
