// Offline reading and writing end to end in jsdom: data seen online opens offline; changes wait and
// sync.
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import {
  setSavedQueriesStorage,
  stopQueryPersistence,
} from '../../../src/offline/query-persistence';
import { OFFLINE_TEXTS } from '../../../src/offline/texts';
import { goalKeys, journalKeys, monthKeys } from '../../../src/queries/keys';
import { createQueryClient } from '../../../src/query-client';
import { makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { renderRoute, signIn } from '../routes/render-route';
import {
  type MemoryStorage,
  memoryStorage,
  restoreOnlineAfterEach,
  setBrowserOnline,
} from './offline-support';

setupMswServer();
restoreOnlineAfterEach();

let storage: MemoryStorage;
beforeEach(() => {
  storage = memoryStorage();
  setSavedQueriesStorage(storage);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  setSavedQueriesStorage(null);
  vi.restoreAllMocks();
});

const savedKeys = () =>
  (storage.current()?.clientState.queries ?? []).map((query) => JSON.stringify(query.queryKey));

/** Opens `path` online with the app's own query client, waits until it is saved, and closes it. */
async function visitOnline(path: string, heading: string, saved: readonly unknown[]) {
  const view = renderRoute(path, { queryClient: createQueryClient() });
  // The first render of a screen in a test file waits for its code to be compiled.
  const title = await screen.findByRole(
    'heading',
    { name: heading, level: 1 },
    { timeout: 15_000 },
  );
  expect(title).toBeInTheDocument();
  await waitFor(() => expect(savedKeys()).toContain(JSON.stringify(saved)), { timeout: 3000 });
  stopQueryPersistence(view.queryClient);
  view.unmount();
}

/** A new page load with no network: a fresh client, as the service worker's copy of the app starts. */
function reopenOffline(path: string) {
  setBrowserOnline(false);
  requestLog.length = 0;
  return renderRoute(path, { queryClient: createQueryClient() });
}

/** Each test renders the app twice (online, then offline): more than the default 5 s on a busy machine. */
const TWO_VISITS_MS = 20_000;

describe('reading offline', () => {
  it(
    "opens a month's journals seen online, says it is offline, and keeps a change to send later",
    async () => {
      signIn();
      const { month } = seedMonth(makeMonthFixture({ name: 'April', goals: ['Swim 10 km'] }));
      const path = `/months/${month.id}/journals`;
      await visitOnline(path, 'April', goalKeys.list(month.id));

      const view = reopenOffline(path);
      // Offline, the page waits for the saved data and the changes of closed tabs (code loaded then).
      const title = await screen.findByRole(
        'heading',
        { name: 'April', level: 1 },
        { timeout: 15_000 },
      );
      expect(title).toBeInTheDocument();
      expect(screen.getByText(OFFLINE_TEXTS.bannerTitle)).toBeInTheDocument();
      const goal = screen.getByRole('checkbox', { name: 'Swim 10 km' });

      await view.user.click(goal);
      expect(goal).toBeChecked();
      // Marked on its row and counted in the navbar, not sent.
      expect(await screen.findByText(OFFLINE_TEXTS.waitingMarker)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: OFFLINE_TEXTS.waiting(1) })).toBeInTheDocument();
      expect(requestLog).toEqual([]);
      expect(db.goals[0]?.is_completed).toBe(false);
      // Saved with the cache, so a reload keeps it.
      await waitFor(() => expect(storage.current()?.clientState.mutations).toHaveLength(1));

      setBrowserOnline(true);
      await waitFor(() => expect(db.goals[0]?.is_completed).toBe(true), { timeout: 3000 });
      expect(
        await screen.findByRole('button', { name: OFFLINE_TEXTS.allSaved }),
      ).toBeInTheDocument();
      expect(screen.queryByText(OFFLINE_TEXTS.waitingMarker)).toBeNull();
    },
    TWO_VISITS_MS,
  );

  it(
    'opens the months list without the payment check, which runs again on reconnect',
    async () => {
      signIn();
      seedMonth(makeMonthFixture({ name: 'May' }));
      await visitOnline('/months', 'Months', monthKeys.list());

      const view = reopenOffline('/months');
      expect(await screen.findByRole('link', { name: 'May' })).toBeInTheDocument();
      expect(view.pathname()).toBe('/months');
      expect(requestLog).toEqual([]);

      db.hasPaid = false;
      setBrowserOnline(true);
      await waitFor(() => expect(view.pathname()).toBe('/subscribe'), { timeout: 3000 });
    },
    TWO_VISITS_MS,
  );

  it('says so when a month never opened on this device is asked for offline', async () => {
    signIn();
    reopenOffline('/months/4242/journals');
    // The error page's code loads on demand, the first time a screen fails.
    const message = await screen.findByText(OFFLINE_TEXTS.readUnavailable, {}, { timeout: 15_000 });
    expect(message).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_TEXTS.bannerTitle)).toBeInTheDocument();
    expect(requestLog).toEqual([]);
  });

  it('online, shows a month without waiting for the saved data to be read', async () => {
    signIn();
    const { month } = seedMonth(makeMonthFixture({ name: 'June', goals: ['Swim 10 km'] }));
    // A device storage that never answers, as IndexedDB can be slow to open on a first visit.
    let reads = 0;
    setSavedQueriesStorage({
      ...storage,
      getItem: () => {
        reads += 1;
        return new Promise(() => {});
      },
    });
    renderRoute(`/months/${month.id}/journals`, { queryClient: createQueryClient() });
    const title = await screen.findByRole(
      'heading',
      { name: 'June', level: 1 },
      { timeout: 15_000 },
    );
    expect(title).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Swim 10 km' })).toBeInTheDocument();
    expect(reads).toBe(1);
  });

  /**
   * A new page load of `path`, online: the device is read slowly (its data comes only after the
   * page's reads failed), and the read of `apiPath` is cut off by the network going away.
   */
  async function openWhileTheNetworkGoes(path: string, apiPath: string, cutOffKey: unknown[]) {
    let readDevice = () => {};
    const deviceRead = new Promise<void>((resolve) => {
      readDevice = resolve;
    });
    setSavedQueriesStorage({
      ...storage,
      getItem: async (key) => {
        await deviceRead;
        return storage.getItem(key);
      },
    });
    let cutOff = () => {};
    const networkGone = new Promise<void>((resolve) => {
      cutOff = resolve;
    });
    server.use(
      http.get(apiUrl(apiPath), async () => {
        await networkGone;
        return HttpResponse.error();
      }),
    );
    const queryClient = createQueryClient();
    renderRoute(path, { queryClient });
    await waitFor(() => expect(requestLog.some((line) => line.includes(apiPath))).toBe(true), {
      timeout: 15_000,
    });
    setBrowserOnline(false);
    cutOff();
    await waitFor(() => expect(queryClient.getQueryState(cutOffKey)?.status).toBe('error'), {
      timeout: 5000,
    });
    readDevice();
  }

  it(
    'shows the month saved on this device when the network goes while the page is being read',
    async () => {
      signIn();
      const { month } = seedMonth(makeMonthFixture({ name: 'July', goals: ['Swim 10 km'] }));
      const path = `/months/${month.id}/journals`;
      await visitOnline(path, 'July', goalKeys.list(month.id));

      await openWhileTheNetworkGoes(path, 'api/journals/', [...journalKeys.list(month.id)]);

      const title = await screen.findByRole('heading', { name: 'July', level: 1 });
      expect(title).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Swim 10 km' })).toBeInTheDocument();
      expect(screen.queryByText(OFFLINE_TEXTS.readUnavailable)).toBeNull();
    },
    TWO_VISITS_MS,
  );

  it(
    'shows the months saved on this device when the network goes while the list is being read',
    async () => {
      signIn();
      seedMonth(makeMonthFixture({ name: 'August' }));
      await visitOnline('/months', 'Months', monthKeys.list());

      await openWhileTheNetworkGoes('/months', 'api/months/', [...monthKeys.list()]);

      expect(await screen.findByRole('link', { name: 'August' })).toBeInTheDocument();
      expect(screen.queryByText(OFFLINE_TEXTS.readUnavailable)).toBeNull();
    },
    TWO_VISITS_MS,
  );
});
