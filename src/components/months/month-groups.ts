// The months page's order, its year groups and its quick filter: pure rules, tested without a screen.
import type { Month } from '../../../contract/entities';

/** Case and accents aside ("Março" → "marco"); the search's own folding is more than a name needs. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

export interface YearGroup {
  /** The period's year; null for the months without a calendar month. */
  year: number | null;
  months: Month[];
}

/**
 * Newest period first, grouped by year, the months without a period last. Months of one period,
 * and those without one, go newest first by creation: the list's own order (`months` comes in
 * the order they were made, one made offline at its end).
 */
export function groupMonths(months: readonly Month[]): YearGroup[] {
  const made = new Map(months.map((month, index) => [month, index]));
  const sorted = [...months].sort((a, b) => {
    const byPeriod = (b.period ?? '').localeCompare(a.period ?? '');
    return byPeriod !== 0 ? byPeriod : (made.get(b) ?? 0) - (made.get(a) ?? 0);
  });
  const groups: YearGroup[] = [];
  for (const month of sorted) {
    const year = month.period ? Number(month.period.slice(0, 4)) : null;
    const last = groups.at(-1);
    if (last && last.year === year) last.months.push(month);
    else groups.push({ year, months: [month] });
  }
  return groups;
}

/**
 * The months a quick filter keeps: each typed word (case and accents aside) is in the month's
 * name, its year or its month number ("2019", "março", "fev 2020", "2019-03").
 */
export function filterMonths(months: readonly Month[], filter: string): Month[] {
  const words = fold(filter).split(/\s+/u).filter(Boolean);
  if (words.length === 0) return [...months];
  return months.filter((month) => {
    const haystack = fold(`${month.name} ${month.period ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}
