// Daily habits: whether a habit of the month was practiced (or skipped) on a journal's day.
import type { DailyHabit } from '../../contract/entities.js';
import { SCHEDULE_MESSAGES } from '../../contract/habit-schedule.js';
import type { CreateDailyHabit, UpdateDailyHabit } from '../../contract/requests.js';
import type { Flag } from '../db/schema.js';
import type { DailyKind, DailyRow } from './daily-items.js';
import { InvalidInput } from './errors.js';

/** A day's habit is done, skipped or neither, never both. */
function refuseBoth(flags: { is_practiced?: boolean; is_skipped?: boolean }): void {
  if (flags.is_practiced === true && flags.is_skipped === true) {
    throw InvalidInput.field('is_skipped', SCHEDULE_MESSAGES.practicedAndSkipped);
  }
}

const flag = (value: boolean): Flag => (value ? 1 : 0);

export const DAILY_HABITS: DailyKind<DailyHabit, CreateDailyHabit, UpdateDailyHabit> = {
  table: 'daily_habits',
  itemTable: 'habits',
  itemColumn: 'habit_id',
  valueColumns: ['is_practiced', 'is_skipped'],
  /** The habit's author is the caller: every row here is scoped to one author. */
  toEntity: (row: DailyRow, author: number): DailyHabit => ({
    id: row.id,
    is_practiced: row.is_practiced === 1,
    is_skipped: row.is_skipped === 1,
    habit: {
      id: row.item_id,
      name: row.item_name,
      author,
      month: row.item_month,
      month_id: row.item_month,
    },
    habit_id: row.item_id,
    journal: row.journal_id,
    journal_id: row.journal_id,
    version: row.version,
  }),
  createValues(input) {
    refuseBoth(input);
    return {
      is_practiced: flag(input.is_practiced ?? false),
      is_skipped: flag(input.is_skipped ?? false),
    };
  },
  /** Into the pair's row: a tick or a skip is set; an unticked create changes nothing. */
  mergeValues(input) {
    if (input.is_practiced === true) return { is_practiced: 1, is_skipped: 0 };
    if (input.is_skipped === true) return { is_practiced: 0, is_skipped: 1 };
    return {};
  },
  updateValues(changes) {
    refuseBoth(changes);
    const set: { is_practiced?: Flag; is_skipped?: Flag } = {};
    if (changes.is_practiced !== undefined) set.is_practiced = flag(changes.is_practiced);
    if (changes.is_skipped !== undefined) set.is_skipped = flag(changes.is_skipped);
    // One flag turned on alone turns the other off: a day is done, skipped or neither, and a
    // client that knows only is_practiced (the spec's) can still tick a skipped day.
    if (changes.is_skipped === true && changes.is_practiced === undefined) set.is_practiced = 0;
    if (changes.is_practiced === true && changes.is_skipped === undefined) set.is_skipped = 0;
    return set;
  },
};
