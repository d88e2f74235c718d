import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, STORAGE_KEYS } from '../../../contract/rules';
import { OFFLINE_TEXTS } from '../../../src/offline/texts';
import { type MonthFixture, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { failing, unreachable } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { createTestQueryClient } from '../queries/wrapper';
import { findToast, renderRoute, signIn } from './render-route';

setupMswServer();

let fixture: MonthFixture;

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  fixture = seedMonth(makeMonthFixture({ name: 'January', journals: 2, habits: ['Read', 'Walk'] }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

const path = () => `/months/${fixture.month.id}/journals`;

async function renderJournals() {
  const view = renderRoute(path());
  // The first render also compiles the route's lazy chunks, hence the longer wait.
  await screen.findByRole('heading', { level: 1, name: 'January' }, { timeout: 15_000 });
  return view;
}

function card(date: RegExp) {
  return screen.getByRole('article', { name: date });
}

/** Asked once the page's own reads are in: the notice of a subscription that ended. */
const PAYMENT_CHECK = 'GET /api/check-payment-status';

describe('/months/$monthId/journals', () => {
  it('loads the whole month in 7 parallel requests', async () => {
    // Fresh for 30 s as in the app (query-client.ts): a slow first render (a busy machine) must not
    // make the page refetch on mount what its loader has just read.
    const queryClient = createTestQueryClient();
    const queries = queryClient.getDefaultOptions().queries;
    queryClient.setDefaultOptions({ queries: { ...queries, staleTime: 30_000 } });
    renderRoute(path(), { queryClient });
    await screen.findByRole('heading', { level: 1, name: 'January' }, { timeout: 15_000 });
    // Then, once they are in, the payment check alone: whether to say the subscription ended.
    await waitFor(() => expect(requestLog).toContain(PAYMENT_CHECK));
    expect(requestLog.indexOf(PAYMENT_CHECK)).toBe(7);
    expect(requestLog).toHaveLength(8);
    expect(requestLog.every((r) => r.startsWith('GET ') && !r.endsWith('/stats/'))).toBe(true);
    // The month at a glance is closed until the user opens it: the page makes its seven reads only.
    expect(screen.getByRole('button', { name: 'Month at a glance' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('requests the month at a glance alongside the seven when the user keeps it open', async () => {
    localStorage.setItem(STORAGE_KEYS.glanceOpen, 'true');
    const queryClient = createTestQueryClient();
    const queries = queryClient.getDefaultOptions().queries;
    queryClient.setDefaultOptions({ queries: { ...queries, staleTime: 30_000 } });
    renderRoute(path(), { queryClient });
    await screen.findByRole('heading', { level: 1, name: 'January' }, { timeout: 15_000 });
    const stats = `GET /api/months/${fixture.month.id}/stats/`;
    expect(requestLog.filter((r) => r !== stats && r !== PAYMENT_CHECK)).toHaveLength(7);
    await waitFor(() => expect(requestLog.filter((r) => r === stats)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Month at a glance' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('shows the month name as the heading, linking back to /months', async () => {
    const view = await renderJournals();
    const heading = screen.getByRole('heading', { level: 1, name: 'January' });
    expect(document.title).toBe('January — Monthbook');
    await view.user.click(within(heading).getByRole('link'));
    await waitFor(() => expect(view.pathname()).toBe('/months'));
  });

  it('marks Journals, not Months, as the current navbar entry', async () => {
    await renderJournals();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Journals' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Months' })).not.toHaveAttribute('aria-current');
  });

  it('shows each journal with its date, highlight, named habit checkboxes and metric', async () => {
    await renderJournals();
    expect(screen.getByRole('heading', { level: 2, name: 'Registers' })).toBeInTheDocument();
    const first = card(/January 1, 2024/);
    expect(first).toHaveTextContent('Day 1');
    expect(first).toHaveTextContent('Sleep hours: 0');
    expect(within(first).getByRole('checkbox', { name: 'Read' })).toBeChecked();
    expect(within(first).getByRole('checkbox', { name: 'Walk' })).not.toBeChecked();
    expect(within(first).getByRole('button', { name: /^Edit journal of/ })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: /^Delete journal of/ })).toBeInTheDocument();
  });

  it("ticks a habit with one request and says 'Habit updated'", async () => {
    const view = await renderJournals();
    // The page's own requests, its payment check last, are over before the tick.
    await waitFor(() => expect(requestLog).toContain(PAYMENT_CHECK));
    requestLog.length = 0;
    await view.user.click(within(card(/January 1, 2024/)).getByRole('checkbox', { name: 'Walk' }));
    expect(await findToast('Habit updated')).toBeInTheDocument();
    expect(within(card(/January 1, 2024/)).getByRole('checkbox', { name: 'Walk' })).toBeChecked();
    expect(requestLog).toEqual([expect.stringMatching(/^PATCH \/api\/dailyhabits\/\d+\/$/)]);
  });

  it("says 'Failed to update Habit' when the server refuses", async () => {
    const daily = fixture.dailyHabits.find((d) => !d.is_practiced);
    server.use(failing('patch', `api/dailyhabits/${daily?.id}/`, 500));
    const view = await renderJournals();
    await view.user.click(within(card(/January 1, 2024/)).getByRole('checkbox', { name: 'Walk' }));
    expect(await findToast('Failed to update Habit')).toBeInTheDocument();
  });

  it("deletes a journal and says 'Journal deleted'", async () => {
    const view = await renderJournals();
    await view.user.click(
      within(card(/January 1, 2024/)).getByRole('button', { name: /^Delete journal/ }),
    );
    expect(await findToast('Journal deleted')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /January 1, 2024/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it("says 'Failed to delete Journal.' when the network fails", async () => {
    server.use(unreachable('delete', `api/journals/delete/${fixture.journals[0]?.id}/`));
    const view = await renderJournals();
    await view.user.click(
      within(card(/January 1, 2024/)).getByRole('button', { name: /^Delete journal/ }),
    );
    expect(await findToast('Failed to delete Journal.')).toBeInTheDocument();
  });

  it('opens Create a Register with the highlight, the measure and unchecked habits', async () => {
    const view = await renderJournals();
    await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    expect(dialog.getByLabelText(/^Highlight/)).toHaveValue('');
    expect(dialog.getByLabelText(/^Sleep hours/)).toHaveValue('');
    expect(dialog.getByRole('checkbox', { name: 'Read' })).not.toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Walk' })).not.toBeChecked();
  });

  it('requires the highlight and a numeric metric', async () => {
    const view = await renderJournals();
    await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getAllByText(MESSAGES.required)).toHaveLength(2);
    await view.user.type(dialog.getByLabelText(/^Sleep hours/), 'lots');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(MESSAGES.invalidNumber)).toBeInTheDocument();
  });

  it("creates a journal with its measure and habits and says 'Journal created'", async () => {
    const view = await renderJournals();
    await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    await view.user.type(dialog.getByLabelText(/^Highlight/), 'Finished the book');
    await view.user.type(dialog.getByLabelText(/^Sleep hours/), '8.5');
    await view.user.click(dialog.getByRole('checkbox', { name: 'Walk' }));
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Journal created')).toBeInTheDocument();
    const created = await screen.findByText('Finished the book');
    const newCard = created.closest('article') as HTMLElement;
    expect(newCard).toHaveTextContent('Sleep hours: 8.5');
    expect(within(newCard).getByRole('checkbox', { name: 'Walk' })).toBeChecked();
    expect(within(newCard).getByRole('checkbox', { name: 'Read' })).not.toBeChecked();
  });

  it('keeps an entry whose habit the server refuses, marked on its card and in the navbar', async () => {
    server.use(failing('post', 'api/dailyhabits/', 400));
    const view = await renderJournals();
    await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    await view.user.type(dialog.getByLabelText(/^Highlight/), 'Half');
    await view.user.type(dialog.getByLabelText(/^Sleep hours/), '1');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('button', { name: OFFLINE_TEXTS.syncFailed }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(db.journals).toHaveLength(3);
    // The modal closed once the entry was shown; the refusal still says so (docs/product-rules.md
    // section 4).
    expect(await findToast('Failed to make Journal')).toBeInTheDocument();
    const made = screen.getByRole('article', { name: new RegExp(OFFLINE_TEXTS.refusedMarker) });
    expect(made).toHaveTextContent('Half');
  });

  it('edits a journal highlight, metric and habits', async () => {
    const view = await renderJournals();
    await view.user.click(
      within(card(/January 1, 2024/)).getByRole('button', { name: /^Edit journal/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Register' }));
    expect(dialog.getByLabelText(/^Highlight/)).toHaveValue('Day 1');
    expect(dialog.getByRole('checkbox', { name: 'Read' })).toBeChecked();
    await view.user.clear(dialog.getByLabelText(/^Highlight/));
    await view.user.type(dialog.getByLabelText(/^Highlight/), 'A better day');
    await view.user.clear(dialog.getByLabelText(/^Sleep hours/));
    await view.user.type(dialog.getByLabelText(/^Sleep hours/), '6');
    await view.user.click(dialog.getByRole('checkbox', { name: 'Read' }));
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Journal updated')).toBeInTheDocument();
    const edited = card(/January 1, 2024/);
    expect(edited).toHaveTextContent('A better day');
    expect(edited).toHaveTextContent('Sleep hours: 6');
    expect(within(edited).getByRole('checkbox', { name: 'Read' })).not.toBeChecked();
  });
});

describe('goals column', () => {
  it('lists goals as checkboxes named after them, each with a delete control', async () => {
    await renderJournals();
    const goals = screen.getByRole('region', { name: 'Goals' });
    expect(within(goals).getByRole('checkbox', { name: 'Run 100 km' })).not.toBeChecked();
    expect(
      within(goals).getByRole('button', { name: 'Delete goal Run 100 km' }),
    ).toBeInTheDocument();
  });

  it("toggles a goal and says 'Goal updated'", async () => {
    const view = await renderJournals();
    await view.user.click(screen.getByRole('checkbox', { name: 'Run 100 km' }));
    expect(await findToast('Goal updated')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Run 100 km' })).toBeChecked();
    expect(db.goals[0]?.is_completed).toBe(true);
  });

  it("says 'Failed to update Goal' when the server refuses", async () => {
    server.use(failing('patch', `api/goals/${fixture.goals[0]?.id}/`, 500));
    const view = await renderJournals();
    await view.user.click(screen.getByRole('checkbox', { name: 'Run 100 km' }));
    expect(await findToast('Failed to update Goal')).toBeInTheDocument();
  });

  it("deletes a goal and says 'Goal deleted'", async () => {
    const view = await renderJournals();
    await view.user.click(screen.getByRole('button', { name: 'Delete goal Run 100 km' }));
    expect(await findToast('Goal deleted')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Run 100 km' })).not.toBeInTheDocument();
  });

  it("offers Undo on 'Goal deleted', which brings the goal back from the bin", async () => {
    const view = await renderJournals();
    await view.user.click(screen.getByRole('button', { name: 'Delete goal Run 100 km' }));
    const toast = await findToast('Goal deleted');
    expect(db.goals).toEqual([]);

    // The button sits beside the message inside the toast.
    await view.user.click(
      within(toast.parentElement as HTMLElement).getByRole('button', { name: 'Undo' }),
    );

    expect(await screen.findByRole('checkbox', { name: 'Run 100 km' })).toBeInTheDocument();
    expect(await findToast('Restored')).toBeInTheDocument();
    expect(db.goals.map((goal) => goal.name)).toEqual(['Run 100 km']);
    expect(db.trash).toEqual([]);
  });

  it("says 'Failed to delete Goal.' when the server refuses", async () => {
    server.use(failing('delete', `api/goals/delete/${fixture.goals[0]?.id}/`, 500));
    const view = await renderJournals();
    await view.user.click(screen.getByRole('button', { name: 'Delete goal Run 100 km' }));
    expect(await findToast('Failed to delete Goal.')).toBeInTheDocument();
  });

  it("creates a goal through 'Create a Goal', which requires a name", async () => {
    const view = await renderJournals();
    await view.user.click(screen.getByRole('button', { name: 'Add New Goal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Goal' }));
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(MESSAGES.required)).toBeInTheDocument();
    await view.user.type(dialog.getByLabelText(/^Goal/), 'Read 3 books');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Goal created')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Read 3 books' })).toBeInTheDocument();
  });

  it('returns focus to the button that opened the modal', async () => {
    const view = await renderJournals();
    const trigger = screen.getByRole('button', { name: 'Add New Goal +' });
    await view.user.click(trigger);
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Goal' }));
    await view.user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('lists a goal the server refuses with its message, and Discard takes it away', async () => {
    server.use(failing('post', 'api/goals/', 400));
    const view = await renderJournals();
    await view.user.click(screen.getByRole('button', { name: 'Add New Goal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Goal' }));
    await view.user.type(dialog.getByLabelText(/^Goal/), 'Read 3 books');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    // The modal closed once the goal was shown; the refusal still says so (docs/product-rules.md
    // section 4).
    expect(await findToast('Failed to create Goal')).toBeInTheDocument();
    const status = await screen.findByRole('button', { name: OFFLINE_TEXTS.syncFailed });
    await view.user.click(status);
    // In the toast and in the list of pending changes.
    expect(screen.getAllByText(/Failed with 400/)).toHaveLength(2);
    await view.user.click(screen.getByRole('button', { name: OFFLINE_TEXTS.discard }));
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: 'Read 3 books' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: OFFLINE_TEXTS.allSaved })).toBeInTheDocument();
  });
});
