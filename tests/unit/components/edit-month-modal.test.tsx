// 'Edit month': renames the month, its measure and habits, adds habits, removes one after a
// confirm.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { UpdateNamed } from '../../../contract/requests';
import { createAccountKey } from '../../../src/crypto/keys';
import { forgetAccountKeyHere, keepAccountKey } from '../../../src/queries/account-key-session';
import { createQueryClient } from '../../../src/query-client';
import { makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { resetAccountKeysMock, storeAccountKeys } from '../msw/handlers/account-keys';
import { ACCOUNT_PASSWORD } from '../msw/handlers/account-password';
import { applyPatch, notFound } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { restoreOnlineAfterEach, setBrowserOnline } from '../offline/offline-support';
import { findToast, renderRoute, signIn } from '../routes/render-route';

setupMswServer();
restoreOnlineAfterEach();
configure({ asyncUtilTimeout: 5000 });

/** The habit and measure detail routes, as the server has them (the shared handlers list and create only). */
function detailRoutes() {
  server.use(
    http.patch(apiUrl('api/habits/:id/'), async ({ params, request }) => {
      const habit = db.habits.find((h) => h.id === Number(params.id));
      if (!habit) return notFound();
      applyPatch(habit, (await request.json()) as UpdateNamed);
      return HttpResponse.json(habit);
    }),
    http.delete(apiUrl('api/habits/:id/'), ({ params }) => {
      const id = Number(params.id);
      if (!db.habits.some((h) => h.id === id)) return notFound();
      db.habits = db.habits.filter((h) => h.id !== id);
      db.dailyHabits = db.dailyHabits.filter((d) => d.habit_id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch(apiUrl('api/measures/:id/'), async ({ params, request }) => {
      const measure = db.measures.find((m) => m.id === Number(params.id));
      if (!measure) return notFound();
      applyPatch(measure, (await request.json()) as UpdateNamed);
      return HttpResponse.json(measure);
    }),
  );
}

beforeEach(() => {
  signIn();
  detailRoutes();
});

async function openEdit(name: string) {
  const view = renderRoute('/months');
  await view.user.click(await screen.findByRole('button', { name: `Edit month ${name}` }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit month' }));
  await dialog.findByLabelText(/^Measure/);
  return { ...view, dialog };
}

describe('Edit month', { timeout: 20_000 }, () => {
  it('renames the measure and a habit, adds a habit and removes one with its ticks after a confirm', async () => {
    const fixture = seedMonth(makeMonthFixture({ name: 'March', habits: ['Read', 'Walk'] }));
    const [read, walk] = fixture.habits;
    const { user, dialog } = await openEdit('March');
    expect(dialog.getByLabelText(/^Measure/)).toHaveValue(fixture.measures[0]!.name);
    expect(dialog.getByLabelText(/^Habit 1/)).toHaveValue('Read');

    await user.clear(dialog.getByLabelText(/^Measure/));
    await user.type(dialog.getByLabelText(/^Measure/), 'Hours slept');
    await user.clear(dialog.getByLabelText(/^Habit 1/));
    await user.type(dialog.getByLabelText(/^Habit 1/), 'Read 20 pages');
    await user.click(dialog.getByRole('button', { name: 'Remove habit 2' }));
    // The confirm says the ticks go too; nothing is deleted before Save.
    const question = await dialog.findByRole('alertdialog');
    expect(question).toHaveTextContent(/Remove the habit “Walk”\? Its ticks on every entry/);
    await user.click(within(question).getByRole('button', { name: 'Remove habit' }));
    expect(db.habits.some((h) => h.id === walk!.id)).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'Add Habit +' }));
    await user.type(dialog.getByLabelText(/^Habit 2/), 'Stretch');
    requestLog.length = 0;
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Month renamed')).toBeInTheDocument();
    expect(db.measures[0]?.name).toBe('Hours slept');
    expect(db.habits.filter((h) => h.month_id === fixture.month.id).map((h) => h.name)).toEqual([
      'Read 20 pages',
      'Stretch',
    ]);
    expect(db.dailyHabits.some((d) => d.habit_id === walk!.id)).toBe(false);
    expect(db.dailyHabits.some((d) => d.habit_id === read!.id)).toBe(true);
    // Only what changed: no PATCH of the unchanged month name.
    expect(requestLog.filter((line) => !line.startsWith('GET'))).toEqual([
      `PATCH /api/measures/${fixture.measures[0]!.id}/`,
      `DELETE /api/habits/${walk!.id}/`,
      `PATCH /api/habits/${read!.id}/`,
      'POST /api/habits/',
    ]);
  });

  it('keeps a habit when its removal is not confirmed', async () => {
    seedMonth(makeMonthFixture({ name: 'April', habits: ['Read'] }));
    const { user, dialog } = await openEdit('April');
    await user.click(dialog.getByRole('button', { name: 'Remove habit 1' }));
    await user.click(await dialog.findByRole('button', { name: 'Keep it' }));
    expect(dialog.getByLabelText(/^Habit 1/)).toHaveValue('Read');
  });

  it('asks before closing with unsaved changes', async () => {
    seedMonth(makeMonthFixture({ name: 'May', habits: ['Read'] }));
    const { user, dialog } = await openEdit('May');
    await user.type(dialog.getByLabelText(/^Habit 1/), ' more');
    await user.keyboard('{Escape}');
    expect(await dialog.findByRole('alertdialog')).toHaveTextContent('Discard what you typed?');
    await user.click(dialog.getByRole('button', { name: 'Keep editing' }));
    expect(dialog.getByLabelText(/^Habit 1/)).toHaveValue('Read more');
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await user.click(await dialog.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Edit month without changes', { timeout: 20_000 }, () => {
  it('closes at once when nothing was changed', async () => {
    seedMonth(makeMonthFixture({ name: 'June', habits: ['Read'] }));
    const { user, dialog } = await openEdit('June');
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Edit month offline', { timeout: 20_000 }, () => {
  it('for a month whose measure and habits were never read: says so at once, renames, and keeps what was typed', async () => {
    const fixture = seedMonth(makeMonthFixture({ name: 'August', habits: ['Read'] }));
    // The app's client: offline, its reads fail at once rather than wait (src/query-client.ts).
    const view = renderRoute('/months', { queryClient: createQueryClient() });
    const edit = await screen.findByRole('button', { name: 'Edit month August' });
    setBrowserOnline(false);
    await view.user.click(edit);
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit month' }));

    // No endless 'Loading…': the parts that need the network say they are not available offline.
    expect(await dialog.findByText('Not available offline')).toBeInTheDocument();
    expect(dialog.getByText(/measure and habits are not saved on this device/)).toBeInTheDocument();
    expect(dialog.queryByText(/^Loading the month/)).not.toBeInTheDocument();
    expect(dialog.queryByLabelText(/^Measure/)).not.toBeInTheDocument();
    const name = dialog.getByLabelText(/^Month/);
    await view.user.clear(name);
    await view.user.type(name, 'August 2024');
    // What was typed is not dropped by a stray Escape.
    await view.user.keyboard('{Escape}');
    expect(await dialog.findByRole('alertdialog')).toHaveTextContent('Discard what you typed?');
    await view.user.click(dialog.getByRole('button', { name: 'Keep editing' }));
    expect(name).toHaveValue('August 2024');

    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Month renamed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'August 2024' })).toBeInTheDocument();

    setBrowserOnline(true);
    await waitFor(() => expect(db.months[0]?.name).toBe('August 2024'));
    expect(db.habits.filter((h) => h.month_id === fixture.month.id).map((h) => h.name)).toEqual([
      'Read',
    ]);
  });
});

describe('Edit month: making the month private', { timeout: 20_000 }, () => {
  let made: Awaited<ReturnType<typeof createAccountKey>>;
  beforeAll(async () => {
    made = await createAccountKey(ACCOUNT_PASSWORD);
  });
  const storeWraps = () => storeAccountKeys(made);
  afterEach(() => {
    forgetAccountKeyHere();
    resetAccountKeysMock();
  });

  it('points to Settings while private months are not set up', async () => {
    seedMonth(makeMonthFixture({ name: 'April' }));
    const { dialog } = await openEdit('April');
    expect(await dialog.findByText(/first set up private months in Settings/)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Make this month private' })).toBeNull();
  });

  it('says where to open them when they are locked on this device', async () => {
    storeWraps();
    seedMonth(makeMonthFixture({ name: 'April' }));
    const { dialog } = await openEdit('April');
    expect(
      await dialog.findByText(/locked on this device: open them in Settings/),
    ).toBeInTheDocument();
  });

  it('makes it private with one key however often it is clicked, after saying what a reset means', async () => {
    storeWraps();
    await keepAccountKey(made.accountKey.slice());
    const fixture = seedMonth(makeMonthFixture({ name: 'April', journals: 1 }));
    const { dialog } = await openEdit('April');
    expect(
      await dialog.findByText(/If you reset your password by email, it stays locked/),
    ).toBeInTheDocument();
    requestLog.length = 0;
    // Two clicks in one task, before React renders the button busy.
    const button = dialog.getByRole('button', { name: 'Make this month private' });
    fireEvent.click(button);
    fireEvent.click(button);

    expect(await dialog.findByText(/^This month is private: its content/)).toBeInTheDocument();
    expect(
      await findToast(
        'This month is private now. Its items are being encrypted: keep this page open until the changes waiting to sync are sent.',
      ),
    ).toBeInTheDocument();
    expect(
      requestLog.filter((line) => line === `PATCH /api/months/${fixture.month.id}/`),
    ).toHaveLength(1);
    const stored = db.months.find((month) => month.id === fixture.month.id);
    expect(stored?.name).toBe('');
    expect(stored?.month_key).toBeDefined();
    // Its entry sealed after it.
    await waitFor(() =>
      expect(db.journals.find((row) => row.id === fixture.journals[0]?.id)?.sealed).toBeDefined(),
    );
  });

  it('makes a private month plain again only after asking, and says so', async () => {
    storeWraps();
    await keepAccountKey(made.accountKey.slice());
    const fixture = seedMonth(makeMonthFixture({ name: 'April', journals: 1 }));
    const first = await openEdit('April');
    fireEvent.click(first.dialog.getByRole('button', { name: 'Make this month private' }));
    await first.dialog.findByText(/^This month is private: its content/);
    await waitFor(() =>
      expect(db.journals.find((row) => row.id === fixture.journals[0]?.id)?.sealed).toBeDefined(),
    );

    await first.user.click(
      first.dialog.getByRole('button', { name: 'Make this month plain again…' }),
    );
    const question = await first.dialog.findByRole('alertdialog');
    expect(question).toHaveTextContent(/kept there readable/);
    await first.user.click(within(question).getByRole('button', { name: 'Keep it private' }));
    expect(first.dialog.queryByRole('alertdialog')).toBeNull();
    expect(db.months.find((row) => row.id === fixture.month.id)?.month_key).toBeDefined();

    await first.user.click(
      first.dialog.getByRole('button', { name: 'Make this month plain again…' }),
    );
    await first.user.click(
      within(await first.dialog.findByRole('alertdialog')).getByRole('button', {
        name: 'Make it plain',
      }),
    );
    expect(await findToast('This month is plain again.')).toBeInTheDocument();
    const month = db.months.find((row) => row.id === fixture.month.id);
    expect(month?.name).toBe('April');
    expect(month?.month_key).toBeUndefined();
    expect(db.journals.find((row) => row.id === fixture.journals[0]?.id)).toMatchObject({
      highlight: fixture.journals[0]?.highlight,
    });
  });
});
