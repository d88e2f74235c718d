// Paying in Chromium with the built-in local checkout: Pay Once, Cancel, and ending a subscription in Billing.
import type { Page } from '@playwright/test';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { path, STRONG_PASSWORD, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedGoal,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

/** Where screenshots go when E2E_SCREENSHOTS names a folder (to look at the screens by eye). */
const SHOTS = process.env.E2E_SCREENSHOTS;

/** Registers and logs in through the API, then opens the app with the tokens in localStorage. */
async function signedInPage(): Promise<Page> {
  const { url } = session().server;
  const username = uniqueUsername('payer');
  const credentials = { username, password: STRONG_PASSWORD };
  const post = (route: string, body: unknown) =>
    fetch(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await post('/api/user/register/', credentials)).status).toBe(201);
  const tokens = (await (await post('/api/token/', credentials)).json()) as {
    access: string;
    refresh: string;
  };
  const page = await session().newPage();
  await page.goto('/');
  await page.evaluate(
    `localStorage.setItem('access', ${JSON.stringify(tokens.access)}); localStorage.setItem('refresh', ${JSON.stringify(tokens.refresh)})`,
  );
  return page;
}

test.describe('local checkout', () => {
  test('an unpaid user is sent from /months to /subscribe', async () => {
    const page = await signedInPage();
    await page.goto('/months');
    await path(page, '/subscribe');
    await visible(page.getByRole('button', { name: 'Monthly' }));
    await visible(page.getByRole('button', { name: 'Pay Once' }));
  });

  test('Pay Once shows the one-time price and opens the months page once paid', async () => {
    const page = await signedInPage();
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Pay Once' }).click();
    await visible(page.getByText('TEST MODE'));
    expect(await page.locator('body').innerText()).toContain('Pay Once');
    await page.getByRole('button', { name: /^Pay \d/ }).click();
    await path(page, '/months');
    await visible(page.getByRole('button', { name: 'Add New Month +' }));
  });

  test('the checkout speaks the language the app shows, and the browser finds its /favicon.ico', async () => {
    const page = await signedInPage();
    // Portuguese chosen in the app, in an English browser.
    await page.evaluate("localStorage.setItem('locale', 'pt-BR')");
    await page.goto('/subscribe');
    await page.getByRole('button', { name: /Pagamento único/ }).click();
    await visible(page.getByText('MODO DE TESTE'));
    expect(await page.evaluate<string>('document.documentElement.lang')).toBe('pt-BR');
    await visible(page.getByRole('heading', { level: 2, name: 'Pagamento único' }));
    await visible(page.getByRole('button', { name: /^Pagar \d+,\d{2} USD$/ }));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/checkout-pt-BR.png`, fullPage: true });
    // Browsers ask for /favicon.ico on pages of their own accord: it is there, an icon.
    const icon = await page.request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);
  });

  test('each plan button shows its own loading state while the checkout is created', async () => {
    const page = await signedInPage();
    await page.goto('/subscribe');
    const monthly = page.getByRole('button', { name: 'Monthly' });
    const once = page.getByRole('button', { name: 'Pay Once' });
    await visible(monthly);
    // Hold the checkout request until the spinner has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/stripe\/create-checkout-session/, async (route) => {
      await held;
      await route.continue();
    });
    await monthly.click();
    await expect.poll(() => monthly.getAttribute('data-loading')).toBe('true');
    expect(await monthly.isDisabled()).toBe(true);
    expect(await once.getAttribute('data-loading')).toBeNull();
    release();
    await visible(page.getByText('TEST MODE'));
  });

  test('a failed checkout is only logged: no navigation, no message, the button usable again', async () => {
    const page = await signedInPage();
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.goto('/subscribe');
    await page.route(/\/api\/stripe\/create-checkout-session/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"down"}' }),
    );
    const once = page.getByRole('button', { name: 'Pay Once' });
    await once.click();
    await expect.poll(() => logged.some((text) => text.includes('Checkout failed'))).toBe(true);
    await expect.poll(() => once.getAttribute('data-loading')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  test('Cancel returns to the plans, saying no payment was made, and leaves the user unpaid', async () => {
    const page = await signedInPage();
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await visible(page.getByText('TEST MODE'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await path(page, '/subscribe');
    await visible(page.getByText('No payment was made.'));
    await page.goto('/months');
    await path(page, '/subscribe');
  });

  test('Billing opens the portal, where cancelling the subscription ends writing, not reading', async () => {
    const page = await signedInPage();
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('button', { name: /^Pay \d/ }).click();
    await path(page, '/months');

    await page.getByRole('button', { name: 'Billing' }).first().click();
    await visible(page.getByRole('heading', { name: 'Billing' }));
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await visible(page.getByText('Your subscription is canceled.'));
    // Read-only from then on: the months stay, with the notice, and Renew leads to the plans.
    await page.goto('/months');
    const notice = page.locator('[data-renew-notice]');
    await visible(notice.getByText('Your subscription has ended', { exact: true }));
    expect(new URL(page.url()).pathname).toBe('/months');
    await notice.getByRole('link', { name: 'Renew' }).click();
    await path(page, '/subscribe');
    await visible(page.getByRole('button', { name: 'Pay Once' }));
  });
});

/** Ends the account's subscription through the local portal, as the Billing page's Cancel does. */
async function lapse(account: SeededAccount): Promise<void> {
  const { url } = session().server;
  const opened = await fetch(`${url}/api/create-customer-portal-session/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.tokens.access}` },
  });
  expect(opened.status).toBe(200);
  const portal = new URL(((await opened.json()) as { portal_url: string }).portal_url);
  const cancel = await fetch(`${url}${portal.pathname}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: portal.searchParams.get('token') ?? '' }).toString(),
    redirect: 'manual',
  });
  expect(cancel.status).toBe(303);
}

