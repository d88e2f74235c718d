// Habit schedules and skip days in the browser: the schedule picker in Create a Month, the card's
// three states.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { makeDailyHabit, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { setupMswServer } from '../msw/server';
import { findToast, renderRoute, signIn } from '../routes/render-route';

setupMswServer();
// Lazy modal chunks compile on first use and the machine is shared: wait up to 5 s, not 1.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('habit schedules', { timeout: 30_000 }, () => {
  it('Create a Month saves each habit with the schedule chosen for it', async () => {
    const { user } = renderRoute('/months');
    await user.click(await screen.findByRole('button', { name: 'Add New Month +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Month' }));
    await user.type(dialog.getByRole('textbox', { name: /^Month/ }), 'March');
    await user.type(dialog.getByLabelText(/^Measure/), 'Sleep');
    await user.type(dialog.getByLabelText(/^Habit 1/), 'Swim');

    // Chosen days with none picked is refused with a message, and nothing is sent.
    await user.selectOptions(
      dialog.getByRole('combobox', { name: 'Schedule of Swim' }),
      'weekdays',
    );
    const days = dialog.getByRole('group', { name: /Days it is due/ });
    for (const day of ['Monday', 'Wednesday', 'Friday']) {
      await user.click(within(days).getByRole('checkbox', { name: day }));
    }
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Choose at least one day.')).toBeInTheDocument();
    expect(db.months.some((m) => m.name === 'March')).toBe(false);

    await user.click(within(days).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Thursday' }));
    await user.click(dialog.getByRole('button', { name: 'Add Habit +' }));
    await user.type(dialog.getAllByLabelText(/^Habit \d/)[1]!, 'Run');
    await user.selectOptions(
      dialog.getByRole('combobox', { name: 'Schedule of Run' }),
      'times_per_week',
    );
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Times a week' }), '3');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Month created')).toBeInTheDocument();
    const march = db.months.find((m) => m.name === 'March')!;
    expect(
      db.habits.filter((h) => h.month_id === march.id).map((h) => [h.name, h.schedule]),
    ).toEqual([
      ['Swim', { kind: 'weekdays', days: [2, 4] }],
      ['Run', { kind: 'times_per_week', times: 3 }],
    ]);
  });

  it('a card shows each habit done, skipped or not done, and Skip sends is_skipped', async () => {
    const fixture = makeMonthFixture({ journals: 1, habits: ['Read'] });
    const journal = fixture.journals[0]!;
    const habit = fixture.habits[0]!;
    fixture.habits[0] = { ...habit, schedule: { kind: 'weekdays', days: [1, 3] } };
    const daily = makeDailyHabit(journal, fixture.habits[0]!, { is_practiced: true });
    fixture.dailyHabits = [daily];
    seedMonth(fixture);
    const { user } = renderRoute(`/months/${fixture.month.id}/journals`);

    const done = await screen.findByRole('checkbox', { name: 'Read' });
    expect(done).toBeChecked();
    // Its schedule is read out with it.
    expect(done).toHaveAccessibleDescription(/on Monday and Wednesday/);
    const skip = screen.getByRole('button', { name: 'Skip Read (a planned rest day)' });
    expect(skip).toHaveAttribute('aria-pressed', 'false');

    await user.click(skip);
    await waitFor(() => expect(skip).toHaveAttribute('aria-pressed', 'true'));
    expect(done).not.toBeChecked();
    expect(done).toHaveAccessibleDescription(/skipped/);
    await waitFor(() =>
      expect(db.dailyHabits.find((d) => d.id === daily.id)).toMatchObject({
        is_practiced: false,
        is_skipped: true,
      }),
    );

    // Done again: the skip goes (on the server too).
    await user.click(done);
    await waitFor(() => expect(skip).toHaveAttribute('aria-pressed', 'false'));
    expect(done).toBeChecked();
    await waitFor(() =>
      expect(db.dailyHabits.find((d) => d.id === daily.id)).toMatchObject({
        is_practiced: true,
        is_skipped: false,
      }),
    );
  });
});
