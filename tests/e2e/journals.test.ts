// A month's journals screen in Chromium (spec §2, §5): editing an entry, the modals' rules, the heading back to /months.
import type { Locator } from 'playwright-core';
import { MESSAGES } from '../../contract/rules.js';
import { TEXTS, TOASTS } from '../../src/texts.js';
import { signedInPage } from './support/app-helpers.js';
import { gone, path, toast, uniqueUsername, visible } from './support/page-helpers.js';
import { seedAccount, seedGoal, seedJournal, seedMonth } from './support/seed-account.js';
import { browserSessionForFile, VIEWPORTS } from './support/session.js';

const session = browserSessionForFile();

async function seeded(viewport: { width: number; height: number }) {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('editor'));
  const month = await seedMonth(url, account, 'May 2026', 'Pages', ['Read', 'Run']);
  await seedJournal(url, account, month, 'Rain all day', 5, [true, false]);
  await seedGoal(url, account, month, 'Learn a song');
  const page = await signedInPage(session(), viewport, account);
  await page.goto(`/months/${month.month.id}/journals`);
  return { page, month };
}

/** The card's state as the reader sees it. */
async function cardState(card: Locator) {
  return {
    text: (await card.textContent()) ?? '',
    read: await card.getByRole('checkbox', { name: 'Read' }).isChecked(),
    run: await card.getByRole('checkbox', { name: 'Run' }).isChecked(),
  };
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  describe(`journals at ${viewport.width} px (${label})`, () => {
    it('Edit changes the highlight, the metric and the habits, and they survive a reload', async () => {
      const { page } = await seeded(viewport);
      const card = page.getByRole('article').filter({ hasText: 'Rain all day' });
      await visible(card);
      expect(await cardState(card)).toMatchObject({ read: true, run: false });

      await card.getByRole('button', { name: /^Edit journal of/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Register' });
      await visible(dialog);
      // The modal opens with the entry's values.
      expect(await dialog.getByLabel('Highlight').inputValue()).toBe('Rain all day');
      expect(await dialog.getByLabel('Pages').inputValue()).toBe('5');
      expect(await dialog.getByRole('checkbox', { name: 'Read' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('checkbox', { name: 'Run' }).isChecked()).toBe(false);

      await dialog.getByLabel('Highlight').fill('Sun after the rain');
      await dialog.getByLabel('Pages').fill('42.5');
      await dialog.getByRole('checkbox', { name: 'Read' }).uncheck();
      await dialog.getByRole('checkbox', { name: 'Run' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(toast(page, TOASTS.journalUpdated));
      await gone(dialog);

      const edited = page.getByRole('article').filter({ hasText: 'Sun after the rain' });
      await visible(edited);
      expect(await page.getByText('Rain all day', { exact: true }).count()).toBe(0);
      await page.reload();
      await visible(edited);
      // The saved offline copy may show for a moment while the page refetches.
      await expect
        .poll(
          async () => {
            const { text, read, run } = await cardState(edited);
            return { metric: text.includes('Pages: 42.5'), read, run };
          },
          { timeout: 5_000 },
        )
        .toEqual({ metric: true, read: false, run: true });
      expect(await page.getByRole('article').count()).toBe(1);
    });

    it('the modals check their fields; the month heading returns to /months', async () => {
      const { page } = await seeded(viewport);
      await visible(page.getByRole('heading', { level: 1, name: 'May 2026' }));

      // Create a Register: highlight and metric are required, the metric numeric (spec §5).
      await page.getByRole('button', { name: TEXTS.addJournal }).click();
      const register = page.getByRole('dialog', { name: TEXTS.createRegister });
      await visible(register);
      // Habits start unchecked (spec §4).
      expect(await register.getByRole('checkbox', { name: 'Read' }).isChecked()).toBe(false);
      expect(await register.getByRole('checkbox', { name: 'Run' }).isChecked()).toBe(false);
      await register.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => register.getByText(MESSAGES.required).count()).toBe(2);
      await register.getByLabel('Highlight').fill('Not saved');
      await register.getByLabel('Pages').fill('many');
      await register.getByRole('button', { name: 'Save' }).click();
      await visible(register.getByText(MESSAGES.invalidNumber));
      await register.getByRole('button', { name: 'Close', exact: true }).click();
      await gone(register);
      expect(await page.getByText('Not saved').count()).toBe(0);

      // Create a Goal: the name is required.
      await page.getByRole('button', { name: TEXTS.addGoal }).click();
      const goal = page.getByRole('dialog', { name: TEXTS.createGoal });
      await goal.getByRole('button', { name: 'Save' }).click();
      await visible(goal.getByText(MESSAGES.required));
      await goal.getByRole('button', { name: 'Close', exact: true }).click();
      await gone(goal);

      // The column titles, then the heading back to the months.
      await visible(page.getByRole('heading', { name: TEXTS.registers, exact: true }));
      await visible(page.getByRole('heading', { name: TEXTS.goals, exact: true }));
      await page.getByRole('heading', { level: 1, name: 'May 2026' }).getByRole('link').click();
      await path(page, '/months');
      await visible(page.getByRole('link', { name: 'May 2026' }));
    });
  });
}
