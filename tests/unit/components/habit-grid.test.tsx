// The habit grid of the month at a glance: a column for every day of the month, an empty one where there is no entry.
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

const stats: MonthStats = {
  month: 9,
  entries: [
    { id: 1, created_at: '2026-02-02' },
    { id: 2, created_at: '2026-02-05' },
  ],
  measure: null,
  series: [],
  habits: [
    {
      id: 3,
      name: 'Read',
      ticks: [true, false],
      completed: 1,
      rate: 0.5,
      current_streak: 0,
      longest_streak: 1,
    },
  ],
  goals: { completed: 0, total: 0 },
};

function renderCards(period: string | null) {
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <MonthStatsCards stats={stats} period={period} />
    </MantineProvider>,
  );
}

const grid = () => screen.getByRole('table', { name: /^Each habit on each entry/ });

describe('the habit grid', () => {
  it('has a column for every day of the month, an empty one for a day without an entry', () => {
    renderCards('2026-02');
    const headers = within(grid()).getAllByRole('columnheader');
    // Habit, rate, streak, best, then February's 28 days.
    expect(headers).toHaveLength(4 + 28);
    const row = within(grid()).getByRole('row', { name: /^Read/ });
    const cells = within(row).getAllByRole('cell').slice(3);
    expect(cells).toHaveLength(28);
    expect(cells[1]?.textContent).toBe('Ticked');
    expect(cells[0]?.textContent).toBe('No entry');
    expect(cells[4]?.textContent).toBe('Not ticked');
    expect(cells.filter((cell) => cell.textContent === 'No entry')).toHaveLength(26);
  });

  it('without a period, runs from the first entry to the last', () => {
    renderCards(null);
    const row = within(grid()).getByRole('row', { name: /^Read/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(3)
        .map((cell) => cell.textContent),
    ).toEqual(['Ticked', 'No entry', 'No entry', 'Not ticked']);
  });
});
