// Formats a journal's `YYYY-MM-DD` creation date for people, in their language, without a time-zone shift.
import { formatIsoDate } from '../../i18n/format';
import type { Locale } from '../../i18n/store';

export function formatJournalDate(isoDate: string, locale: Locale = 'en'): string {
  return formatIsoDate(isoDate, locale, { dateStyle: 'full' });
}
