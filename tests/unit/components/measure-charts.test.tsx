// The month at a glance with several measures: a chart per measure, its unit, target and days on
// target, and a table saying each day on or off target.
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import type { MonthStats } from '../../../contract/stats';
import { MonthStatsCards } from '../../../src/components/stats/month-stats';
import { cssVariablesResolver, theme } from '../../../src/theme';
// For its jsdom stubs (matchMedia, ResizeObserver) that Mantine needs.
import '../routes/render-route';

beforeEach(() => {
  // Recharts measures a 0×0 box under jsdom and says so; the drawing is not under test here.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const entries = [
  { id: 1, created_at: '2026-03-02' },
  { id: 2, created_at: '2026-03-03' },
];
const sleepSeries = [
  { date: '2026-03-02', value: 8, count: 1 },
  { date: '2026-03-03', value: 6.5, count: 1 },
];

function stats(measures: MonthStats['measures']): MonthStats {
  return {
    month: 9,
    entries,
    measure: { id: 11, name: 'Sleep' },
    series: sleepSeries,
    measures,
    habits: [],
    goals: { completed: 0, total: 0 },
  };
}

/** The chart card whose title is `title`. */
const figure = (title: string) =>
  screen.getAllByRole('figure').find((f) => f.querySelector('figcaption')?.textContent === title)!;

function renderCards(value: MonthStats) {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <MonthStatsCards stats={value} />
    </MantineProvider>,
  );
}

describe('the month at a glance with several measures', () => {
  it('charts each measure with its unit, its target and the days on target', () => {
    renderCards(
      stats([
        {
          id: 11,
          name: 'Sleep',
          unit: 'h',
          target: 7,
          target_direction: 'at_least',
          series: sleepSeries,
          days_on_target: 1,
        },
        {
          id: 12,
          name: 'Steps',
          unit: null,
          target: null,
          target_direction: null,
          series: [{ date: '2026-03-02', value: 9000, count: 1 }],
          days_on_target: null,
        },
      ]),
    );
    const sleep = figure('Sleep (h) by day');
    expect(sleep).toHaveTextContent('1 of 2 days on target · Target: at least 7 h');
    const rows = within(sleep)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/8on target$/),
      expect.stringMatching(/6\.5off target$/),
    ]);
    // A measure without a target: no target line, no on/off column.
    const steps = figure('Steps by day');
    expect(steps).not.toHaveTextContent('on target');
    expect(within(steps).getAllByRole('columnheader')).toHaveLength(2);
  });

  it('falls back to the first measure for an answer saved before several measures', () => {
    renderCards(stats(undefined));
    expect(screen.getAllByRole('figure')).toHaveLength(1);
    expect(figure('Sleep by day')).toBeDefined();
  });
});
