// Calendar days as `YYYY-MM-DD` in the user's own time zone, for a journal entry's date.

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Today where the user is (not in UTC: just after midnight in Tokyo it is still yesterday in UTC). */
export function localToday(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** True for a real calendar day from year 1 on, as the server accepts (`2023-02-29` is not). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
