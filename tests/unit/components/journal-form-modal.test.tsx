// The journal modal's date: today where the user is by default, another day on create and edit, cards in date order.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DailyMeasure, Journal } from '../../../contract/entities';
import { localToday } from '../../../contract/local-date';
import { PERIOD_DATE_MESSAGES } from '../../../contract/month-period';
import { MESSAGES } from '../../../contract/rules';
import { dailyMeasureKeys } from '../../../src/queries/keys';
import { type MonthFixture, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { setupMswServer } from '../msw/server';
import { findToast, renderRoute, signIn } from '../routes/render-route';

setupMswServer();
// Lazy modal chunks compile on first use and the machine is shared: wait up to 5 s, not 1.
configure({ asyncUtilTimeout: 5000 });

let fixture: MonthFixture;

beforeEach(() => {
  signIn();
  // Day 1, Day 2, Day 3 on January 1st, 2nd and 3rd, 2024.
  fixture = seedMonth(makeMonthFixture({ name: 'January', journals: 3, habits: ['Read'] }));
});

async function openJournals() {
  const view = renderRoute(`/months/${fixture.month.id}/journals`);
  await screen.findByRole('heading', { level: 1, name: 'January' }, { timeout: 15_000 });
  return view;
}

/** The cards' highlights, top to bottom. */
const cardOrder = () =>
  screen.getAllByRole('article').map((card) => card.querySelector('p')?.textContent);

function setDate(input: HTMLElement, value: string) {
  // jsdom's date input takes its value as the browser's picker would set it.
  fireEvent.change(input, { target: { value } });
}

// Whole route renders with a modal: slow on a loaded two-core machine, hence the roomier timeout.
describe('the entry date in the journal modal', { timeout: 20_000 }, () => {
  it('starts at today in the user’s time zone and sends it', async () => {
    const view = await openJournals();
    await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    expect(dialog.getByLabelText(/^Date/)).toHaveValue(localToday());
    expect(dialog.getByLabelText(/^Date/)).toHaveAttribute('type', 'date');

    await view.user.type(dialog.getByLabelText(/^Highlight/), 'Today');
    await view.user.type(dialog.getByLabelText(/^Sleep hours/), '7');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Journal created')).toBeInTheDocument();
    expect(db.journals.find((j) => j.highlight === 'Today')?.created_at).toBe(localToday());
  });

  it('creates a forgotten day’s entry, which takes its place among the cards', async () => {
    const view = await openJournals();
    expect(cardOrder()).toEqual(['Day 3', 'Day 2', 'Day 1']);
    await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    setDate(dialog.getByLabelText(/^Date/), '2024-01-02');
    await view.user.type(dialog.getByLabelText(/^Highlight/), 'Forgotten');
    await view.user.type(dialog.getByLabelText(/^Sleep hours/), '7');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Journal created')).toBeInTheDocument();
    await waitFor(() => expect(cardOrder()).toEqual(['Day 3', 'Forgotten', 'Day 2', 'Day 1']));
    expect(screen.getAllByRole('article', { name: /Tuesday, January 2, 2024/ })).toHaveLength(2);
  });

  it('requires a date', async () => {
    const view = await openJournals();
    await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    setDate(dialog.getByLabelText(/^Date/), '');
    await view.user.type(dialog.getByLabelText(/^Highlight/), 'x');
    await view.user.type(dialog.getByLabelText(/^Sleep hours/), '1');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(MESSAGES.required)).toBeInTheDocument();
    expect(db.journals).toHaveLength(3);
  });

  it('keeps the date inside the month’s calendar period, as the server does', async () => {
    const inJanuary = makeMonthFixture({ name: 'January 2024', journals: 3, habits: ['Read'] });
    inJanuary.month.period = '2024-01';
    fixture = seedMonth(inJanuary);
    const view = renderRoute(`/months/${fixture.month.id}/journals`);
    await screen.findByRole('heading', { level: 1, name: 'January 2024' }, { timeout: 15_000 });
    await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    const date = dialog.getByLabelText(/^Date/);
    expect(date).toHaveAttribute('min', '2024-01-01');
    expect(date).toHaveAttribute('max', '2024-01-31');

    setDate(date, '2024-02-03');
    await view.user.type(dialog.getByLabelText(/^Highlight/), 'Next month');
    await view.user.type(dialog.getByLabelText(/^Sleep hours/), '7');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(
      dialog.getByText(PERIOD_DATE_MESSAGES.outsidePeriod('2024-01-01 – 2024-01-31')),
    ).toBeInTheDocument();
    expect(db.journals.some((j) => j.highlight === 'Next month')).toBe(false);
    setDate(date, '2024-01-04');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Journal created')).toBeInTheDocument();
    expect(db.journals.find((j) => j.highlight === 'Next month')?.created_at).toBe('2024-01-04');
  });

  it('edits the date: the card moves at once and the server has it', async () => {
    const view = await openJournals();
    const first = screen.getByRole('article', { name: /January 1, 2024/ });
    await view.user.click(within(first).getByRole('button', { name: /^Edit journal/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Register' }));
    expect(dialog.getByLabelText(/^Date/)).toHaveValue('2024-01-01');
    setDate(dialog.getByLabelText(/^Date/), '2024-01-09');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await findToast('Journal updated')).toBeInTheDocument();
    expect(cardOrder()).toEqual(['Day 1', 'Day 3', 'Day 2']);
    expect(screen.getByRole('article', { name: /January 9, 2024/ })).toHaveTextContent('Day 1');
    expect(db.journals.find((j) => j.highlight === 'Day 1')?.created_at).toBe('2024-01-09');
  });
});

describe('data that arrives while the Edit dialog is open', { timeout: 20_000 }, () => {
  it('fills the fields the user has not changed, and keeps what they typed', async () => {
    // An entry written a moment ago in another tab: its card is here before its value.
    const view = await openJournals();
    const key = dailyMeasureKeys.list(fixture.month.id);
    const first = fixture.journals[0] as Journal;
    const values = view.queryClient.getQueryData<DailyMeasure[]>(key) ?? [];
    act(() =>
      view.queryClient.setQueryData(
        key,
        values.filter((value) => value.journal_id !== first.id),
      ),
    );
    const card = screen.getByRole('article', { name: /January 1, 2024/ });
    await view.user.click(within(card).getByRole('button', { name: /^Edit journal/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Register' }));
    expect(dialog.getByLabelText(/^Sleep hours/)).toHaveValue('');
    await view.user.clear(dialog.getByLabelText(/^Highlight/));
    await view.user.type(dialog.getByLabelText(/^Highlight/), 'Typed meanwhile');

    act(() => view.queryClient.setQueryData(key, values));
    const saved = values.find((value) => value.journal_id === first.id)?.metric;
    await waitFor(() => expect(dialog.getByLabelText(/^Sleep hours/)).toHaveValue(String(saved)));
    expect(dialog.getByLabelText(/^Highlight/)).toHaveValue('Typed meanwhile');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Journal updated')).toBeInTheDocument();
    expect(db.journals.find((j) => j.id === first.id)?.highlight).toBe('Typed meanwhile');
  });
});

describe('saving, drafts and the highlight counter', {
  timeout: 20_000,
}, () => {
  async function openCreate() {
    const view = await openJournals();
    await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    return { ...view, dialog };
  }

  it('makes one entry of two Save clicks in one task', async () => {
    const { user, dialog } = await openCreate();
    await user.type(dialog.getByLabelText(/^Highlight/), 'Only once');
    await user.type(dialog.getByLabelText(/^Sleep hours/), '7');
    // Both in one task, before React renders anything: as fast as a double Enter can be.
    const save = dialog.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await findToast('Journal created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.journals.filter((j) => j.highlight === 'Only once')).toHaveLength(1);
  });

  it('counts the highlight as it is typed and stops at 255 characters', async () => {
    const { user, dialog } = await openCreate();
    const highlight = dialog.getByLabelText(/^Highlight/);
    expect(highlight).toHaveAttribute('maxlength', '255');
    await user.type(highlight, 'Hello');
    expect(dialog.getByText('5 / 255 characters')).toBeInTheDocument();
    await user.click(highlight);
    await user.paste('x'.repeat(300));
    expect((highlight as HTMLTextAreaElement).value).toHaveLength(255);
    expect(dialog.getByText(/255 \/ 255 characters · Limit reached/)).toBeInTheDocument();
  });

  it('asks before Escape throws typed text away, and keeps it as a draft for the next opening', async () => {
    const { user, dialog } = await openCreate();
    await user.type(dialog.getByLabelText(/^Highlight/), 'Half a thought');
    await user.keyboard('{Escape}');
    expect(await dialog.findByRole('alertdialog')).toHaveTextContent('Discard what you typed?');
    await user.click(dialog.getByRole('button', { name: 'Keep editing' }));
    expect(dialog.getByLabelText(/^Highlight/)).toHaveValue('Half a thought');
    expect(localStorage.getItem(`monthbook:draft:journal:${fixture.month.id}:new`)).toContain(
      'Half a thought',
    );
  });
});
