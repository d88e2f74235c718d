import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { getAccessToken, storeTokens } from '../../../src/api/tokens';
import { makeJwt } from '../../fixtures/factories';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { restoreOnlineAfterEach, setBrowserOnline } from '../offline/offline-support';
import { renderRoute } from './render-route';

setupMswServer();

const refreshToken = () => makeJwt(24 * 60 * 60, { token_type: 'refresh' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('protected routes', () => {
  it('send a visitor without a token to /login', async () => {
    const view = renderRoute('/settings');
    await waitFor(() => expect(view.pathname()).toBe('/login'));
  });

  it("show 'Loading...' while an expired token is refreshed, then the screen", async () => {
    storeTokens({ access: makeJwt(-60), refresh: refreshToken() });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(apiUrl('api/token/refresh/'), async () => {
        await answered;
        return HttpResponse.json({ access: makeJwt(30 * 60) });
      }),
    );
    const view = renderRoute('/settings');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('settings page')).toBeNull();
    answer();
    expect(await screen.findByText('settings page')).toBeInTheDocument();
    expect(view.pathname()).toBe('/settings');
    expect(getAccessToken()).not.toBeNull();
  });

  it('go to /login when the refresh fails', async () => {
    storeTokens({ access: makeJwt(-60), refresh: refreshToken() });
    server.use(failing('post', 'api/token/refresh/', 401));
    const view = renderRoute('/settings');
    await waitFor(() => expect(view.pathname()).toBe('/login'));
    expect(getAccessToken()).toBeNull();
  });
});

describe('protected routes offline', () => {
  restoreOnlineAfterEach();

  it('keep a user with an expired token in, read-only, and refresh it on reconnect', async () => {
    const expired = makeJwt(-60);
    storeTokens({ access: expired, refresh: refreshToken() });
    setBrowserOnline(false);
    const view = renderRoute('/settings');
    expect(await screen.findByText('settings page')).toBeInTheDocument();
    expect(screen.getByText('You are offline')).toBeInTheDocument();
    expect(requestLog).toEqual([]);
    expect(getAccessToken()).toBe(expired);

    setBrowserOnline(true);
    await waitFor(() => expect(getAccessToken()).not.toBe(expired), { timeout: 3000 });
    expect(requestLog).toContain('POST /api/token/refresh/');
    expect(view.pathname()).toBe('/settings');
  });

  it('go to /login on reconnect when the refresh is then refused', async () => {
    storeTokens({ access: makeJwt(-60), refresh: refreshToken() });
    setBrowserOnline(false);
    const view = renderRoute('/settings');
    expect(await screen.findByText('settings page')).toBeInTheDocument();

    server.use(failing('post', 'api/token/refresh/', 401));
    setBrowserOnline(true);
    await waitFor(() => expect(view.pathname()).toBe('/login'), { timeout: 3000 });
    expect(getAccessToken()).toBeNull();
  });
});
