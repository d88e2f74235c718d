// Reloading the app shows the server's data (lists reload after a change: docs/product-rules.md
// section 4), with the service worker and saved data on.
import type { Page } from '@playwright/test';
import { TEXTS, TOASTS } from '../../src/texts.js';
import { signedInPage } from './support/app-helpers.js';
import { expect, session, test } from './support/fixtures.js';
import { savedOnDevice } from './support/offline.js';
import { gone, toast, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

/** A signed-in page as a user has it: service worker and offline copy of the data both active. */
function userPage(account: SeededAccount): Promise<Page> {
  return session().newPage(undefined, {
    storageState: loggedInStorage(session().server.url, account),
  });
}

test.describe('after a reload', () => {
  test('a change made just before it is still there', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('reloader'));
    const month = await seedMonth(url, account, 'April 2026', 'Hours', ['Read', 'Run']);
    await seedMonth(url, account, 'Spare month', 'Hours', ['Read']);
    await seedJournal(url, account, month, 'Tulips in the park', 3, [false, false]);
    const page = await userPage(account);

    await page.goto(`/months/${month.month.id}/journals`);
    const run = page.getByRole('checkbox', { name: 'Run' });
    await run.click();
    await visible(toast(page, TOASTS.habitUpdated));
    await page.reload();
    await visible(page.getByText('Tulips in the park'));
    // The saved copy may show for a moment while the page refetches; it must not stay.
    await expect
      .poll(() => page.getByRole('checkbox', { name: 'Run' }).isChecked(), { timeout: 5_000 })
      .toBe(true);

    await page.goto('/months');
    await page.getByRole('button', { name: 'Delete month Spare month' }).click();
    await page
      .getByRole('dialog', { name: 'Delete month' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await visible(toast(page, TOASTS.monthDeleted));
    await gone(page.getByRole('link', { name: 'Spare month' }));
    await page.reload();
    await visible(page.getByRole('link', { name: 'April 2026' }));
    await expect
      .poll(() => page.getByRole('link', { name: 'Spare month' }).count(), { timeout: 5_000 })
      .toBe(0);
  });

  test('a change made elsewhere (another device) shows', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('twodevices'));
    await seedMonth(url, account, 'April 2026', 'Hours', ['Read']);
    const page = await userPage(account);
    await page.goto('/months');
    await visible(page.getByRole('link', { name: 'April 2026' }));

    await seedMonth(url, account, 'Made on the phone', 'Hours', ['Read']);
    // The app has saved the months list for offline use (query-persistence.ts writes the cache to
    // IndexedDB a moment after it changes): the reload then starts from that saved copy, which
    // lacks the new month, and the page must still show the server's list.
    await expect
      .poll(async () => (await savedOnDevice(page))?.queryKeys ?? [], { timeout: 10_000 })
      .toContain(JSON.stringify(['months', 'list']));
    await page.reload();
    await visible(page.getByRole('button', { name: TEXTS.addMonth }));
    await visible(page.getByRole('link', { name: 'Made on the phone' }));
  });
});

test.describe('a draft in the journal modal', () => {
  test('Escape and the overlay ask first; a reload prompts and Back keeps the draft, which comes back in the modal', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('drafter'));
    await seedMonth(url, account, 'June 2026', 'Hours', ['Read']);
    const page = await signedInPage(session(), { width: 1280, height: 800 }, account);
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.accept();
    });
    await page.goto('/months');
    await page.getByRole('link', { name: 'June 2026' }).click();
    const register = page.getByRole('dialog', { name: TEXTS.createRegister });
    const question = register.getByRole('alertdialog', { name: 'Discard what you typed?' });
    const open = async () => {
      await page.getByRole('button', { name: TEXTS.addJournal }).click();
      await visible(register);
    };

    await open();
    await register.getByLabel('Highlight').fill('Sea at dawn, then rain');
    await register.getByLabel('Hours').fill('4');
    await page.keyboard.press('Escape');
    await visible(question);
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await gone(question);
    // The overlay: a click beside the dialog.
    await page.mouse.click(8, 790);
    await visible(question);
    await page.keyboard.press('Escape');
    await gone(question);
    await visible(register);

    await page.reload();
    expect(prompts).toContain('beforeunload');
    await open();
    expect(await register.getByLabel('Highlight').inputValue()).toBe('Sea at dawn, then rain');
    expect(await register.getByLabel('Hours').inputValue()).toBe('4');
    await visible(register.getByText('Your unsaved draft was restored.'));

    await register.getByLabel('Highlight').fill('Sea at dawn, then sun');
    await page.goBack();
    await visible(page.getByRole('link', { name: 'June 2026' }));
    await page.getByRole('link', { name: 'June 2026' }).click();
    await open();
    expect(await register.getByLabel('Highlight').inputValue()).toBe('Sea at dawn, then sun');

    // Saved, the draft is gone: the next entry starts empty.
    await register.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, TOASTS.journalCreated));
    await gone(register);
    await open();
    expect(await register.getByLabel('Highlight').inputValue()).toBe('');
  });
});
