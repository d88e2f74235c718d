// A moment seen in a user's time zone: local date, "HH:MM", ISO weekday and ISO week, with plain date arithmetic.

export interface LocalMoment {
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM", 24 h */
  time: string;
  /** 1 = Monday … 7 = Sunday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, found);
  }
  return found;
}

export function localMoment(now: Date, zone: string): LocalMoment {
  const parts: Record<string, string> = {};
  for (const part of formatter(zone).formatToParts(now)) parts[part.type] = part.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, time: `${parts.hour}:${parts.minute}`, weekday: isoWeekday(date) };
}

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

export function isoWeekday(date: string): number {
  return ((utcDay(date).getUTCDay() + 6) % 7) + 1;
}

export function addDays(date: string, days: number): string {
  const day = utcDay(date);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** "YYYY-Www": the ISO 8601 week (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: string): string {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = thursday.slice(0, 4);
  const week =
    Math.floor((utcDay(thursday).getTime() - utcDay(`${year}-01-01`).getTime()) / 86_400_000 / 7) +
    1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
