// The render cookie: a copy of the access token for the server's journals page, only while it would render the page alike (in any language).
import { RENDER_COOKIE, STORAGE_KEYS } from '../../../contract/rules';
import {
  clearRenderCookie,
  setRenderCondition,
  syncRenderCookie,
} from '../../../src/api/render-cookie';
import { clearSession, storeTokens } from '../../../src/api/tokens';
import { rendersLikeServer } from '../../../src/components/journals/renders-like-server';
import { makeJwt } from '../../fixtures/factories';

/** The cookie as a page under /months sees it (its path): null when not set. */
function renderCookie(): string | null {
  window.history.replaceState(null, '', '/months/1/journals');
  const part = document.cookie.split('; ').find((entry) => entry.startsWith(`${RENDER_COOKIE}=`));
  return part === undefined ? null : part.slice(RENDER_COOKIE.length + 1);
}

// What the protected area sets (src/routes/_auth.tsx).
beforeEach(() => setRenderCondition(rendersLikeServer));

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

  it('is not set while the month at a glance is kept open: the server renders it closed', () => {
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    localStorage.setItem(STORAGE_KEYS.glanceOpen, 'true');
    syncRenderCookie();
    expect(renderCookie()).toBeNull();

    localStorage.removeItem(STORAGE_KEYS.glanceOpen);
    syncRenderCookie();
    expect(renderCookie()).not.toBeNull();
  });

  it('is set whichever the language: the server renders in the one its own cookie names', () => {
    const access = makeJwt(600);
    localStorage.setItem(STORAGE_KEYS.locale, 'pt-BR');
    storeTokens({ access, refresh: makeJwt(3600) });
    expect(renderCookie()).toBe(access);
  });

  it('is not set before the app has said how it shows the page', () => {
    setRenderCondition(() => false);
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    expect(renderCookie()).toBeNull();
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
