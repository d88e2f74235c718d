// Checks an export file before import (server and browser alike): the schema, then dates and cross-references.

import { Errors, type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import {
  EXPORT_DATE_PATTERN,
  EXPORT_FORMAT,
  EXPORT_VERSIONS,
  type ExportFile,
  ExportFileSchema,
  type ExportFileV1,
  ExportFileV1Schema,
  type ExportMonth,
  type ExportVersion,
  IMPORT_MESSAGES,
} from './export.js';
import { EXPORT_PROBLEM_MESSAGES as SAY } from './export-format.js';
import { parseSchedule, SCHEDULE_MESSAGES } from './habit-schedule.js';
import { PERIOD_PATTERN } from './month-period.js';
import { NO_NUL_PATTERN } from './requests.js';

/** The first thing wrong with a file: where (`months[2].journals[5].created_at`) and what. */
export interface ExportProblem {
  path: string;
  message: string;
}

/** The problem as one readable line, path first. */
export function describeProblem(problem: ExportProblem): string {
  return problem.path === '' ? problem.message : `${problem.path}: ${problem.message}`;
}

/** `/months/2/journals/5/created_at` → `months[2].journals[5].created_at` */
export function readablePath(pointer: string): string {
  let path = '';
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (/^\d+$/.test(segment)) path += `[${segment}]`;
    else path += path === '' ? segment : `.${segment}`;
  }
  return path;
}

function limitOf(error: ValueError, key: string): unknown {
  return (error.schema as Record<string, unknown>)[key];
}

/** What a text field that fails its pattern must look like, for each pattern the file uses. */
function patternMessage(pattern: string): string {
  switch (pattern) {
    case EXPORT_DATE_PATTERN:
      return SAY.date;
    case PERIOD_PATTERN:
      return SAY.period;
    case NO_NUL_PATTERN:
      return SAY.noNul;
    default:
      return SAY.format;
  }
}

