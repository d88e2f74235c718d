// The simple screens in Chromium (docs/product-rules.md section 2): /settings, /tou, /pp and the
// 404 page, unknown months included.
import { TEXTS } from '../../src/texts.js';
import { signedInPage } from './support/app-helpers.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { path, uniqueUsername, visible } from './support/page-helpers.js';
import { seedAccount, seedMonth } from './support/seed-account.js';

const LEGAL = [
  { path: '/tou', title: 'Terms of use', sections: 7 },
  { path: '/pp', title: 'Privacy policy', sections: 8 },
];

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`pages at ${viewport.width} px (${label})`, () => {
    for (const legal of LEGAL)
      test(`${legal.path}: ${legal.sections} numbered sections, the date and a Back link`, async () => {
        const page = await session().newPage(viewport);
        await page.goto(legal.path);
        await visible(page.getByRole('heading', { level: 1, name: legal.title }));
        const sections = page.getByRole('heading', { level: 2 });
        expect(await sections.count()).toBe(legal.sections);
        const numbers = (await sections.allTextContents()).map((text) => text.split('.')[0]);
        expect(numbers).toEqual(Array.from({ length: legal.sections }, (_, i) => String(i + 1)));
        await visible(page.getByText(`Last updated: ${TEXTS.legalDate}`));
        await page.getByRole('link', { name: /Back/ }).click();
        await path(page, '/');
      });

    test('/settings shows the navbar and the text settings page', async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('settler'));
      const page = await signedInPage(session(), viewport, account);
      await page.goto('/settings');
      await visible(page.getByText(TEXTS.settingsPage, { exact: true }));
      await visible(page.getByRole('banner'));
      const navigation =
        viewport.width < 768
          ? page.getByRole('button', { name: 'Open menu' })
          : page.getByRole('navigation', { name: 'Main' });
      await visible(navigation);
    });

    test('unknown pages and unknown or malformed months show the 404 texts', async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('lost'));
      const other = await seedAccount(url, uniqueUsername('owner'));
      const theirs = await seedMonth(url, other, 'Not yours', 'Hours', ['Read']);
      const page = await signedInPage(session(), viewport, account);
      // A month id is always in the journals URL, so 'Month not selected' (docs/product-rules.md
      // section 8) cannot be reached in a browser: a missing or bad id is this page (the toast has
      // unit tests).
      const targets = [
        '/no-such-page',
        '/months/0/journals',
        '/months/abc/journals',
        '/months/99999999/journals',
        `/months/${theirs.month.id}/journals`,
      ];
      // Every case at 1280 px; the layout at 390 px once.
      for (const target of viewport.width < 768 ? targets.slice(0, 1) : targets) {
        await page.goto(target);
        await visible(page.getByText(TEXTS.notFoundTitle, { exact: true }));
        await visible(page.getByText(TEXTS.notFoundBody, { exact: true }));
        expect(await page.getByText('Not yours').count(), target).toBe(0);
      }
    });
  });
}
