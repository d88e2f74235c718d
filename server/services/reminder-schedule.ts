// When a user's next daily reminder and weekly digest fall due, as UTC instants computed from their local time and zone.
import { addDays, localMoment } from './local-time.js';

/** The weekly digest goes out on Monday from this local time (and later that Monday if missed). */
export const DIGEST_TIME = '08:00';

const MINUTE_MS = 60_000;

/** Minutes east of UTC that `zone` is at `instant`. */
function offsetMinutes(instant: number, zone: string): number {
  const local = localMoment(new Date(instant), zone);
  const asUtc = Date.parse(`${local.date}T${local.time}:00Z`);
  return Math.round((asUtc - Math.floor(instant / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

/**
 * The UTC instant at which `date` "HH:MM" happens in `zone`. A wall time skipped by a daylight
 * saving jump resolves to just after the jump; one that happens twice, to its first occurrence.
 */
export function zonedInstant(date: string, time: string, zone: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  // Offsets change at most once around any day: the one a day before and the one a day after
  // give every reading of the wall time. Of those that show it, the earlier; none in a gap.
  const day = 24 * 60 * MINUTE_MS;
  const readings = [offsetMinutes(wall - day, zone), offsetMinutes(wall + day, zone)].map(
    (offset) => wall - offset * MINUTE_MS,
  );
  const shown = readings.filter((instant) => {
    const local = localMoment(new Date(instant), zone);
    return local.date === date && local.time === time;
  });
  return shown.length > 0 ? Math.min(...shown) : Math.max(...readings);
}

export type Due =
  /** Due now for this period (local date or ISO week); look again from `next`. */
  | { due: true; next: number }
  /** Nothing to send now; look again from `next`. */
  | { due: false; next: number };

/**
 * The daily reminder at `now`: due when the local time has reached `time` (a missed time is
 * still sent later the same local day, never the next day). `next` is always after `now`.
 */
export function reminderDue(now: number, time: string, zone: string): Due & { date: string } {
  const local = localMoment(new Date(now), zone);
  if (local.time >= time) {
    return { due: true, date: local.date, next: after(now, addDays(local.date, 1), time, zone) };
  }
  return { due: false, date: local.date, next: after(now, local.date, time, zone) };
}

/** The weekly digest at `now`: due on a local Monday from DIGEST_TIME. */
export function digestDue(now: number, zone: string): Due & { date: string } {
  const local = localMoment(new Date(now), zone);
  if (local.weekday === 1 && local.time >= DIGEST_TIME) {
    return {
      due: true,
      date: local.date,
      next: after(now, addDays(local.date, 7), DIGEST_TIME, zone),
    };
  }
  const toMonday = (8 - local.weekday) % 7;
  return {
    due: false,
    date: local.date,
    next: after(now, addDays(local.date, toMonday), DIGEST_TIME, zone),
  };
}

/** The instant of `date` `time` in `zone`, or a minute from now if a clock jump put it behind us. */
function after(now: number, date: string, time: string, zone: string): number {
  const instant = zonedInstant(date, time, zone);
  return instant > now ? instant : now + MINUTE_MS;
}
