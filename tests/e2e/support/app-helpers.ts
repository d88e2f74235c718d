// Helpers for the logged-in app screens: a signed-in page, the navbar (burger at 390 px) and faked API failures.
import type { Locator, Page } from '@playwright/test';
import type { BrowserSession } from './fixtures.js';
import { live, visible } from './page-helpers.js';
import { loggedInStorage, type SeededAccount } from './seed-account.js';
import { recordToasts } from './toasts.js';

export interface Viewport {
  width: number;
  height: number;
}

/** The navbar collapses into a burger menu below 900 px (NAV_BREAKPOINT, app-layout.tsx). */
export const isPhone = (viewport: Viewport): boolean => viewport.width < 900;

/**
 * A page whose context holds the account's tokens and records toasts. Its service worker is
 * blocked: `page.route` (used by `failNext`) cannot see requests a service worker answers, and the
 * app's worker passes `/api` straight to the network anyway.
 */
export async function signedInPage(
  session: BrowserSession,
  viewport: Viewport,
  account: SeededAccount,
  /**
   * More of the origin's localStorage to start with (a language, the month at a glance open):
   * there before the first page loads, so no visit is needed just to write it.
   */
  stored: Record<string, string> = {},
): Promise<Page> {
  const signedIn = loggedInStorage(session.server.url, account);
  const storageState = {
    ...signedIn,
    origins: signedIn.origins.map((origin) => ({
      ...origin,
      localStorage: [
        ...origin.localStorage,
        ...Object.entries(stored).map(([name, value]) => ({ name, value })),
      ],
    })),
  };
  const page = await session.newPage(viewport, { storageState, serviceWorkers: 'block' });
  await recordToasts(page.context());
  return page;
}

/** The navbar entry, opening the burger menu first on a phone. */
export async function navEntry(page: Page, viewport: Viewport, name: string): Promise<Locator> {
  if (isPhone(viewport)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await visible(menu);
    return menu
      .getByRole('button', { name, exact: true })
      .or(menu.getByRole('link', { name, exact: true }));
  }
  const bar = page.getByRole('navigation', { name: 'Main' });
  return bar
    .getByRole('button', { name, exact: true })
    .or(bar.getByRole('link', { name, exact: true }));
}

/** Moves the pointer to the bottom-left corner, away from the toasts (hovering one pauses it). */
export async function pointerAway(page: Page, viewport: Viewport): Promise<void> {
  await page.mouse.move(1, viewport.height - 1);
}

/**
 * Activates a control from the keyboard, so the pointer stays where `pointerAway` left it and
 * cannot rest on the toast the action shows. Not before the page is shown: a hidden control
 * cannot take focus, and the key would go nowhere.
 */
export async function press(control: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await live(control.page());
  await control.focus();
  await control.press(key === 'Space' ? ' ' : 'Enter');
}

export type Failure = 'status' | 'network';

/**
 * Makes the next request (or `times` requests) with this method whose path matches fail — with a
 * 500 answer ('status': the app's warning toast) or a dropped connection ('network': its danger
 * toast) — and lets every later one through. The server never sees the failed requests.
 */
export async function failNext(
  page: Page,
  method: string,
  pathPattern: RegExp,
  failure: Failure = 'status',
  times = 1,
): Promise<void> {
  let pending = times;
  await page.route(
    (url) => pathPattern.test(url.pathname),
    async (route) => {
      if (pending === 0 || route.request().method() !== method) {
        await route.fallback();
        return;
      }
      pending -= 1;
      if (failure === 'network') await route.abort('connectionreset');
      else
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ detail: 'A server error occurred.' }),
        });
    },
  );
}

/**
 * Logs in through the form, then goes to Settings without a reload: the private months' key
 * opens in the background of the page the login left, as it does for a person.
 */
export async function logInToSettings(
  page: Page,
  viewport: Viewport,
  username: string,
  password: string,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('User').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/months$/);
  await (await navEntry(page, viewport, 'Settings')).click();
  await page.waitForURL(/\/settings$/);
}
