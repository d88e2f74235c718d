// English words of a month's journals screen (/months/{monthId}/journals, docs/product-rules.md
// section 2) and its modals.

export const journals = {
  /** Fixed words of the screen (docs/product-rules.md section 2). */
  addJournal: 'Add New Journal +',
  createRegister: 'Create a Register',
  addGoal: 'Add New Goal +',
  createGoal: 'Create a Goal',
  registers: 'Registers',
  goals: 'Goals',
  // A long month's jump to one of its days.
  jumpToDay: 'Jump to day',
  chooseDay: 'Choose a day',
  // The month heading, the columns and the cards.
  backToMonths: 'Back to all months',
  // A reminder's 'Write today's entry' when no month's calendar month holds today.
  noMonthForToday: (date: string) => `No month holds today, ${date}.`,
  noMonthForTodayHint: 'Create its month to write today’s entry in it.',
  createMonthNamed: (name: string) => `Create ${name}`,
  notNow: 'Not now',
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
  // Month at a glance: the section around the lazily loaded cards (their words are in src/i18n/en/stats.ts).
  statsTitle: 'Month at a glance',
  statsLoading: 'Loading the month at a glance',
  statsFailed: 'The month at a glance could not be loaded.',
  statsRetry: 'Try again',
  // Unsaved text in a modal and the highlight's counter.
  unsavedTitle: 'Discard what you typed?',
  unsavedBody: 'Your unsaved text will be lost.',
  keepEditing: 'Keep editing',
  discard: 'Discard',
  draftRestored: 'Your unsaved draft was restored.',
  charactersLeft: (count: number, max: number) => `${count} / ${max} characters`,
  limitReached: 'Limit reached',
  /** A write answered 404: the item went in another tab or device. */
  deletedElsewhere: {
    journal:
      'This entry was deleted elsewhere (in another tab or device). You can restore it from Settings → Recently deleted for 30 days.',
    goal: 'This goal was deleted elsewhere (in another tab or device). You can restore it from Settings → Recently deleted for 30 days.',
    month:
      'This month was deleted elsewhere (in another tab or device). You can restore it from Settings → Recently deleted for 30 days.',
    habit: 'This habit was deleted elsewhere (in another tab or device).',
  },
  // A private month's content that cannot be shown on this device (src/queries/private-rows.ts).
  privateLocked:
    'This month is private, and private months are locked on this device. Open them in Settings, under Private months.',
  privateUndecryptable:
    'Some of this private month can’t be opened: it is damaged, or was not sealed for this month. It is kept as it is.',
  openSettings: 'Open Settings',
  lockedItem: 'Locked on this device',
  undecryptableItem: 'Can’t be opened',
} as const;
