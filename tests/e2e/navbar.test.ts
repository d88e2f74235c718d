// The app navbar in Chromium (docs/product-rules.md sections 2 and 8): Journals, Months, Billing,
// Feedback, Settings, Logout; a burger menu at 390 px.
import { CONTACT_EMAIL } from '../../contract/rules.js';
import { TEXTS } from '../../src/texts.js';
import { failNext, isPhone, navEntry, signedInPage } from './support/app-helpers.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { gone, path, uniqueUsername, visible } from './support/page-helpers.js';
import { seedAccount, seedMonth } from './support/seed-account.js';

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`navbar at ${viewport.width} px (${label})`, () => {
    test('Journals opens /months without months, the latest month with some, /months when the lookup fails', async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('navigator'));
      const page = await signedInPage(session(), viewport, account);
      await page.goto('/settings');
      await visible(page.getByText(TEXTS.settingsPage));
      await (await navEntry(page, viewport, 'Journals')).click();
      await path(page, '/months');
      await visible(page.getByRole('button', { name: TEXTS.addMonth }));

      // Months made elsewhere (through the API), then the app opened in a new browser.
      const first = await seedMonth(url, account, 'January 2027', 'Hours', ['Read']);
      const latest = await seedMonth(url, account, 'February 2027', 'Hours', ['Read']);
      const later = await signedInPage(session(), viewport, account);
      await later.goto('/settings');
      await visible(later.getByText(TEXTS.settingsPage));
      await (await navEntry(later, viewport, 'Journals')).click();
      await path(later, `/months/${latest.month.id}/journals`);
      await visible(later.getByRole('heading', { level: 1, name: 'February 2027' }));

      // The lookup and the query's one retry both fail: /months. (Started from a screen that has
      // not loaded the months list: /settings does, for its export.)
      const failing = await signedInPage(session(), viewport, account);
      await failing.goto(`/months/${first.month.id}/journals`);
      await visible(failing.getByRole('heading', { level: 1, name: 'January 2027' }));
      await failNext(failing, 'GET', /^\/api\/months\/?$/, 'network', 2);
      await (await navEntry(failing, viewport, 'Journals')).click();
      await path(failing, '/months');
      await visible(failing.getByRole('link', { name: 'February 2027' }));
    });

    test('Months, Settings, Feedback, Billing and Logout', async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('clicker'));
      const page = await signedInPage(session(), viewport, account);
      await page.goto('/settings');
      await visible(page.getByText(TEXTS.settingsPage));

      await (await navEntry(page, viewport, 'Months')).click();
      await path(page, '/months');
      await visible(page.getByRole('heading', { level: 1, name: 'Months' }));
      // The phone menu closes once an entry is chosen.
      if (isPhone(viewport)) await gone(page.getByRole('navigation', { name: 'Menu' }));

      await (await navEntry(page, viewport, 'Settings')).click();
      await path(page, '/settings');
      await visible(page.getByText(TEXTS.settingsPage));

      // Feedback: a popover with the contact address; Escape closes it.
      const feedback = await navEntry(page, viewport, 'Feedback');
      await feedback.click();
      const address = page.getByRole('link', { name: CONTACT_EMAIL });
      await visible(address);
      expect(await address.getAttribute('href')).toBe(`mailto:${CONTACT_EMAIL}`);
      expect(await feedback.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Escape');
      await gone(address);
      if (isPhone(viewport)) await page.getByRole('button', { name: 'Close menu' }).click();

      // Billing: the portal URL from the API, here the local TEST MODE portal.
      await (await navEntry(page, viewport, 'Billing')).click();
      await path(page, '/api/billing/local/portal');
      await visible(page.getByRole('heading', { name: 'Billing' }));
      await visible(page.getByText('TEST MODE'));
      await page.goBack();
      await path(page, '/settings');
      await visible(page.getByText(TEXTS.settingsPage));

      // Logout: storage cleared, the landing page, and protected screens closed again.
      await (await navEntry(page, viewport, 'Logout')).click();
      await path(page, '/');
      await visible(page.getByRole('heading', { level: 1 }));
      expect(await page.evaluate<number>('localStorage.length')).toBe(0);
      await page.goto('/settings');
      await path(page, '/login');
    });
  });
}
