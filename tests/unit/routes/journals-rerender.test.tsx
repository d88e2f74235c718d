// A tick or a new entry re-renders only the cards it changes: with a month of noted entries,
// re-rendering (and re-parsing the Markdown of) every card was most of the time from Save to the
// new card on screen (goal: ≤ 50 ms).
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

/** Each render of a card's note (so of its card), by the note's text. */
const cardRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../../src/components/notes/journal-note', async (original) => {
  const actual = await original<typeof import('../../../src/components/notes/journal-note')>();
  return {
    ...actual,
    JournalNote: (props: { note: string | undefined }) => {
      const text = props.note ?? '';
      cardRenders.set(text, (cardRenders.get(text) ?? 0) + 1);
      return <actual.JournalNote {...props} />;
    },
  };
});

setupMswServer();

let monthId = 0;

/** A month of three noted entries; `year`: the year of their days (2024 unless said). */
function seedNotedMonth(year = 2024) {
  const fixture = makeMonthFixture({ name: 'January', journals: 3, habits: ['Read', 'Walk'] });
  fixture.journals.forEach((journal, index) => {
    journal.note = `Note of day ${index + 1}`;
    journal.created_at = journal.created_at.replace(/^\d{4}/, String(year));
  });
  monthId = seedMonth(fixture).month.id;
}

beforeEach(() => {
  signIn();
  parsed.clear();
  cardRenders.clear();
  seedNotedMonth();
});

async function renderWithNotes() {
  const view = renderRoute(`/months/${monthId}/journals`);
  await screen.findByRole('heading', { level: 1, name: 'January' }, { timeout: 15_000 });
  for (const day of [1, 2, 3]) await screen.findByText(`Note of day ${day}`, { selector: 'p' });
  return view;
}

/** 'Finished the book' saved from the new-entry dialog, and on the page. */
async function saveNewEntry(view: Awaited<ReturnType<typeof renderWithNotes>>) {
  await view.user.click(screen.getByRole('button', { name: 'Add New Journal +' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Create a Register' }));
  await view.user.type(dialog.getByLabelText(/^Highlight/), 'Finished the book');
  await view.user.type(dialog.getByLabelText(/^Sleep hours/), '8');
  await view.user.click(dialog.getByRole('button', { name: 'Save' }));
  expect(await findToast('Journal created')).toBeInTheDocument();
  await screen.findByText('Finished the book');
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

  it('a new entry parses its own note only, and redraws no other card', async () => {
    const view = await renderWithNotes();
    const before = new Map(parsed);
    const drawn = new Map(cardRenders);
    await saveNewEntry(view);
    for (const day of [1, 2, 3]) {
      const note = `Note of day ${day}`;
      expect({ note, renders: parsed.get(note) }).toEqual({ note, renders: before.get(note) });
      // Nor its card: the queued change marks the new card only (src/components/sync/sync-marker.tsx).
      expect({ note, renders: cardRenders.get(note) }).toEqual({ note, renders: drawn.get(note) });
    }
  });

  it('an entry saved for a day before the others redraws no other card', async () => {
    // Today comes before these days: the new entry goes first in the month's list, moving every
    // other row (react-query's sharing by position copied each of them, and every card redrew).
    seedNotedMonth(2099);
    const view = await renderWithNotes();
    const before = new Map(cardRenders);
    await saveNewEntry(view);
    for (const day of [1, 2, 3]) {
      const note = `Note of day ${day}`;
      expect({ note, renders: cardRenders.get(note) }).toEqual({ note, renders: before.get(note) });
    }
  });
});
