// English words of the Recently deleted bin: its Settings section and the toasts' Undo.

export const trash = {
  title: 'Recently deleted',
  description: (days: number) =>
    `Months, journal entries and goals you deleted, and imports you undid, stay here for ${days} days. Restore one to put it back as it was, with everything it held.`,
  empty: 'Nothing deleted in the last 30 days.',
  loading: 'Loading recently deleted items…',
  loadFailed: 'Recently deleted items could not be loaded',
  tryAgain: 'Try again',
  kinds: { month: 'Month', journal: 'Journal entry', goal: 'Goal', import: 'Import' },
  /** An undone import, by the app its file came from, e.g. "Import from Day One". */
  importLabel: (app: string) => `Import from ${app}`,
  /** e.g. "in June 2026", under an entry or goal. */
  inMonth: (month: string) => `in ${month}`,
  deletedOn: (date: string) => `Deleted ${date}`,
  keptUntil: (date: string) => `kept until ${date}`,
  restore: 'Restore',
  restoreLabel: (label: string) => `Restore ${label}`,
  deleteForever: 'Delete forever',
  // The visible label comes first, whole: speech users say what they see (WCAG 2.5.3).
  deleteForeverLabel: (label: string) => `Delete forever: ${label}`,
  confirmTitle: 'Delete forever?',
  confirmBody: (label: string) => `“${label}” will be deleted for good. This cannot be undone.`,
  restored: 'Restored',
  restoreFailed: 'Failed to restore',
  purged: 'Deleted forever',
  purgeFailed: 'Failed to delete',
  undo: 'Undo',
} as const;
