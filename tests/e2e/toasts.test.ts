// Every toast of docs/product-rules.md section 8 in Chromium — success, failure status (warning)
// and network error (danger) — and its 3-second life.
import type { Page } from '@playwright/test';
import { TOAST_DURATION_MS } from '../../contract/rules.js';
import { TOASTS } from '../../src/texts.js';
import {
  type Failure,
  failNext,
  pointerAway,
  press,
  signedInPage,
  type Viewport,
} from './support/app-helpers.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { gone, toast, uniqueUsername, visible } from './support/page-helpers.js';
import {
  type SeededAccount,
  type SeededMonth,
  seedAccount,
  seedGoal,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';
import { settledToasts, TOAST_LIFETIME_RANGE, type ToastRecord } from './support/toasts.js';

type Expected = Pick<ToastRecord, 'text' | 'color'>;

/**
 * The wait before the app sends a failed write again the first time (retryDelay,
 * src/offline/sync.ts: 1 s, then 2, 4 … up to 30 s).
 */
const FIRST_RETRY_MS = 1_000;

/**
 * Lets `ms` of the page's time pass at once. The page runs on Playwright's clock, installed before
 * its first load: it flows as the real one does, and `runFor` fires the timers of the stretch in
 * their order, each at its own time (a retry's wait, a toast's 3 or 10 s), so the app does what it
 * would have done, without the test sitting through the wait. The toasts' life spans are read on
 * the same clock (support/toasts.ts), so they measure what the app set, as before.
 */
async function passTime(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
}

/** What a failure shows: a 500 is a warning with the message; a dropped connection a danger toast with the error. */
const failureColor: Record<Failure, string> = { status: 'yellow', network: 'red' };

async function expectToast(page: Page, expected: Expected[], text: string, color = 'primary') {
  await visible(toast(page, text));
  expected.push({ text, color });
}

async function seeded(
  viewport: Viewport,
): Promise<{ page: Page; month: SeededMonth; account: SeededAccount }> {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('toaster'));
  const month = await seedMonth(url, account, 'June 2026', 'Pages read', ['Read', 'Run']);
  await seedJournal(url, account, month, 'A quiet morning', 12, [false, false]);
  await seedGoal(url, account, month, 'Read two books');
  const page = await signedInPage(session(), viewport, account);
  await page.clock.install();
  await pointerAway(page, viewport);
  return { page, month, account };
}

