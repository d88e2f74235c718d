// The header's search: opening it (button, '/'), debounced words, hits as links to their month, Load more to the oldest, year and month filters, states, keys.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '../../../src/components/search/search-modal';
import { generateKey, wrapMonthKey } from '../../../src/crypto/keys';
import { sealFields } from '../../../src/crypto/month-content';
import { SEARCH_TEXTS } from '../../../src/i18n/en/search';
import { forgetAccountKeyHere, keepAccountKey } from '../../../src/queries/account-key-session';
import { makeJournal, makeMonth } from '../../fixtures/factories';
import { db } from '../msw/db';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { renderRoute, signIn } from '../routes/render-route';

setupMswServer();
// Lazy modal chunks compile on first use and the machine is shared: wait up to 5 s, not 1.
configure({ asyncUtilTimeout: 5000 });

const march = makeMonth({ name: 'March' });
const april = makeMonth({ name: 'April' });

beforeEach(() => {
  signIn();
  db.months.push(march, april);
  db.journals.push(
    makeJournal(march, { created_at: '2025-03-02', highlight: 'Coffee at the Café de Flore' }),
    makeJournal(april, { created_at: '2025-04-10', highlight: 'CAFE with Ana' }),
    makeJournal(april, { created_at: '2025-04-11', highlight: 'Tea only' }),
  );
});

async function openSearch() {
  const view = renderRoute('/months');
  await screen.findByRole('heading', { level: 1, name: 'Months' }, { timeout: 15_000 });
  // The header has a labelled button on wide screens and an icon on small ones (CSS picks one).
  await view.user.click(screen.getAllByRole('button', { name: SEARCH_TEXTS.open })[0]!);
  const dialog = within(await screen.findByRole('dialog', { name: SEARCH_TEXTS.title }));
  return { ...view, dialog, input: dialog.getByLabelText(SEARCH_TEXTS.label) };
}

