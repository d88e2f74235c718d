// A tick or a new entry re-renders only the cards it changes: with a month of noted entries, re-rendering (and re-parsing the Markdown of) every card was most of the time from Save to the new card on screen (#16's ≤ 50 ms goal).
import { screen, within } from '@testing-library/react';
import { makeMonthFixture } from '../../fixtures/factories';
import { seedMonth } from '../msw/db';
import { setupMswServer } from '../msw/server';
import { findToast, renderRoute, signIn } from './render-route';

/** Each render of react-markdown, by the note it renders. */
const parsed = vi.hoisted(() => new Map<string, number>());
vi.mock('react-markdown', async (original) => {
  const actual = await original<typeof import('react-markdown')>();
  return {
    ...actual,
    default: (props: { children?: string }) => {
      const text = props.children ?? '';
      parsed.set(text, (parsed.get(text) ?? 0) + 1);
      return <actual.default {...props} />;
    },
  };
});

setupMswServer();

let monthId = 0;

beforeEach(() => {
  signIn();
  parsed.clear();
  const fixture = makeMonthFixture({ name: 'January', journals: 3, habits: ['Read', 'Walk'] });
  fixture.journals.forEach((journal, index) => {
    journal.note = `Note of day ${index + 1}`;
  });
  monthId = seedMonth(fixture).month.id;
});

async function renderWithNotes() {
  const view = renderRoute(`/months/${monthId}/journals`);
  await screen.findByRole('heading', { level: 1, name: 'January' }, { timeout: 5000 });
  for (const day of [1, 2, 3]) await screen.findByText(`Note of day ${day}`, { selector: 'p' });
  return view;
}

describe('the journals page re-renders only what changed', () => {
  it('a habit tick parses no note again, its own card’s nor the others’', async () => {
    const view = await renderWithNotes();
    const before = new Map(parsed);
    const card = screen.getByRole('article', { name: /January 1, 2024/ });
    await view.user.click(within(card).getByRole('checkbox', { name: 'Walk' }));
    expect(await findToast('Habit updated')).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Walk' })).toBeChecked();
    expect(parsed).toEqual(before);
  });

  it('a new entry parses its own note only', async () => {
    const view = await renderWithNotes();
    const before = new Map(parsed);
    await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
    await view.user.type(dialog.getByLabelText(/^Highlight/), 'Finished the book');
    await view.user.type(dialog.getByLabelText(/^Sleep hours/), '8');
    await view.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await findToast('Journal created')).toBeInTheDocument();
    await screen.findByText('Finished the book');
    for (const day of [1, 2, 3]) {
      const note = `Note of day ${day}`;
      expect({ note, renders: parsed.get(note) }).toEqual({ note, renders: before.get(note) });
    }
  });
});
