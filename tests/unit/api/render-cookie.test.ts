// The render cookie: a copy of the access token for the server's journals page, only while it would render the page alike.
import { RENDER_COOKIE, STORAGE_KEYS } from '../../../contract/rules';
import { clearRenderCookie, syncRenderCookie } from '../../../src/api/render-cookie';
import { clearSession, storeTokens } from '../../../src/api/tokens';
import { makeJwt } from '../../fixtures/factories';

/** The cookie as a page under /months sees it (its path): null when not set. */
function renderCookie(): string | null {
  window.history.replaceState(null, '', '/months/1/journals');
  const part = document.cookie.split('; ').find((entry) => entry.startsWith(`${RENDER_COOKIE}=`));
  return part === undefined ? null : part.slice(RENDER_COOKIE.length + 1);
}

afterEach(() => {
  clearRenderCookie();
  window.history.replaceState(null, '', '/');
});

describe('the render cookie', () => {
  it('copies the access token when tokens are stored, and follows a refreshed one', () => {
    const first = makeJwt(600);
    storeTokens({ access: first, refresh: makeJwt(3600) });
    expect(renderCookie()).toBe(first);

    const refreshed = makeJwt(900);
    storeTokens({ access: refreshed });
    expect(renderCookie()).toBe(refreshed);
  });

  it('goes only with page requests under /months, not with the API or other pages', () => {
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    for (const path of ['/', '/api/months/', '/settings']) {
      window.history.replaceState(null, '', path);
      expect(document.cookie).not.toContain(RENDER_COOKIE);
    }
  });

  it('is removed at logout with the rest of the session', () => {
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    clearSession();
    expect(renderCookie()).toBeNull();
  });

  it.each([
    ['Portuguese is chosen', () => localStorage.setItem(STORAGE_KEYS.locale, 'pt-BR')],
    [
      'the month at a glance is kept open',
      () => localStorage.setItem(STORAGE_KEYS.glanceOpen, 'true'),
    ],
  ])('is not set while %s: the server renders English with the glance closed', (_case, prefer) => {
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    prefer();
    syncRenderCookie();
    expect(renderCookie()).toBeNull();

    localStorage.removeItem(STORAGE_KEYS.locale);
    localStorage.removeItem(STORAGE_KEYS.glanceOpen);
    syncRenderCookie();
    expect(renderCookie()).not.toBeNull();
  });

  it.each([
    ['an expired token', makeJwt(-10)],
    ['something that is not a token', 'a; Path=/'],
  ])('is not set from %s', (_case, access) => {
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    localStorage.setItem(STORAGE_KEYS.access, access);
    syncRenderCookie();
    expect(renderCookie()).toBeNull();
  });
});
