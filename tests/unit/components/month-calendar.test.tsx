// The journals page's calendar: each day's "done of total habits" counts by the habits' schedules.
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HabitSchedule } from '../../../contract/habit-schedule';
import MonthCalendar from '../../../src/components/journals/month-calendar';
import { cssVariablesResolver, theme } from '../../../src/theme';
import { makeDailyHabit, makeHabit, makeJournal, makeMonth } from '../../fixtures/factories';
// For its jsdom stubs (matchMedia, ResizeObserver) that Mantine needs.
import '../routes/render-route';

describe('MonthCalendar', () => {
  it('leaves a habit that is not due out of a day’s count ("1 of 1 habit" on a Saturday)', () => {
    const month = makeMonth({ name: 'June 2026', period: '2026-06' });
    const gym = makeHabit(month, { name: 'Gym' });
    const read = makeHabit(month, { name: 'Read' });
    const schedules = new Map<number, HabitSchedule>([
      [gym.id, { kind: 'weekdays', days: [1, 2, 3, 4, 5] }],
      [read.id, { kind: 'times_per_week', times: 3 }],
    ]);
    // 6 June 2026 is a Saturday, 5 June a Friday.
    const saturday = makeJournal(month, { created_at: '2026-06-06' });
    const friday = makeJournal(month, { created_at: '2026-06-05' });
    const dailyHabits = [
      makeDailyHabit(saturday, gym, { is_practiced: false }),
      makeDailyHabit(saturday, read, { is_practiced: true }),
      makeDailyHabit(friday, gym, { is_practiced: false }),
      makeDailyHabit(friday, read, { is_practiced: true }),
    ];
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <MonthCalendar
          period="2026-06"
          monthName="June 2026"
          journals={[saturday, friday]}
          dailyHabits={dailyHabits}
          habitSchedules={schedules}
          onOpen={() => undefined}
          onCreate={() => undefined}
        />
      </MantineProvider>,
    );
    expect(
      screen.getByRole('button', { name: /Saturday, June 6/ }).getAttribute('aria-label'),
    ).toMatch(/1 of 1 habit\b/);
    expect(
      screen.getByRole('button', { name: /Friday, June 5/ }).getAttribute('aria-label'),
    ).toMatch(/1 of 2 habits/);
  });

  it('counts a habit added after an entry was written as not done on it, as the entry’s card shows it', () => {
    const month = makeMonth({ name: 'June 2026', period: '2026-06' });
    const read = makeHabit(month, { name: 'Read' });
    const stretch = makeHabit(month, { name: 'Stretch' });
    const schedules = new Map<number, HabitSchedule>([
      [read.id, { kind: 'daily' }],
      [stretch.id, { kind: 'weekdays', days: [0] }],
    ]);
    // 5 June 2026 is a Friday, 7 June a Sunday: both entries have a box for Read only.
    const friday = makeJournal(month, { created_at: '2026-06-05' });
    const sundayEntry = makeJournal(month, { created_at: '2026-06-07' });
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <MonthCalendar
          period="2026-06"
          monthName="June 2026"
          journals={[friday, sundayEntry]}
          dailyHabits={[
            makeDailyHabit(friday, read, { is_practiced: true }),
            makeDailyHabit(sundayEntry, read, { is_practiced: true }),
          ]}
          habitSchedules={schedules}
          onOpen={() => undefined}
          onCreate={() => undefined}
        />
      </MantineProvider>,
    );
    // Stretch is not due on a Friday, so it is not counted there; on Sunday it is due and missing.
    expect(
      screen.getByRole('button', { name: /Friday, June 5/ }).getAttribute('aria-label'),
    ).toMatch(/1 of 1 habit\b/);
    expect(
      screen.getByRole('button', { name: /Sunday, June 7/ }).getAttribute('aria-label'),
    ).toMatch(/1 of 2 habits/);
  });

  it('explains in its legend the outline and both bars of a day: mood and habits done', () => {
    const month = makeMonth({ name: 'June 2026', period: '2026-06' });
    const { container } = render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <MonthCalendar
          period="2026-06"
          monthName="June 2026"
          journals={[makeJournal(month, { created_at: '2026-06-06' })]}
          dailyHabits={[]}
          habitSchedules={new Map()}
          onOpen={() => undefined}
          onCreate={() => undefined}
        />
      </MantineProvider>,
    );
    const legend = container.querySelector('.mb-calendar-legend');
    expect(legend?.textContent).toContain('Has an entry');
    expect(legend?.textContent).toContain('Mood, 1 to 5');
    expect(legend?.textContent).toContain('Habits done');
    // Each bar drawn as in a day: the mood's five colours, a part-filled habits bar.
    expect(legend?.querySelectorAll('[class^="mb-mood-"]')).toHaveLength(5);
    expect(legend?.querySelector('.mb-calendar-habits > span')).not.toBeNull();
  });

  it('opens a list of a day’s entries when it has several, and each can be opened', async () => {
    const month = makeMonth({ name: 'January 2026', period: '2026-01' });
    const first = makeJournal(month, { created_at: '2026-01-05', highlight: 'Morning run' });
    const second = makeJournal(month, { created_at: '2026-01-05', highlight: 'Evening call' });
    const onOpen = vi.fn();
    const onCreate = vi.fn();
    const user = userEvent.setup();
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <MonthCalendar
          period="2026-01"
          monthName="January 2026"
          journals={[first, second]}
          dailyHabits={[]}
          onOpen={onOpen}
          onCreate={onCreate}
        />
      </MantineProvider>,
    );
    const day = screen.getByRole('button', { name: /Monday, January 5: 2 entries/ });

    await user.click(day);

    const list = await screen.findByRole('dialog');
    expect(list).toHaveTextContent(/^Entries of Monday, January 5/);
    expect(
      within(list)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Morning run', 'Evening call', 'New entry on this day']);
    expect(onOpen).not.toHaveBeenCalled();
    await user.click(within(list).getByRole('button', { name: 'Evening call' }));
    expect(onOpen).toHaveBeenCalledWith(second);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(day);
    await user.click(await screen.findByRole('button', { name: 'New entry on this day' }));
    expect(onCreate).toHaveBeenCalledWith('2026-01-05');
  });

  it('opens the only entry of a day at once', async () => {
    const month = makeMonth({ name: 'January 2026', period: '2026-01' });
    const only = makeJournal(month, { created_at: '2026-01-06', highlight: 'Alone' });
    const onOpen = vi.fn();
    const user = userEvent.setup();
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <MonthCalendar
          period="2026-01"
          monthName="January 2026"
          journals={[only]}
          dailyHabits={[]}
          onOpen={onOpen}
          onCreate={() => undefined}
        />
      </MantineProvider>,
    );

    await user.click(screen.getByRole('button', { name: /Tuesday, January 6: entry/ }));

    expect(onOpen).toHaveBeenCalledWith(only);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
