// Every toast of spec §8 in Chromium — success, failure status (warning) and network error (danger) — and its 3-second life.
import type { Page } from 'playwright-core';
import { TOASTS } from '../../src/texts.js';
import {
  type Failure,
  failNext,
  pointerAway,
  press,
  signedInPage,
  type Viewport,
} from './support/app-helpers.js';
import { gone, toast, uniqueUsername, visible } from './support/page-helpers.js';
import {
  type SeededMonth,
  seedAccount,
  seedGoal,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';
import { browserSessionForFile, VIEWPORTS } from './support/session.js';
import { settledToasts, TOAST_LIFETIME_RANGE, type ToastRecord } from './support/toasts.js';

const session = browserSessionForFile();

type Expected = Pick<ToastRecord, 'text' | 'color'>;

/** What a failure shows: a 500 is a warning with the message; a dropped connection a danger toast with the error. */
const failureColor: Record<Failure, string> = { status: 'yellow', network: 'red' };

async function expectToast(page: Page, expected: Expected[], text: string, color = 'primary') {
  await visible(toast(page, text));
  expected.push({ text, color });
}

async function seeded(viewport: Viewport): Promise<{ page: Page; month: SeededMonth }> {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('toaster'));
  const month = await seedMonth(url, account, 'June 2026', 'Pages read', ['Read', 'Run']);
  await seedJournal(url, account, month, 'A quiet morning', 12, [false, false]);
  await seedGoal(url, account, month, 'Read two books');
  const page = await signedInPage(session(), viewport, account);
  await pointerAway(page, viewport);
  return { page, month };
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  describe(`toasts at ${viewport.width} px (${label})`, () => {
    it('months: create and delete, each failing first with a status, then with a network error', async () => {
      const { page } = await seeded(viewport);
      const shown: Expected[] = [];
      await page.goto('/months');
      await visible(page.getByRole('link', { name: 'June 2026' }));

      const dialog = page.getByRole('dialog', { name: 'Create a Month' });
      await press(page.getByRole('button', { name: 'Add New Month +' }));
      await visible(dialog);
      await dialog.getByLabel('Month').fill('July 2026');
      await dialog.getByLabel('Measure').fill('Kilometres');
      await dialog.getByRole('textbox', { name: /^Habit 1/ }).fill('Swim');
      for (const failure of ['status', 'network'] as const) {
        await failNext(page, 'POST', /^\/api\/months\/?$/, failure);
        await press(dialog.getByRole('button', { name: 'Save' }));
        await expectToast(page, shown, TOASTS.monthCreateFailed, failureColor[failure]);
        // A failure keeps the modal open with what was typed.
        expect(await dialog.getByLabel('Month').inputValue()).toBe('July 2026');
      }
      await press(dialog.getByRole('button', { name: 'Save' }));
      await expectToast(page, shown, TOASTS.monthCreated);
      await gone(dialog);
      await visible(page.getByRole('link', { name: 'July 2026' }));

      const confirm = page.getByRole('dialog', { name: 'Delete month' });
      for (const failure of ['status', 'network', null] as const) {
        await press(page.getByRole('button', { name: 'Delete month July 2026' }));
        await visible(confirm);
        if (failure) await failNext(page, 'DELETE', /^\/api\/months\/delete\/\d+\/?$/, failure);
        await press(confirm.getByRole('button', { name: 'Delete' }));
        if (failure) {
          await expectToast(page, shown, TOASTS.monthDeleteFailed, failureColor[failure]);
          await gone(confirm);
          await visible(page.getByRole('link', { name: 'July 2026' }));
        }
      }
      await expectToast(page, shown, TOASTS.monthDeleted);
      await gone(page.getByRole('link', { name: 'July 2026' }));

      await expectLifetimes(page, shown);
    });
  });
}

