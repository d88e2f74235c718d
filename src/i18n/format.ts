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
