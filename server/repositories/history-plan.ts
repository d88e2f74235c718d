// Where the rest of another app's file goes once what earlier imports brought is left out: new entries per calendar month, and ticks and values to add to entries the account has.
import type { Transaction } from 'kysely';
import type {
  ExportDailyHabit,
  ExportDailyMeasure,
  ExportMonth,
  ImportSource,
} from '../../contract/export.js';
import type { DB } from '../db/schema.js';
import { eventLoopTurns } from '../db/yielding-queries.js';
import { dayCarrier, type ImportedMonth, type KeyedJournal } from '../importers/to-months.js';
import { daysOf, type Keyed } from './history-days.js';
import { type EntryHolds, olderEntries } from './history-entries.js';
import { hashOf, type KnownKeys } from './import-keys.js';
import { fold } from './import-names.js';

/** Ticks and values to add to an entry the account already has. */
export interface Addition {
  journalId: number;
  habits: Keyed<ExportDailyHabit>[];
  measures: Keyed<ExportDailyMeasure>[];
  /** How many ticks and values the entry holds already (for the quotas). */
  holds: EntryHolds;
}

/** A calendar month of the file reduced to what the account lacks. */
export interface PlannedMonth {
  period: string;
  /** The new entries, with the new ticks and values that go on them, and the habits and measures any new tick or value uses. */
  month: ExportMonth;
  /** The keys to record for each of `month.journals`: its own when new, and those of the ticks and values it carries. */
  keys: string[][];
  additions: Addition[];
}

/**
 * Leaves out of the file what earlier imports brought (entries, ticks and values whose key is
 * known), and says where the rest of each day's ticks and values go:
 * - onto the entry an earlier import put that day's ticks and values on, if it is still in the
 *   month the day goes to, without those whose habit or measure (by name) it already has;
 * - else onto the day's first new entry, or a new one named after the app.
 * A day imported before ticks and values had keys of their own (its entry's or its day's key
 * known, with no entry remembered) had every tick and value it then had put on one entry: the
 * day's entry holding any of the file's habits or measures for that day is that one, and only
 * what it lacks goes onto it. When no entry of that day holds any, it was deleted: what it held
 * cannot be told apart from what is new, so nothing of the day comes in (as before).
 */
export async function planMonths(
  trx: Transaction<DB>,
  userId: number,
  source: ImportSource,
  imported: readonly ImportedMonth[],
  known: KnownKeys,
  targetOf: (period: string) => number | undefined,
): Promise<{ months: PlannedMonth[]; left: number }> {
  let left = 0;
  const split = [];
  // Ten years of days take tens of milliseconds to sort out: other requests go on meanwhile.
  const turn = eventLoopTurns();
  for (const item of imported) {
    await turn();
    const found = daysOf(item, source, known);
    left += found.left;
    // Only days with new ticks or values need an entry looked up.
    const looking = found.days.filter(
      (day) =>
        (day.habits.length > 0 || day.measures.length > 0) &&
        (day.earlier.length > 0 || day.legacy) &&
        targetOf(item.period) !== undefined,
    );
    split.push({ item, days: found.days, looking, target: targetOf(item.period) });
  }

  // The entries that may take a day's new ticks and values: those earlier imports remembered,
  // and, for days imported before that, every entry of the day in its month.
  const remembered = [
    ...new Set(split.flatMap(({ looking }) => looking.flatMap((d) => d.earlier))),
  ];
  const legacyDays = split.flatMap(({ looking, target }) =>
    looking
      .filter((day) => day.legacy)
      .map((day) => ({ target: target as number, date: day.date })),
  );
  const { monthOf, byDay, held, holds } = await olderEntries(trx, userId, remembered, legacyDays);

  const months = split.flatMap(({ item, days, target }): PlannedMonth[] => {
    const journals: KeyedJournal[] = [];
    const keys: string[][] = [];
    const additions: Addition[] = [];
    const habitName = new Map(item.month.habits.map((habit) => [habit.id, fold(habit.name)]));
    const measureName = new Map(item.month.measures.map((one) => [one.id, fold(one.name)]));
    for (const day of days) {
      let { habits, measures } = day;
      let entry: number | undefined;
      if (habits.length > 0 || measures.length > 0) {
        entry = day.earlier.find((id) => target !== undefined && monthOf.get(id) === target);
        if (entry === undefined && day.legacy) {
          entry = (byDay.get(`${target} ${day.date}`) ?? []).find((id) =>
            [...(held.get(id) ?? [])].some((name) => day.names.has(name)),
          );
          if (entry === undefined) habits = measures = [];
        }
      }
      if (entry !== undefined) {
        // One tick per habit (value per measure) on an entry: what it has already stays.
        const has = new Set(held.get(entry));
        const lacks = (name: string) => {
          if (has.has(name)) return false;
          has.add(name);
          return true;
        };
        const addition: Addition = {
          journalId: entry,
          habits: habits.filter((h) => lacks(`h:${habitName.get(h.daily.habit)}`)),
          measures: measures.filter((m) => lacks(`m:${measureName.get(m.daily.measure)}`)),
          holds: holds.get(entry) ?? { habits: 0, measures: 0 },
        };
        if (addition.habits.length > 0 || addition.measures.length > 0) additions.push(addition);
        habits = measures = [];
      }
      const dayJournals = [...day.journals];
      if (dayJournals.length === 0 && (habits.length > 0 || measures.length > 0))
        dayJournals.push(dayCarrier(source, day.date));
      dayJournals.forEach(({ key, journal }, index) => {
        const carries = index === 0 ? { habits, measures } : { habits: [], measures: [] };
        journals.push({
          key,
          journal: {
            ...journal,
            daily_habits: carries.habits.map((h) => h.daily),
            daily_measures: carries.measures.map((m) => m.daily),
          },
        });
        keys.push([
          ...(known.has(hashOf(key)) ? [] : [key]),
          ...carries.habits.map((h) => h.key),
          ...carries.measures.map((m) => m.key),
        ]);
      });
    }
    if (journals.length === 0 && additions.length === 0) return [];
    const used = (kind: 'habit' | 'measure') =>
      new Set([
        ...journals.flatMap(({ journal }) =>
          kind === 'habit'
            ? journal.daily_habits.map((d) => d.habit)
            : journal.daily_measures.map((d) => d.measure),
        ),
        ...additions.flatMap((addition) =>
          kind === 'habit'
            ? addition.habits.map((h) => h.daily.habit)
            : addition.measures.map((m) => m.daily.measure),
        ),
      ]);
    const habitIds = used('habit');
    const measureIds = used('measure');
    return [
      {
        period: item.period,
        month: {
          ...item.month,
          journals: journals.map(({ journal }) => journal),
          habits: item.month.habits.filter((habit) => habitIds.has(habit.id)),
          measures: item.month.measures.filter((one) => measureIds.has(one.id)),
        },
        keys,
        additions,
      },
    ];
  });
  return { months, left };
}
