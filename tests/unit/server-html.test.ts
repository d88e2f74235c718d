// The query state a server-rendered journals page brings is taken only for the session it was read for.
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { RENDER_COOKIE, RENDER_COOKIE_PATH, STORAGE_KEYS } from '../../contract/rules';
import { readServerState, SERVER_STATE_ID } from '../../src/server-html';
import { makeJwt, makeMonth } from '../fixtures/factories';

function pageState() {
  const client = new QueryClient();
  client.setQueryData(['months', 'detail', 7], makeMonth({ id: 7 }));
  return dehydrate(client);
}

function putInPage(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SERVER_STATE_ID;
  script.textContent = text;
  document.head.append(script);
}

function setCookie(value: string, maxAge = 600): void {
  // biome-ignore lint/suspicious/noDocumentCookie: sets the cookie as src/api/render-cookie.ts does.
  document.cookie = `${RENDER_COOKIE}=${value}; Path=${RENDER_COOKIE_PATH}; Max-Age=${maxAge}`;
}

beforeEach(() => {
  // The render cookie is scoped to the journals pages.
  window.history.replaceState(null, '', '/months/7/journals');
});

afterEach(() => {
  document.getElementById(SERVER_STATE_ID)?.remove();
  setCookie('', 0);
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('readServerState', () => {
  it('gives the state the page was rendered from, for the session that asked for it', () => {
    const access = makeJwt(600);
    localStorage.setItem(STORAGE_KEYS.access, access);
    setCookie(access);
    const state = pageState();
    putInPage(JSON.stringify(state).replace(/</g, '\\u003c'));

    expect(readServerState()).toEqual(state);
  });

  it('gives nothing when another session has signed in since the cookie was written', () => {
    localStorage.setItem(STORAGE_KEYS.access, makeJwt(600));
    setCookie(makeJwt(600));
    putInPage(JSON.stringify(pageState()));

    expect(readServerState()).toBeNull();
  });

  it('gives nothing without a stored session', () => {
    const access = makeJwt(600);
    setCookie(access);
    putInPage(JSON.stringify(pageState()));

    expect(readServerState()).toBeNull();
  });

  it('gives nothing when the page brought no state, or a broken one', () => {
    const access = makeJwt(600);
    localStorage.setItem(STORAGE_KEYS.access, access);
    setCookie(access);
    expect(readServerState()).toBeNull();

    putInPage('{"queries": [');
    expect(readServerState()).toBeNull();
  });
});
