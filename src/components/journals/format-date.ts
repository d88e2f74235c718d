// Formats a journal's `YYYY-MM-DD` creation date for people, without a time-zone shift.
const formatter = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' });

export function formatJournalDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : formatter.format(date);
}
