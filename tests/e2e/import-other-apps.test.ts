// Settings → Import with another app's export in Chromium: the preview of a dry run, then the import, then its months on the Months page; and the import undone into Recently deleted, then restored.
import type { Page } from '@playwright/test';
import { loopZip } from '../api/importers/files.js';
import { navEntry, signedInPage } from './support/app-helpers.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { path, uniqueUsername, visible } from './support/page-helpers.js';
import { seedAccount } from './support/seed-account.js';

/** Settings → Import with a Loop Habit Tracker export: its preview, shown. */
async function previewLoopExport(page: Page) {
  await page.goto('/settings');
  await page.locator('input[type=file]').setInputFiles({
    name: 'Loop Habits CSV 2025-04-03.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(loopZip()),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const preview = page
    .getByRole('status')
    .filter({ hasText: 'Ready to import from Loop Habit Tracker' });
  await visible(preview);
  return preview;
}

test.describe('importing from another app', () => {
  for (const [name, viewport] of [
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
  ] as const)
    test(`Loop Habit Tracker: preview, import, the months show (${name})`, async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('loop'));
      const page = await signedInPage(session(), viewport, account);
      const imports: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/import')) imports.push(new URL(request.url()).search);
      });
      const preview = await previewLoopExport(page);
      await visible(
        preview.getByText('This adds 2 months with 3 habits, 1 measure', { exact: false }),
      );
      await page.screenshot({ path: `test-results/import-preview-${name}.png`, fullPage: true });
      expect(imports).toEqual([expect.stringContaining('dry_run=true')]);

      await preview.getByRole('button', { name: 'Import', exact: true }).click();
      await visible(page.getByText('Import complete'));
      expect(imports[1]).toContain('dry_run=false');
      await page.getByRole('link', { name: 'April 2025' }).click();
      await path(page, /^\/months\/\d+\/journals$/);
      await visible(page.getByText('Gym: Legs day'));

      await (await navEntry(page, viewport, 'Months')).click();
      await path(page, '/months');
      await visible(page.getByText('March 2025'));
    });

  for (const [name, viewport] of [
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
  ] as const)
    test(`Undo this import: its months go to Recently deleted as one item, and Restore brings them back (${name})`, async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('undo'));
      const page = await signedInPage(session(), viewport, account);
      const preview = await previewLoopExport(page);
      await preview.getByRole('button', { name: 'Import', exact: true }).click();
      await visible(page.getByText('Import complete'));

      await page.getByRole('button', { name: 'Undo this import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Undo this import?' });
      await dialog.getByRole('button', { name: 'Undo this import' }).click();
      await visible(page.getByText('Import undone'));
      const item = page.getByRole('button', { name: 'Restore Import from Loop Habit Tracker' });
      await visible(item);
      expect(await page.getByRole('button', { name: /^Restore Import from/ }).count()).toBe(1);
      await page.screenshot({ path: `test-results/import-undone-${name}.png`, fullPage: true });

      await page.goto('/months');
      // The account had no month before the import: the list has come, and is empty again.
      await visible(page.getByText('No months yet.', { exact: false }));
      expect(await page.getByText('March 2025').count()).toBe(0);

      await page.goto('/settings');
      await page.getByRole('button', { name: 'Restore Import from Loop Habit Tracker' }).click();
      await visible(page.getByText('Restored'));
      await page.goto('/months');
      await visible(page.getByText('March 2025'));
      await visible(page.getByText('April 2025'));
    });
});
