// The export format's constants, messages and file names, without schemas (so the browser can use them without TypeBox).
import { PERIOD_MAX_YEAR, PERIOD_MIN_YEAR } from './month-period.js';

export const EXPORT_FORMAT = 'monthbook-export';
/**
 * The version an export is written in. Version 2 is version 1 plus optional fields (note and
 * mood, several measures, habit schedules and skips, the calendar period); a field at
 * its default is left out, so a file that uses none of them differs from version 1 only in its
 * `version`. Import reads every version in EXPORT_VERSIONS; a version 1 file imports exactly as
 * before (fields version 1 did not have are ignored in it).
 */
export const EXPORT_VERSION = 2;
/** The versions import reads. */
export const EXPORT_VERSIONS = [1, 2] as const;
export type ExportVersion = (typeof EXPORT_VERSIONS)[number];
/** The import route's body limit; larger files are refused with 413 before they are read. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_MB = IMPORT_MAX_BYTES / (1024 * 1024);
/**
 * Other apps' files are far larger than a Monthbook export. Apple Health's export.xml grows by
 * hundreds of MB a year with a watch (1 GB and more after a few years), and is often sent as it is
 * rather than zipped; a 15-year Day One export zip is mostly its photos. The server writes the
 * upload to a temporary file and reads it as a stream, so this bounds disk and time, not memory.
 */
export const OTHER_APP_IMPORT_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const OTHER_APP_IMPORT_MAX_GB = OTHER_APP_IMPORT_MAX_BYTES / (1024 * 1024 * 1024);

/** `YYYY-MM-DD`; the calendar itself (no 31 April) is checked by validateExport. */
export const EXPORT_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** What an import creates, in the order the report lists it. */
export const IMPORT_KINDS = [
  'months',
  'habits',
  'measures',
  'goals',
  'journals',
  'daily_habits',
  'daily_measures',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_MESSAGES = {
  undoneAlready: 'This import is undone already: it is in Recently deleted.',
  notJson: 'The file is not valid JSON.',
  notExport: `This is not a Monthbook export (its "format" is not "${EXPORT_FORMAT}").`,
  unsupportedVersion: (version: unknown) =>
    `Unsupported export version ${JSON.stringify(version)}: this server reads versions ${EXPORT_VERSIONS.join(' and ')}.`,
  tooLarge: `The file is too large: imports are limited to ${IMPORT_MAX_MB} MB.`,
  tooLargeAny: `The file is too large: another app's export may have up to ${OTHER_APP_IMPORT_MAX_GB} GB, a Monthbook export ${IMPORT_MAX_MB} MB.`,
  dryRun: 'dry_run must be true or false.',
  lang: 'lang must be en or pt-BR.',
  moods: 'moods must be a JSON object of mood names and levels from 1 to 5, e.g. {"super": 5}.',
} as const;

/**
 * What is wrong with one field of an export file (contract/export-validation.ts), said after the
 * field's path: `months[1].habits[0].id: id 1 is used twice`. The app translates both parts.
 */
export const EXPORT_PROBLEM_MESSAGES = {
  required: 'is required',
  object: 'must be an object',
  list: 'must be a list',
  string: 'must be a string',
  boolean: 'must be true or false',
  number: 'must be a number',
  integer: 'must be a whole number',
  blank: 'may not be blank',
  maxLength: (max: unknown) => `must have no more than ${String(max)} characters`,
  minimum: (min: unknown) => `must be at least ${String(min)}`,
  maximum: (max: unknown) => `must be at most ${String(max)}`,
  date: 'must be a date YYYY-MM-DD',
  period: `must be a calendar month YYYY-MM, from ${PERIOD_MIN_YEAR}-01 to ${PERIOD_MAX_YEAR}-12`,
  noNul: 'may not contain null characters',
  format: 'is not in the expected format',
  unicode: 'must be valid Unicode text',
  idTwice: (id: unknown) => `id ${String(id)} is used twice`,
  targetNeedsDirection: 'is required with target_direction',
  directionNeedsTarget: 'is required with target',
  noHabit: (id: unknown) => `no habit with id ${String(id)} in this month`,
  noMeasure: (id: unknown) => `no measure with id ${String(id)} in this month`,
} as const;

/** `monthbook-export-2024-01-31.json` */
export function exportFileName(now: Date = new Date()): string {
  return `monthbook-export-${now.toISOString().slice(0, 10)}.json`;
}

/** `monthbook-january-2024.csv`: the month's name with only letters, digits and dashes left. */
export function monthCsvFileName(monthName: string): string {
  const slug = monthName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `monthbook-${slug || 'month'}.csv`;
}

/**
 * What an import adds: every month of the file (`all`, the default), or only the months the
 * account does not have yet (`new`): a backup restores what was deleted without doubling the
 * rest, and importing the same file twice adds nothing the second time.
 */
export const IMPORT_MODES = ['all', 'new'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** A month as this check sees it: its name, and its calendar period (`YYYY-MM`) if it has one. */
export interface MonthIdentity {
  name: string;
  period?: string | null | undefined;
}

/**
 * When a file's month counts as already in the account: the same period (or both none) and the
 * same name, ignoring case and spacing. Entries are not compared: a month written in since the
 * backup was taken is still that month.
 */
export function monthIdentity({ name, period }: MonthIdentity): string {
  const folded = name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  return `${period ?? ''} ${folded}`;
}

/** The indexes of the file's months the account already has (monthIdentity), in file order. */
export function monthsAlreadyPresent(
  file: readonly MonthIdentity[],
  account: readonly MonthIdentity[],
): number[] {
  const present = new Set(account.map(monthIdentity));
  return file.flatMap((month, index) => (present.has(monthIdentity(month)) ? [index] : []));
}

/** The other apps whose exports import reads, recognised from the file's content. */
export const IMPORT_SOURCES = ['day-one', 'daylio', 'loop', 'jrnl', 'apple-health'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** How each app is named to the user (proper names: the same in every language). */
export const SOURCE_NAMES: Record<ImportSource, string> = {
  'day-one': 'Day One',
  daylio: 'Daylio',
  loop: 'Loop Habit Tracker',
  jrnl: 'jrnl',
  'apple-health': 'Apple Health',
};

/** Where an import's file came from: another app, or Monthbook's own export. */
export type ImportOrigin = ImportSource | 'monthbook';

/** How an import is named in Recently deleted: its app's name. */
export function importOriginName(origin: ImportOrigin): string {
  return origin === 'monthbook' ? 'Monthbook' : SOURCE_NAMES[origin];
}

/**
 * What an import from another app read but left out or changed, counted in its report:
 * photos, tags, stars, places, mood names none of the five levels match, habit schedules made
 * the nearest N a week, Health record types not turned into measures, unreadable rows.
 */
export const IMPORT_NOTE_CODES = [
  'photos_left_out',
  'tags_kept_in_note',
  'starred_kept_in_note',
  'location_kept_in_note',
  'unknown_moods',
  'schedule_approximated',
  'types_left_out',
  'rows_unreadable',
] as const;
export type ImportNoteCode = (typeof IMPORT_NOTE_CODES)[number];

/** A Monthbook export says so in its first bytes (export writes `format` first). */
export function isMonthbookExportHead(head: string): boolean {
  return /^\uFEFF?\s*\{\s*"format"\s*:\s*"monthbook-export"/.test(head);
}
