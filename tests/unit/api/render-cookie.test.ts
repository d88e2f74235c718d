// The render cookies: a copy of the access token for the server's journals page, and how the page shows (the month at a glance).
import { RENDER_COOKIE, RENDER_GLANCE_COOKIE, STORAGE_KEYS } from '../../../contract/rules';
import { clearRenderCookie, syncRenderCookie } from '../../../src/api/render-cookie';
import { clearSession, storeTokens } from '../../../src/api/tokens';
import { syncGlanceCookie } from '../../../src/components/stats/glance-open';
import { makeJwt } from '../../fixtures/factories';

/** A cookie as a page under /months sees it (its path): null when not set. */
function pageCookie(name: string): string | null {
  window.history.replaceState(null, '', '/months/1/journals');
  const part = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return part === undefined ? null : part.slice(name.length + 1);
}
const renderCookie = () => pageCookie(RENDER_COOKIE);

afterEach(() => {
  clearRenderCookie();
  syncGlanceCookie(false);
  localStorage.clear();
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

  it('is set whether the month at a glance is open or not; its own cookie says which', () => {
    localStorage.setItem(STORAGE_KEYS.glanceOpen, 'true');
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    syncGlanceCookie();
    expect(renderCookie()).not.toBeNull();
    expect(pageCookie(RENDER_GLANCE_COOKIE)).toBe('open');

    localStorage.removeItem(STORAGE_KEYS.glanceOpen);
    syncGlanceCookie();
    expect(renderCookie()).not.toBeNull();
    expect(pageCookie(RENDER_GLANCE_COOKIE)).toBeNull();
  });

  it('is set whichever the language: the server renders in the one its own cookie names', () => {
    const access = makeJwt(600);
    localStorage.setItem(STORAGE_KEYS.locale, 'pt-BR');
    storeTokens({ access, refresh: makeJwt(3600) });
    expect(renderCookie()).toBe(access);
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
