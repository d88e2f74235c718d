// 'Create a Month' copying the last month's measure and habits: on demand, editable, with its states.
import { configure, screen, waitFor, within } from '@testing-library/react';
import { createAccountKey } from '../../../src/crypto/keys';
import { COPY_TEXTS } from '../../../src/i18n/en/copy-month';
import { forgetAccountKeyHere, keepAccountKey } from '../../../src/queries/account-key-session';
import { makeMonth, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { resetAccountKeysMock, storeAccountKeys } from '../msw/handlers/account-keys';
import { ACCOUNT_PASSWORD } from '../msw/handlers/account-password';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
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

async function openModal() {
  const view = renderRoute('/months');
  await view.user.click(
    await screen.findByRole('button', { name: 'Add New Month +' }, { timeout: 15_000 }),
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Create a Month' }));
  return { ...view, dialog };
}

const habitValues = () =>
  within(screen.getByRole('dialog', { name: 'Create a Month' }))
    .getAllByLabelText(/^Habit \d/)
    .map((input) => (input as HTMLInputElement).value);

describe('Create a Month from the last month', { timeout: 20_000 }, () => {
  it('fills Measure and Habits from the last month of the list when asked, and saves them edited', async () => {
    seedMonth(makeMonthFixture({ name: 'January', habits: ['Old habit'] }));
    const february = seedMonth(makeMonthFixture({ name: 'February', habits: ['Read', 'Walk'] }));
    const { user, dialog } = await openModal();
    expect(requestLog.some((r) => r.includes('/api/habits/'))).toBe(false);

    await user.click(dialog.getByRole('button', { name: COPY_TEXTS.button('February') }));

    await waitFor(() => expect(dialog.getByLabelText(/^Measure/)).toHaveValue('Sleep hours'));
    expect(habitValues()).toEqual(['Read', 'Walk']);
    expect(dialog.getByRole('status')).toHaveTextContent(COPY_TEXTS.copied('February'));
    expect(requestLog).toContain(`GET /api/habits/?month=${february.month.id}`);

    await user.type(dialog.getByLabelText(/^Month/), 'March');
    await user.click(dialog.getByRole('button', { name: 'Remove habit 2' }));
    await user.click(dialog.getByRole('button', { name: 'Add Habit +' }));
    await user.type(dialog.getAllByLabelText(/^Habit \d/)[1]!, 'Swim');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Month created')).toBeInTheDocument();
    const march = db.months.find((m) => m.name === 'March')!;
    expect(db.habits.filter((h) => h.month_id === march.id).map((h) => h.name)).toEqual([
      'Read',
      'Swim',
    ]);
    expect(db.measures.filter((m) => m.month_id === march.id).map((m) => m.name)).toEqual([
      'Sleep hours',
    ]);
  });

  it('copies every measure with its unit and target, each habit with its schedule, and the mood choice', async () => {
    const february = seedMonth(makeMonthFixture({ name: 'February', habits: ['Gym', 'Read'] }));
    Object.assign(february.month, { mood_enabled: false });
    const [sleep] = db.measures.filter((m) => m.month_id === february.month.id);
    Object.assign(sleep!, { unit: 'h', target: 8, target_direction: 'at_least' });
    db.measures.push({
      ...sleep!,
      id: sleep!.id + 1000,
      name: 'Coffee',
      unit: 'cups',
      target: 2,
      target_direction: 'at_most',
    });
    const [gym, read] = db.habits.filter((h) => h.month_id === february.month.id);
    Object.assign(gym!, { schedule: { kind: 'weekdays', days: [1, 3] } });
    Object.assign(read!, { schedule: { kind: 'times_per_week', times: 3 } });
    const { user, dialog } = await openModal();

    await user.click(dialog.getByRole('button', { name: COPY_TEXTS.button('February') }));
    expect(await dialog.findByDisplayValue('Coffee')).toBeInTheDocument();
    expect(dialog.getByDisplayValue('Sleep hours')).toBeInTheDocument();
    expect(dialog.getByRole('switch', { name: /^Track mood/ })).not.toBeChecked();
    await user.type(dialog.getByLabelText(/^Month/), 'March');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Month created')).toBeInTheDocument();
    const march = db.months.find((m) => m.name === 'March')!;
    expect(
      db.measures
        .filter((m) => m.month_id === march.id)
        .map(({ name, unit, target, target_direction }) => ({
          name,
          unit,
          target,
          target_direction,
        })),
    ).toEqual([
      { name: 'Sleep hours', unit: 'h', target: 8, target_direction: 'at_least' },
      { name: 'Coffee', unit: 'cups', target: 2, target_direction: 'at_most' },
    ]);
    expect(
      db.habits
        .filter((h) => h.month_id === march.id)
        .map(({ name, schedule }) => ({ name, schedule })),
    ).toEqual([
      { name: 'Gym', schedule: { kind: 'weekdays', days: [1, 3] } },
      { name: 'Read', schedule: { kind: 'times_per_week', times: 3 } },
    ]);
  });

  it('has no dated example in the Month field, and names the calendar picker a month', async () => {
    const { dialog } = await openModal();
    const name = dialog.getByRole('textbox', { name: /^Month/ });
    expect(name.getAttribute('placeholder')).not.toMatch(/\d{4}/);
    expect(dialog.getByLabelText('Which month', { exact: true })).toBeInTheDocument();
    expect(dialog.queryByLabelText('Calendar', { exact: true })).toBeNull();
  });

  it('offers nothing to copy without months', async () => {
    const { dialog } = await openModal();
    expect(dialog.queryByRole('button', { name: /^Copy measure/ })).not.toBeInTheDocument();
  });

  it('says so when the last month has nothing to copy, keeping what was typed', async () => {
    const empty = makeMonth({ name: 'Empty' });
    db.months.push(empty);
    const { user, dialog } = await openModal();
    await user.type(dialog.getByLabelText(/^Measure/), 'Steps');
    await user.click(dialog.getByRole('button', { name: COPY_TEXTS.button('Empty') }));
    expect(await dialog.findByText(COPY_TEXTS.nothing('Empty'))).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Measure/)).toHaveValue('Steps');
  });

  it('shows an error when the last month cannot be read, and copies on retry', async () => {
    seedMonth(makeMonthFixture({ name: 'April', habits: ['Yoga'] }));
    server.use(failing('get', 'api/habits/', 500));
    const { user, dialog } = await openModal();
    const copy = dialog.getByRole('button', { name: COPY_TEXTS.button('April') });
    await user.click(copy);
    expect(await dialog.findByText(COPY_TEXTS.failed('April'))).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Measure/)).toHaveValue('');

    server.resetHandlers();
    await user.click(copy);
    await waitFor(() => expect(habitValues()).toEqual(['Yoga']));
  });
});

