// English words of the 'Create a Month' modal (spec §2) beyond its spec strings.

export const months = {
  monthPlaceholder: 'e.g. March 2025',
  measure: 'Measure',
  measureHint: 'One thing to track each day, e.g. Hours of sleep',
  habits: 'Habits',
  habitNumber: (number: number) => `Habit ${number}`,
  removeHabit: (number: number) => `Remove habit ${number}`,
} as const;
