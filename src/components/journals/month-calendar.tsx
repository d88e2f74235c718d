// The journals page's calendar: the month's days in weeks, each a button that opens its entry (a list of them when there are several) or creates one.
// Loaded on demand (React.lazy in entries-column.tsx): the list is the page's first paint.
import { Button, Popover, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import type { DailyHabit, Journal } from '../../../contract/entities';
import {
  DAILY,
  dayState,
  entryHabitCount,
  type HabitSchedule,
} from '../../../contract/habit-schedule';
import { localToday } from '../../../contract/local-date';
import { calendarWeeks, inPeriod, periodParts } from '../../../contract/month-period';
import { calendar } from '../../i18n/en/calendar';
import { useLocale, useTexts } from '../../i18n/store';
import './month-calendar.css';

export interface MonthCalendarProps {
  period: string;
  monthName: string;
  journals: Journal[];
  dailyHabits: DailyHabit[];
  /**
   * Every habit of the month with its schedule, by habit id: each counts on every entry where it
   * is due, ticked or not, even one written before the habit was added. Absent: the habits that
   * have a box, all daily.
   */
  habitSchedules?: ReadonlyMap<number, HabitSchedule>;
  onOpen: (journal: Journal) => void;
  onCreate: (date: string) => void;
}

interface DaySummary {
  journals: Journal[];
  mood: number | null;
  done: number;
  total: number;
}

/**
 * Per date: its entries (oldest first), their mean mood, and habits done of those that count: every
 * habit of the month not skipped and due that day, a missing box as not done (the schedules' rule,
 * shared with the entry cards, the year view and the glance).
 */
function summarize(
  journals: Journal[],
  dailyHabits: DailyHabit[],
  schedules: ReadonlyMap<number, HabitSchedule> | undefined,
): Map<string, DaySummary> {
  const byJournal = new Map<number, DailyHabit[]>();
  for (const item of dailyHabits) {
    byJournal.set(item.journal_id, [...(byJournal.get(item.journal_id) ?? []), item]);
  }
  const habits = schedules
    ? [...schedules].map(([id, schedule]) => ({ id, schedule }))
    : [...new Set(dailyHabits.map((item) => item.habit_id))].map((id) => ({
        id,
        schedule: DAILY,
      }));
  const days = new Map<string, DaySummary & { moods: number[] }>();
  for (const journal of [...journals].sort((a, b) => a.id - b.id)) {
    const day = days.get(journal.created_at) ?? {
      journals: [],
      mood: null,
      done: 0,
      total: 0,
      moods: [],
    };
    day.journals.push(journal);
    // Mood comes with the entry; an entry without one has none.
    const { mood } = journal as { mood?: number | null };
    if (typeof mood === 'number') day.moods.push(mood);
    const count = entryHabitCount(
      journal.created_at,
      habits,
      (byJournal.get(journal.id) ?? []).map((item) => ({
        habitId: item.habit_id,
        state: dayState(item.is_practiced, item.is_skipped === true),
      })),
    );
    day.done += count.done;
    day.total += count.total;
    days.set(journal.created_at, day);
  }
  for (const day of days.values()) {
    if (day.moods.length > 0) {
      day.mood = Math.round(day.moods.reduce((a, b) => a + b, 0) / day.moods.length);
    }
  }
  return days;
}

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

export default function MonthCalendar(props: MonthCalendarProps) {
  const { period, monthName, journals, dailyHabits, habitSchedules, onOpen, onCreate } = props;
  const t = useTexts('calendar', calendar);
  const locale = useLocale();
  const weeks = useMemo(() => {
    const parts = periodParts(period);
    return parts ? calendarWeeks(parts) : [];
  }, [period]);
  const days = useMemo(
    () => summarize(journals, dailyHabits, habitSchedules),
    [journals, dailyHabits, habitSchedules],
  );
  const today = localToday();
  const dates = weeks.flat().filter((date): date is string => date !== null);
  const [focused, setFocused] = useState(() =>
    inPeriod(today, period) ? today : (dates[0] ?? ''),
  );
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  /** The day whose entries are listed (a day with several), or null. */
  const [listed, setListed] = useState<string | null>(null);

  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const weekdayLong = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const fullDate = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  // 1 March 2026 is a Sunday: the header's names, Sunday first as calendarWeeks lays them out.
  const headers = Array.from({ length: 7 }, (_, index) => utc(`2026-03-0${index + 1}`));

  const move = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const index = dates.indexOf(date);
    const step: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -7,
      ArrowDown: 7,
    };
    let next: number | undefined;
    if (event.key in step) next = index + (step[event.key] ?? 0);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = dates.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const target = dates[Math.min(Math.max(next, 0), dates.length - 1)];
    if (!target) return;
    setFocused(target);
    buttons.current.get(target)?.focus();
  };

  const labelOf = (date: string, day: DaySummary | undefined) => {
    const words: string[] = [];
    if (day) {
      words.push(t.entries(day.journals.length));
      if (day.mood !== null) words.push(t.mood(day.mood));
      if (day.total > 0) words.push(t.habitsDone(day.done, day.total));
    } else {
      words.push(t.noEntry);
    }
    if (date === today) words.push(t.today);
    return t.dayLabel(fullDate.format(utc(date)), words.join(', '));
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" id="calendar-hint">
        {t.calendarHint}
      </Text>
      <table className="mb-calendar" aria-label={t.calendarOf(monthName)}>
        <thead>
          <tr>
            {headers.map((date) => (
              <th key={date.toISOString()} scope="col" abbr={weekdayLong.format(date)}>
                {weekday.format(date)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((date, index) => {
                // Blank cells before the first day or after the last: their place is their key.
                // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell has nothing else
                if (date === null) return <td key={`blank-${index}`} />;
                const day = days.get(date);
                const share = day && day.total > 0 ? day.done / day.total : null;
                // Several entries on one day: the button opens a list of them to choose from.
                const several = day !== undefined && day.journals.length > 1;
                const button = (
                  <button
                    type="button"
                    className="mb-calendar-day"
                    ref={(element) => {
                      if (element) buttons.current.set(date, element);
                      else buttons.current.delete(date);
                    }}
                    tabIndex={date === focused ? 0 : -1}
                    data-entry={day ? true : undefined}
                    data-today={date === today || undefined}
                    data-date={date}
                    aria-label={labelOf(date, day)}
                    aria-describedby="calendar-hint"
                    onFocus={() => setFocused(date)}
                    onKeyDown={(event) => move(event, date)}
                    onClick={() => {
                      if (several) {
                        setListed(listed === date ? null : date);
                        return;
                      }
                      const first = day?.journals[0];
                      if (first) onOpen(first);
                      else onCreate(date);
                    }}
                  >
                    <span className="mb-calendar-number" aria-hidden="true">
                      {Number(date.slice(8))}
                    </span>
                    {day?.mood != null && (
                      <span className={`mb-calendar-mood mb-mood-${day.mood}`} aria-hidden="true" />
                    )}
                    {share !== null && (
                      <span className="mb-calendar-habits" aria-hidden="true">
                        <span style={{ width: `${Math.round(share * 100)}%` }} />
                      </span>
                    )}
                  </button>
                );
                if (!several) return <td key={date}>{button}</td>;
                const dayName = fullDate.format(utc(date));
                const choose = (then: () => void) => () => {
                  setListed(null);
                  then();
                };
                return (
                  <td key={date}>
                    {/* In the page, not a portal: the list stays inside the main landmark. */}
                    <Popover
                      opened={listed === date}
                      onChange={(opened) => setListed(opened ? date : null)}
                      position="bottom"
                      shadow="md"
                      width={260}
                      trapFocus
                      returnFocus
                      withinPortal={false}
                    >
                      <Popover.Target>{button}</Popover.Target>
                      <Popover.Dropdown aria-label={t.entriesOfDay(dayName)}>
                        <Text size="sm" fw={600} mb={4}>
                          {t.entriesOfDay(dayName)}
                        </Text>
                        <Stack gap={2}>
                          {day.journals.map((journal) => (
                            <Button
                              key={journal.id}
                              variant="subtle"
                              justify="start"
                              size="compact-sm"
                              onClick={choose(() => onOpen(journal))}
                            >
                              <Text size="sm" truncate="end" span>
                                {journal.highlight}
                              </Text>
                            </Button>
                          ))}
                          <Button
                            variant="subtle"
                            justify="start"
                            size="compact-sm"
                            onClick={choose(() => onCreate(date))}
                          >
                            {t.newEntryOnDay}
                          </Button>
                        </Stack>
                      </Popover.Dropdown>
                    </Popover>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mb-calendar-legend" aria-hidden="true">
        <span>
          <span className="mb-calendar-swatch" data-entry /> {t.legendEntry}
        </span>
        <span>
          <span className="mb-calendar-swatch" /> {t.legendEmpty}
        </span>
        {/* The day's two bars, drawn as they are in a day: the mood's colours, then a part-filled bar. */}
        <span>
          <span className="mb-calendar-legend-bar">
            {[1, 2, 3, 4, 5].map((mood) => (
              <span key={mood} className={`mb-mood-${mood}`} />
            ))}
          </span>{' '}
          {t.legendMood}
        </span>
        <span>
          <span className="mb-calendar-legend-bar mb-calendar-habits">
            <span style={{ width: '60%' }} />
          </span>{' '}
          {t.legendHabits}
        </span>
      </div>
    </Stack>
  );
}
