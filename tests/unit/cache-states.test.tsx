// QA replay: every saved cache state × every route, rendered from the hydrated cache with the network off.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { STORAGE_KEYS } from '../../contract/rules';
import { parseCacheSnapshot } from '../../src/queries/cache-snapshot';
import { TEXTS } from '../../src/texts';
import {
  cachedMonths,
  hydratedClient,
  journalsMonthId,
  STATE_NAMES,
  type StateName,
  stateJson,
} from '../fixtures/cache-states/saved-states';
import { requestLog, server, setupMswServer } from './msw/server';
import { renderRoute, signIn } from './routes/render-route';

setupMswServer();

beforeEach(() => {
  // The network is off: every request fails the way fetch fails with no connection.
  server.use(http.all('*', () => HttpResponse.error()));
  signIn();
  // The journals page's month at a glance is open, as a user who opened it once finds it.
  localStorage.setItem(STORAGE_KEYS.glanceOpen, 'true');
});

type View = ReturnType<typeof renderRoute>;

interface RouteCase {
  path: (state: StateName) => string;
  expectScreen: (state: StateName, view: View) => Promise<void>;
}

async function expectErrorScreen(monthPath: string) {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
  ).toBeVisible();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  expect(screen.queryAllByRole('article')).toHaveLength(0);
  // The error shows inside the app shell: the navbar stays usable.
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(requestLog.some((request) => request.startsWith(`GET ${monthPath}`))).toBe(true);
}

const FULL_MONTH_HABITS = ['Read', 'Walk', 'Meditate', 'Stretch', 'No sugar'];

/** What a card shows: its highlight, the measure and its checkboxes' labels, in order. */
function cardSummary(card: Element) {
  return {
    text: card.textContent ?? '',
    checkboxes: [...card.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].map(
      // The label wrapping the checkbox (jsdom's `input.labels` searches the whole document).
      (input) => input.closest('label')?.textContent,
    ),
  };
}

/** Library queries over 31 cards take seconds each in jsdom; the counts read the DOM directly. */
async function expectFullMonth(view: View) {
  await waitFor(() => expect(view.container.querySelectorAll('article')).toHaveLength(31), {
    timeout: 10_000,
  });
  expect(view.container.querySelector('h1')).toHaveTextContent('January 2024');
  const cards = [...view.container.querySelectorAll('article')];
  for (const [index, card] of cards.entries()) {
    const { text, checkboxes } = cardSummary(card);
    // Newest first: the first card is January 31st.
    expect(text).toContain(`Day ${31 - index} of January`);
    expect(text).toContain(`Sleep hours: ${30 - index}`);
    expect(checkboxes).toEqual(FULL_MONTH_HABITS);
  }
  // One card in full, by role: its habits are named checkboxes, ticked as saved.
  const firstDay = within(cards[30] as HTMLElement);
  expect(firstDay.getByRole('checkbox', { name: 'Read' })).toBeChecked();
  expect(firstDay.getByRole('checkbox', { name: 'Walk' })).not.toBeChecked();
  const goals = within(
    view.container.querySelector('#goals-title')?.closest('section') as HTMLElement,
  );
  expect(goals.getByRole('checkbox', { name: 'Run 100 km' })).toBeChecked();
  expect(goals.getByRole('checkbox', { name: 'Call grandma' })).not.toBeChecked();
  // The month at a glance comes from the saved state too. Its cards are a lazy chunk that brings
  // the chart library: the first import of it in jsdom takes many seconds on a busy machine.
  const progress = await screen.findByRole(
    'progressbar',
    { name: 'Goals completed' },
    { timeout: 40_000 },
  );
  expect(progress).toHaveAttribute('aria-valuetext', '1 of 3 goals completed');
  expect(requestLog).toEqual([]);
}

