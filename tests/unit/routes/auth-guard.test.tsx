import { screen, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { getAccessToken, storeTokens } from '../../../src/api/tokens';
import { makeJwt } from '../../fixtures/factories';
import { failing } from '../msw/responses';
import { server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
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
    server.use(
      http.post(apiUrl('api/token/refresh/'), async () => {
        await delay(150);
        return HttpResponse.json({ access: makeJwt(30 * 60) });
      }),
    );
    const view = renderRoute('/settings');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
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
