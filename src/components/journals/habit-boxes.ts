// The checkboxes of an entry's card: its daily habits, and the month's habits it has none for yet.
import type { DailyHabit, Habit } from '../../../contract/entities';

export type HabitBox =
  | { key: string; daily: DailyHabit; habit?: undefined }
  | { key: string; daily?: undefined; habit: Habit };

/**
 * The card's checkboxes: the entry's daily habits, and an unticked one for each of the month's
 * habits the entry has none for, in the month's order. Keyed by habit, so a box keeps its element
 * (and a keyboard user's focus) when its tick creates the row, and when the row's temporary id
 * becomes the server's; a habit with two rows on one entry falls back to the rows' own keys.
 */
export function habitBoxes(
  dailyHabits: readonly DailyHabit[],
  habits: readonly Habit[],
  rowKey: (daily: DailyHabit) => string = (daily) => String(daily.id),
): HabitBox[] {
  const rowsOf = new Map<number, number>();
  for (const daily of dailyHabits)
    rowsOf.set(daily.habit_id, (rowsOf.get(daily.habit_id) ?? 0) + 1);
  const rows: HabitBox[] = dailyHabits.map((daily) => ({
    key: rowsOf.get(daily.habit_id) === 1 ? `habit-${daily.habit_id}` : rowKey(daily),
    daily,
  }));
  const missing: HabitBox[] = habits
    .filter((habit) => !rowsOf.has(habit.id))
    .map((habit) => ({ key: `habit-${habit.id}`, habit }));
  const position = new Map(habits.map((habit, index) => [habit.id, index]));
  const place = (box: HabitBox) =>
    position.get(box.daily ? box.daily.habit_id : box.habit.id) ?? Number.MAX_SAFE_INTEGER;
  // Stable: rows of a habit the month no longer lists keep their order, after the rest.
  return [...rows, ...missing].sort((a, b) => place(a) - place(b));
}
