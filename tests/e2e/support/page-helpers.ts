// Small waits and assertions over Playwright locators that the browser tests share.
import type { Locator, Page, Request } from '@playwright/test';
import { expect } from './fixtures.js';

export async function visible(locator: Locator, timeout = 10_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

/**
 * Clicks a checkbox and waits for it to settle in the wanted state. The app's checkboxes follow
 * the query cache, which they reach a frame or two after the click (optimistic update), so
 * Playwright's `check()` — which reads the state straight after its click — is too eager.
 */
export async function setChecked(checkbox: Locator, checked: boolean): Promise<void> {
  await checkbox.click();
  await expect.poll(() => checkbox.isChecked(), { timeout: 5_000 }).toBe(checked);
}

/**
 * Waits until the page's content is shown: a prerendered page stays hidden while the app switches
 * it to the visitor's language (public/color-scheme.js).
 */
export async function live(page: Page, timeout = 10_000): Promise<void> {
  await page.locator('#root').waitFor({ state: 'visible', timeout });
}

export async function gone(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

export async function path(page: Page, expected: string | RegExp, timeout = 10_000): Promise<void> {
  await page.waitForURL(
    (url) =>
      typeof expected === 'string' ? url.pathname === expected : expected.test(url.pathname),
    { timeout },
  );
}

/**
 * Resolves at the page's next animation frame: by then the page has rendered what changed before.
 * Browser code as a string, here and below: the tests' TypeScript has no DOM types, and the app's
 * CSP forbids the eval that `page.waitForFunction` relies on (page.evaluate is not subject to it).
 */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(true)))');
}

/**
 * In the page: resolves true once no finite animation (a CSS transition or animation, a Web
 * Animation) has run for `frames` frames in a row, false after `timeout` ms. Frames in a row, not
 * one look: Mantine's transitions start two frames after the state that opens or closes them
 * (use-transition.mjs: pre-entering, then entering), so a first calm frame may come before them.
 * Endless animations (a loader's spin) never end, and fade nothing in or out: they are left out.
 */
const CALM = (frames: number, timeout: number) => `new Promise((resolve) => {
  const deadline = performance.now() + ${timeout};
  const running = () =>
    document.getAnimations().some((animation) =>
      animation.playState === 'running' &&
      animation.effect?.getComputedTiming().iterations !== Infinity);
  let calm = 0;
  const frame = () => {
    calm = running() ? 0 : calm + 1;
    if (calm >= ${frames}) resolve(true);
    else if (performance.now() > deadline) resolve(false);
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})`;

/**
 * Waits until the page's transitions have ended (a modal opening or closing, a colour scheme
 * change): half-faded elements fail axe's contrast rule and make screenshots differ run to run.
 */
export async function settled(page: Page, timeout = 10_000): Promise<void> {
  if (!(await page.evaluate<boolean>(CALM(4, timeout))))
    throw new Error(`settled: animations still running after ${timeout} ms`);
}

/**
 * Emulates the colour scheme and waits until the app shows it: Mantine's 'auto' scheme sets
 * data-mantine-color-scheme on <html> when the media query changes, then the colours' transitions
 * (if any) run; `settled` waits for those.
 */
export async function showColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect
    .poll(() =>
      page.evaluate<string | null>(
        "document.documentElement.getAttribute('data-mantine-color-scheme')",
      ),
    )
    .toBe(scheme);
  await settled(page);
}

/**
 * Follows the page's requests (those `which` picks; all by default) from now on; the function
 * returned counts those still out (neither answered nor failed). Install it before the actions.
 */
export function requestsOut(
  page: Page,
  which: (request: Request) => boolean = () => true,
): () => number {
  const out = new Set<Request>();
  page.on('request', (request) => {
    if (which(request)) out.add(request);
  });
  page.on('requestfinished', (request) => out.delete(request));
  page.on('requestfailed', (request) => out.delete(request));
  return () => out.size;
}

/** `requestsOut` for the page's requests to the API (paths under /api/). */
export function apiRequestsOut(page: Page): () => number {
  return requestsOut(page, (request) => new URL(request.url()).pathname.startsWith('/api/'));
}

const SYNC_STATE =
  "document.querySelector('[data-sync-state]')?.getAttribute('data-sync-state') ?? null";

/**
 * Waits until every change the app made is on the server and nothing it asked the API is still
 * out: the navbar's sync status says 'All changes saved' (no write queued, sending or failed in
 * TanStack's mutation cache, sync-status.tsx) and `requestsOut` (e.g. `apiRequestsOut`) counts
 * none. Both must hold at `frames` frames in a row: a write's answer sets off a read (the lists it
 * invalidated), which must be seen to go out, and then be waited for too. `each` runs at every
 * look (a test sampling the screen meanwhile).
 */
export async function allSaved(
  page: Page,
  requestsOut: () => number,
  {
    timeout = 30_000,
    frames = 3,
    each,
  }: { timeout?: number; frames?: number; each?: () => Promise<void> } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  let calm = 0;
  while (calm < frames) {
    await each?.();
    const state = await page.evaluate<string | null>(SYNC_STATE);
    calm = state === 'saved' && requestsOut() === 0 ? calm + 1 : 0;
    if (calm < frames && Date.now() > deadline)
      throw new Error(
        `allSaved: after ${timeout} ms the sync state is ${state}, ${requestsOut()} requests out`,
      );
    await nextFrame(page);
  }
}

/** The toast with this text; Mantine notifications render as role="alert". */
export function toast(page: Page, text: string): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

let counter = 0;
/**
 * A fresh, valid username per call (≥ 8 characters), also across the workers that share one
 * server: the process id tells them apart.
 */
export function uniqueUsername(prefix = 'journaler'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}_${process.pid.toString(36)}_${counter}`;
}

export const STRONG_PASSWORD = 'Str0ng!Pass';

/**
 * Opens a prerendered form page (/login, /register) and lets the app replace the prerendered
 * markup before the test types: typing into the prerendered form while the app starts is the
 * subject of prerendered-forms.test.ts; the other tests check the live forms.
 */
export async function openLiveForm(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

/** Registers `username` through the live /register form, then logs in with it on /login. */
export async function registerAndLogin(page: Page, username: string): Promise<void> {
  await openLiveForm(page, '/register');
  await page.getByLabel('User').fill(username);
  await page.getByLabel(/^Password/).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await path(page, '/login');
  // The URL changes before the new screen renders: wait for the login form itself.
  await visible(page.getByRole('heading', { name: 'Login' }));
  await page.getByLabel('User').fill(username);
  await page.getByLabel(/^Password/).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}
