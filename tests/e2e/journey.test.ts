// A new user's whole journey in Chromium: landing → register → login → pay → months → journals → goals → logout.
import type { Page } from '@playwright/test';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import {
  gone,
  openLiveForm,
  path,
  registerAndLogin,
  setChecked,
  toast,
  uniqueUsername,
  visible,
} from './support/page-helpers.js';

/** UNDO_TOAST_DURATION_MS of src/components/undo-toast.tsx (a React module this Node test does not load). */
const UNDO_TOAST_MS = 10_000;

async function payMonthly(page: Page): Promise<void> {
  await path(page, '/subscribe');
  await page.getByRole('button', { name: 'Monthly' }).click();
  await visible(page.getByText('TEST MODE'));
  await page.getByRole('button', { name: /^Pay/ }).click();
  await path(page, '/months');
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px (${label})`, () => {
    test('the landing page shows its sections, prices and links', async () => {
      const page = await session().newPage(viewport);
      await page.goto('/');
      await visible(page.getByRole('heading', { level: 1 }));
      const text = await page.locator('body').innerText();
      for (const expected of ['0.90', '5.90', '12', 'Monthly', 'Pay Once', '© 2024']) {
        expect(text).toContain(expected);
      }
      expect(text).toMatch(/50% off for the first 100 customers/);
      expect(await page.locator('s').first().innerText()).toContain('12');
      await visible(page.getByRole('link', { name: 'Terms of use' }));
      await visible(page.getByRole('link', { name: 'Privacy policy' }));
      await page.getByRole('link', { name: 'Sign Up' }).first().click();
      await path(page, '/register');
    });

    test('registers with every validation message, logs in, pays and keeps a month', async () => {
      const page = await session().newPage(viewport);
      // Playwright's clock, flowing as the real one does, so the wait for the Undo toast below
      // can be passed at once; installed before the first page loads, as it must be.
      await page.clock.install();
      const username = uniqueUsername();

      await openLiveForm(page, '/register');
      await page.getByLabel('User').fill('short');
      await page.getByLabel(/^Password/).fill('weak');
      await page.getByLabel('Confirm Password').fill('different');
      await page.getByRole('button', { name: 'Register' }).click();
      await visible(page.getByText('Username must be at least 8 characters long.'));
      await visible(
        page.getByText(
          'Password must be at least 8 characters long, contain at least one uppercase letter, one number, and one special character.',
        ),
      );
      await visible(page.getByText('Passwords do not match.'));

      await registerAndLogin(page, username);
      await payMonthly(page);

      // Months: create one with two habits.
      await page.getByRole('button', { name: 'Add New Month +' }).click();
      const monthModal = page.getByRole('dialog', { name: 'Create a Month' });
      await visible(monthModal);
      await monthModal.getByRole('textbox', { name: 'Month', exact: true }).fill('November 2026');
      await monthModal.getByRole('textbox', { name: 'Measure', exact: true }).fill('Hours slept');
      await monthModal.getByRole('textbox', { name: /^Habit 1/ }).fill('Read');
      await monthModal.getByRole('button', { name: 'Add Habit +' }).click();
      await monthModal.getByRole('textbox', { name: /^Habit 2/ }).fill('Run');
      await monthModal.getByRole('button', { name: 'Save' }).click();
      await visible(toast(page, 'Month created'));
      await gone(monthModal);
      await page.getByRole('link', { name: 'November 2026' }).click();
      await path(page, /^\/months\/\d+\/journals$/);
      await visible(page.getByRole('heading', { name: 'November 2026' }));

      // Journals: create a register with one habit ticked.
      await page.getByRole('button', { name: 'Add New Journal +' }).click();
      const journalModal = page.getByRole('dialog', { name: 'Create a Register' });
      await journalModal.getByLabel('Highlight').fill('Walked by the river');
      await journalModal.getByLabel('Hours slept').fill('7.5');
      await journalModal.getByRole('checkbox', { name: 'Read', exact: true }).check();
      await journalModal.getByRole('button', { name: 'Save' }).click();
      await visible(toast(page, 'Journal created'));
      await gone(journalModal);
      await visible(page.getByText('Walked by the river'));
      await visible(page.getByText('7.5'));
      const read = page.getByRole('checkbox', { name: 'Read' });
      const run = page.getByRole('checkbox', { name: 'Run' });
      expect(await read.isChecked()).toBe(true);
      expect(await run.isChecked()).toBe(false);

      // Tick a habit; it survives a reload.
      await setChecked(run, true);
      await visible(toast(page, 'Habit updated'));
      await page.reload();
      await visible(page.getByText('Walked by the river'));
      // The saved offline copy may show for a moment while the page refetches.
      await expect
        .poll(() => page.getByRole('checkbox', { name: 'Run' }).isChecked(), { timeout: 5_000 })
        .toBe(true);

      // Goals: create, tick, untick, delete.
      await page.getByRole('button', { name: 'Add New Goal +' }).click();
      const goalModal = page.getByRole('dialog', { name: 'Create a Goal' });
      await goalModal.getByLabel('Goal').fill('Finish a book');
      await goalModal.getByRole('button', { name: 'Save' }).click();
      await visible(toast(page, 'Goal created'));
      await gone(goalModal);
      const goal = page.getByRole('checkbox', { name: 'Finish a book' });
      await setChecked(goal, true);
      await visible(toast(page, 'Goal updated'));
      expect(await goal.isChecked()).toBe(true);
      await setChecked(goal, false);
      expect(await goal.isChecked()).toBe(false);
      await page.getByRole('button', { name: 'Delete goal Finish a book' }).click();
      await visible(toast(page, 'Goal deleted'));
      await gone(page.getByRole('checkbox', { name: 'Finish a book' }));

      // The spec's toasts live three seconds; a delete's Undo toast ten, to be read and clicked
      // (Mantine pauses the timer while the pointer rests on one). Those ten seconds pass on the
      // page's clock at once: its timers fire in order, each at its own time.
      await page.mouse.move(1, viewport.height - 1);
      await page.clock.runFor(UNDO_TOAST_MS);
      await gone(toast(page, 'Goal deleted'));

      // Delete the journal.
      await page.getByRole('button', { name: /^Delete journal of/ }).click();
      const confirm = page.getByRole('dialog');
      if (await confirm.isVisible().catch(() => false)) {
        await confirm.getByRole('button', { name: 'Delete' }).click();
      }
      await visible(toast(page, 'Journal deleted'));
      await gone(page.getByText('Walked by the river'));
    });

    test('sends visitors without a session to /login and logs out to the landing page', async () => {
      const page = await session().newPage(viewport);
      await page.goto('/months');
      await path(page, '/login');
      await registerAndLogin(page, uniqueUsername('leaver'));
      await payMonthly(page);
      if (viewport.width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('link', { name: 'Logout' })
        .or(page.getByRole('button', { name: 'Logout' }))
        .first()
        .click();
      await path(page, '/');
      expect(await page.evaluate('localStorage.length')).toBe(0);
      await page.goto('/months');
      await path(page, '/login');
    });
  });
}
