// QA replay: every saved cache state × every route, rendered from the hydrated cache with the network off.
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { Month } from '../../contract/entities';
import {
  type CacheSnapshot,
  loadCacheSnapshot,
  parseCacheSnapshot,
} from '../../src/queries/cache-snapshot';
import { monthKeys } from '../../src/queries/keys';
import { TEXTS } from '../../src/texts';
import { requestLog, server, setupMswServer } from './msw/server';
import { renderRoute, signIn } from './routes/render-route';

setupMswServer();

const FILES = import.meta.glob<string>('../fixtures/cache-states/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const STATE_NAMES = ['empty-account', 'unpaid-user', 'full-month', 'failed-requests'] as const;
type StateName = (typeof STATE_NAMES)[number];

function stateJson(name: string): string {
  const json = FILES[`../fixtures/cache-states/${name}.json`];
  if (json === undefined) throw new Error(`No saved cache state named ${name}`);
  return json;
}

function cachedMonths(snapshot: CacheSnapshot): Month[] {
  const listHash = JSON.stringify(monthKeys.list());
  const list = snapshot.state.queries.find((query) => query.queryHash === listHash);
  return (list?.state.data as Month[] | undefined) ?? [];
}

/** The month QA opens in a state: its latest one, or (with none) the full month's, unknown here. */
function journalsMonthId(name: StateName): number {
  const own = cachedMonths(parseCacheSnapshot(stateJson(name))).at(-1);
  const full = cachedMonths(parseCacheSnapshot(stateJson('full-month'))).at(-1);
  const month = own ?? full;
  if (!month) throw new Error('full-month.json has no month');
  return month.id;
}

/** A client that never refetches on its own, so every screen shows what the state holds. */
function hydratedClient(name: StateName): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: Number.POSITIVE_INFINITY,
      },
    },
  });
  loadCacheSnapshot(queryClient, parseCacheSnapshot(stateJson(name)));
  return queryClient;
}

beforeEach(() => {
  // The network is off: every request fails the way fetch fails with no connection.
  server.use(http.all('*', () => HttpResponse.error()));
  signIn();
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
  expect(requestLog.some((request) => request.startsWith(`GET ${monthPath}`))).toBe(true);
}

const FULL_MONTH_HABITS = ['Read', 'Walk', 'Meditate', 'Stretch', 'No sugar'];

/** What a card shows: its highlight, the measure and its checkboxes' labels, in order. */
function cardSummary(card: Element) {
  return {
    text: card.textContent ?? '',
    checkboxes: [...card.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].map(
      // Looked up in the card: jsdom's `input.labels` searches the whole document each time.
      (input) => card.querySelector(`label[for="${input.id}"]`)?.textContent,
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
    expectScreen: async () => {
      expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
      expect(screen.getByLabelText(/^User/)).toBeVisible();
      expect(requestLog).toEqual([]);
    },
  },
  register: {
    path: () => '/register',
    expectScreen: async (_state, { queryClient }) => {
      expect(await screen.findByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
      expect(screen.getByLabelText(/^Confirm Password/)).toBeVisible();
      // Visiting /register signs out: the replayed session and its cache are gone.
      await waitFor(() => expect(queryClient.getQueryCache().getAll()).toHaveLength(0));
      expect(localStorage.getItem('access')).toBeNull();
    },
  },
  subscribe: {
    path: () => '/subscribe',
    expectScreen: async () => {
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Choose your plan' }),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: 'Monthly' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Pay Once' })).toBeEnabled();
      expect(requestLog).toEqual([]);
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
      expect(requestLog).toEqual([]);
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
      expect(await screen.findByRole('heading', { name: TEXTS.settingsPage })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Logout' })).toBeVisible();
      expect(requestLog).toEqual([]);
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
  // The full month's page is 31 cards with 5 checkboxes each: slow to render in jsdom.
  it.each(Object.entries(ROUTES))(
    'renders %s from the cache',
    async (_name, route) => {
      const view = renderRoute(route.path(state), { queryClient: hydratedClient(state) });
      await route.expectScreen(state, view);
    },
    20_000,
  );
});

// jsdom's Blob has no text(), which browsers' has and the panel reads files with.
if (!Blob.prototype.text)
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(this);
    });
  };

describe('the QA cache panel', () => {
  beforeEach(() => {
    // Unit tests hide the development-only panel; these tests are about it.
    vi.stubEnv('MODE', 'development');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  async function openPanel(view: View) {
    const toggle = await screen.findByRole('button', { name: 'Cache tools' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Save cache' })).not.toBeInTheDocument();
    toggle.focus();
    await view.user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Hide cache tools' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }

  const stateFile = (name: string, json = stateJson(name)) =>
    new File([json], `${name}.json`, { type: 'application/json' });

  it('loads a saved state into the screen on show, without a request', async () => {
    const view = renderRoute('/months', { queryClient: hydratedClient('empty-account') });
    expect(await screen.findByText(/No months yet/)).toBeVisible();
    await openPanel(view);

    await view.user.upload(screen.getByLabelText('Cache file to load'), stateFile('full-month'));
    expect(await screen.findByText('January 2024')).toBeVisible();
    expect(screen.queryByText(/No months yet/)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Loaded 9 queries from full-month\.json\.$/,
    );
    expect(requestLog).toEqual([]);
  });

  it('says why a file is not a saved state, and keeps the cache', async () => {
    const view = renderRoute('/months', { queryClient: hydratedClient('full-month') });
    expect(await screen.findByText('January 2024')).toBeVisible();
    await openPanel(view);

    await view.user.upload(screen.getByLabelText('Cache file to load'), stateFile('bad', '{}'));

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Could not load bad.json: Not a cache snapshot of version 1',
      ),
    );
    expect(view.queryClient.getQueryCache().getAll()).toHaveLength(9);
  });

  it('downloads the cache as a snapshot that loads back, and clears it', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs; the browser hands this one to the download link.
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      blobs.push(blob as Blob);
      return 'blob:cache';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const view = renderRoute('/months', { queryClient: hydratedClient('full-month') });
    expect(await screen.findByText('January 2024')).toBeVisible();
    await openPanel(view);

    await view.user.click(screen.getByRole('button', { name: 'Save cache' }));

    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toHaveProperty(
      'download',
      expect.stringMatching(/^monthbook-cache-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/),
    );
    const saved = parseCacheSnapshot(await (blobs[0] as Blob).text());
    expect(cachedMonths(saved).map((month) => month.name)).toEqual(['January 2024']);
    expect(saved.state.queries).toHaveLength(9);

    await view.user.click(screen.getByRole('button', { name: 'Clear cache' }));

    expect(view.queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent(/^Cache cleared\./);
  });
});
