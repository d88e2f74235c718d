// The days of another app's file, each reduced to what earlier imports did not bring (by its keys), with the entries those imports put the day's ticks and values on.
import type { ExportDailyHabit, ExportDailyMeasure, ImportSource } from '../../contract/export.js';
import { dayCarrier, type ImportedMonth, type KeyedJournal } from '../importers/to-months.js';
import { hashOf, type KnownKeys } from './import-keys.js';
import { fold } from './import-names.js';

/** A tick or value of the file, with its key in its app. */
export interface Keyed<T> {
  key: string;
  daily: T;
}

/** One day of the file: its new entries and its new ticks and values. */
export interface Day {
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
export function daysOf(imported: ImportedMonth, source: ImportSource, known: KnownKeys) {
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
