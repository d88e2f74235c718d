// @vitest-environment node
// The days the month's charts run over, a value per day with gaps, and the habit grid's columns.
import { chartDays, everyDay, gridColumns } from '../../../src/components/stats/chart-days';

describe('chartDays', () => {
  it('is every day of the period, with or without entries', () => {
    const days = chartDays('2026-02', ['2026-02-03']);
    expect(days).toHaveLength(28);
    expect(days[0]).toBe('2026-02-01');
    expect(days.at(-1)).toBe('2026-02-28');
    expect(chartDays('2028-02', [])).toHaveLength(29);
  });

  it('keeps a date outside the period, in order', () => {
    expect(chartDays('2026-01', ['2026-02-03']).slice(-2)).toEqual(['2026-01-31', '2026-02-03']);
  });

  it('without a period, runs from the first date to the last, every day between', () => {
    expect(chartDays(null, ['2026-03-30', '2026-04-02'])).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
    ]);
    expect(chartDays(undefined, [])).toEqual([]);
  });

  it('without a period, over a very long span, keeps to the dates', () => {
    expect(chartDays(null, ['2020-01-01', '2026-01-01'])).toEqual(['2020-01-01', '2026-01-01']);
  });
});

describe('everyDay', () => {
  it('gives each day its value, and null (a gap) to a day without one', () => {
    expect(
      everyDay(
        ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'],
        [
          { date: '2026-03-01', value: 80.5, count: 1 },
          { date: '2026-03-04', value: 81, count: 1 },
        ],
      ),
    ).toEqual([
      { date: '2026-03-01', value: 80.5 },
      { date: '2026-03-02', value: null },
      { date: '2026-03-03', value: null },
      { date: '2026-03-04', value: 81 },
    ]);
  });
});

describe('gridColumns', () => {
  it('gives a day without an entry an empty column, and a day with two entries two', () => {
    const entries = [
      { id: 5, created_at: '2026-03-01' },
      { id: 6, created_at: '2026-03-03' },
      { id: 7, created_at: '2026-03-03' },
    ];
    expect(gridColumns(['2026-03-01', '2026-03-02', '2026-03-03'], entries)).toEqual([
      { date: '2026-03-01', entry: 0 },
      { date: '2026-03-02', entry: null },
      { date: '2026-03-03', entry: 1 },
      { date: '2026-03-03', entry: 2 },
    ]);
  });
});
