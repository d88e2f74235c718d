// @vitest-environment node
// The months page's order, year groups and quick filter.
import { filterMonths, groupMonths } from '../../../src/components/months/month-groups';
import { makeMonth } from '../../fixtures/factories';

describe('groupMonths', () => {
  it('puts the newest calendar month first, a group per year, months without one last', () => {
    // In the order they were made: February before January, a month without a period between.
    const feb = makeMonth({ name: 'February 2026', period: '2026-02' });
    const trip = makeMonth({ name: 'Trip', period: null });
    const jan = makeMonth({ name: 'January 2026', period: '2026-01' });
    const dec = makeMonth({ name: 'December 2025', period: '2025-12' });
    const notes = makeMonth({ name: 'Notes', period: null });
    const groups = groupMonths([feb, trip, jan, dec, notes]);
    expect(groups.map((group) => [group.year, group.months.map((month) => month.name)])).toEqual([
      [2026, ['February 2026', 'January 2026']],
      [2025, ['December 2025']],
      [null, ['Notes', 'Trip']],
    ]);
  });

  it('keeps two months of one period newest made first (one made offline has a negative id)', () => {
    const first = makeMonth({ name: 'March', period: '2026-03' });
    const offline = makeMonth({ id: -1, name: 'March again', period: '2026-03' });
    expect(groupMonths([first, offline])[0]?.months).toEqual([offline, first]);
  });
});

describe('filterMonths', () => {
  const months = [
    makeMonth({ name: 'Março de 2019', period: '2019-03' }),
    makeMonth({ name: 'March 2020', period: '2020-03' }),
    makeMonth({ name: 'Holidays', period: '2019-07' }),
    makeMonth({ name: 'Notes', period: null }),
  ];
  const names = (filter: string) => filterMonths(months, filter).map((month) => month.name);

  it('keeps the months of a year, by name or calendar month', () => {
    expect(names('2019')).toEqual(['Março de 2019', 'Holidays']);
  });

  it('matches names without case or accents, every word', () => {
    expect(names('marco')).toEqual(['Março de 2019']);
    expect(names('MAR 2020')).toEqual(['March 2020']);
    expect(names('  ')).toHaveLength(4);
    expect(names('nothing')).toEqual([]);
  });
});
