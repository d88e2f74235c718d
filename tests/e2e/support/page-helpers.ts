// Small waits and assertions over Playwright locators, for Vitest (no @playwright/test runner here).
import type { Locator, Page } from 'playwright-core';

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
 * Waits until the app runs the page: a page the server rendered (server/services/server-render.ts)
 * shows at once but stays inert until the app takes it over, and a key pressed before then is lost.
 */
export async function live(page: Page, timeout = 10_000): Promise<void> {
  await page.locator('#root:not([inert])').waitFor({ timeout });
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

/** The toast with this text; Mantine notifications render as role="alert". */
export function toast(page: Page, text: string): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

let counter = 0;
/** A fresh, valid username per call (≥ 8 characters). */
export function uniqueUsername(prefix = 'journaler'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
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
