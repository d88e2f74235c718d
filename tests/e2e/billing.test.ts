// Paying in Chromium with the built-in local checkout: Pay Once, Cancel, and ending a subscription in Billing.
import type { Page } from 'playwright-core';
import { path, STRONG_PASSWORD, uniqueUsername, visible } from './support/page-helpers.js';
import { browserSessionForFile } from './support/session.js';

const session = browserSessionForFile();

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

describe('local checkout', () => {
  it('an unpaid user is sent from /months to /subscribe', async () => {
    const page = await signedInPage();
    await page.goto('/months');
    await path(page, '/subscribe');
    await visible(page.getByRole('button', { name: 'Monthly' }));
    await visible(page.getByRole('button', { name: 'Pay Once' }));
  });

  it('Pay Once shows the one-time price and opens the months page once paid', async () => {
    const page = await signedInPage();
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Pay Once' }).click();
    await visible(page.getByText('TEST MODE'));
    expect(await page.locator('body').innerText()).toContain('Pay Once');
    await page.getByRole('button', { name: /^Pay \d/ }).click();
    await path(page, '/months');
    await visible(page.getByRole('button', { name: 'Add New Month +' }));
  });

  it('each plan button shows its own loading state while the checkout is created', async () => {
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

  it('a failed checkout is only logged: no navigation, no message, the button usable again', async () => {
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

  it('Cancel returns to the plans, saying no payment was made, and leaves the user unpaid', async () => {
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

  it('Billing opens the portal, where cancelling the subscription ends access', async () => {
    const page = await signedInPage();
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('button', { name: /^Pay \d/ }).click();
    await path(page, '/months');

    await page.getByRole('button', { name: 'Billing' }).first().click();
    await visible(page.getByRole('heading', { name: 'Billing' }));
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await visible(page.getByText('Your subscription is canceled.'));
    await page.goto('/months');
    await path(page, '/subscribe');
  });
});
