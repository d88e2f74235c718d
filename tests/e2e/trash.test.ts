// The Recently deleted bin in Chromium: a deleted entry comes back with the toast's Undo, and a
// deleted month from Settings' Recently deleted, ticks and all, surviving a reload.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { gone, live, toast, uniqueUsername, visible } from './support/page-helpers.js';
import { loggedInStorage, seedAccount, seedJournal, seedMonth } from './support/seed-account.js';

const SHOTS = join(ARTIFACTS_DIR, 'trash');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`Recently deleted at ${viewport.width} px (${label})`, () => {
    test("brings an entry back with the toast's Undo, its ticks included", async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('undo'));
      const seeded = await seedMonth(url, account, 'Undo month', 'Hours', ['Read']);
      await seedJournal(url, account, seeded, 'Kept after all', 3, [true]);
      const page = await session().newPage(viewport, {
        storageState: loggedInStorage(url, account),
      });
      await page.goto(`/months/${seeded.month.id}/journals`);
      await live(page);
      const card = page.getByRole('article').filter({ hasText: 'Kept after all' });
      await visible(card);

      await card.getByRole('button', { name: /^Delete journal of/ }).click();
      const deleted = toast(page, 'Journal deleted');
      await visible(deleted);
      await gone(card);
      await shot(page, `undo-toast-${label}`);
      await deleted.getByRole('button', { name: 'Undo' }).click();

      await visible(card);
      await visible(toast(page, 'Restored'));
      await page.reload();
      await visible(card);
      expect(await card.getByRole('checkbox', { name: 'Read' }).isChecked()).toBe(true);
      await page.close();
    });

    test('restores a deleted month from Settings, with its entries', async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('binned'));
      const seeded = await seedMonth(url, account, 'Binned month', 'Hours', ['Read']);
      await seedJournal(url, account, seeded, 'Still here', 2, [true]);
      const page = await session().newPage(viewport, {
        storageState: loggedInStorage(url, account),
      });
      await page.goto('/months');
      await live(page);
      await page
        .getByRole('button', { name: /Delete/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: /Delete/ }).click();
      await visible(toast(page, 'Month deleted'));

      await page.goto('/settings');
      const restore = page.getByRole('button', { name: 'Restore Binned month' });
      await visible(restore);
      await shot(page, `settings-${label}`);
      await restore.click();
      await visible(toast(page, 'Restored'));
      await gone(restore);

      await page.goto(`/months/${seeded.month.id}/journals`);
      await visible(page.getByRole('article').filter({ hasText: 'Still here' }));
      await page.close();
    });
  });
}
