// A signed-in user's journals page comes rendered by the server, and the app hydrates it in place and works as ever.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { RENDER_COOKIE, RENDER_LOCALE_COOKIE } from '../../contract/rules.js';
import { journals } from '../../src/i18n/pt-br/journals.js';
import { toasts } from '../../src/i18n/pt-br/toasts.js';
import { TOASTS } from '../../src/texts.js';
import { live, toast, uniqueUsername, visible } from './support/page-helpers.js';
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

  it('takes a click and a key made the moment the page takes input', async () => {
    const { page, path } = await seededUser();
    const errors = hydrationErrors(page);
    // The earliest click there can be: as the page stops being inert. It must be live by then
    // (src/server-html.ts: a checkbox clicked while React hydrates is ticked but never saved).
    await page.addInitScript(`new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root || root.hasAttribute('inert') || !root.hasChildNodes()) return;
      observer.disconnect();
      window.hydratedWhenClicked = !root.hasAttribute('data-server-rendered');
      const named = (input) => (input.getAttribute('aria-label') || '').includes('Stretch') ||
        [...input.labels].some((label) => label.textContent.includes('Stretch'));
      [...root.querySelectorAll('input[type=checkbox]')].find(named).click();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['inert'] });`);
    await page.goto(path);
    // A key as soon as the page can be focused (an inert page takes no focus: a key pressed
    // before would go to no element, and is not this test's).
    const focusSwim = `(() => {
      const box = [...document.querySelectorAll('#root input[type=checkbox]')].find((input) =>
        [...input.labels].some((label) => label.textContent.includes('Swim')));
      box?.focus();
      return box !== undefined && document.activeElement === box;
    })()`;
    await expect
      .poll(() => page.evaluate<boolean>(focusSwim), { interval: 10, timeout: 15_000 })
      .toBe(true);
    await page.keyboard.press('Space');
    await hydrated(page);
    expect(await page.evaluate('window.hydratedWhenClicked')).toBe(true);

    // Both reach the server: the API now answers Stretch ticked and Swim not.
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
    expect(await page.getByRole('checkbox', { name: 'Stretch' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Swim' }).isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('keeps a habit ticked the moment the page takes input after a reload', async () => {
    const { page, path } = await seededUser();
    // Init scripts run on every load of the page: only the first visit clicks.
    await page.addInitScript(`sessionStorage.getItem('clicked') || new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root || root.hasAttribute('inert') || !root.hasChildNodes()) return;
      observer.disconnect();
      sessionStorage.setItem('clicked', '1');
      const named = (input) => [...input.labels].some((label) => label.textContent.includes('Stretch'));
      [...root.querySelectorAll('input[type=checkbox]')].find(named).click();
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['inert'] });`);
    await page.goto(path);
    await visible(toast(page, TOASTS.habitUpdated));
    const stretch = page.getByRole('checkbox', { name: 'Stretch' });
    expect(await stretch.isChecked()).toBe(true);
    await page.reload();
    await hydrated(page);
    await visible(stretch);
    // Held a while: a late read or a restored copy must not take the tick back.
    await page.waitForTimeout(1500);
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
