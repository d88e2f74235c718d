import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '../../../contract/rules';
import { makeGoal, makeMonth, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { failing, unreachable } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { restoreOnlineAfterEach, setBrowserOnline } from '../offline/offline-support';
import { findToast, renderRoute, signIn } from './render-route';

setupMswServer();
restoreOnlineAfterEach();

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function openCreateModal() {
  const view = renderRoute('/months');
  await view.user.click(await screen.findByRole('button', { name: 'Add New Month +' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create a Month' });
  return { ...view, dialog };
}

describe('/months', () => {
  it('lists month cards whose names open the month, with Edit and Delete', async () => {
    const march = makeMonth({ name: 'March' });
    db.months.push(makeMonth({ name: 'February' }), march);
    renderRoute('/months');
    expect(await screen.findByRole('heading', { level: 1, name: 'Months' })).toBeInTheDocument();
    expect(document.title).toBe('Months — Monthbook');
    expect(screen.getByRole('link', { name: 'March' })).toHaveAttribute(
      'href',
      `/months/${march.id}/journals`,
    );
    expect(screen.getByRole('button', { name: 'Edit month March' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete month February' })).toBeInTheDocument();
  });

  it('shows under each name its entries and goals done, from one request for every card', async () => {
    const fixture = makeMonthFixture({ name: 'June', journals: 3, habits: [], goals: [] });
    seedMonth(fixture);
    db.goals.push(
      makeGoal(fixture.month, { name: 'Run', is_completed: true }),
      makeGoal(fixture.month, { name: 'Swim' }),
    );
    db.months.push(makeMonth({ name: 'July' }));
    renderRoute('/months');

    expect(await screen.findByText('3 entries · 1 of 2 goals done')).toBeInTheDocument();
    expect(await screen.findByText('0 entries')).toBeInTheDocument();
    expect(requestLog.filter((r) => r === 'GET /api/months/summaries/')).toHaveLength(1);
  });

  it('prefetches the months and the payment status in parallel', async () => {
    renderRoute('/months');
    await screen.findByRole('heading', { name: 'Months' });
    expect([...requestLog].sort()).toEqual(['GET /api/check-payment-status', 'GET /api/months/']);
  });

  it('sends unpaid users to /subscribe', async () => {
    db.hasPaid = false;
    const view = renderRoute('/months');
    await waitFor(() => expect(view.pathname()).toBe('/subscribe'));
  });

  it('sends users to /subscribe when the payment check fails', async () => {
    server.use(failing('get', 'api/check-payment-status', 500));
    const view = renderRoute('/months');
    await waitFor(() => expect(view.pathname()).toBe('/subscribe'));
  });

  it('opens the Create a Month modal with Month, Measure, one habit row, Close and Save', async () => {
    const { dialog } = await openCreateModal();
    const modal = within(dialog);
    expect(modal.getByLabelText(/^Month/)).toBeInTheDocument();
    expect(modal.getByLabelText(/^Measure/)).toBeInTheDocument();
    expect(modal.getByLabelText(/^Habit 1/)).toBeInTheDocument();
    expect(modal.queryByRole('button', { name: /^Remove habit/ })).not.toBeInTheDocument();
    expect(modal.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(modal.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('adds habit rows, each but the first with a remove button', async () => {
    const { user, dialog } = await openCreateModal();
    const modal = within(dialog);
    await user.click(modal.getByRole('button', { name: 'Add Habit +' }));
    await user.click(modal.getByRole('button', { name: 'Add Habit +' }));
    expect(modal.getAllByLabelText(/^Habit \d/)).toHaveLength(3);
    expect(
      modal
        .getAllByRole('button', { name: /^Remove habit/ })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove habit 2', 'Remove habit 3']);
    await user.click(modal.getByRole('button', { name: 'Remove habit 2' }));
    expect(modal.getAllByLabelText(/^Habit \d/)).toHaveLength(2);
  });

  it('requires the month, the measure and every habit row', async () => {
    const { user, dialog } = await openCreateModal();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText(MESSAGES.required)).toHaveLength(3);
    expect(requestLog.filter((r) => r.startsWith('POST'))).toEqual([]);
  });

  it('creates the month with its habits and measure, then shows it', async () => {
    const { user, dialog } = await openCreateModal();
    const modal = within(dialog);
    await user.type(modal.getByLabelText(/^Month/), 'April');
    await user.type(modal.getByLabelText(/^Measure/), 'Sleep hours');
    await user.type(modal.getByLabelText(/^Habit 1/), 'Read');
    await user.click(modal.getByRole('button', { name: 'Add Habit +' }));
    await user.type(modal.getByLabelText(/^Habit 2/), 'Walk');
    await user.click(modal.getByRole('button', { name: 'Save' }));
    expect(await findToast('Month created')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'April' })).toBeInTheDocument();
    expect(db.habits.map((h) => h.name)).toEqual(['Read', 'Walk']);
    expect(db.measures.map((m) => m.name)).toEqual(['Sleep hours']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("moves a month opened before its create landed to the server's id, so what is written there shows", async () => {
    const { user, dialog, pathname } = await openCreateModal();
    setBrowserOnline(false);
    const modal = within(dialog);
    await user.type(modal.getByLabelText(/^Month/), 'April');
    await user.type(modal.getByLabelText(/^Measure/), 'Sleep');
    await user.type(modal.getByLabelText(/^Habit 1/), 'Read');
    await user.click(modal.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('link', { name: 'April' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'April' })).toBeInTheDocument();
    expect(pathname()).toMatch(/^\/months\/-\d+\/journals$/);

    setBrowserOnline(true);
    await waitFor(() => expect(pathname()).toBe(`/months/${db.months[0]?.id}/journals`));
    // An entry written once the month is saved is shown on its page.
    await user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const entry = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    await user.type(entry.getByLabelText(/^Highlight/), 'First day');
    await user.type(entry.getByLabelText(/^Sleep/), '7');
    await user.click(entry.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First day')).toBeInTheDocument();
    await waitFor(() => expect(db.journals.map((j) => j.highlight)).toEqual(['First day']));
  });

  it("shows 'Failed to create month' when the server refuses", async () => {
    server.use(failing('post', 'api/months/', 400));
    const { user, dialog } = await openCreateModal();
    const modal = within(dialog);
    await user.type(modal.getByLabelText(/^Month/), 'April');
    await user.type(modal.getByLabelText(/^Measure/), 'Sleep');
    await user.type(modal.getByLabelText(/^Habit 1/), 'Read');
    await user.click(modal.getByRole('button', { name: 'Save' }));
    // Shown and queued at once; the server's refusal still says so (docs/product-rules.md section
    // 4).
    expect(await findToast('Failed to create month')).toBeInTheDocument();
    expect(db.months).toEqual([]);
    // The refused month stays on screen, marked, until the user edits or discards it.
    const card = (await screen.findByRole('link', { name: 'April' })).closest('[data-month-card]');
    expect(
      within(card as HTMLElement).getByText('Not saved — see the changes waiting to sync'),
    ).toBeInTheDocument();
  });

  it('deletes a month after confirmation', async () => {
    db.months.push(makeMonth({ name: 'March' }));
    const { user } = renderRoute('/months');
    await user.click(await screen.findByRole('button', { name: 'Delete month March' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete month' });
    // The month goes to the bin, so the question says where, not that it is gone for good.
    expect(dialog).toHaveTextContent('It stays in Recently deleted (Settings) for 30 days');
    expect(dialog).not.toHaveTextContent(/cannot be undone/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Month deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'March' })).not.toBeInTheDocument(),
    );
    expect(db.months).toEqual([]);
  });

  it('closes the dialog and offers Undo as soon as the delete is queued, offline too', async () => {
    const march = makeMonth({ name: 'March' });
    db.months.push(march);
    const { user } = renderRoute('/months');
    const remove = await screen.findByRole('button', { name: 'Delete month March' });
    setBrowserOnline(false);
    await user.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete month' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Month deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete month' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('link', { name: 'March' })).not.toBeInTheDocument();
    expect(db.months).toEqual([march]);

    setBrowserOnline(true);
    await waitFor(() => expect(db.months).toEqual([]));
  });

  it("shows 'Failed to delete month' with the error on a network failure", async () => {
    const march = makeMonth({ name: 'March' });
    db.months.push(march);
    server.use(unreachable('delete', `api/months/delete/${march.id}/`));
    const { user } = renderRoute('/months');
    await user.click(await screen.findByRole('button', { name: 'Delete month March' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    // The card goes at once; the failed attempt is still told (docs/product-rules.md section 4).
    expect(await findToast('Failed to delete month')).toBeInTheDocument();
    expect(db.months).toEqual([march]);
  });

  it('renames a month from its Edit control', async () => {
    db.months.push(makeMonth({ name: 'March' }));
    const { user } = renderRoute('/months');
    await user.click(await screen.findByRole('button', { name: 'Edit month March' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit month' });
    const input = within(dialog).getByLabelText(/^Month/);
    await user.clear(input);
    await user.type(input, 'March 2025');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'March 2025' })).toBeInTheDocument();
    expect(db.months[0]?.name).toBe('March 2025');
  });
});
