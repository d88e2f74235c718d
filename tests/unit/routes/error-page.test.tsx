// The error page: inside the app it keeps the navbar and adds no second <main>;
// offline it says what happened instead of 'Something went wrong'.
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setSavedQueriesStorage } from '../../../src/offline/query-persistence';
import { OFFLINE_TEXTS } from '../../../src/offline/texts';
import { createQueryClient } from '../../../src/query-client';
import { failing } from '../msw/responses';
import { server, setupMswServer } from '../msw/server';
import {
  memoryStorage,
  restoreOnlineAfterEach,
  setBrowserOnline,
} from '../offline/offline-support';
import { renderRoute, signIn } from './render-route';

setupMswServer();
restoreOnlineAfterEach();

beforeEach(() => {
  signIn();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  setSavedQueriesStorage(null);
  vi.restoreAllMocks();
});

describe('error page', () => {
  it('shows inside the app with the navbar and one main landmark', async () => {
    server.use(failing('get', 'api/months/', 500));
    renderRoute('/months');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Something went wrong' },
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('says the server could not be reached on a network failure, not "Failed to fetch"', async () => {
    server.use(http.get(/\/api\/months\/$/, () => HttpResponse.error()));
    renderRoute('/months');
    expect(
      await screen.findByText(
        'Monthbook could not be reached. Check your connection and try again.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
  });

  it("says a page is not available offline instead of 'Something went wrong'", async () => {
    setSavedQueriesStorage(memoryStorage());
    setBrowserOnline(false);
    renderRoute('/months/4242/journals', { queryClient: createQueryClient() });
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Not available offline' },
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    expect(screen.getByText(OFFLINE_TEXTS.readUnavailable)).toBeVisible();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
