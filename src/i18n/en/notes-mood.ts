// English words of an entry's mood and Markdown note, and of the month's mood switch.

export const notesMood = {
  mood: 'Mood',
  /** Mood 1 to 5, in order. */
  moodNames: ['awful', 'bad', 'okay', 'good', 'great'],
  /** A face's accessible name: "Mood 4 of 5: good". */
  moodLabel: (value: number, name: string) => `Mood ${value} of 5: ${name}`,
  clearMood: 'Clear mood',
  note: 'Note',
  noteHint: 'Optional. Markdown: **bold**, _italic_, lists, [links](https://…).',
  noteTabs: 'Note: write or preview',
  write: 'Write',
  preview: 'Preview',
  previewEmpty: 'Nothing to preview yet.',
  noteCount: (count: number, max: number) =>
    `${count.toLocaleString('en')} / ${max.toLocaleString('en')} characters`,
  limitReached: 'Limit reached',
  showMore: 'Show more',
  showLess: 'Show less',
  trackMood: 'Track mood',
  trackMoodHint: 'Each entry asks how the day was, from 1 (awful) to 5 (great).',
  moodChartTitle: 'Mood',
  moodChartLabel: (days: number) =>
    `Mood across the month, ${days} ${days === 1 ? 'day' : 'days'} rated, 1 (awful) to 5 (great)`,
  moodAverage: (average: string) => `Average ${average} of 5`,
  moodDay: (date: string, value: number, name: string) => `${date}: ${value} of 5, ${name}`,
} as const;
