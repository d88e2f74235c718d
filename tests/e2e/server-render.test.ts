// A signed-in user's journals page comes rendered by the server, and the app hydrates it in place and works as ever.
import type { BrowserContextOptions, Page } from 'playwright-core';
import {
  GLANCE_RENDERED_ATTRIBUTE,
  RENDER_COOKIE,
  RENDER_GLANCE_COOKIE,
  RENDER_LOCALE_COOKIE,
} from '../../contract/rules.js';
import { journals } from '../../src/i18n/pt-br/journals.js';
import { toasts } from '../../src/i18n/pt-br/toasts.js';
import { TOASTS } from '../../src/texts.js';
import {
  allSaved,
  live,
  requestsOut,
  toast,
  uniqueUsername,
  visible,
} from './support/page-helpers.js';
import { loggedInStorage, seedAccount, seedJournal, seedMonth } from './support/seed-account.js';
import { browserSessionForFile } from './support/session.js';

const session = browserSessionForFile();

/** `options`: the browser's own (a `locale`, say) besides the signed-in session. */
async function seededUser(options: Omit<BrowserContextOptions, 'viewport' | 'baseURL'> = {}) {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('rendered'));
  const month = await seedMonth(url, account, 'May 2026', 'Hours', ['Swim', 'Stretch']);
  await seedJournal(url, account, month, 'Picnic under the oaks', 5, [true, false]);
  const page = await session().newPage(undefined, {
    ...options,
    storageState: loggedInStorage(url, account),
  });
  return { page, path: `/months/${month.month.id}/journals` };
}

/** What React reports when hydration fails (production builds give error numbers #418–#425). */
const HYDRATION_ERROR = /hydrat|#41[89]|#42[0-5]/i;

function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(error.message)) errors.push(error.message);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) {
      errors.push(message.text());
    }
  });
  return errors;
}

/** Hydration has committed: main.tsx drops the marker then. */
async function hydrated(page: Page): Promise<void> {
  await page.locator('#root:not([data-server-rendered])').waitFor({ timeout: 15_000 });
}

/**
 * An init script: marks the page once the app has read its saved copy of the cache (TanStack's
 * persister over idb-keyval: key 'queries' in the object store 'offline', query-persistence.ts).
 */
const SAVED_COPY_READ = `(() => {
  const get = IDBObjectStore.prototype.get;
  IDBObjectStore.prototype.get = function (key) {
    const request = get.call(this, key);
    if (this.name === 'offline' && key === 'queries')
      request.addEventListener('success', () => { window.__savedCopyRead = true; });
    return request;
  };
})()`;

/**
 * Holds the app's code (module scripts under /assets) until `release` is called, as on a slow
 * network: the server's HTML is all there is meanwhile.
 */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: (() => Promise<void>)[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      if (released) await route.continue();
      else held.push(() => route.continue());
    },
  );
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((resume) => resume()));
  };
}

/**
 * Opens `path` with the app's code held until the server's HTML shows `text`, then lets it run:
 * true when the server's checkbox element is still in the page once hydrated (hydrated in place,
 * not rendered again).
 */
async function hydratesInPlace(page: Page, path: string, text: string): Promise<boolean> {
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  await visible(page.getByText(text));
  // Strings, not functions: these tests compile without the DOM library.
  await page.evaluate(
    "window.serverCheckbox = document.querySelector('#root input[type=checkbox]')",
  );
  await release();
  await hydrated(page);
  return page.evaluate<boolean>(
    'window.serverCheckbox !== null && window.serverCheckbox.isConnected',
  );
}

