// English words of the loaded month at a glance (not spec strings; the section's own are in src/i18n/en/journals.ts).
// Read through useStatsWords() (stats-words.ts), which also formats numbers and dates in the active language.

/** `2025-03-01` → `1` */
export const dayOfMonth = (isoDate: string) => String(Number(isoDate.slice(8, 10)));

export const STATS_TEXTS = {
  measure: 'Measure',
  byDay: (measure: string) => `${measure} by day`,
  measureSummary: (latest: string, low: string, high: string) =>
    `Latest ${latest} · Low ${low} · High ${high}`,
  measureTableCaption: (measure: string) => `${measure} by day, one row per day with a value`,
  date: 'Date',
  value: 'Value',
  noMeasure: 'This month has no measure to chart.',
  noValues: (measure: string) => `No ${measure} values yet.`,
  noEntries: 'No entries yet: write the first one and your month fills in here.',
  habits: 'Habits',
  habitsCaption:
    'Each habit on each entry, oldest first, with its completion rate and streaks; a day without an entry is an empty column',
  habit: 'Habit',
  rate: 'Rate',
  streak: 'Streak',
  streakLong: 'Current streak',
  best: 'Best',
  bestLong: 'Longest streak',
  ticked: 'Ticked',
  notTicked: 'Not ticked',
  noCheckbox: 'No checkbox',
  noEntry: 'No entry',
  noHabits: 'This month has no habits.',
  noHabitEntries: 'Ticks, rates and streaks appear after the first entry.',
  gridRegion: 'Habit grid (scrolls sideways)',
  goals: 'Goal progress',
  goalsOf: (completed: number, total: number) => `${completed} of ${total}`,
  goalsLabel: 'Goals completed',
  goalsValueText: (completed: number, total: number) => `${completed} of ${total} goals completed`,
  noGoals: 'No goals yet.',
} as const;