/** What the server holds of `path` (a list), read with the account's token. */
async function serverList<T>(account: SeededAccount, path: string): Promise<T[]> {
  const response = await fetch(`${session().server.url}/${path}`, {
    headers: { authorization: `Bearer ${account.tokens.access}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as T[];
}

/** Counts the requests of `method` to paths matching `pattern` (failed ones included). */
function countRequests(page: Page, method: string, pattern: RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && pattern.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`toasts at ${viewport.width} px (${label})`, () => {
    test('months: create and delete, each failing first with a status, then with a network error', async () => {
      const { page } = await seeded(viewport);
      const shown: Expected[] = [];
      await page.goto('/months');
      await visible(page.getByRole('link', { name: 'June 2026' }));

      const dialog = page.getByRole('dialog', { name: 'Create a Month' });
      await press(page.getByRole('button', { name: 'Add New Month +' }));
      await visible(dialog);
      await dialog.getByRole('textbox', { name: 'Month', exact: true }).fill('July 2026');
      await dialog.getByRole('textbox', { name: 'Measure' }).fill('Kilometres');
      await dialog.getByRole('textbox', { name: /^Habit 1/ }).fill('Swim');
      // Queued: Save closes the modal at once; the first attempt's failure is told, and
      // the create is sent again by itself.
      await failNext(page, 'POST', /^\/api\/months\/?$/, 'status');
      await press(dialog.getByRole('button', { name: 'Save' }));
      await expectToast(page, shown, TOASTS.monthCreated);
      await expectToast(page, shown, TOASTS.monthCreateFailed, failureColor.status);
      await passTime(page, FIRST_RETRY_MS);
      await gone(dialog);
      await visible(page.getByRole('link', { name: 'July 2026' }));
      await visible(page.getByRole('button', { name: /All changes saved/ }), 30_000);

      // Delete: the dialog closes and the card goes at once; a dropped first attempt is told too.
      const confirm = page.getByRole('dialog', { name: 'Delete month' });
      await press(page.getByRole('button', { name: 'Delete month July 2026' }));
      await visible(confirm);
      await failNext(page, 'DELETE', /^\/api\/months\/delete\/\d+\/?$/, 'network');
      await press(confirm.getByRole('button', { name: 'Delete' }));
      await gone(confirm);
      await expectToast(page, shown, TOASTS.monthDeleted);
      await expectToast(page, shown, TOASTS.monthDeleteFailed, failureColor.network);
      await passTime(page, FIRST_RETRY_MS);
      await gone(page.getByRole('link', { name: 'July 2026' }));

      await expectLifetimes(page, shown);
    });
  });
}

// The toasts look the same at any width: the journals screen's are checked at 1280 px only, to keep
// the suite short; the months screen's above run at both widths.
test.describe('journals screen toasts at 1280 px', () => {
  // These writes are queued: Save and a tick show at once (with their success toast for a
  // create); an attempt that fails on the way (a 500 or a dropped connection) is sent again by itself
  // with backoff. A tick's or a delete's first failed attempt still shows the failure toast,
  // then its success toast when the retry lands; a create's modal has closed by then, so only the
  // navbar's sync status tells (see tests/e2e/offline-writes for refusals).
  test('journals: create, tick, delete, and goals: create, tick, delete — each failing first', async () => {
    const { page, month, account } = await seeded(VIEWPORTS.desktop);
    const shown: Expected[] = [];
    const journalPosts = countRequests(page, 'POST', /^\/api\/journals\/?$/);
    const goalPosts = countRequests(page, 'POST', /^\/api\/goals\/?$/);
    await page.goto(`/months/${month.month.id}/journals`);
    await visible(page.getByText('A quiet morning'));
    const synced = page.getByRole('button', { name: /All changes saved/ });

    // Create a Register: queued and shown at once; its POST fails with a status, then is sent again.
    const register = page.getByRole('dialog', { name: 'Create a Register' });
    await press(page.getByRole('button', { name: 'Add New Journal +' }));
    await visible(register);
    await register.getByLabel('Highlight').fill('Swam in the lake');
    await register.getByLabel('Pages read').fill('30');
    await failNext(page, 'POST', /^\/api\/journals\/?$/, 'status');
    await press(register.getByRole('button', { name: 'Save' }));
    await expectToast(page, shown, TOASTS.journalCreated);
    // The first attempt's failure is told too (docs/product-rules.md section 4), as for a tick.
    await expectToast(page, shown, TOASTS.journalCreateFailed, 'yellow');
    await passTime(page, FIRST_RETRY_MS);
    await gone(register);
    const newCard = page.getByRole('article').filter({ hasText: 'Swam in the lake' });
    await visible(newCard);
    // Sent again by itself: two POSTs, one entry on the server (the Idempotency-Key), with its value.
    await expect.poll(journalPosts, { timeout: 10_000 }).toBe(2);
    await visible(synced);
    const journals = await serverList<{ highlight: string }>(
      account,
      `api/journals/?month=${month.month.id}`,
    );
    expect(journals.map((j) => j.highlight).sort()).toEqual([
      'A quiet morning',
      'Swam in the lake',
    ]);

    // Tick a habit: the first attempt's 500 shows the failure toast; the tick stays and is sent again.
    const run = newCard.getByRole('checkbox', { name: 'Run' });
    await failNext(page, 'PATCH', /^\/api\/dailyhabits\/\d+\/?$/);
    await press(run, 'Space');
    await expectToast(page, shown, TOASTS.habitUpdateFailed, 'yellow');
    expect(await run.isChecked()).toBe(true);
    await passTime(page, FIRST_RETRY_MS);
    await expectToast(page, shown, TOASTS.habitUpdated);
    await visible(synced);
    expect(await run.isChecked()).toBe(true);
    // A tick that fails with a dropped connection: a danger toast, then it lands too. (An identical
    // toast still on screen takes in the next one: the first 'Habit updated' leaves first.)
    await passTime(page, TOAST_DURATION_MS);
    await gone(toast(page, TOASTS.habitUpdated));
    await failNext(page, 'PATCH', /^\/api\/dailyhabits\/\d+\/?$/, 'network');
    await press(run, 'Space');
    await expectToast(page, shown, TOASTS.habitUpdateFailed, 'red');
    await expect.poll(() => run.isChecked()).toBe(false);
    await passTime(page, FIRST_RETRY_MS);
    await expectToast(page, shown, TOASTS.habitUpdated);
    await visible(synced);
    expect(await run.isChecked()).toBe(false);
    const newJournal = (
      await serverList<{ id: number; highlight: string }>(
        account,
        `api/journals/?month=${month.month.id}`,
      )
    ).find((j) => j.highlight === 'Swam in the lake');
    const ticks = await serverList<{ journal_id: number; is_practiced: boolean }>(
      account,
      `api/dailyhabits/?journal=${newJournal?.id}`,
    );
    // Run unticked again, Read never ticked (the list may hold other entries' rows:
    // docs/product-rules.md section 7).
    expect(ticks.filter((t) => t.journal_id === newJournal?.id).map((t) => t.is_practiced)).toEqual(
      [false, false],
    );

    // Goals: create (its POST dropped once), tick (failing once), delete (failing once).
    const goalDialog = page.getByRole('dialog', { name: 'Create a Goal' });
    await press(page.getByRole('button', { name: 'Add New Goal +' }));
    await visible(goalDialog);
    await goalDialog.getByLabel('Goal').fill('Swim 10 km');
    await failNext(page, 'POST', /^\/api\/goals\/?$/, 'network');
    await press(goalDialog.getByRole('button', { name: 'Save' }));
    await expectToast(page, shown, TOASTS.goalCreated);
    await expectToast(page, shown, TOASTS.goalCreateFailed, 'red');
    await passTime(page, FIRST_RETRY_MS);
    await gone(goalDialog);
    const goal = page.getByRole('checkbox', { name: 'Swim 10 km' });
    await visible(goal);
    await expect.poll(goalPosts, { timeout: 10_000 }).toBe(2);
    await visible(synced);
    const goals = await serverList<{ name: string }>(account, `api/goals/?month=${month.month.id}`);
    expect(goals.filter((g) => g.name === 'Swim 10 km')).toHaveLength(1);

    await failNext(page, 'PATCH', /^\/api\/goals\/\d+\/?$/);
    await press(goal, 'Space');
    await expectToast(page, shown, TOASTS.goalUpdateFailed, 'yellow');
    expect(await goal.isChecked()).toBe(true);
    await passTime(page, FIRST_RETRY_MS);
    await expectToast(page, shown, TOASTS.goalUpdated);
    await visible(synced);
    expect(await goal.isChecked()).toBe(true);

    const deleteGoal = page.getByRole('button', { name: 'Delete goal Swim 10 km' });
    await failNext(page, 'DELETE', /^\/api\/goals\/delete\/\d+\/?$/);
    await press(deleteGoal);
    await expectToast(page, shown, TOASTS.goalDeleteFailed, 'yellow');
    await passTime(page, FIRST_RETRY_MS);
    await expectToast(page, shown, TOASTS.goalDeleted);
    await gone(goal);
    await visible(synced);
    expect(
      (await serverList<{ name: string }>(account, `api/goals/?month=${month.month.id}`)).map(
        (g) => g.name,
      ),
    ).toEqual(['Read two books']);

    // Delete the new journal: the first attempt fails, the retry lands.
    const deleteJournal = newCard.getByRole('button', { name: /^Delete journal of/ });
    await failNext(page, 'DELETE', /^\/api\/journals\/delete\/\d+\/?$/);
    await press(deleteJournal);
    await expectToast(page, shown, TOASTS.journalDeleteFailed, 'yellow');
    await passTime(page, FIRST_RETRY_MS);
    await expectToast(page, shown, TOASTS.journalDeleted);
    await gone(newCard);
    await visible(synced);
    expect(
      (
        await serverList<{ highlight: string }>(account, `api/journals/?month=${month.month.id}`)
      ).map((j) => j.highlight),
    ).toEqual(['A quiet morning']);

    await expectLifetimes(page, shown);
  });
});

/** UNDO_TOAST_DURATION_MS of src/components/undo-toast.tsx (a React module this Node test does not load). */
const UNDO_TOAST_MS = 10_000;

/**
 * Every toast shown was the expected one, in its colour, and lived three seconds
 * (docs/product-rules.md section 4).
 */
async function expectLifetimes(page: Page, shown: Expected[]): Promise<void> {
  // The longest a toast still shown can have left to live: an Undo toast's.
  await passTime(page, UNDO_TOAST_MS);
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
    // The Undo toast of a delete (not one of the spec's) stays long enough to be read and clicked.
    const extra = record.text.endsWith('Undo') ? UNDO_TOAST_MS - TOAST_DURATION_MS : 0;
    expect(record.lifetime, record.text).toBeGreaterThanOrEqual(TOAST_LIFETIME_RANGE.min + extra);
    expect(record.lifetime, record.text).toBeLessThanOrEqual(TOAST_LIFETIME_RANGE.max + extra);
  }
  // The danger toasts show the error itself under the message.
  for (const record of records.filter((r) => r.color === 'red')) {
    expect(record.text.length).toBeGreaterThan(
      (shown.find((expected) => record.text.startsWith(expected.text))?.text ?? '').length,
    );
  }
}
