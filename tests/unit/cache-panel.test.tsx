// The dev-only QA cache panel: collapsed by default, keyboard operable; save, load and clear the cache.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { parseCacheSnapshot } from '../../src/queries/cache-snapshot';
import { cachedMonths, hydratedClient, stateJson } from '../fixtures/cache-states/saved-states';
import { requestLog, server, setupMswServer } from './msw/server';
import { renderRoute, signIn } from './routes/render-route';

setupMswServer();

type View = ReturnType<typeof renderRoute>;

beforeEach(() => {
  // The network is off: a loaded state must show without a request.
  server.use(http.all('*', () => HttpResponse.error()));
  signIn();
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

  /** How many queries the full-month state holds. */
  const fullMonthQueries = (
    JSON.parse(stateJson('full-month')) as { state: { queries: unknown[] } }
  ).state.queries.length;
  /** The months page adds one query to whatever it shows: its cards' counts, read in the background. */
  const onMonthsPage = fullMonthQueries + 1;

  /** The panel's own status line (the app shell has its own, for the offline banner). */
  const panelStatus = () =>
    within(screen.getByRole('complementary', { name: 'QA cache tools' })).getByRole('status');

  const stateFile = (name: string, json = stateJson(name)) =>
    new File([json], `${name}.json`, { type: 'application/json' });

  it('loads a saved state into the screen on show, without a request', async () => {
    const view = renderRoute('/months', { queryClient: hydratedClient('empty-account') });
    expect(await screen.findByText(/No months yet/)).toBeVisible();
    await openPanel(view);

    await view.user.upload(screen.getByLabelText('Cache file to load'), stateFile('full-month'));
    expect(await screen.findByText('January 2024')).toBeVisible();
    expect(screen.queryByText(/No months yet/)).not.toBeInTheDocument();
    expect(panelStatus()).toHaveTextContent(
      `Loaded ${fullMonthQueries} queries from full-month.json.`,
    );
    expect(requestLog.filter((request) => request !== 'GET /api/months/summaries/')).toEqual([]);
  });

  it('says why a file is not a saved state, and keeps the cache', async () => {
    const view = renderRoute('/months', { queryClient: hydratedClient('full-month') });
    expect(await screen.findByText('January 2024')).toBeVisible();
    await openPanel(view);

    await view.user.upload(screen.getByLabelText('Cache file to load'), stateFile('bad', '{}'));

    await waitFor(() =>
      expect(panelStatus()).toHaveTextContent(
        'Could not load bad.json: Not a cache snapshot of version 1',
      ),
    );
    expect(view.queryClient.getQueryCache().getAll()).toHaveLength(onMonthsPage);
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
    expect(saved.state.queries).toHaveLength(onMonthsPage);

    await view.user.click(screen.getByRole('button', { name: 'Clear cache' }));

    expect(view.queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(panelStatus()).toHaveTextContent(/^Cache cleared\./);
  });
});