test.describe('a subscription that ended', () => {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    test(`opens a month read-only: the entries, the notice and Renew, no raw error (${label})`, async () => {
      const { url } = session().server;
      const account = await seedAccount(url, uniqueUsername('lapsed'));
      const month = await seedMonth(url, account, 'March 2026', 'Steps', ['Stretch']);
      await seedJournal(url, account, month, 'Coffee by the window', 4000, [true]);
      await seedGoal(url, account, month, 'Walk every day');
      await lapse(account);
      const page = await session().newPage(viewport, {
        storageState: loggedInStorage(url, account),
      });
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 402)
          refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
      });

      // Whether the month cards were ever on screen without the notice: a notice that comes after
      // them pushes the cards down under a finger about to tap one.
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (
            document.querySelector('[data-month-card]') &&
            !document.querySelector('[data-renew-notice]')
          )
            (window as { cardsBeforeNotice?: boolean }).cardsBeforeNotice = true;
        }).observe(document, { childList: true, subtree: true });
      });

      // Signed in, they land on their months, whose payment check brings the notice with the
      // cards, then open the month.
      await page.goto('/months');
      await visible(page.locator('[data-renew-notice]'));
      expect(
        await page.evaluate(() => (window as { cardsBeforeNotice?: boolean }).cardsBeforeNotice),
      ).toBeUndefined();
      await page.locator('[data-month-card]').getByRole('link', { name: 'March 2026' }).click();
      await path(page, `/months/${month.month.id}/journals`);
      await visible(page.getByText('Coffee by the window'));
      await visible(page.getByRole('checkbox', { name: 'Walk every day' }));
      const notice = page.locator('[data-renew-notice]');
      await visible(notice.getByText('Your subscription has ended', { exact: true }));
      await visible(notice.getByRole('link', { name: 'Renew' }));
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      expect(await page.getByText(/status code 402/).count()).toBe(0);
      expect(refused).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/lapsed-journals-${label}.png` });

      // A write is refused: the notice stays, and the refusal is said in words, not as a status.
      await page.getByRole('checkbox', { name: 'Walk every day' }).click();
      await expect.poll(() => refused.length).toBeGreaterThan(0);
      await visible(notice.getByText('Your subscription has ended', { exact: true }));
      expect(await page.getByText(/status code 402/).count()).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/lapsed-write-${label}.png` });

      await notice.getByRole('link', { name: 'Renew' }).click();
      await path(page, '/subscribe');
      await visible(page.getByRole('button', { name: 'Monthly' }));
    });

    test(`opens a month read-only from its address and on a reload, with the notice (${label})`, async () => {
      const { url } = session().server;
      const account = await seedAccount(url, uniqueUsername('lapsed'));
      const month = await seedMonth(url, account, 'March 2026', 'Steps', ['Stretch']);
      await seedJournal(url, account, month, 'Coffee by the window', 4000, [true]);
      await lapse(account);
      const page = await session().newPage(viewport, {
        storageState: loggedInStorage(url, account),
      });
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 402)
          refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
      });
      const journals = `/months/${month.month.id}/journals`;
      const readable = async () => {
        await visible(page.getByText('Coffee by the window'));
        const notice = page.locator('[data-renew-notice]');
        await visible(notice.getByText('Your subscription has ended', { exact: true }));
        await visible(notice.getByRole('link', { name: 'Renew' }));
        expect(page.url()).toBe(`${url}${journals}`);
        expect(await page.getByText('Something went wrong').count()).toBe(0);
        expect(await page.getByText(/status code 402/).count()).toBe(0);
        expect(refused).toEqual([]);
      };

      // Typed in the address bar: the app reads the page, then asks about the payment.
      await page.goto(journals);
      await readable();
      await page.reload();
      await readable();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/lapsed-reload-${label}.png` });
    });
  }
});
