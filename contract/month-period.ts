// A month's calendar period (`YYYY-MM`): its wire pattern, and reading one from a month's name.

/** `2026-03`: years 1900 to 2999, months 01 to 12. */
export const PERIOD_PATTERN = '^(19|2[0-9])[0-9]{2}-(0[1-9]|1[0-2])$';
const PERIOD = new RegExp(PERIOD_PATTERN);
/** What the API answers for a period that does not match. */
export const PERIOD_MESSAGE = 'Enter a calendar month as YYYY-MM, from 1900-01 to 2999-12.';

export const PERIOD_MIN_YEAR = 1900;
export const PERIOD_MAX_YEAR = 2999;

export interface PeriodParts {
  year: number;
  /** 1 to 12 */
  month: number;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

export function formatPeriod({ year, month }: PeriodParts): string {
  return `${pad(year, 4)}-${pad(month)}`;
}

/** The parts of a valid `YYYY-MM` period, or null. */
export function periodParts(period: string | null | undefined): PeriodParts | null {
  if (!period || !PERIOD.test(period)) return null;
  return { year: Number(period.slice(0, 4)), month: Number(period.slice(5, 7)) };
}

export function isPeriod(value: string): boolean {
  return PERIOD.test(value);
}

/** Days in a period's month (28 to 31). */
export function daysInPeriod({ year, month }: PeriodParts): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `YYYY-MM-DD` of a day of the period. */
export function periodDay(parts: PeriodParts, day: number): string {
  return `${formatPeriod(parts)}-${pad(day)}`;
}

/** True when a `YYYY-MM-DD` date falls in the period. */
export function inPeriod(date: string, period: string): boolean {
  return date.startsWith(`${period}-`);
}

// Month names, folded (lower case, no accents, no dots): English and Portuguese, full and short.
const NAMES: ReadonlyArray<readonly string[]> = [
  ['january', 'jan', 'janeiro'],
  ['february', 'feb', 'fevereiro', 'fev'],
  ['march', 'mar', 'marco'],
  ['april', 'apr', 'abril', 'abr'],
  ['may', 'maio', 'mai'],
  ['june', 'jun', 'junho'],
  ['july', 'jul', 'julho'],
  ['august', 'aug', 'agosto', 'ago'],
  ['september', 'sep', 'sept', 'setembro', 'set'],
  ['october', 'oct', 'outubro', 'out'],
  ['november', 'nov', 'novembro'],
  ['december', 'dec', 'dezembro', 'dez'],
];
const MONTH_BY_NAME = new Map(
  NAMES.flatMap((names, index) => names.map((name) => [name, index + 1] as const)),
);

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

const yearOf = (text: string) => {
  const year = Number(text);
  return year >= PERIOD_MIN_YEAR && year <= PERIOD_MAX_YEAR ? year : null;
};

/**
 * The period a month's name reads as, or null: "January 2026", "Jan 2026", "jan. 2026",
 * "January, 2026", "2026-01", "2026/1", "01/2026", "Janeiro de 2026", "março 2026". The whole
 * name must be the date: "Trip to Lisbon, May 2026" is not read (a guess would be wrong as often
 * as right, and the user can always set the period).
 */
export function periodFromName(name: string): string | null {
  const text = fold(name);
  const numeric =
    /^(\d{4})\s*[-/.]\s*(\d{1,2})$/.exec(text) ?? /^(\d{1,2})\s*[-/.]\s*(\d{4})$/.exec(text);
  if (numeric) {
    const [first, second] = [numeric[1] ?? '', numeric[2] ?? ''];
    const [yearText, monthText] = first.length === 4 ? [first, second] : [second, first];
    const year = yearOf(yearText);
    const month = Number(monthText);
    return year !== null && month >= 1 && month <= 12 ? formatPeriod({ year, month }) : null;
  }
  const wordFirst = /^([a-z]+)\.?,?\s+(?:de\s+|of\s+)?(\d{4})$/.exec(text);
  const yearFirst = /^(\d{4})\s+([a-z]+)\.?$/.exec(text);
  const word = wordFirst?.[1] ?? yearFirst?.[2];
  const yearText = wordFirst?.[2] ?? yearFirst?.[1];
  if (word === undefined || yearText === undefined) return null;
  const month = MONTH_BY_NAME.get(word);
  const year = yearOf(yearText);
  return month !== undefined && year !== null ? formatPeriod({ year, month }) : null;
}

/**
 * The day a new entry of a month with this period starts on: today when today is in it, else its
 * first day without an entry (its first day when every day has one). No period: today.
 */
export function defaultEntryDate(
  period: string | null | undefined,
  takenDates: Iterable<string>,
  today: string,
): string {
  const parts = periodParts(period);
  if (!parts || (period && inPeriod(today, period))) return today;
  const taken = new Set(takenDates);
  for (let day = 1; day <= daysInPeriod(parts); day += 1) {
    const date = periodDay(parts, day);
    if (!taken.has(date)) return date;
  }
  return periodDay(parts, 1);
}

/**
 * The period's days as weeks of seven (Sunday first, as in en-US and pt-BR calendars): each item
 * a `YYYY-MM-DD` date, or null before the first and after the last day.
 */
export function calendarWeeks(parts: PeriodParts): (string | null)[][] {
  const first = new Date(Date.UTC(parts.year, parts.month - 1, 1)).getUTCDay();
  const days = daysInPeriod(parts);
  const cells: (string | null)[] = [
    ...Array.from({ length: first }, () => null),
    ...Array.from({ length: days }, (_, index) => periodDay(parts, index + 1)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** `2026-01-01 – 2026-01-31`: the period's first and last day, as the date rule's message names them. */
export function periodSpan(parts: PeriodParts): string {
  return `${periodDay(parts, 1)} – ${periodDay(parts, daysInPeriod(parts))}`;
}

/**
 * An entry of a month with a period is dated inside it: the calendar shows a day only in its own
 * month, so an entry dated elsewhere could not be reached from it. Messages of one value, so the
 * browser can translate the server's answer (src/i18n/pt-br/messages.ts).
 */
export const PERIOD_DATE_MESSAGES = {
  outsidePeriod: (span: string) => `Choose a date within this month: ${span}.`,
} as const;

/** The message for `date` when it falls outside the period, or null (also for no period). */
export function dateOutsidePeriod(date: string, period: string | null | undefined): string | null {
  const parts = periodParts(period);
  if (!parts || !period || inPeriod(date, period)) return null;
  return PERIOD_DATE_MESSAGES.outsidePeriod(periodSpan(parts));
}
