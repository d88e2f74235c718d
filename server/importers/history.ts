// What every other app's export is read into before it becomes Monthbook months: entries, habits and measures by day, each with the key it had in its app.
import type { ImportNote, ImportNoteCode, ImportSource } from '../../contract/export.js';
import type { HabitSchedule } from '../../contract/habit-schedule.js';
import { type ImportLocale, REFUSALS, type Refusal } from './refusals.js';

export { type ImportSource, SOURCE_NAMES } from '../../contract/export.js';

/** One piece of writing on one day. */
export interface HistoryEntry {
  /** Unique within its app and stable across its exports (Day One's uuid; jrnl's date, time and title…). */
  key: string;
  /** `YYYY-MM-DD`, in the writer's own time zone. */
  date: string;
  /** `HH:MM`, or '' when the app keeps none; orders a day's entries. */
  time: string;
  /** Markdown; may be empty when the entry holds only a mood or activities. */
  text: string;
  /** 1 … 5. */
  mood?: number;
  /** Names of habits done in this entry (Daylio's activities). */
  done?: string[];
}

export type HabitDay = 'done' | 'skipped' | 'not_done';

export interface HistoryHabit {
  name: string;
  schedule: HabitSchedule;
  /** By `YYYY-MM-DD`. */
  days: Map<string, HabitDay>;
}

export interface HistoryMeasure {
  name: string;
  /** What names it across exports when the name does not (Health's type identifier: the name is in the user's language); the name otherwise. */
  key?: string;
  unit?: string;
  /** One value a day, by `YYYY-MM-DD`. */
  values: Map<string, number>;
}

export type HistoryNote = ImportNote;

export interface History {
  source: ImportSource;
  entries: HistoryEntry[];
  habits: HistoryHabit[];
  measures: HistoryMeasure[];
  notes: HistoryNote[];
}

/** Adds to a note's count (and names), creating it on first use. */
export function note(history: History, code: ImportNoteCode, count = 1, name?: string): void {
  let found = history.notes.find((item) => item.code === code);
  if (!found) {
    found = { code, count: 0 };
    history.notes.push(found);
  }
  found.count += count;
  if (name !== undefined) {
    found.names ??= [];
    if (!found.names.includes(name)) found.names.push(name);
  }
}

export function emptyHistory(source: ImportSource): History {
  return { source, entries: [], habits: [], measures: [], notes: [] };
}

/**
 * A file that is not what it claims, or is cut short: the import is refused for this reason. The
 * message is English; `messageIn` gives the user's language.
 */
export class UnreadableImport extends Error {
  override readonly name = 'UnreadableImport';

  constructor(readonly refusal: Refusal) {
    super(REFUSALS[refusal].en);
  }

  messageIn(locale: ImportLocale): string {
    return REFUSALS[this.refusal][locale];
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date `YYYY-MM-DD` (no 31 April), else null. */
export function calendarDate(text: string): string | null {
  if (!DATE.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

/** The local date and time of an instant in an IANA time zone (UTC when the zone is unknown). */
export function localDateTime(
  instant: Date,
  timeZone: string | undefined,
): { date: string; time: string } {
  let zone = 'UTC';
  if (timeZone) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      zone = timeZone;
    } catch {
      // An unknown zone name: UTC is the honest fallback.
    }
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}
