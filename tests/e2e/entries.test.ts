// Entries in Chromium: an entry's date (today where the user is, or a forgotten day), a month
// started from the last one, and the search box finding an accented word and opening its month.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Journal } from '../../contract/entities.js';
import { COPY_TEXTS } from '../../src/i18n/en/copy-month.js';
import { SEARCH_TEXTS } from '../../src/i18n/en/search.js';
import { TEXTS, TOASTS } from '../../src/texts.js';
import { isPhone } from './support/app-helpers.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { gone, live, path, toast, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  type SeededMonth,
  seedAccount,
  seedMonth,
} from './support/seed-account.js';
import { recordToasts } from './support/toasts.js';

const SHOTS = join(ARTIFACTS_DIR, 'entries');

/** Far east of UTC: for half of each UTC day its date is already tomorrow's. */
const TIME_ZONE = 'Pacific/Kiritimati';

/** `YYYY-MM-DD` of today plus `days`, in TIME_ZONE. */
function dayInZone(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function pageFor(account: SeededAccount, viewport: { width: number; height: number }) {
  const page = await session().newPage(viewport, {
    storageState: loggedInStorage(session().server.url, account),
    timezoneId: TIME_ZONE,
  });
  await recordToasts(page.context());
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** An entry through the API, dated as given. */
async function postJournal(account: SeededAccount, { month }: SeededMonth, highlight: string) {
  const response = await fetch(`${session().server.url}/api/journals/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${account.tokens.access}`,
    },
    body: JSON.stringify({ highlight, month_id: month.id, created_at: '2025-06-14' }),
  });
  if (response.status !== 201) throw new Error(`journal: ${response.status}`);
  return (await response.json()) as Journal;
}