describe('the journals page rendered on the server', () => {
  it("arrives with the user's entries in its HTML, then is hydrated in place and works", async () => {
    const { page, path } = await seededUser();
    const errors = hydrationErrors(page);
    const html = await (await page.context().request.get(path)).text();
    expect(html).toContain('data-server-rendered');
    expect(html).toContain('Picnic under the oaks');
    // No inline script runs under the CSP (script-src 'self'): only the page's query state, which is JSON.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual([
      '<script type="application/json" id="server-state">',
    ]);

    expect(await hydratesInPlace(page, path, 'Picnic under the oaks')).toBe(true);
    expect(errors).toEqual([]);

    const stretch = page.getByRole('checkbox', { name: 'Stretch' });
    await stretch.click();
    await visible(toast(page, TOASTS.habitUpdated));
    await page.reload();
    await expect.poll(() => stretch.isChecked(), { timeout: 5_000 }).toBe(true);
    await hydrated(page);
    expect(errors).toEqual([]);
  });

  it('comes in Portuguese for a pt-BR user, and is hydrated in place in Portuguese', async () => {
    const { page, path } = await seededUser({ locale: 'pt-BR' });
    const errors = hydrationErrors(page);
    // The app tells the server its language as it starts (src/i18n/store.ts).
    await page.goto(path);
    await visible(page.getByRole('heading', { level: 2, name: journals.registers }));
    await expect
      .poll(async () =>
        (await page.context().cookies()).find((cookie) => cookie.name === RENDER_LOCALE_COOKIE),
      )
      .toMatchObject({ value: 'pt-BR' });
    const html = await (await page.context().request.get(path)).text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain(`>${journals.registers}</h2>`);
    expect(html).toContain('Picnic under the oaks');

    // Hydrated (the server's elements are the live ones), in Portuguese, and nothing mismatched.
    expect(await hydratesInPlace(page, path, journals.addJournal)).toBe(true);
    expect(errors).toEqual([]);
    await visible(page.getByRole('heading', { level: 2, name: journals.registers }));
    expect(await page.evaluate<string>('document.documentElement.lang')).toBe('pt-BR');

    const stretch = page.getByRole('checkbox', { name: 'Stretch' });
    await stretch.click();
    await visible(toast(page, toasts.habitUpdated));
    await page.reload();
    await hydrated(page);
    await expect.poll(() => stretch.isChecked(), { timeout: 5_000 }).toBe(true);
    expect(errors).toEqual([]);
  });

  it("comes in the browser's language before the app has said which, and keeps a click made meanwhile", async () => {
    // A pt-BR browser whose app has not written the language cookie yet (its first page here, or
    // the cookie cleared): rendered in English, the page was rendered afresh in Portuguese and
    // the click made on the server's HTML was dropped with it.
    const { page, path } = await seededUser({ locale: 'pt-BR' });
    const errors = hydrationErrors(page);
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    const add = page.getByRole('button', { name: journals.addJournal });
    await visible(add);
    expect(await page.evaluate<string>('document.documentElement.lang')).toBe('pt-BR');
    await add.click();

    await release();
    await hydrated(page);
    await visible(page.getByRole('dialog').getByRole('radio', { name: 'Humor 4 de 5: bom' }));
    expect(errors).toEqual([]);
  });

  it('comes with the month at a glance open for a user who keeps it open, hydrated in place', async () => {
    const { page, path } = await seededUser();
    const errors = hydrationErrors(page);
    await page.goto(path);
    const glance = page.getByRole('region', { name: 'Month at a glance' });
    const toggle = glance.getByRole('button', { name: 'Month at a glance' });
    await toggle.click();
    await expect
      .poll(async () =>
        (await page.context().cookies()).find((cookie) => cookie.name === RENDER_GLANCE_COOKIE),
      )
      .toMatchObject({ value: 'open' });
    const html = await (await page.context().request.get(path)).text();
    expect(html).toContain(`data-server-rendered ${GLANCE_RENDERED_ATTRIBUTE}`);
    expect(html).toContain('aria-expanded="true"');
    expect(html).toContain('Picnic under the oaks');

    // The server's HTML, open and loading, is hydrated in place; then the stats come in.
    expect(await hydratesInPlace(page, path, 'Picnic under the oaks')).toBe(true);
    expect(errors).toEqual([]);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await visible(glance.getByRole('table', { name: /^Each habit on each entry/ }));

    // Closed again: the next page comes closed from the server too.
    await toggle.click();
    await expect
      .poll(async () =>
        (await page.context().cookies()).some((cookie) => cookie.name === RENDER_GLANCE_COOKIE),
      )
      .toBe(false);
    const closed = await (await page.context().request.get(path)).text();
    expect(closed).toContain('data-server-rendered>');
    expect(closed).toContain('aria-expanded="false"');
    expect(errors).toEqual([]);
  });

  it('does what was clicked and pressed before the app had hydrated it, once hydrated', async () => {
    const { page, path } = await seededUser();
    const errors = hydrationErrors(page);
    const release = await holdScripts(page);
    await page.goto(path, { waitUntil: 'commit' });
    const swim = page.getByRole('checkbox', { name: 'Swim' });
    const stretch = page.getByRole('checkbox', { name: 'Stretch' });
    await visible(stretch);
    // Only the server's HTML is there: a click, a key on a checkbox and the search shortcut.
    await stretch.click();
    await swim.focus();
    await page.keyboard.press('Space');
    await page.evaluate('document.activeElement.blur()');
    await page.keyboard.press('/');
    // Held, not done natively: a tick shown now would never be saved.
    expect(await stretch.isChecked()).toBe(false);
    expect(await swim.isChecked()).toBe(true);

    await release();
    await hydrated(page);
    // All three done once hydrated: the API answers Stretch ticked and Swim not, and search opened.
    const access = await page.evaluate<string>("localStorage.getItem('access')");
    const monthId = path.split('/')[2];
    const practiced = async () => {
      const response = await page.context().request.get(`/api/dailyhabits/?month=${monthId}`, {
        headers: { authorization: `Bearer ${access}` },
      });
      const rows = (await response.json()) as { habit: { name: string }; is_practiced: boolean }[];
      return Object.fromEntries(rows.map((row) => [row.habit.name, row.is_practiced]));
    };
    await expect.poll(practiced, { timeout: 10_000 }).toEqual({ Swim: false, Stretch: true });
    await visible(page.getByRole('dialog'));
    expect(await stretch.isChecked()).toBe(true);
    expect(await swim.isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('keeps a habit ticked the moment it shows, after a reload', async () => {
    const { page, path } = await seededUser();
    await page.addInitScript(SAVED_COPY_READ);
    // The earliest click there can be: as the checkbox is parsed. Init scripts run on every load
    // of the page: only the first visit clicks.
    await page.addInitScript(`sessionStorage.getItem('clicked') || new MutationObserver((_, observer) => {
      const named = (input) => [...input.labels].some((label) => label.textContent.includes('Stretch'));
      const box = [...document.querySelectorAll('#root input[type=checkbox]')].find(named);
      if (!box) return;
      observer.disconnect();
      sessionStorage.setItem('clicked', '1');
      box.click();
    }).observe(document, { subtree: true, childList: true });`);
    await page.goto(path);
    await visible(toast(page, TOASTS.habitUpdated));
    const stretch = page.getByRole('checkbox', { name: 'Stretch' });
    expect(await stretch.isChecked()).toBe(true);
    const out = requestsOut(page);
    await page.reload();
    await hydrated(page);
    await visible(stretch);
    // A late read or a restored copy must not take the tick back: wait until the app has read its
    // saved copy back from IndexedDB (query-persistence.ts merges it into the cache straight after,
    // or once the code of any saved write has loaded), every write is on the server and no request
    // (an API read, that code) is out. Then nothing is left that could untick the box.
    await expect.poll(() => page.evaluate('window.__savedCopyRead === true')).toBe(true);
    await allSaved(page, out);
    expect(await stretch.isChecked()).toBe(true);
  });

  it('asks the API for nothing on opening: the page brought its data', async () => {
    const { page, path } = await seededUser();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.goto(path);
    await hydrated(page);
    await visible(page.getByRole('checkbox', { name: 'Swim' }));
    expect(apiCalls).toEqual([]);
  });

  it('is a plain page again once the user has logged out (the cookie goes with the session)', async () => {
    const { page, path } = await seededUser();
    await page.goto(path);
    await live(page);
    await page.goto('/logout');
    await expect
      .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
      .not.toContain(RENDER_COOKIE);
    const html = await (await page.context().request.get(path)).text();
    expect(html).not.toContain('Picnic under the oaks');
  });
});
