// The flows around signing in and paying, in Chromium: the session-aware landing, /login and
// /register, checkout's Cancel and Back, the unpaid navbar, the price on /subscribe, and 404s.
import type { Page } from '@playwright/test';
import { LAUNCH_OFFER, launchPrice, PLANS, STORAGE_KEYS } from '../../contract/rules.js';
import { navEntry, signedInPage } from './support/app-helpers.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { path, uniqueUsername, visible } from './support/page-helpers.js';
import { type SeededAccount, seedAccount } from './support/seed-account.js';

const storageLength = (page: Page) => page.evaluate<number>('localStorage.length');

/** A signed-in page for a new account, paid or not, at the given viewport. */
async function accountPage(
  prefix: string,
  {
    pay = true,
    viewport = VIEWPORTS.desktop,
  }: { pay?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; account: SeededAccount }> {
  const account = await seedAccount(session().server.url, uniqueUsername(prefix), { pay });
  return { page: await signedInPage(session(), viewport, account), account };
}

test.describe('with a live session', () => {
  test("the landing page offers 'Open Monthbook' and its Sign Up buttons open the app", async () => {
    const { page } = await accountPage('lander');
    await page.goto('/');
    const header = page.getByRole('banner');
    const open = header.getByRole('link', { name: 'Open Monthbook' });
    await visible(open);
    expect(await header.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign Up' }).count()).toBe(0);
    await page.getByRole('main').getByRole('link', { name: 'Open Monthbook' }).first().click();
    await path(page, '/months');
    await visible(page.getByRole('button', { name: 'Add New Month +' }));
    expect(await storageLength(page)).toBeGreaterThan(0);
  });

  test('/login opens the months page', async () => {
    const { page } = await accountPage('relogin');
    await page.goto('/login');
    await path(page, '/months');
    await visible(page.getByRole('heading', { level: 1, name: 'Months' }));
  });

  test('/register asks before logging out, and keeps the session until told', async () => {
    const { page } = await accountPage('twice');
    await page.goto('/register');
    await visible(page.getByRole('heading', { name: 'You are already signed in' }));
    expect(await page.evaluate(`localStorage.getItem('${STORAGE_KEYS.refresh}')`)).not.toBeNull();
    await page.getByRole('button', { name: 'Log out and create an account' }).click();
    await visible(page.getByRole('button', { name: 'Register' }));
    await expect.poll(() => storageLength(page)).toBe(0);
  });
});

test.describe('registration to login', () => {
  test("greets with 'Account created — log in', the username filled in", async () => {
    const page = await session().newPage();
    await page.goto('/register');
    await page.waitForLoadState('networkidle');
    const username = uniqueUsername('newcomer');
    await page.getByLabel('User').fill(username);
    await page.getByLabel(/^Password/).fill('Str0ng!Pass');
    await page.getByLabel('Confirm Password').fill('Str0ng!Pass');
    await page.getByRole('button', { name: 'Register' }).click();
    await path(page, '/login');
    await visible(page.getByText('Account created — log in'));
    expect(await page.getByLabel('User').inputValue()).toBe(username);
  });

  test('an invalid submit focuses the first bad field', async () => {
    const page = await session().newPage();
    await page.goto('/register');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('User').fill('long-enough-name');
    await page.getByRole('button', { name: 'Register' }).click();
    // Mantine's form marks each field's input with its path.
    await expect
      .poll(() => page.evaluate(`document.activeElement?.getAttribute('data-path')`))
      .toBe('password');
  });
});

test.describe('paying', () => {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    test(`an unpaid user's navbar shows Subscribe, Settings and Logout at ${label}`, async () => {
      const { page } = await accountPage('unpaid', { pay: false, viewport });
      await page.goto('/subscribe');
      await visible(page.getByRole('heading', { level: 1, name: 'Choose your plan' }));
      for (const name of ['Subscribe', 'Settings', 'Logout']) {
        await visible(await navEntry(page, viewport, name));
        await page.keyboard.press('Escape');
      }
      const nav = page.getByRole('navigation', { name: viewport.width < 1200 ? 'Menu' : 'Main' });
      if (viewport.width < 1200) await page.getByRole('button', { name: 'Open menu' }).click();
      for (const name of ['Journals', 'Months', 'Billing']) {
        expect(await nav.getByRole('button', { name, exact: true }).count(), name).toBe(0);
        expect(await nav.getByRole('link', { name, exact: true }).count(), name).toBe(0);
      }
    });
  }

  test('/subscribe shows the price due today that checkout shows, and the places left', async () => {
    const { page } = await accountPage('pricer', { pay: false });
    await page.goto('/subscribe');
    const due = launchPrice(PLANS.monthly.price, LAUNCH_OFFER.percentOff);
    await visible(page.getByText(`Due today: ${due} USD`));
    await visible(page.getByText(/places? left at the launch price/));
    await page.getByRole('button', { name: 'Monthly' }).click();
    await visible(page.getByText('TEST MODE'));
    expect(await page.locator('dl').textContent()).toContain(`Due today${due} USD`);
  });

  test("checkout's Cancel returns to /subscribe saying no payment was made", async () => {
    const { page } = await accountPage('canceler', { pay: false });
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await visible(page.getByText('TEST MODE'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await path(page, '/subscribe');
    await visible(page.getByText('No payment was made.'));
    await visible(page.getByRole('button', { name: 'Pay Once' }));
  });

  test('while one plan is starting its checkout, the other waits', async () => {
    const { page } = await accountPage('doubler', { pay: false });
    await page.goto('/subscribe');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/stripe\/create-checkout-session/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Monthly' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Pay Once' }).isDisabled()).toBe(true);
    release();
    await visible(page.getByText('TEST MODE'));
  });

  test("Back after paying shows 'Already paid' with a link to /months, never a second Pay button", async () => {
    const { page } = await accountPage('backer', { pay: false });
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Pay Once' }).click();
    await visible(page.getByText('TEST MODE'));
    await page.getByRole('button', { name: /^Pay \d/ }).click();
    await path(page, '/months');
    await visible(page.getByRole('button', { name: 'Add New Month +' }));

    await page.goBack();
    await visible(page.getByRole('heading', { name: 'Already paid' }));
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(
      await page.getByRole('link', { name: 'Go to your months' }).getAttribute('href'),
    ).toMatch(/\/months$/);

    await page.goBack();
    await path(page, '/subscribe');
    await visible(page.getByRole('heading', { level: 1, name: 'Already paid' }));
    expect(await page.getByRole('button', { name: 'Monthly' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to your months' }).click();
    await path(page, '/months');
  });
});

test.describe('not found', () => {
  test('an unknown path answers HTTP 404 with the 404 page', async () => {
    const page = await session().newPage();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await visible(page.getByRole('heading', { level: 1, name: '404 Not Found' }));
    expect(await page.getByRole('main').count()).toBe(1);
  });

  test('an unknown month keeps the navbar and links to /months', async () => {
    const { page } = await accountPage('lost');
    const response = await page.goto('/months/99999/journals');
    expect(response?.status()).toBe(200);
    await visible(page.getByRole('heading', { level: 1, name: '404 Not Found' }));
    await visible(page.getByRole('navigation', { name: 'Main' }));
    expect(await page.getByRole('main').count()).toBe(1);
    await page.getByRole('link', { name: 'Go to your months' }).click();
    await path(page, '/months');
  });
});