/** The cards' highlights, top to bottom. */
async function cardOrder(page: Page): Promise<string[]> {
  return page
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('p')?.textContent ?? ''));
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`entries at ${viewport.width} px (${label})`, () => {
    test('dates a new entry today where the user is; a forgotten yesterday and an edited date take their places', async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('dated'));
      const seeded = await seedMonth(url, account, 'This month', 'Hours', ['Read']);
      const page = await pageFor(account, viewport);
      await page.goto(`/months/${seeded.month.id}/journals`);

      const create = async (highlight: string, day?: string) => {
        await page.getByRole('button', { name: TEXTS.addJournal }).click();
        const dialog = page.getByRole('dialog', { name: TEXTS.createRegister });
        await visible(dialog);
        const date = dialog.getByLabel('Date');
        expect(await date.inputValue()).toBe(dayInZone());
        if (day) await date.fill(day);
        await dialog.getByLabel('Highlight').fill(highlight);
        await dialog.getByLabel('Hours').fill('7');
        if (day) await shot(page, `journal-date-${label}`);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await visible(toast(page, TOASTS.journalCreated));
        await gone(dialog);
      };
      await create('Written today');
      await create('Forgotten yesterday', dayInZone(-1));
      // Newest day first, although yesterday's entry was written last.
      await expect.poll(() => cardOrder(page)).toEqual(['Written today', 'Forgotten yesterday']);

      // Moving yesterday's entry to tomorrow puts it on top, on the page and on the server.
      const card = page.getByRole('article').filter({ hasText: 'Forgotten yesterday' });
      await card.getByRole('button', { name: /^Edit journal of/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Register' });
      await visible(edit);
      expect(await edit.getByLabel('Date').inputValue()).toBe(dayInZone(-1));
      await edit.getByLabel('Date').fill(dayInZone(1));
      await edit.getByRole('button', { name: 'Save' }).click();
      await visible(toast(page, TOASTS.journalUpdated));
      await expect.poll(() => cardOrder(page)).toEqual(['Forgotten yesterday', 'Written today']);
      // The toast shows as the dialog closes; the change reaches the server a moment later.
      const stored = async () => {
        const response = await fetch(`${url}/api/journals/?month=${seeded.month.id}`, {
          headers: { authorization: `Bearer ${account.tokens.access}` },
        });
        return ((await response.json()) as Journal[]).map((j) => [j.highlight, j.created_at]);
      };
      await expect.poll(stored).toEqual([
        ['Written today', dayInZone()],
        ['Forgotten yesterday', dayInZone(1)],
      ]);
      const dates = await page
        .getByRole('article')
        .locator('time')
        .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
      expect(dates).toEqual([dayInZone(1), dayInZone()]);
    });

    test("copies the last month's measure and habits into Create a Month, editable before saving", async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('copier'));
      await seedMonth(url, account, 'May', 'Steps', ['Old']);
      await seedMonth(url, account, 'June', 'Hours of sleep', ['Read', 'Walk']);
      const page = await pageFor(account, viewport);
      await page.goto('/months');
      await page.getByRole('button', { name: TEXTS.addMonth }).click();
      const dialog = page.getByRole('dialog', { name: TEXTS.createMonth });
      await visible(dialog);

      await dialog.getByRole('button', { name: COPY_TEXTS.button('June') }).click();
      await visible(dialog.getByText(COPY_TEXTS.copied('June')));
      expect(await dialog.getByLabel('Measure').inputValue()).toBe('Hours of sleep');
      const rows = dialog.getByRole('textbox', { name: /^Habit \d/ });
      expect(await rows.count()).toBe(2);
      expect([await rows.nth(0).inputValue(), await rows.nth(1).inputValue()]).toEqual([
        'Read',
        'Walk',
      ]);
      await shot(page, `copy-month-${label}`);

      await dialog.getByLabel(/^Month/).fill('July');
      await dialog.getByRole('textbox', { name: /^Habit 2/ }).fill('Swim');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(toast(page, TOASTS.monthCreated));
      await gone(dialog);

      await page.getByRole('link', { name: 'July' }).click();
      await path(page, /^\/months\/\d+\/journals$/);
      await page.getByRole('button', { name: TEXTS.addJournal }).click();
      const register = page.getByRole('dialog', { name: TEXTS.createRegister });
      await visible(register.getByLabel('Hours of sleep'));
      await visible(register.getByRole('checkbox', { name: 'Read' }));
      await visible(register.getByRole('checkbox', { name: 'Swim' }));
      expect(await register.getByRole('checkbox').count()).toBe(2);
    });

    test('finds an accented word typed without its accent, and opens its month at the entry', async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('seeker'));
      const paris = await seedMonth(url, account, 'Paris', 'Hours', []);
      const rome = await seedMonth(url, account, 'Rome', 'Hours', []);
      // Enough entries for the hit to be below the fold.
      for (let i = 0; i < 6; i += 1) await postJournal(account, paris, `Museum day ${i}`);
      const hit = await postJournal(account, paris, 'Un CAFÉ crème au soleil');
      await postJournal(account, rome, 'Gelato by the river');
      const page = await pageFor(account, viewport);
      await page.goto(`/months/${rome.month.id}/journals`);
      await visible(page.getByRole('heading', { level: 1, name: 'Rome' }));
      // The heading shows in the server's HTML, before the app listens for the '/' shortcut.
      await live(page);

      if (isPhone(viewport)) {
        await page.getByRole('button', { name: SEARCH_TEXTS.open }).click();
      } else {
        await page.keyboard.press('/');
      }
      const dialog = page.getByRole('dialog', { name: SEARCH_TEXTS.title });
      await visible(dialog);
      await dialog.getByLabel(SEARCH_TEXTS.label).fill('cafe creme');
      const result = dialog.getByRole('link', { name: /Un CAFÉ crème au soleil/ });
      await visible(result);
      expect(await result.textContent()).toContain('Paris');
      expect(await dialog.getByRole('link').count()).toBe(1);
      await shot(page, `search-${label}`);

      await result.click();
      await path(page, `/months/${paris.month.id}/journals`);
      await gone(dialog);
      expect(new URL(page.url()).hash).toBe(`#journal-${hit.id}`);
      const card = page.getByRole('article').filter({ hasText: 'Un CAFÉ crème au soleil' });
      await expect.poll(() => card.isVisible()).toBe(true);
      // Scrolled to it: the card's heading is inside the viewport, below the fixed header.
      await expect
        .poll(async () => {
          const box = await card.getByRole('heading').boundingBox();
          return box !== null && box.y >= 60 && box.y + box.height <= viewport.height;
        })
        .toBe(true);
      await shot(page, `search-opened-${label}`);

      // No hit: a clear empty state.
      await page.keyboard.press('Control+K');
      await visible(dialog);
      await dialog.getByLabel(SEARCH_TEXTS.label).fill('chocolat');
      await visible(dialog.getByText(SEARCH_TEXTS.none('chocolat')));
    });
  });
}