const ROUTES: Record<string, RouteCase> = {
  landing: {
    path: () => '/',
    expectScreen: async () => {
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: 'Your year, kept one month at a time',
        }),
      ).toBeVisible();
      // The live offer is not cached; with the server unreachable the static wording stays.
      await waitFor(() => expect(requestLog).toEqual(['GET /api/billing/launch-offer']));
      expect(screen.getByText('The launch price applies automatically at checkout.')).toBeVisible();
    },
  },
  login: {
    path: () => '/login',
    // The replayed session is live: there is nothing to log into, the app opens.
    expectScreen: async (_state, { pathname }) => {
      await waitFor(() => expect(pathname()).not.toBe('/login'));
      expect(['/months', '/subscribe']).toContain(pathname());
    },
  },
  register: {
    path: () => '/register',
    // With the replayed session live, /register asks before signing out.
    expectScreen: async (_state, { queryClient }) => {
      expect(
        await screen.findByRole('heading', { level: 1, name: 'You are already signed in' }),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: 'Log out and create an account' })).toBeEnabled();
      expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);
      expect(localStorage.getItem('access')).not.toBeNull();
      expect(requestLog).toEqual([]);
    },
  },
  subscribe: {
    path: () => '/subscribe',
    expectScreen: async (state) => {
      // Someone who has paid is told so, with no second Pay button.
      if (state !== 'unpaid-user') {
        expect(
          await screen.findByRole('heading', { level: 1, name: 'Already paid' }),
        ).toBeVisible();
        expect(screen.queryByRole('button', { name: 'Monthly' })).not.toBeInTheDocument();
        expect(requestLog.every((request) => request === 'GET /api/billing/launch-offer')).toBe(
          true,
        );
        return;
      }
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Choose your plan' }),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: 'Monthly' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Pay Once' })).toBeEnabled();
      // The live offer is not cached; with the server unreachable the static wording stays.
      expect(requestLog.every((request) => request === 'GET /api/billing/launch-offer')).toBe(true);
      expect(screen.getByText('The launch price applies automatically at checkout.')).toBeVisible();
    },
  },
  months: {
    path: () => '/months',
    expectScreen: async (state, { pathname }) => {
      if (state === 'unpaid-user') {
        expect(
          await screen.findByRole('heading', { level: 1, name: 'Choose your plan' }),
        ).toBeVisible();
        expect(pathname()).toBe('/subscribe');
        return;
      }
      expect(await screen.findByRole('heading', { level: 1, name: 'Months' })).toBeVisible();
      expect(screen.getByRole('button', { name: TEXTS.addMonth })).toBeVisible();
      const expected: Record<string, RegExp> = {
        'empty-account': /No months yet/,
        'full-month': /January 2024/,
        'failed-requests': /February 2024/,
      };
      expect(screen.getByText(expected[state] ?? /never/)).toBeVisible();
      // The cards' counts are asked for in the background (they fail with the network; the cards
      // stand without them); nothing else is.
      expect(requestLog.filter((request) => request !== 'GET /api/months/summaries/')).toEqual([]);
    },
  },
  journals: {
    path: (state) => `/months/${journalsMonthId(state)}/journals`,
    expectScreen: async (state, view) => {
      if (state === 'full-month') return expectFullMonth(view);
      const monthId = journalsMonthId(state);
      // Failed or missing reads are fetched again, fail again, and end on the error screen.
      const failedPath =
        state === 'failed-requests' ? `/api/journals/?month=${monthId}` : `/api/months/${monthId}/`;
      await expectErrorScreen(failedPath);
    },
  },
  settings: {
    path: () => '/settings',
    expectScreen: async () => {
      expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      expect(screen.getByText(TEXTS.settingsPage)).toBeVisible();
      expect(screen.getByRole('link', { name: 'Logout' })).toBeVisible();
      // Its reads (the months for CSV downloads, the bin, the email address) fail with the
      // network: the page stands, and asks nothing else.
      const reads = ['GET /api/months/', 'GET /api/trash/', 'GET /api/account/email/'];
      expect(requestLog.filter((request) => !reads.includes(request))).toEqual([]);
    },
  },
  terms: {
    path: () => '/tou',
    expectScreen: async () => {
      expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
      expect(screen.getByText(`Last updated: ${TEXTS.legalDate}`)).toBeVisible();
    },
  },
  privacy: {
    path: () => '/pp',
    expectScreen: async () => {
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }),
      ).toBeVisible();
      expect(screen.getByText(`Last updated: ${TEXTS.legalDate}`)).toBeVisible();
    },
  },
  unknown: {
    path: () => '/no/such/page',
    expectScreen: async () => {
      expect(await screen.findByRole('heading', { name: TEXTS.notFoundTitle })).toBeVisible();
      expect(screen.getByText(TEXTS.notFoundBody)).toBeVisible();
    },
  },
};

describe('saved cache states', () => {
  it('has every state QA needs, each a valid snapshot', () => {
    for (const name of STATE_NAMES) expect(() => parseCacheSnapshot(stateJson(name))).not.toThrow();
    expect(cachedMonths(parseCacheSnapshot(stateJson('empty-account')))).toEqual([]);
  });
});

describe.each(STATE_NAMES)('replaying %s with the network off', (state) => {
  // The full month's page is 31 cards with 5 checkboxes each, and a lazy chart: slow in jsdom.
  it.each(Object.entries(ROUTES))(
    'renders %s from the cache',
    async (_name, route) => {
      const view = renderRoute(route.path(state), { queryClient: hydratedClient(state) });
      await route.expectScreen(state, view);
    },
    60_000,
  );
});