describe('search', { timeout: 20_000 }, () => {
  it('finds entries of every month, accent- and case-insensitively, newest first', async () => {
    const { user, dialog, input } = await openSearch();
    expect(dialog.getByText(SEARCH_TEXTS.hint)).toBeInTheDocument();
    requestLog.length = 0;

    await user.type(input, 'cafe');

    const results = within(await dialog.findByRole('list', { name: SEARCH_TEXTS.results }));
    const links = results.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'CAFE with AnaApr 10, 2025 · April',
      'Coffee at the Café de FloreMar 2, 2025 · March',
    ]);
    expect(links[1]).toHaveAttribute(
      'href',
      `/months/${march.id}/journals#journal-${db.journals[0]!.id}`,
    );
    expect(within(links[1]!).getByText('Café', { selector: 'mark' })).toBeInTheDocument();
    expect(dialog.getByRole('status')).toHaveTextContent(SEARCH_TEXTS.found(2));
    // Debounced, so usually one request for the four keystrokes; the last one is for all of them.
    expect(requestLog.at(-1)).toBe('GET /api/journals/?search=cafe');
  });

  it('needs every word', async () => {
    const { user, dialog, input } = await openSearch();
    await user.type(input, 'café ana');
    await waitFor(() => expect(dialog.getAllByRole('link')).toHaveLength(1));
    expect(dialog.getByRole('link')).toHaveTextContent('CAFE with Ana');
  });

  it('opens the hit’s month and closes, leaving the focus on the entry', async () => {
    const { user, dialog, input, pathname } = await openSearch();
    // The dialog hands the focus back to the button that opened it when it closes, unless a hit
    // was opened: the entry takes it then, and a focus returned after it would take it away.
    const opener = screen.getAllByRole('button', { name: SEARCH_TEXTS.open })[0]!;
    const focusOpener = vi.spyOn(opener, 'focus');
    await user.type(input, 'flore');
    await user.click(await dialog.findByRole('link', { name: /Café de Flore/ }));
    await waitFor(() => expect(pathname()).toBe(`/months/${march.id}/journals`));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: SEARCH_TEXTS.title })).not.toBeInTheDocument(),
    );
    const entry = `journal-${db.journals[0]!.id}`;
    await waitFor(() => expect(document.getElementById(entry)).toHaveFocus());
    expect(focusOpener).not.toHaveBeenCalled();
  });

  it('works from the keyboard: / opens, arrows move, Enter opens the first hit', async () => {
    const view = renderRoute('/months');
    await screen.findByRole('heading', { level: 1, name: 'Months' }, { timeout: 15_000 });
    await view.user.keyboard('/');
    const dialog = within(await screen.findByRole('dialog', { name: SEARCH_TEXTS.title }));
    const input = dialog.getByLabelText(SEARCH_TEXTS.label);
    await waitFor(() => expect(input).toHaveFocus());

    await view.user.keyboard('cafe');
    const links = await waitFor(() => {
      const found = dialog.getAllByRole('link');
      expect(found).toHaveLength(2);
      return found;
    });
    await view.user.keyboard('{ArrowDown}');
    expect(links[0]).toHaveFocus();
    await view.user.keyboard('{ArrowDown}');
    expect(links[1]).toHaveFocus();
    await view.user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveFocus();

    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(view.pathname()).toBe(`/months/${april.id}/journals`));
  });

  it('says when nothing matches', async () => {
    const { user, dialog, input } = await openSearch();
    await user.type(input, 'chocolate');
    expect(await dialog.findByText(SEARCH_TEXTS.none('chocolate'))).toBeInTheDocument();
    expect(dialog.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    server.use(failing('get', 'api/journals/', 500));
    const { user, dialog, input } = await openSearch();
    await user.type(input, 'tea');
    expect(await dialog.findByText(SEARCH_TEXTS.failed)).toBeInTheDocument();
    server.resetHandlers();
    await user.click(dialog.getByRole('button', { name: SEARCH_TEXTS.retry }));
    expect(await dialog.findByRole('link', { name: /Tea only/ })).toBeInTheDocument();
  });

  it('loads more hits, a page at a time, to the oldest, and moves the focus to the new ones', async () => {
    const archive = makeMonth({ name: 'Archive' });
    db.months.push(archive);
    for (let i = 0; i < 120; i++) {
      const date = `${2016 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-05`;
      db.journals.push(makeJournal(archive, { created_at: date, highlight: `Picnic ${date}` }));
    }
    const { user, dialog, input } = await openSearch();
    await user.type(input, 'picnic');
    const status = dialog.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(SEARCH_TEXTS.more(50)));
    expect(dialog.getAllByRole('link')).toHaveLength(50);

    await user.click(dialog.getByRole('button', { name: SEARCH_TEXTS.loadMore }));
    await waitFor(() => expect(dialog.getAllByRole('link')).toHaveLength(100));
    expect(status).toHaveTextContent(SEARCH_TEXTS.more(100));
    expect(dialog.getAllByRole('link')[50]).toHaveFocus();

    // From the keyboard: Tab to the button, Enter.
    dialog.getByRole('button', { name: SEARCH_TEXTS.loadMore }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(dialog.getAllByRole('link')).toHaveLength(120));
    expect(status).toHaveTextContent(SEARCH_TEXTS.found(120));
    expect(dialog.getAllByRole('link').at(-1)).toHaveTextContent('Picnic 2016-01-05');
    expect(dialog.getAllByRole('link')[100]).toHaveFocus();
    expect(dialog.queryByRole('button', { name: SEARCH_TEXTS.loadMore })).not.toBeInTheDocument();
  });

  it('filters by year, then by month of that year', async () => {
    const old = makeMonth({ name: 'Old times', period: '2012-03' });
    db.months.push(old);
    db.journals.push(
      makeJournal(old, { created_at: '2012-03-09', highlight: 'Café in 2012' }),
      makeJournal(march, { created_at: '2024-03-09', highlight: 'Café in 2024' }),
      makeJournal(march, { created_at: '2024-05-01', highlight: 'Café in May 2024' }),
    );
    const { user, dialog, input } = await openSearch();
    await user.type(input, 'cafe');
    await waitFor(() => expect(dialog.getAllByRole('link')).toHaveLength(5));
    const monthSelect = dialog.getByRole('combobox', { name: SEARCH_TEXTS.month });
    expect(monthSelect).toBeDisabled();

    requestLog.length = 0;
    await user.selectOptions(dialog.getByRole('combobox', { name: SEARCH_TEXTS.year }), '2024');
    await waitFor(() => expect(dialog.getAllByRole('link')).toHaveLength(2));
    expect(requestLog.at(-1)).toBe('GET /api/journals/?search=cafe&period=2024');

    expect(monthSelect).toBeEnabled();
    await user.selectOptions(monthSelect, 'May');
    await waitFor(() => expect(dialog.getAllByRole('link')).toHaveLength(1));
    expect(dialog.getByRole('link')).toHaveTextContent('Café in May 2024');
    expect(requestLog.at(-1)).toBe('GET /api/journals/?search=cafe&period=2024-05');

    // Any year clears the month too.
    await user.selectOptions(dialog.getByRole('combobox', { name: SEARCH_TEXTS.year }), '');
    await waitFor(() => expect(dialog.getAllByRole('link')).toHaveLength(5));
    expect(monthSelect).toBeDisabled();

    // A year as far back as the user's months reach.
    await user.selectOptions(dialog.getByRole('combobox', { name: SEARCH_TEXTS.year }), '2012');
    await waitFor(() => expect(dialog.getAllByRole('link')).toHaveLength(1));
    expect(dialog.getByRole('link')).toHaveTextContent('Café in 2012');
  });

  it('says why single letters alone are not searched, and sends nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, dialog, input } = await openSearch();
      requestLog.length = 0;
      await user.type(input, 'a e');
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
      expect(dialog.getByRole('status')).toHaveTextContent(SEARCH_TEXTS.tooShort);
      expect(requestLog.filter((line) => line.includes('search='))).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends nothing for blank words', async () => {
    // The debounce runs on the test's clock: its wait is over when the test moves time past it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, dialog, input, queryClient } = await openSearch();
      requestLog.length = 0;
      await user.type(input, '   ');
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
      // A search would be under way by now (it starts in the render the debounce causes).
      expect(queryClient.isFetching()).toBe(0);
      expect(requestLog).toEqual([]);
      expect(dialog.getByText(SEARCH_TEXTS.hint)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('search in private months', { timeout: 20_000 }, () => {
  const accountKey = generateKey();
  const monthKey = generateKey();

  /** A private month whose entries' words only the browser can read. */
  function privateMonth() {
    const month = makeMonth({ name: '' });
    Object.assign(month, {
      month_key: wrapMonthKey(monthKey, accountKey, month.id),
      sealed: sealFields(monthKey, 'month', month.id, { name: 'Secret June' }),
    });
    db.months.push(month);
    for (const [date, words] of [
      ['2025-06-01', 'Café with the canary'],
      ['2025-06-02', 'Nothing to see'],
    ] as const) {
      const journal = makeJournal(month, { created_at: date, highlight: '' });
      journal.sealed = sealFields(monthKey, 'entry', journal.id, {
        highlight: words,
        note: '',
        mood: null,
      });
      db.journals.push(journal);
    }
  }
  afterEach(() => forgetAccountKeyHere());

  it('finds their entries on this device, beside the server’s hits', async () => {
    privateMonth();
    await keepAccountKey(accountKey.slice());
    const { user, dialog, input } = await openSearch();
    await user.type(input, 'cafe');
    const found = within(await dialog.findByRole('list', { name: SEARCH_TEXTS.privateTitle }));
    expect(found.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Café with the canaryJun 1, 2025 · Secret June',
    ]);
    // The server's own hits are its plain months'.
    expect(
      within(dialog.getByRole('list', { name: SEARCH_TEXTS.results })).getAllByRole('link'),
    ).toHaveLength(2);
  });

  it('says the other months have none when only a private one matches', async () => {
    privateMonth();
    await keepAccountKey(accountKey.slice());
    const { user, dialog, input } = await openSearch();
    await user.type(input, 'canary');
    await dialog.findByRole('list', { name: SEARCH_TEXTS.privateTitle });
    expect(await dialog.findByText(SEARCH_TEXTS.noneElsewhere)).toBeInTheDocument();
    expect(dialog.queryByText(SEARCH_TEXTS.none('canary'))).toBeNull();
  });

  it('reads their entries as the dialog opens, and lists the hits a page at a time', async () => {
    privateMonth();
    const june = db.months.at(-1)!;
    for (let day = 3; day <= 57; day += 1) {
      const journal = makeJournal(june, { created_at: '2025-06-03', highlight: '' });
      journal.sealed = sealFields(monthKey, 'entry', journal.id, {
        highlight: `Canary ${day}`,
        note: '',
        mood: null,
      });
      db.journals.push(journal);
    }
    await keepAccountKey(accountKey.slice());
    const { user, dialog, input } = await openSearch();
    // Before a word is typed: the first search need not wait for every private month's list.
    await waitFor(() => expect(requestLog).toContain(`GET /api/journals/?month=${june.id}`));

    await user.type(input, 'canary');
    const found = await dialog.findByRole('list', { name: SEARCH_TEXTS.privateTitle });
    expect(within(found).getAllByRole('link')).toHaveLength(50);
    expect(dialog.getByText(SEARCH_TEXTS.found(56))).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: SEARCH_TEXTS.privateMore }));
    const links = within(found).getAllByRole('link');
    expect(links).toHaveLength(56);
    await waitFor(() => expect(links[50]).toHaveFocus());
    expect(dialog.queryByRole('button', { name: SEARCH_TEXTS.privateMore })).toBeNull();
  });

  it('says they were not searched while they are locked here', async () => {
    privateMonth();
    const { user, dialog, input } = await openSearch();
    await user.type(input, 'canary');
    expect(await dialog.findByText(SEARCH_TEXTS.privateLocked)).toBeInTheDocument();
  });
});
