// The months screen in Chromium (/months, docs/product-rules.md sections 2 and 5): the Create a
// Month modal's habit rows and rules, Edit, Delete.
import { MESSAGES } from '../../contract/rules.js';
import { TEXTS, TOASTS } from '../../src/texts.js';
import { signedInPage } from './support/app-helpers.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { gone, path, toast, uniqueUsername, visible } from './support/page-helpers.js';
import { seedAccount, seedJournal, seedMonth } from './support/seed-account.js';

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`months at ${viewport.width} px (${label})`, () => {
    test('Create a Month: required fields, Add Habit +, a remove button on every row but the first', async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('monthly'));
      const page = await signedInPage(session(), viewport, account);
      await page.goto('/months');
      await page.getByRole('button', { name: TEXTS.addMonth }).click();
      const dialog = page.getByRole('dialog', { name: TEXTS.createMonth });
      await visible(dialog);

      // Every field is required (docs/product-rules.md section 5).
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => dialog.getByText(MESSAGES.required).count()).toBe(3);

      // One row and no remove button; two more rows, each removable.
      const rows = dialog.getByRole('textbox', { name: /^Habit \d/ });
      const removers = dialog.getByRole('button', { name: /^Remove habit/ });
      expect(await rows.count()).toBe(1);
      expect(await removers.count()).toBe(0);
      await dialog.getByRole('button', { name: TEXTS.addHabit }).click();
      await dialog.getByRole('button', { name: TEXTS.addHabit }).click();
      expect(await rows.count()).toBe(3);
      expect(await removers.count()).toBe(2);
      expect(await dialog.getByRole('button', { name: 'Remove habit 1' }).count()).toBe(0);

      await dialog.getByRole('textbox', { name: 'Month', exact: true }).fill('August 2026');
      await dialog.getByRole('textbox', { name: 'Measure', exact: true }).fill('Glasses of water');
      await dialog.getByRole('textbox', { name: /^Habit 1/ }).fill('Stretch');
      await dialog.getByRole('textbox', { name: /^Habit 2/ }).fill('Dropped');
      await dialog.getByRole('textbox', { name: /^Habit 3/ }).fill('Journal');
      await dialog.getByRole('button', { name: 'Remove habit 2' }).click();
      expect(await rows.count()).toBe(2);
      // The rows renumber: the third is now Habit 2.
      expect(await dialog.getByRole('textbox', { name: /^Habit 2/ }).inputValue()).toBe('Journal');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(toast(page, TOASTS.monthCreated));
      await gone(dialog);

      // The month has exactly the rows kept, and its measure.
      await page.getByRole('link', { name: 'August 2026' }).click();
      await path(page, /^\/months\/\d+\/journals$/);
      await page.getByRole('button', { name: TEXTS.addJournal }).click();
      const register = page.getByRole('dialog', { name: TEXTS.createRegister });
      await visible(register.getByLabel('Glasses of water'));
      expect(await register.getByRole('checkbox').count()).toBe(2);
      await visible(register.getByRole('checkbox', { name: 'Stretch' }));
      await visible(register.getByRole('checkbox', { name: 'Journal' }));
      expect(await register.getByRole('checkbox', { name: 'Dropped' }).count()).toBe(0);
    });

    test('Edit renames a month; Delete asks first, then removes it with its toast', async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('renamer'));
      await seedMonth(url, account, 'September 2026', 'Hours', ['Read']);
      await seedMonth(url, account, 'October 2026', 'Hours', ['Read']);
      const page = await signedInPage(session(), viewport, account);
      await page.goto('/months');
      await visible(page.getByRole('link', { name: 'October 2026' }));

      // Edit: Close keeps the name; an empty name is refused; Save renames.
      const edit = page.getByRole('dialog', { name: 'Edit month' });
      await page.getByRole('button', { name: 'Edit month September 2026' }).click();
      await visible(edit);
      expect(await edit.getByRole('textbox', { name: 'Month', exact: true }).inputValue()).toBe(
        'September 2026',
      );
      await edit.getByRole('button', { name: 'Close', exact: true }).click();
      await gone(edit);
      await page.getByRole('button', { name: 'Edit month September 2026' }).click();
      await edit.getByRole('textbox', { name: 'Month', exact: true }).fill('');
      await edit.getByRole('button', { name: 'Save' }).click();
      await visible(edit.getByText(MESSAGES.required));
      await edit
        .getByRole('textbox', { name: 'Month', exact: true })
        .fill('September 2026 (holidays)');
      await edit.getByRole('button', { name: 'Save' }).click();
      await visible(toast(page, TOASTS.monthRenamed));
      await gone(edit);
      await visible(page.getByRole('link', { name: 'September 2026 (holidays)' }));

      // Delete: Cancel keeps the month; Delete removes it.
      const confirm = page.getByRole('dialog', { name: 'Delete month' });
      await page.getByRole('button', { name: 'Delete month October 2026' }).click();
      await visible(confirm.getByText(/^Delete October 2026 with all its journal entries/));
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await gone(confirm);
      await page.getByRole('button', { name: 'Delete month October 2026' }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await visible(toast(page, TOASTS.monthDeleted));
      await gone(page.getByRole('link', { name: 'October 2026' }));

      // Saved on the server: a new browser sees the same (reload.test.ts covers the same tab).
      const elsewhere = await signedInPage(session(), viewport, account);
      await elsewhere.goto('/months');
      await visible(elsewhere.getByRole('link', { name: 'September 2026 (holidays)' }));
      expect(await elsewhere.getByRole('link', { name: 'October 2026' }).count()).toBe(0);
      expect(
        await elsewhere.getByRole('link', { name: 'September 2026', exact: true }).count(),
      ).toBe(0);
    });
  });
}

test.describe('Edit month', () => {
  test('renames the measure and a habit, adds one and removes one with its ticks after a confirm', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('reshaper'));
    const month = await seedMonth(url, account, 'November 2026', 'Hours', ['Read', 'Walk']);
    await seedJournal(url, account, month, 'Long walk', 2, [false, true]);
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await page.goto('/months');
    await page.getByRole('button', { name: 'Edit month November 2026' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit month' });
    await visible(edit.getByRole('textbox', { name: 'Measure', exact: true }));

    await edit.getByRole('textbox', { name: 'Measure', exact: true }).fill('Hours of sleep');
    await edit.getByRole('textbox', { name: /^Habit 1/ }).fill('Read 20 pages');
    await edit.getByRole('button', { name: 'Remove habit 2' }).click();
    const question = edit.getByRole('alertdialog');
    await visible(question.getByText(/^Remove the habit “Walk”\? Its ticks on every entry/));
    await question.getByRole('button', { name: 'Remove habit' }).click();
    await edit.getByRole('button', { name: TEXTS.addHabit }).click();
    await edit.getByRole('textbox', { name: /^Habit 2/ }).fill('Stretch');
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, TOASTS.monthRenamed));
    await gone(edit);

    await page.getByRole('link', { name: 'November 2026' }).click();
    const card = page.getByRole('article').filter({ hasText: 'Long walk' });
    await visible(card.getByText('Hours of sleep:'));
    await visible(card.getByRole('checkbox', { name: 'Read 20 pages' }));
    expect(await card.getByRole('checkbox', { name: 'Walk' }).count()).toBe(0);
    await page.getByRole('button', { name: TEXTS.addJournal }).click();
    const register = page.getByRole('dialog', { name: TEXTS.createRegister });
    await visible(register.getByRole('checkbox', { name: 'Stretch' }));
    await visible(register.getByLabel('Hours of sleep'));
  });
});
