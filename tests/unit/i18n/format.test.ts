// @vitest-environment node
// Dates in the reader's language: the English full date written without Intl matches Intl's.

import type { Journal } from '../../../contract/entities';
import { formatIsoDate } from '../../../src/i18n/format';
import { compareJournals } from '../../../src/queries/journal-list';

function isoDays(fromYear: number, toYear: number): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(fromYear, 0, 1); t < Date.UTC(toYear + 1, 0, 1); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

describe('formatIsoDate', () => {
  it('writes every English full date of 2023–2028 exactly as Intl does', () => {
    const intl = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' });
    const days = isoDays(2023, 2028);
    expect(days).toHaveLength(2192);
    for (const day of days)
      expect(formatIsoDate(day, 'en', { dateStyle: 'full' })).toBe(
        intl.format(new Date(`${day}T00:00:00Z`)),
      );
  });

  it('keeps Intl for Portuguese and for other styles', () => {
    expect(formatIsoDate('2025-03-01', 'pt-BR', { dateStyle: 'full' })).toBe(
      'sábado, 1 de março de 2025',
    );
    expect(formatIsoDate('2025-03-01', 'en', { dateStyle: 'medium' })).toBe('Mar 1, 2025');
  });

  it('returns anything that is not a day as given', () => {
    expect(formatIsoDate('yesterday', 'en', { dateStyle: 'full' })).toBe('yesterday');
  });
});

describe('compareJournals', () => {
  const journal = (id: number, created_at: string): Journal => ({
    id,
    created_at,
    highlight: '',
    month: 1,
    month_id: 1,
    author: 1,
  });

  it('orders by day, then by id', () => {
    const sorted = [
      journal(3, '2025-03-02'),
      journal(2, '2025-03-01'),
      journal(1, '2025-03-02'),
      journal(4, '2024-12-31'),
    ].sort(compareJournals);
    expect(sorted.map((j) => j.id)).toEqual([4, 2, 1, 3]);
  });
});