// The toasts look the same at any width: the journals screen's are checked at 1280 px only, to keep
// the suite short; the months screen's above run at both widths.
describe('journals screen toasts at 1280 px', () => {
  it('journals: create, tick, delete, and goals: create, tick, delete — each failing first', async () => {
    const { page, month } = await seeded(VIEWPORTS.desktop);
    const shown: Expected[] = [];
    await page.goto(`/months/${month.month.id}/journals`);
    await visible(page.getByText('A quiet morning'));

    // Create a Register: a failed status, a network error, then success.
    const register = page.getByRole('dialog', { name: 'Create a Register' });
    await press(page.getByRole('button', { name: 'Add New Journal +' }));
    await visible(register);
    await register.getByLabel('Highlight').fill('Swam in the lake');
    await register.getByLabel('Pages read').fill('30');
    for (const failure of ['status', 'network'] as const) {
      await failNext(page, 'POST', /^\/api\/journals\/?$/, failure);
      await press(register.getByRole('button', { name: 'Save' }));
      await expectToast(page, shown, TOASTS.journalCreateFailed, failureColor[failure]);
    }
    await press(register.getByRole('button', { name: 'Save' }));
    await expectToast(page, shown, TOASTS.journalCreated);
    await gone(register);
    const newCard = page.getByRole('article').filter({ hasText: 'Swam in the lake' });
    await visible(newCard);

    // Tick a habit: the failed update leaves it unticked.
    const run = newCard.getByRole('checkbox', { name: 'Run' });
    await failNext(page, 'PATCH', /^\/api\/dailyhabits\/\d+\/?$/);
    await press(run, 'Space');
    await expectToast(page, shown, TOASTS.habitUpdateFailed, 'yellow');
    await expect.poll(() => run.isChecked()).toBe(false);
    await press(run, 'Space');
    await expectToast(page, shown, TOASTS.habitUpdated);
    await expect.poll(() => run.isChecked()).toBe(true);

    // Goals: create (failing once), tick (failing once), delete (failing once).
    const goalDialog = page.getByRole('dialog', { name: 'Create a Goal' });
    await press(page.getByRole('button', { name: 'Add New Goal +' }));
    await visible(goalDialog);
    await goalDialog.getByLabel('Goal').fill('Swim 10 km');
    await failNext(page, 'POST', /^\/api\/goals\/?$/, 'network');
    await press(goalDialog.getByRole('button', { name: 'Save' }));
    await expectToast(page, shown, TOASTS.goalCreateFailed, 'red');
    await failNext(page, 'POST', /^\/api\/goals\/?$/);
    await press(goalDialog.getByRole('button', { name: 'Save' }));
    await expectToast(page, shown, TOASTS.goalCreateFailed, 'yellow');
    await press(goalDialog.getByRole('button', { name: 'Save' }));
    await expectToast(page, shown, TOASTS.goalCreated);
    await gone(goalDialog);

    const goal = page.getByRole('checkbox', { name: 'Swim 10 km' });
    await failNext(page, 'PATCH', /^\/api\/goals\/\d+\/?$/);
    await press(goal, 'Space');
    await expectToast(page, shown, TOASTS.goalUpdateFailed, 'yellow');
    await expect.poll(() => goal.isChecked()).toBe(false);
    await press(goal, 'Space');
    await expectToast(page, shown, TOASTS.goalUpdated);
    await expect.poll(() => goal.isChecked()).toBe(true);

    const deleteGoal = page.getByRole('button', { name: 'Delete goal Swim 10 km' });
    await failNext(page, 'DELETE', /^\/api\/goals\/delete\/\d+\/?$/);
    await press(deleteGoal);
    await expectToast(page, shown, TOASTS.goalDeleteFailed, 'yellow');
    await visible(goal);
    await press(deleteGoal);
    await expectToast(page, shown, TOASTS.goalDeleted);
    await gone(goal);

    // Delete the new journal: once failing, then for real.
    const deleteJournal = newCard.getByRole('button', { name: /^Delete journal of/ });
    await failNext(page, 'DELETE', /^\/api\/journals\/delete\/\d+\/?$/);
    await press(deleteJournal);
    await expectToast(page, shown, TOASTS.journalDeleteFailed, 'yellow');
    await visible(newCard);
    await press(deleteJournal);
    await expectToast(page, shown, TOASTS.journalDeleted);
    await gone(newCard);

    await expectLifetimes(page, shown);
  });
});

/** Every toast shown was the expected one, in its colour, and lived three seconds (spec §4). */
async function expectLifetimes(page: Page, shown: Expected[]): Promise<void> {
  const records = await settledToasts(page);
  const byText = (a: Expected, b: Expected) =>
    a.text.localeCompare(b.text) || a.color.localeCompare(b.color);
  // A danger toast's text is the message followed by the error; compare the message part.
  const seen = records.map(({ text, color }) => ({
    text: shown.find((expected) => text.startsWith(expected.text))?.text ?? text,
    color,
  }));
  expect(seen.sort(byText)).toEqual([...shown].sort(byText));
  for (const record of records) {
    expect(record.lifetime, record.text).toBeGreaterThanOrEqual(TOAST_LIFETIME_RANGE.min);
    expect(record.lifetime, record.text).toBeLessThanOrEqual(TOAST_LIFETIME_RANGE.max);
  }
  // The danger toasts show the error itself under the message.
  for (const record of records.filter((r) => r.color === 'red')) {
    expect(record.text.length).toBeGreaterThan(
      (shown.find((expected) => record.text.startsWith(expected.text))?.text ?? '').length,
    );
  }
}
