// Dates and numbers in the reader's language (Intl), with each formatter built once per locale and style.
import type { Locale } from './store';

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

const EN_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * English `dateStyle: 'full'` without Intl, exactly as Intl writes it (tests/unit/i18n checks
 * every day of several years): the journals page dates every card with it, and Intl's first date
 * format loads its locale data on that page's first render (about 25 ms on a cold page here).
 */
function englishFullDate(date: Date): string {
  const weekday = EN_WEEKDAYS[date.getUTCDay()];
  const month = EN_MONTHS[date.getUTCMonth()];
  return `${weekday}, ${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * A `YYYY-MM-DD` day as people write it (`Saturday, March 1, 2025`, `sábado, 1 de março de 2025`),
 * read in UTC so no time zone shifts it; anything else comes back as given.
 */
export function formatIsoDate(
  isoDate: string,
  locale: Locale,
  options: Intl.DateTimeFormatOptions,
): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  if (locale === 'en' && options.dateStyle === 'full' && Object.keys(options).length === 1)
    return englishFullDate(date);
  const key = `date ${locale} ${JSON.stringify(options)}`;
  return cached(key, () => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })).format(
    date,
  );
}

export function formatNumber(
  value: number,
  locale: Locale,
  options: Intl.NumberFormatOptions = {},
): string {
  const key = `number ${locale} ${JSON.stringify(options)}`;
  return cached(key, () => new Intl.NumberFormat(locale, options)).format(value);
}

/**
 * A metric as the reader writes numbers (`1,234,567.89`, `1.234.567,89`). Fifteen significant
 * digits: every number typed shows as typed, without a double's binary noise.
 */
export function formatMetric(value: number, locale: Locale): string {
  return formatNumber(value, locale, { maximumSignificantDigits: 15 });
}

/** A metric for an input to edit: the reader's decimal mark, no grouping (`7,5` in pt-BR). */
export function metricInputValue(value: number, locale: Locale): string {
  return formatNumber(value, locale, { maximumSignificantDigits: 15, useGrouping: false });
}

const SEPARATORS: Record<Locale, { decimal: string; group: string }> = {
  en: { decimal: '.', group: ',' },
  'pt-BR': { decimal: ',', group: '.' },
};

/**
 * A typed metric in the reader's language, or NaN: `7,5` and `1.234,5` in pt-BR, `7.5` and
 * `1,234.5` in English. Groups count only in threes (`1.234`, not `12.34`); in pt-BR a lone `.`
 * with other than three digits after it is read as a decimal point (`7.5`), as people type it.
 */
export function parseMetric(text: string, locale: Locale): number {
  const { decimal, group } = SEPARATORS[locale];
  const trimmed = text.trim().replace(/^\u2212/, '-');
  if (trimmed === '') return Number.NaN;
  const literal = (mark: string) => (mark === '.' ? '\\.' : mark);
  const grouped = new RegExp(`^[-+]?\\d{1,3}(${literal(group)}\\d{3})+(${literal(decimal)}\\d*)?$`);
  let plain = trimmed;
  if (grouped.test(trimmed)) plain = trimmed.split(group).join('');
  else if (plain.includes(group) && !(locale === 'pt-BR' && /^[-+]?\d*\.\d*$/.test(plain)))
    return Number.NaN;
  if (decimal !== '.') {
    if (plain.includes(decimal) && plain.includes('.')) return Number.NaN;
    plain = plain.replace(decimal, '.');
  }
  // Number('') is 0 and Number('0x1f') is 31: only plain decimal notation passes.
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(plain)) return Number.NaN;
  return Number(plain);
}
