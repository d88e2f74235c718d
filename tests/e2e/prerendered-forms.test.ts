// /login and /register are prerendered: they show before any JavaScript runs, and text typed early survives the app's start.
import type { Page, Route } from '@playwright/test';
import { expect, session, test } from './support/fixtures.js';
import { path, STRONG_PASSWORD, uniqueUsername, visible } from './support/page-helpers.js';
import { SEED_PASSWORD, seedAccount } from './support/seed-account.js';

/**
 * Holds the app's code (module scripts under /assets) until `release` is called, as on a slow
 * network. The tiny blocking color-scheme script in <head> is let through.
 */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      if (released) await route.continue();
      else held.push(route);
    },
  );
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

/** Remembers the prerendered page's first input, to see when the app has replaced it. */
async function markPrerenderedField(page: Page): Promise<void> {
  // Strings, not functions: these tests compile without the DOM library.
  await page.evaluate("window.prerendered = document.querySelector('#root input')");
}

async function appReplacedPrerenderedField(page: Page): Promise<void> {
  // Polled with evaluate: waitForFunction with a string would need 'unsafe-eval', which the CSP forbids.
  await expect
    .poll(() => page.evaluate('window.prerendered !== null && !window.prerendered.isConnected'), {
      timeout: 10_000,
    })
    .toBe(true);
}

test('/login shows its form before any script runs, and what was typed logs in', async () => {
  const page = await session().newPage();
  const { username } = await seedAccount(session().server.url, uniqueUsername('early'));
  const release = await holdScripts(page);

  await page.goto('/login', { waitUntil: 'commit' });
  await visible(page.getByRole('heading', { name: 'Login' }));
  expect(await page.evaluate("document.querySelector('#root').hasChildNodes()")).toBe(true);
  await page.getByLabel('User').fill(username);
  await page.getByLabel(/^Password/).fill(SEED_PASSWORD.slice(0, 4));

  await markPrerenderedField(page);

  await release();
  await appReplacedPrerenderedField(page);
  expect(await page.getByLabel('User').inputValue()).toBe(username);
  // The caret stayed in the password field: typing goes on where it stopped.
  await page.keyboard.type(SEED_PASSWORD.slice(4));
  await page.getByRole('button', { name: 'Login' }).click();
  await path(page, '/months');
});

test('/register keeps early typing and still shows its validation messages', async () => {
  const page = await session().newPage();
  const release = await holdScripts(page);

  await page.goto('/register', { waitUntil: 'commit' });
  await visible(page.getByRole('heading', { name: 'Register' }));
  await page.getByLabel('User').fill('short');
  await markPrerenderedField(page);
  await release();
  await appReplacedPrerenderedField(page);
  await page.getByLabel(/^Password/).fill(STRONG_PASSWORD);
  await page.getByLabel('Confirm Password').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await visible(page.getByText('Username must be at least 8 characters long.'));
  expect(await page.getByLabel('User').inputValue()).toBe('short');
});
