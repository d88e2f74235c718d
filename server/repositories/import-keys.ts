// What of another app's file an account imported before (by each item's key there), and where a later export's new ticks and values for a day imported before go.
import { createHash } from 'node:crypto';
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
import { ROWS_PER_INSERT } from './import.js';
import { BATCH_ROWS } from './trash.js';

export const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
export const fold = (name: string) => name.normalize('NFC').trim().toLowerCase();

/** Each known key's hash → the entry it went into, or null when recorded before entries were. */
export type KnownKeys = ReadonlyMap<string, number | null>;

export async function knownKeys(
  trx: Transaction<DB>,
  userId: number,
  source: ImportSource,
): Promise<KnownKeys> {
  const rows = await trx
    .selectFrom('import_keys')
    .select(['key_hash', 'journal_id'])
    .where('author_id', '=', userId)
    .where('source', '=', source)
    .execute();
  return new Map(rows.map((row) => [row.key_hash, row.journal_id]));
}

interface Keyed<T> {
  key: string;
  daily: T;
}

/** Ticks and values to add to an entry the account already has. */
export interface Addition {
  journalId: number;
  habits: Keyed<ExportDailyHabit>[];
  measures: Keyed<ExportDailyMeasure>[];
  /** How many ticks and values the entry holds already (for the quotas). */
  holds: { habits: number; measures: number };
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

/** One day of the file: its new entries and its new ticks and values. */
interface Day {
  date: string;
  journals: KeyedJournal[];
  habits: Keyed<ExportDailyHabit>[];
  measures: Keyed<ExportDailyMeasure>[];
  /** Entries earlier imports put the day's ticks and values on. */
  earlier: number[];
  /** Imported before ticks and values had keys of their own. */
  legacy: boolean;
  /** Every habit and measure the day has in the file, by folded name ('h:…', 'm:…'). */
  names: Set<string>;
}

/** The month's days, each with only what its keys do not name, and how many entries were known. */
function daysOf(imported: ImportedMonth, source: ImportSource, known: KnownKeys) {
  const habitNames = new Map(imported.month.habits.map((habit) => [habit.id, habit.name]));
  const measureNames = new Map(imported.month.measures.map((item) => [item.id, item.name]));
  const days: Day[] = [];
  let left = 0;
  const seen = (day: Day, key: string) => {
    const hash = hashOf(key);
    if (!known.has(hash)) return false;
    const journalId = known.get(hash);
    if (journalId === null || journalId === undefined) day.legacy = true;
    else day.earlier.push(journalId);
    return true;
  };
  imported.month.journals.forEach((journal, j) => {
    const date = journal.created_at;
    let day = days.at(-1);
    if (day?.date !== date) {
      day = {
        date,
        journals: [],
        habits: [],
        measures: [],
        earlier: [],
        legacy: false,
        names: new Set(),
      };
      seen(day, dayCarrier(source, date).key);
      days.push(day);
    }
    const key = imported.keys[j] as string;
    if (seen(day, key)) left++;
    else day.journals.push({ key, journal: { ...journal, daily_habits: [], daily_measures: [] } });
    const keys = imported.itemKeys[j];
    journal.daily_habits.forEach((daily, i) => {
      (day as Day).names.add(`h:${fold(habitNames.get(daily.habit) ?? '')}`);
      const itemKey = keys?.habits[i] as string;
      if (!seen(day as Day, itemKey)) (day as Day).habits.push({ key: itemKey, daily });
    });
    journal.daily_measures.forEach((daily, i) => {
      (day as Day).names.add(`m:${fold(measureNames.get(daily.measure) ?? '')}`);
      const itemKey = keys?.measures[i] as string;
      if (!seen(day as Day, itemKey)) (day as Day).measures.push({ key: itemKey, daily });
    });
  });
  return { days, left };
}

/** Rows of a query run on `ids` a batch at a time (BATCH_ROWS), so no statement grows unbounded. */
async function inBatches<T, R>(ids: readonly T[], run: (batch: T[]) => Promise<R[]>) {
  const rows: R[] = [];
  for (let first = 0; first < ids.length; first += BATCH_ROWS)
    rows.push(...(await run(ids.slice(first, first + BATCH_ROWS))));
  return rows;
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
  const entries = [
    ...(await inBatches(remembered, (ids) =>
      trx
        .selectFrom('journals')
        .select(['id', 'month_id', 'created_at'])
        .where('author_id', '=', userId)
        .where('id', 'in', ids)
        .execute(),
    )),
    ...(await inBatches(legacyDays, (batch) =>
      trx
        .selectFrom('journals')
        .select(['id', 'month_id', 'created_at'])
        .where('author_id', '=', userId)
        .where((eb) =>
          eb.or(
            batch.map(({ target, date }) =>
              eb.and([eb('month_id', '=', target), eb('created_at', '=', date)]),
            ),
          ),
        )
        .execute(),
    )),
  ];
  const monthOf = new Map(entries.map((entry) => [entry.id, entry.month_id]));
  const byDay = new Map<string, number[]>();
  for (const entry of entries) {
    const dayKey = `${entry.month_id} ${entry.created_at}`;
    byDay.set(
      dayKey,
      [...(byDay.get(dayKey) ?? []), entry.id].sort((a, b) => a - b),
    );
  }
  const ids = [...monthOf.keys()];
  const ticks = await inBatches(ids, (batch) =>
    trx
      .selectFrom('daily_habits')
      .innerJoin('habits', 'habits.id', 'daily_habits.habit_id')
      .select(['daily_habits.journal_id', 'habits.name'])
      .where('daily_habits.author_id', '=', userId)
      .where('daily_habits.journal_id', 'in', batch)
      .execute(),
  );
  const values = await inBatches(ids, (batch) =>
    trx
      .selectFrom('daily_measures')
      .innerJoin('measures', 'measures.id', 'daily_measures.measure_id')
      .select(['daily_measures.journal_id', 'measures.name'])
      .where('daily_measures.author_id', '=', userId)
      .where('daily_measures.journal_id', 'in', batch)
      .execute(),
  );
  // What each entry holds, by folded name, and how many of each (for the quotas).
  const held = new Map<number, Set<string>>();
  const holds = new Map<number, { habits: number; measures: number }>();
  for (const [kind, rows] of [
    ['habits', ticks],
    ['measures', values],
  ] as const) {
    for (const row of rows) {
      const names = held.get(row.journal_id) ?? new Set();
      names.add(`${kind[0]}:${fold(row.name)}`);
      held.set(row.journal_id, names);
      const count = holds.get(row.journal_id) ?? { habits: 0, measures: 0 };
      count[kind]++;
      holds.set(row.journal_id, count);
    }
  }

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

/** The rows to record for the keys of what was written, each with its entry; known keys stay as they are. */
export function newKeys(
  written: readonly { key: string; journalId: number }[],
  known: KnownKeys,
): Map<string, number> {
  const rows = new Map<string, number>();
  for (const { key, journalId } of written) {
    const hash = hashOf(key);
    if (!known.has(hash) && !rows.has(hash)) rows.set(hash, journalId);
  }
  return rows;
}

export async function recordKeys(
  trx: Transaction<DB>,
  userId: number,
  source: ImportSource,
  importId: number | null,
  keys: ReadonlyMap<string, number>,
): Promise<void> {
  const rows = [...keys].map(([key_hash, journal_id]) => ({
    author_id: userId,
    source,
    key_hash,
    import_id: importId,
    journal_id,
  }));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    await trx
      .insertInto('import_keys')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .execute();
}
