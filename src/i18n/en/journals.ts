// English words of a month's journals screen (spec §2 /months/{monthId}/journals) and its modals.

export const journals = {
  /** Spec §2. */
  addJournal: 'Add New Journal +',
  createRegister: 'Create a Register',
  addGoal: 'Add New Goal +',
  createGoal: 'Create a Goal',
  registers: 'Registers',
  goals: 'Goals',
  // The month heading, the columns and the cards.
  backToMonths: 'Back to all months',
  measure: 'Measure',
  noEntries: 'No entries yet. Add today’s highlight to start the month.',
  editRegister: 'Edit Register',
  editJournalOf: (date: string) => `Edit journal of ${date}`,
  deleteJournalOf: (date: string) => `Delete journal of ${date}`,
  noGoals: 'No goals yet.',
  deleteGoalNamed: (name: string) => `Delete goal ${name}`,
  // The journal and goal modals.
  date: 'Date',
  dateHint: 'The day this entry is about',
  highlight: 'Highlight',
  highlightHint: 'The best moment of your day',
  habits: 'Habits',
  goal: 'Goal',
  // Month at a glance: the section around the lazily loaded cards (their words are in stats-texts.ts).
  statsTitle: 'Month at a glance',
  statsLoading: 'Loading the month at a glance',
  statsFailed: 'The month at a glance could not be loaded.',
  statsRetry: 'Try again',
} as const;
