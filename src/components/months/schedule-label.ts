// A habit schedule's form values and compact label: no Mantine, so the journal cards can use it.
import { DAILY, type HabitSchedule, type ScheduleKind } from '../../../contract/habit-schedule';
import { habitSchedules } from '../../i18n/en/habit-schedules';
import { useTexts } from '../../i18n/store';

/** The form's state of a schedule: every field kept, so switching kinds back loses nothing. */
export interface ScheduleValues {
  kind: ScheduleKind;
  days: number[];
  times: number;
}

export const DAILY_VALUES: ScheduleValues = { kind: 'daily', days: [1, 3, 5], times: 3 };

export function scheduleValues(schedule: HabitSchedule | undefined): ScheduleValues {
  if (!schedule || schedule.kind === 'daily') return { ...DAILY_VALUES };
  if (schedule.kind === 'weekdays')
    return { ...DAILY_VALUES, kind: 'weekdays', days: schedule.days };
  return { ...DAILY_VALUES, kind: 'times_per_week', times: schedule.times };
}

export function toSchedule(values: ScheduleValues): HabitSchedule {
  if (values.kind === 'weekdays') return { kind: 'weekdays', days: [...values.days].sort() };
  if (values.kind === 'times_per_week') return { kind: 'times_per_week', times: values.times };
  return DAILY;
}

/** The form rule: chosen weekdays need one day at least. */
export function scheduleError(values: ScheduleValues, message: string): string | null {
  return values.kind === 'weekdays' && values.days.length === 0 ? message : null;
}

/** Monday first, as ISO weeks (and the N-a-week quota) run. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** 'Mon, Wed' / '3×/week' / '' (daily), and the words a screen reader says for it. */
export function useScheduleLabel(): (schedule: HabitSchedule | undefined) => {
  short: string;
  spoken: string;
} {
  const t = useTexts('habitSchedules', habitSchedules);
  return (schedule) => {
    const values = scheduleValues(schedule);
    const ordered = WEEK_ORDER.filter((day) => values.days.includes(day));
    return {
      short: t.compact(
        values.kind,
        ordered.map((day) => t.dayShort[day] ?? ''),
        values.times,
      ),
      spoken: t.spoken(
        values.kind,
        ordered.map((day) => t.dayLong[day] ?? ''),
        values.times,
      ),
    };
  };
}