function schemaMessage(error: ValueError): string {
  switch (error.type) {
    case ValueErrorType.ObjectRequiredProperty:
      return SAY.required;
    case ValueErrorType.Object:
      return SAY.object;
    case ValueErrorType.Array:
      return SAY.list;
    case ValueErrorType.String:
      return SAY.string;
    case ValueErrorType.Boolean:
      return SAY.boolean;
    case ValueErrorType.Number:
      return SAY.number;
    case ValueErrorType.Integer:
      return SAY.integer;
    case ValueErrorType.StringMinLength:
      return SAY.blank;
    case ValueErrorType.StringMaxLength:
      return SAY.maxLength(limitOf(error, 'maxLength'));
    case ValueErrorType.StringPattern:
      return patternMessage(String(limitOf(error, 'pattern')));
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return SAY.minimum(limitOf(error, 'minimum'));
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return SAY.maximum(limitOf(error, 'maximum'));
    default:
      return error.message.toLowerCase();
  }
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar day from 0001-01-01 (PostgreSQL has no year 0) to 9999-12-31. */
export function isCalendarDate(value: string): boolean {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return day <= days;
}

const blank = (text: string) => text.trim() === '';
/** With the `u` flag a surrogate pair is one code point, so only a lone half matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Why a text field cannot be stored as it is (blank, or not valid Unicode), or null. */
function textProblem(text: string): string | null {
  if (blank(text)) return SAY.blank;
  // Each database would store it differently (SQLite as U+FFFD), so the file could not round-trip.
  if (LONE_SURROGATE.test(text)) return SAY.unicode;
  return null;
}

/** What the schema cannot say: real dates, no blank text, unique ids, references within the month. */
function crossCheck(file: ExportFile): ExportProblem | null {
  const seen = { habits: new Set<number>(), measures: new Set<number>() };
  for (const [m, month] of file.months.entries()) {
    const at = `months[${m}]`;
    const nameProblem = textProblem(month.name);
    if (nameProblem) return { path: `${at}.name`, message: nameProblem };
    for (const kind of ['habits', 'measures'] as const) {
      for (const [i, item] of month[kind].entries()) {
        if (seen[kind].has(item.id)) {
          return { path: `${at}.${kind}[${i}].id`, message: SAY.idTwice(item.id) };
        }
        seen[kind].add(item.id);
        const problem = textProblem(item.name);
        if (problem) return { path: `${at}.${kind}[${i}].name`, message: problem };
      }
    }
    const habitProblem = crossCheckHabits(month, at);
    if (habitProblem) return habitProblem;
    const measureProblem = crossCheckMeasures(month, at);
    if (measureProblem) return measureProblem;
    for (const [g, goal] of month.goals.entries()) {
      const problem = textProblem(goal.name);
      if (problem) return { path: `${at}.goals[${g}].name`, message: problem };
    }
    const problem = crossCheckJournals(month, at);
    if (problem) return problem;
  }
  return null;
}

/** Version 2: a unit is real text; a target and its direction come together or not at all. */
function crossCheckMeasures(month: ExportMonth, at: string): ExportProblem | null {
  for (const [i, measure] of month.measures.entries()) {
    const path = `${at}.measures[${i}]`;
    if (measure.unit !== undefined) {
      const problem = textProblem(measure.unit);
      if (problem) return { path: `${path}.unit`, message: problem };
    }
    if ((measure.target === undefined) !== (measure.target_direction === undefined)) {
      return measure.target === undefined
        ? { path: `${path}.target`, message: SAY.targetNeedsDirection }
        : { path: `${path}.target_direction`, message: SAY.directionNeedsTarget };
    }
  }
  return null;
}

/** Version 2: a habit's schedule is one the API accepts (days for weekdays, times 1–7). */
function crossCheckHabits(month: ExportMonth, at: string): ExportProblem | null {
  for (const [i, habit] of month.habits.entries()) {
    if (habit.schedule === undefined) continue;
    const parsed = parseSchedule(habit.schedule);
    if (parsed.error !== undefined) {
      return { path: `${at}.habits[${i}].schedule`, message: parsed.error };
    }
  }
  return null;
}

function crossCheckJournals(month: ExportMonth, at: string): ExportProblem | null {
  const habits = new Set(month.habits.map((habit) => habit.id));
  const measures = new Set(month.measures.map((measure) => measure.id));
  for (const [j, journal] of month.journals.entries()) {
    const path = `${at}.journals[${j}]`;
    if (!isCalendarDate(journal.created_at)) {
      return { path: `${path}.created_at`, message: SAY.date };
    }
    const highlightProblem = textProblem(journal.highlight);
    if (highlightProblem) return { path: `${path}.highlight`, message: highlightProblem };
    // Version 2: a note may be empty, but must be valid Unicode as the highlight must.
    if (journal.note !== undefined && LONE_SURROGATE.test(journal.note)) {
      return { path: `${path}.note`, message: SAY.unicode };
    }
    for (const [d, daily] of journal.daily_habits.entries()) {
      if (daily.is_skipped === true && daily.is_practiced) {
        return {
          path: `${path}.daily_habits[${d}].is_skipped`,
          message: SCHEDULE_MESSAGES.practicedAndSkipped,
        };
      }
      if (!habits.has(daily.habit)) {
        return {
          path: `${path}.daily_habits[${d}].habit`,
          message: SAY.noHabit(daily.habit),
        };
      }
    }
    for (const [d, daily] of journal.daily_measures.entries()) {
      if (!measures.has(daily.measure)) {
        return {
          path: `${path}.daily_measures[${d}].measure`,
          message: SAY.noMeasure(daily.measure),
        };
      }
    }
  }
  return null;
}

/**
 * A version 1 file as the current version: only version 1's fields are kept (a field a later
 * version added means nothing in a version 1 file, which imports exactly as it always did). A
 * current file is returned as it is.
 */
export function upgradeExport(file: ExportFile | ExportFileV1): ExportFile {
  if (file.version !== 1) return file;
  return {
    format: file.format,
    version: 2,
    exported_at: file.exported_at,
    months: file.months.map((month) => ({
      name: month.name,
      habits: month.habits.map(({ id, name }) => ({ id, name })),
      measures: month.measures.map(({ id, name }) => ({ id, name })),
      goals: month.goals.map(({ name, is_completed }) => ({ name, is_completed })),
      journals: month.journals.map((journal) => ({
        created_at: journal.created_at,
        highlight: journal.highlight,
        daily_habits: journal.daily_habits.map(({ habit, is_practiced }) => ({
          habit,
          is_practiced,
        })),
        daily_measures: journal.daily_measures.map(({ measure, metric }) => ({ measure, metric })),
      })),
    })),
  };
}

/**
 * The first problem of a parsed file, or null when it can be imported (after upgradeExport).
 * The format and version come first, so that another kind of file gets a message about that
 * rather than about its first field. Each version is checked against its own schema. `check`,
 * when given, is a faster yes/no test against that version's schema (ExportFileSchema or
 * ExportFileV1Schema, the server's compiled ones); the error walk then runs only for a file
 * that fails it.
 */
export function validateExport(
  value: unknown,
  check?: (value: unknown, version: ExportVersion) => boolean,
): ExportProblem | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { path: '', message: IMPORT_MESSAGES.notExport };
  }
  const { format, version } = value as Record<string, unknown>;
  if (format !== EXPORT_FORMAT) return { path: 'format', message: IMPORT_MESSAGES.notExport };
  if (!(EXPORT_VERSIONS as readonly unknown[]).includes(version)) {
    return { path: 'version', message: IMPORT_MESSAGES.unsupportedVersion(version) };
  }
  const known = version as ExportVersion;
  if (!check?.(value, known)) {
    const schema = known === 1 ? ExportFileV1Schema : ExportFileSchema;
    const error = Errors(schema, value).First();
    if (error) return { path: readablePath(error.path), message: schemaMessage(error) };
  }
  return crossCheck(upgradeExport(value as ExportFile | ExportFileV1));
}

/**
 * Parses and validates a file's text, as the browser does before uploading it; the file comes
 * back as the current version (upgradeExport).
 */
export function parseExport(text: string): { file: ExportFile } | { problem: ExportProblem } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: { path: '', message: IMPORT_MESSAGES.notJson } };
  }
  const problem = validateExport(value);
  return problem ? { problem } : { file: upgradeExport(value as ExportFile | ExportFileV1) };
}
