// @vitest-environment node
// The checkboxes of an entry's card: its rows, and the month's habits it has no row for.
import type { DailyHabit, Habit } from '../../../contract/entities';
import { habitBoxes } from '../../../src/components/journals/habit-boxes';

const habit = (id: number, name: string): Habit =>
  ({ id, name, month: 1, month_id: 1 }) as unknown as Habit;

const row = (id: number, of: Habit, journalId = 7): DailyHabit =>
  ({
    id,
    is_practiced: false,
    habit: { id: of.id, name: of.name },
    habit_id: of.id,
    journal: journalId,
    journal_id: journalId,
  }) as unknown as DailyHabit;

const read = habit(1, 'Read');
const run = habit(2, 'Run');
const stretch = habit(3, 'Stretch');

describe('habitBoxes', () => {
  it('adds an unticked box for a habit the entry has no row for, in the month order', () => {
    const boxes = habitBoxes([row(10, read), row(11, stretch)], [read, run, stretch]);
    expect(boxes.map((box) => (box.daily ? `row ${box.daily.id}` : `new ${box.habit.id}`))).toEqual(
      ['row 10', 'new 2', 'row 11'],
    );
  });

  it('keys a box by its habit, so creating its row keeps the same element', () => {
    const before = habitBoxes([row(10, read)], [read, stretch]);
    const created = habitBoxes([row(10, read), row(-5, stretch)], [read, stretch]);
    const saved = habitBoxes([row(10, read), row(12, stretch)], [read, stretch]);
    expect(before.map((box) => box.key)).toEqual(['habit-1', 'habit-3']);
    expect(created.map((box) => box.key)).toEqual(['habit-1', 'habit-3']);
    expect(saved.map((box) => box.key)).toEqual(['habit-1', 'habit-3']);
  });

  it('keeps two rows of one habit apart, and rows of a habit the month no longer lists', () => {
    const gone = habit(9, 'Gone');
    const boxes = habitBoxes([row(20, gone), row(10, read), row(11, read)], [read]);
    expect(boxes.map((box) => box.key)).toEqual(['10', '11', 'habit-9']);
  });

  it('shows nothing more when the month lists no habits', () => {
    expect(habitBoxes([], [])).toEqual([]);
  });
});
