// The month at a glance on screen: skeleton, chart's text alternative, habit grid table, goal bar, empty and error states.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { STORAGE_KEYS } from '../../../contract/rules';
import { MonthStatsSection } from '../../../src/components/stats/month-stats-section';
import { statsKeys } from '../../../src/queries/keys';
import { cssVariablesResolver, theme } from '../../../src/theme';
import {
  makeDailyHabit,
  makeDailyMeasure,
  makeGoal,
  makeHabit,
  makeJournal,
  makeMeasure,
  makeMonth,
} from '../../fixtures/factories';
import { computeMonthStats } from '../../fixtures/month-stats';
import { db } from '../msw/db';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { createTestQueryClient } from '../queries/wrapper';
// For its jsdom stubs (matchMedia, ResizeObserver) that Mantine needs.
import '../routes/render-route';

setupMswServer();

// The drawing's chunk (the chart library) is slow to transform the first time; not a test's time.
beforeAll(() => import('../../../src/components/stats/month-stats'), 60_000);

beforeEach(() => {
  // Open, as the user left it; the closed default has its own test below.
  localStorage.setItem(STORAGE_KEYS.glanceOpen, 'true');
  // Recharts measures a 0×0 box under jsdom and says so; the chart itself is not under test here.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // React reports the errors the section's error boundary catches.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * A month with habits Read and Walk and three entries (Mar 1, 2, 3):
 * Read ticked, ticked, not ticked; Walk not ticked, ticked, ticked. Weight 70, 71.5, 69.
 * Goals: 1 of 2 done.
 */
function seedMarch() {
  const month = makeMonth({ name: 'March' });
  const read = makeHabit(month, { name: 'Read' });
  const walk = makeHabit(month, { name: 'Walk' });
  const weight = makeMeasure(month, { name: 'Weight' });
  const journals = ['2025-03-01', '2025-03-02', '2025-03-03'].map((created_at) =>
    makeJournal(month, { created_at }),
  );
  const ticks = { read: [true, true, false], walk: [false, true, true] };
  db.months.push(month);
  db.habits.push(read, walk);
  db.measures.push(weight);
  db.journals.push(...journals);
  journals.forEach((journal, day) => {
    db.dailyHabits.push(
      makeDailyHabit(journal, read, { is_practiced: ticks.read[day] }),
      makeDailyHabit(journal, walk, { is_practiced: ticks.walk[day] }),
    );
    db.dailyMeasures.push(makeDailyMeasure(journal, weight, { metric: [70, 71.5, 69][day] }));
  });
  db.goals.push(
    makeGoal(month, { name: 'a', is_completed: true }),
    makeGoal(month, { name: 'b', is_completed: false }),
  );
  return month;
}

function renderStats(monthId: number, known = { habitCount: 2, entryCount: 3 }) {
  const queryClient = createTestQueryClient();
  const view = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <MonthStatsSection monthId={monthId} {...known} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, queryClient };
}

const section = () => screen.getByRole('region', { name: 'Month at a glance' });
/** Waits past the skeleton (lazy code, then data) to the loaded section. */
const loaded = () =>
  screen.findByRole('table', { name: /^Each habit on each entry/ }, { timeout: 15_000 });

describe('MonthStatsSection', () => {
  it('is closed by default, asks nothing, and opens and closes on its heading, remembering it', async () => {
    localStorage.removeItem(STORAGE_KEYS.glanceOpen);
    const month = seedMarch();
    const statsRequests = () => requestLog.filter((r) => r.endsWith('/stats/'));
    const user = userEvent.setup();
    const { queryClient } = renderStats(month.id);
    const toggle = within(section()).getByRole('button', { name: 'Month at a glance' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).not.toBeVisible();
    expect(screen.queryByText('Loading the month at a glance')).toBeNull();
    // Nothing is loaded while closed: the stats read is not even in the cache, so no request can
    // follow, however long it stays so (the read registers on render, before its request).
    const statsReads = queryClient.getQueryCache().findAll({ queryKey: statsKeys.month(month.id) });
    expect(statsReads).toEqual([]);
    expect(statsRequests()).toEqual([]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await loaded();
    expect(statsRequests()).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.glanceOpen)).toBe('true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('table')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.glanceOpen)).toBeNull();
  });

  it('shows a busy placeholder under the heading first, sized for the known habits', () => {
    const month = seedMarch();
    renderStats(month.id);
    expect(within(section()).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Month at a glance',
    );
    expect(within(section()).getByText('Loading the month at a glance')).toBeInTheDocument();
    const busy = section().querySelector('[aria-busy="true"]');
    expect(busy).not.toBeNull();
    const grid = busy?.querySelector('.mb-stats-habits-body') as HTMLElement;
    expect(grid.style.getPropertyValue('--mb-habit-rows')).toBe('2');
    expect(grid).not.toHaveAttribute('data-empty');
  });

  it('holds the very cards the loaded section shows: a chart per measure (a target: taller) and the mood chart', async () => {
    const month = seedMarch();
    const [first, second] = [1, 2].map((id) => ({
      id,
      name: `Measure ${id}`,
      unit: null,
      target: id === 2 ? 8 : null,
      target_direction: id === 2 ? 'at_least' : null,
      series: [],
      days_on_target: id === 2 ? 0 : null,
    }));
    server.use(
      http.get(apiUrl('api/months/:id/stats/'), () =>
        HttpResponse.json({
          ...computeMonthStats(month.id, db),
          measures: [first, second],
          mood: [],
          mood_enabled: true,
        }),
      ),
    );
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <QueryClientProvider client={createTestQueryClient()}>
          <MonthStatsSection
            monthId={month.id}
            habitCount={2}
            entryCount={3}
            measureTargets={[false, true]}
            moodEnabled
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
    // Each card's box (its mb-stats-* class and whether it has a target), in order.
    const cards = () =>
      [...section().querySelectorAll('.mb-stats-grid > .mantine-Paper-root')].map(
        (card) =>
          `${[...card.classList].filter((c) => c.startsWith('mb-stats')).join(' ')}${card.hasAttribute('data-target') ? ' target' : ''}`,
      );
    const placeholder = cards();
    expect(placeholder).toEqual([
      'mb-stats-chart',
      'mb-stats-chart target',
      'mb-stats-chart',
      'mb-stats-goals',
      'mb-stats-habits',
    ]);
    await loaded();
    expect(cards()).toEqual(placeholder);
  });

  it('draws the habit grid as a table: headers, ticks, rate and streaks per habit', async () => {
    const month = seedMarch();
    renderStats(month.id);
    const grid = await loaded();

    expect(section().querySelector('[aria-busy="true"]')).toBeNull();
    const scroller = screen.getByRole('region', { name: /^Habit grid/ });
    // The same box as the placeholder's: rows for the same number of habits.
    expect(scroller).toHaveClass('mb-stats-habits-body');
    expect(scroller.style.getPropertyValue('--mb-habit-rows')).toBe('2');
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Habit',
      'Rate',
      'StreakCurrent streak',
      'BestLongest streak',
      '1Saturday, March 1',
      '2Sunday, March 2',
      '3Monday, March 3',
    ]);
    const read = within(grid).getByRole('row', { name: /^Read/ });
    expect(within(read).getByRole('rowheader')).toHaveTextContent('Read');
    expect(
      within(read)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['67%', '0', '2', 'Ticked', 'Ticked', 'Not ticked']);
    const walk = within(grid).getByRole('row', { name: /^Walk/ });
    expect(
      within(walk)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['67%', '2', '2', 'Not ticked', 'Ticked', 'Ticked']);
    // The grid scrolls sideways inside its own region, reachable by keyboard.
    expect(screen.getByRole('region', { name: /^Habit grid/ })).toHaveAttribute('tabindex', '0');
  });

  it('shows goals as "1 of 2" with a progress bar that says the same', async () => {
    const month = seedMarch();
    renderStats(month.id);
    await loaded();

    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Goals completed' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '2');
    expect(bar).toHaveAttribute('aria-valuetext', '1 of 2 goals completed');
  });

  it('gives the chart a text alternative: a summary and a table of the values by day', async () => {
    const month = seedMarch();
    renderStats(month.id);
    await loaded();

    expect(screen.getByRole('heading', { name: 'Weight by day' })).toBeInTheDocument();
    expect(screen.getByText('Latest 69 · Low 69 · High 71.5')).toBeInTheDocument();
    const values = screen.getByRole('table', { name: /^Weight by day/ });
    expect(
      within(values)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Saturday, March 170', 'Sunday, March 271.5', 'Monday, March 369']);
  });

  it('reads well for a month without entries', async () => {
    const month = makeMonth();
    db.months.push(month);
    db.measures.push(makeMeasure(month, { name: 'Weight' }));
    db.habits.push(makeHabit(month, { name: 'Read' }));
    renderStats(month.id, { habitCount: 1, entryCount: 0 });

    expect(
      await screen.findByText('Ticks, rates and streaks appear after the first entry.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^No entries yet/)).toBeInTheDocument();
    expect(screen.getByText('No goals yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says so when the stats fail, and loads them on "Try again"', async () => {
    const month = seedMarch();
    server.use(failing('get', `api/months/${month.id}/stats/`, 500));
    renderStats(month.id);

    const alert = await screen.findByRole('alert', undefined, { timeout: 15_000 });
    expect(alert).toHaveTextContent('The month at a glance could not be loaded.');
    server.use(
      http.get(apiUrl(`api/months/${month.id}/stats/`), () =>
        HttpResponse.json({
          month: month.id,
          entries: [],
          measure: null,
          series: [],
          habits: [],
          goals: { completed: 2, total: 3 },
        }),
      ),
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('2 of 3')).toBeInTheDocument();
  });
});
