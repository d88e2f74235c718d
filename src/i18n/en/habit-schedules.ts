// English words of habit schedules and skip days.

export const habitSchedules = {
  schedule: 'Schedule',
  scheduleOf: (name: string) => `Schedule of ${name || 'the habit'}`,
  daily: 'Every day',
  weekdays: 'Chosen days',
  timesPerWeek: 'Times a week',
  days: 'Days it is due',
  timesLabel: 'Times a week',
  pickADay: 'Choose at least one day.',
  /** Short weekday names, 0 = Sunday. */
  dayShort: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  dayLong: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  /** The compact schedule shown beside a habit: '', 'Mon, Wed', '3×/week'. */
  compact: (kind: 'daily' | 'weekdays' | 'times_per_week', days: string[], times: number) =>
    kind === 'daily' ? '' : kind === 'weekdays' ? days.join(', ') : `${times}×/week`,
  /** Read aloud: 'every day', 'on Monday and Wednesday', '3 times a week'. */
  spoken: (kind: 'daily' | 'weekdays' | 'times_per_week', days: string[], times: number) =>
    kind === 'daily'
      ? 'every day'
      : kind === 'weekdays'
        ? `on ${days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days.at(-1)}` : days[0]}`
        : `${times} ${times === 1 ? 'time' : 'times'} a week`,
  skip: 'Skip',
  skipped: 'Skipped',
  skipHabit: (name: string) => `Skip ${name} (a planned rest day)`,
  skippedState: 'skipped',
  notDue: 'not due',
  habitStates: 'Done, skipped or not done',
  weekShort: 'wk',
  weeksStreak: (count: number) => `${count} ${count === 1 ? 'week' : 'weeks'}`,
  streakInWeeks: 'Streaks of this habit count weeks that met its quota.',
  // The year view's line of an N-a-week habit: it counts weeks, as its month at a glance does.
  weeksRate: (done: number, total: number, percent: string) =>
    `${done} of ${total} ${total === 1 ? 'week' : 'weeks'} met (${percent})`,
} as const;
