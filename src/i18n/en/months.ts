// English words of the 'Create a Month' modal beyond its fixed strings (docs/product-rules.md
// section 2).

export const months = {
  monthPlaceholder: 'e.g. March, or Spring training',
  measure: 'Measure',
  measureHint: 'One thing to track each day, e.g. Hours of sleep',
  habits: 'Habits',
  habitNumber: (number: number) => `Habit ${number}`,
  removeHabit: (number: number) => `Remove habit ${number}`,
  // Edit month.
  editIntro: 'Rename the month, its measure and its habits, or add and remove habits.',
  loadingItems: 'Loading the month’s measure and habits…',
  /** Edit month offline, for a month whose measure and habits this device never saved. */
  itemsOffline:
    'This month’s measure and habits are not saved on this device: rename it now, and edit them once you are back online.',
  removeHabitQuestion: (name: string) =>
    `Remove the habit “${name}”? Its ticks on every entry of this month are deleted too.`,
  keepHabit: 'Keep it',
  confirmRemoveHabit: 'Remove habit',
  removedHabits: (count: number) =>
    count === 1 ? '1 habit will be removed on Save.' : `${count} habits will be removed on Save.`,
} as const;