describe('Create a Month, private', { timeout: 20_000 }, () => {
  let made: Awaited<ReturnType<typeof createAccountKey>>;
  beforeAll(async () => {
    made = await createAccountKey(ACCOUNT_PASSWORD);
  });
  afterEach(() => {
    forgetAccountKeyHere();
    resetAccountKeysMock();
  });

  it('is offered only where private months are open on this device', async () => {
    const { dialog } = await openModal();
    await dialog.findByLabelText(/^Measure/);
    expect(dialog.queryByRole('switch', { name: /^Private month/ })).toBeNull();
  });

  it('sends its name only sealed: made under a neutral name, given its key, then its habits and measure sealed', async () => {
    storeAccountKeys(made);
    await keepAccountKey(made.accountKey.slice());
    const posts: Record<string, unknown>[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/api/months/'))
        posts.push((await request.clone().json()) as Record<string, unknown>);
    });
    const { user, dialog } = await openModal();
    await user.click(await dialog.findByRole('switch', { name: /^Private month/ }));
    await user.type(dialog.getByLabelText(/^Month/), 'Secret April');
    await user.type(dialog.getByLabelText(/^Measure/), 'Heartbeats');
    await user.type(dialog.getByLabelText(/^Habit 1/), 'Meditate');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Month created')).toBeInTheDocument();
    await waitFor(() => expect(posts.map((body) => body.name)).toEqual(['Private month']));
    await waitFor(() => expect(db.months.at(-1)?.month_key).toBeDefined());
    const month = db.months.at(-1);
    await waitFor(() =>
      expect(db.habits.filter((h) => h.month_id === month?.id && h.sealed)).toHaveLength(1),
    );
    await waitFor(() =>
      expect(db.measures.filter((m) => m.month_id === month?.id && m.sealed)).toHaveLength(1),
    );
    expect(month).toMatchObject({ name: '' });
    expect(month?.month_key).toBeDefined();
    expect(JSON.stringify([db.months, db.habits, db.measures])).not.toMatch(
      /Secret April|Meditate|Heartbeats/,
    );
    // Shown opened here.
    expect(await screen.findByRole('link', { name: 'Secret April' })).toBeInTheDocument();
  });
});
