// Conflicts in Chromium: two browser contexts edit the same entry; the stale one's edit gets the
// dialog, and each choice ends as stated on the server.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { DailyHabit, Journal } from '../../contract/entities.js';
import { BOTH_SEPARATOR } from '../../src/offline/conflict-merge.js';
import { OFFLINE_TEXTS } from '../../src/offline/texts.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { syncButton, syncLabel } from './support/offline.js';
import { gone, live, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

const SHOTS = join(ARTIFACTS_DIR, 'conflicts');

/** The dialog at 1280 and 390 px, light and dark, for a look. */
async function shots(page: Page): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: join(SHOTS, `dialog-${label}-${colorScheme}.png`) });
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: 'light' });
}

async function serverJournal(account: SeededAccount, id: number): Promise<Journal> {
  const response = await fetch(`${session().server.url}/api/journals/${id}/`, {
    headers: { authorization: `Bearer ${account.tokens.access}` },
  });
  return (await response.json()) as Journal;
}

async function openMonth(account: SeededAccount, monthId: number): Promise<Page> {
  const url = session().server.url;
  const page = await session().newPage(VIEWPORTS.desktop, {
    storageState: loggedInStorage(url, account),
  });
  await page.goto(`/months/${monthId}/journals`);
  await live(page);
  return page;
}

/** Opens the entry's edit dialog, sets the highlight and saves. */
async function editHighlight(page: Page, from: string, to: string): Promise<void> {
  const card = page.getByRole('article').filter({ hasText: from });
  await visible(card);
  await card.getByRole('button', { name: /^Edit journal of/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Register' });
  await visible(edit);
  await edit.getByLabel('Highlight').fill(to);
  await edit.getByRole('button', { name: 'Save' }).click();
  await gone(edit);
}

/**
 * Both devices show version 1 of an entry; the phone saves a new highlight first, so the
 * laptop's edit of its stale copy asks. Answers once the question is on the laptop's screen.
 */
async function askedOnTheLaptop() {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('conflict'));
  const seeded = await seedMonth(url, account, 'Shared month', 'Hours', ['Read']);
  const journal = await seedJournal(url, account, seeded, 'Original', 3, [false]);
  const laptop = await openMonth(account, seeded.month.id);
  const phone = await openMonth(account, seeded.month.id);
  await editHighlight(phone, 'Original', 'From the phone');
  await expect.poll(async () => (await serverJournal(account, journal.id)).version).toBe(2);
  await editHighlight(laptop, 'Original', 'From the laptop');
  const dialog = laptop.getByRole('dialog', { name: 'Changed on another device' });
  await visible(dialog);
  return { account, journal, laptop, phone, dialog };
}

const CHOICES = [
  { button: 'Keep mine', result: 'From the laptop' },
  { button: 'Keep the other', result: 'From the phone' },
  { button: 'Keep both', result: `From the phone${BOTH_SEPARATOR}From the laptop` },
] as const;

test.describe('conflicts between two devices', () => {
  for (const { button, result } of CHOICES) {
    test(`asks when both changed the highlight; "${button}" leaves "${result}"`, async () => {
      const { account, journal, laptop, phone, dialog } = await askedOnTheLaptop();
      const day = new Date(`${journal.created_at.slice(0, 10)}T12:00:00Z`).toLocaleDateString(
        'en-US',
        { month: 'short', day: 'numeric', timeZone: 'UTC' },
      );
      expect(await dialog.getByTestId('conflict-subject').textContent()).toBe(`Entry of ${day}`);
      expect(await dialog.getByTestId('conflict-mine').textContent()).toBe('From the laptop');
      expect(await dialog.getByTestId('conflict-theirs').textContent()).toBe('From the phone');
      if (button === 'Keep both') await shots(laptop);
      await dialog.getByRole('button', { name: button }).click();
      await gone(dialog);

      await expect
        .poll(async () => (await serverJournal(account, journal.id)).highlight)
        .toBe(result);
      await visible(laptop.getByRole('article').filter({ hasText: result }));
      await laptop.close();
      await phone.close();
    });
  }

  test('a question closed without an answer keeps the change waiting; its Retry asks again', async () => {
    const { account, journal, laptop, phone, dialog } = await askedOnTheLaptop();
    await laptop.keyboard.press('Escape');
    await gone(dialog);

    // Neither sent nor dropped: shown, marked, and listed with its reason and choices.
    await visible(laptop.getByRole('article').filter({ hasText: 'From the laptop' }));
    await expect.poll(() => syncLabel(laptop)).toBe(OFFLINE_TEXTS.syncFailed);
    await syncButton(laptop).click();
    await visible(laptop.getByText(OFFLINE_TEXTS.conflictUnanswered, { exact: false }));
    expect((await serverJournal(account, journal.id)).highlight).toBe('From the phone');

    await laptop.getByRole('button', { name: OFFLINE_TEXTS.retry, exact: true }).click();
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await gone(dialog);
    await expect
      .poll(async () => (await serverJournal(account, journal.id)).highlight)
      .toBe('From the laptop');
    await expect.poll(() => syncLabel(laptop)).toBe(OFFLINE_TEXTS.allSaved);
    await laptop.close();
    await phone.close();
  });

  test('keeps a tick from one device and a highlight edit from the other, without asking', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('merge'));
    const seeded = await seedMonth(url, account, 'Ticks month', 'Hours', ['Read']);
    const journal = await seedJournal(url, account, seeded, 'Before', 3, [false]);
    const laptop = await openMonth(account, seeded.month.id);
    const phone = await openMonth(account, seeded.month.id);

    const card = phone.getByRole('article').filter({ hasText: 'Before' });
    await card.getByRole('checkbox', { name: 'Read' }).click();
    await expect
      .poll(async () => {
        const response = await fetch(`${url}/api/dailyhabits/?journal=${journal.id}`, {
          headers: { authorization: `Bearer ${account.tokens.access}` },
        });
        return ((await response.json()) as DailyHabit[])[0]?.is_practiced;
      })
      .toBe(true);
    await editHighlight(laptop, 'Before', 'After');

    await expect
      .poll(async () => (await serverJournal(account, journal.id)).highlight)
      .toBe('After');
    expect(await laptop.getByRole('dialog', { name: 'Changed on another device' }).count()).toBe(0);
    const ticks = await fetch(`${url}/api/dailyhabits/?journal=${journal.id}`, {
      headers: { authorization: `Bearer ${account.tokens.access}` },
    });
    expect(((await ticks.json()) as DailyHabit[])[0]?.is_practiced).toBe(true);
    await laptop.close();
    await phone.close();
  });
});
