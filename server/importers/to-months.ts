// Turns another app's history into Monthbook months in the export file's shape, one per calendar month, so it goes through the same checks, quotas and all-or-nothing write as a Monthbook backup.
import type {
  ExportDailyHabit,
  ExportDailyMeasure,
  ExportJournal,
  ExportMonth,
} from '../../contract/export.js';
import { MONTH_NAME_MAX_LENGTH } from '../../contract/rules.js';
import { type History, type ImportSource, SOURCE_NAMES } from './history.js';
import { highlightOf, noteParts } from './text.js';

export type MonthLocale = 'en' | 'pt-BR';

/** "January 2026", "Janeiro de 2026". */
export function monthName(period: string, locale: MonthLocale): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const text = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
  return (text.charAt(0).toUpperCase() + text.slice(1)).slice(0, MONTH_NAME_MAX_LENGTH);
}

/** An entry of the months, with the key it had in its app (to import each only once). */
export interface KeyedJournal {
  key: string;
  journal: ExportJournal;
}

export interface ImportedMonth {
  period: string;
  month: ExportMonth;
  /** The month's journals' keys, in the order of `month.journals`. */
  keys: string[];
  /** Each journal's ticks' and values' keys, in the order of its `daily_habits` and `daily_measures`. */
  itemKeys: { habits: string[]; measures: string[] }[];
}

/**
 * The entry named after the app that carries a day's ticks and values when nothing was written
 * that day. Its key was also the key of all that day's ticks and values before they had their
 * own, so a known one says the day was imported (repositories/history-days.ts).
 */
export function dayCarrier(source: ImportSource, date: string): KeyedJournal {
  return {
    key: `${source}:${date}`,
    journal: {
      created_at: date,
      highlight: SOURCE_NAMES[source],
      daily_habits: [],
      daily_measures: [],
    },
  };
}

/**
 * A tick's or value's key: its habit or measure and its day, so a later export's new habit (or a
 * new Health type) on days imported before still comes in, and nothing comes in twice.
 */
const itemKey = (source: ImportSource, kind: 'habit' | 'measure', name: string, date: string) =>
  `${source}:${kind}:${name}:${date}`;

const periodOf = (date: string) => date.slice(0, 7);

/**
 * Each calendar month that holds anything becomes a month named after it, with the period set.
 * A day's writings stay separate entries (a long one is split, nothing cut); its ticks and values
 * go on its first entry, or on an entry of their own named after the app when nothing was written.
 */
export function historyToMonths(history: History, locale: MonthLocale): ImportedMonth[] {
  const days = new Map<
    string,
    {
      entries: KeyedJournal[];
      habits: ExportDailyHabit[];
      measures: ExportDailyMeasure[];
      habitKeys: string[];
      measureKeys: string[];
    }
  >();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      day = { entries: [], habits: [], measures: [], habitKeys: [], measureKeys: [] };
      days.set(date, day);
    }
    return day;
  };
  const sorted = [...history.entries].sort(
    (a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time),
  );
  for (const entry of sorted) {
    const parts = noteParts(entry.text);
    parts.forEach((part, index) => {
      const highlight =
        highlightOf(part) ||
        highlightOf(entry.done?.join(', ') ?? '') ||
        SOURCE_NAMES[history.source];
      dayOf(entry.date).entries.push({
        key: parts.length === 1 ? entry.key : `${entry.key}#${index + 1}`,
        journal: {
          created_at: entry.date,
          highlight,
          ...(part === '' ? {} : { note: part }),
          ...(entry.mood === undefined || index > 0 ? {} : { mood: entry.mood }),
          daily_habits: [],
          daily_measures: [],
        },
      });
    });
  }

  // Habits and measures are numbered across the file, each month listing those it has days of.
  const monthItems = new Map<
    string,
    { habits: ExportMonth['habits']; measures: ExportMonth['measures'] }
  >();
  const itemsOf = (period: string) => {
    let items = monthItems.get(period);
    if (!items) {
      items = { habits: [], measures: [] };
      monthItems.set(period, items);
    }
    return items;
  };
  let nextId = 1;
  for (const habit of history.habits) {
    const ids = new Map<string, number>();
    for (const [date, state] of [...habit.days].sort(([a], [b]) => a.localeCompare(b))) {
      const period = periodOf(date);
      let id = ids.get(period);
      if (id === undefined) {
        id = nextId++;
        ids.set(period, id);
        itemsOf(period).habits.push({
          id,
          name: habit.name,
          ...(habit.schedule.kind === 'daily' ? {} : { schedule: habit.schedule }),
        });
      }
      const day = dayOf(date);
      day.habits.push({
        habit: id,
        is_practiced: state === 'done',
        ...(state === 'skipped' ? { is_skipped: true } : {}),
      });
      day.habitKeys.push(itemKey(history.source, 'habit', habit.name, date));
    }
  }
  for (const measure of history.measures) {
    const ids = new Map<string, number>();
    for (const [date, value] of [...measure.values].sort(([a], [b]) => a.localeCompare(b))) {
      const period = periodOf(date);
      let id = ids.get(period);
      if (id === undefined) {
        id = nextId++;
        ids.set(period, id);
        itemsOf(period).measures.push({
          id,
          name: measure.name,
          ...(measure.unit ? { unit: measure.unit } : {}),
        });
      }
      const day = dayOf(date);
      day.measures.push({ measure: id, metric: value });
      day.measureKeys.push(itemKey(history.source, 'measure', measure.key ?? measure.name, date));
    }
  }

  const months = new Map<string, ImportedMonth>();
  for (const date of [...days.keys()].sort()) {
    const day = days.get(date);
    if (!day) continue;
    const period = periodOf(date);
    let imported = months.get(period);
    if (!imported) {
      const items = monthItems.get(period) ?? { habits: [], measures: [] };
      imported = {
        period,
        month: {
          name: monthName(period, locale),
          period,
          habits: items.habits,
          measures: items.measures,
          goals: [],
          journals: [],
        },
        keys: [],
        itemKeys: [],
      };
      months.set(period, imported);
    }
    if (day.entries.length === 0 && (day.habits.length > 0 || day.measures.length > 0))
      day.entries.push(dayCarrier(history.source, date));
    const first = day.entries[0];
    if (first) {
      first.journal.daily_habits.push(...day.habits);
      first.journal.daily_measures.push(...day.measures);
    }
    day.entries.forEach(({ key, journal }, index) => {
      imported.month.journals.push(journal);
      imported.keys.push(key);
      imported.itemKeys.push(
        index === 0
          ? { habits: day.habitKeys, measures: day.measureKeys }
          : { habits: [], measures: [] },
      );
    });
  }
  return [...months.values()];
}
