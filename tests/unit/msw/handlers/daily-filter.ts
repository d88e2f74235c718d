// The `?month=` / `?journal=` filter our server applies to daily items.
import { db } from '../db';

export function dailyFilter(month: number | null, journal: number | null) {
  return (item: { journal_id: number }): boolean => {
    if (journal !== null && item.journal_id !== journal) return false;
    if (month === null) return true;
    return db.journals.some((j) => j.id === item.journal_id && j.month_id === month);
  };
}
