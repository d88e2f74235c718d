// Month at a glance in Chromium: the habit grid, rates, streaks and "x of y" follow the user's entries and ticks.
import type { Page } from '@playwright/test';
import type { Journal } from '../../contract/entities.js';
import { TEXTS, TOASTS } from '../../src/texts.js';
import { signedInPage, type Viewport } from './support/app-helpers.js';
import { axeViolations } from './support/axe.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { glanceSection, habitGrid, openGlance } from './support/glance.js';
import { gone, setChecked, toast, uniqueUsername, visible } from './support/page-helpers.js';
import {
  type SeededAccount,
  type SeededMonth,
  seedAccount,
  seedGoal,
  seedMonth,
} from './support/seed-account.js';

async function post<T>(account: SeededAccount, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${session().server.url}/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${account.tokens.access}`,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /${path} → ${response.status}`);
  return (await response.json()) as T;
}

/** An entry on a given day, with its measure value and a tick per habit, as the modal makes it. */
async function seedDatedEntry(
  account: SeededAccount,
  { month, habits, measure }: SeededMonth,
  createdAt: string,
  metric: number,
  ticked: boolean[],
): Promise<Journal> {
  const journal = await post<Journal>(account, 'api/journals/', {
    highlight: `Entry of ${createdAt}`,
    month_id: month.id,
    created_at: createdAt,
  });
  await post(account, 'api/dailymeasures/', {
    journal_id: journal.id,
    measure_id: measure.id,
    metric,
  });
  for (const [index, habit] of habits.entries()) {
    await post(account, 'api/dailyhabits/', {
      journal_id: journal.id,
      habit_id: habit.id,
      is_practiced: ticked[index] ?? false,
    });
  }
  return journal;
}

/** A month with habits Read and Run, one entry of June 1 (Read ticked), goals 1 of 3 done. */
async function seeded(viewport: Viewport) {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('glance'));
  const month = await seedMonth(url, account, 'June 2026', 'Pages', ['Read', 'Run']);
  await seedDatedEntry(account, month, '2026-06-01', 10, [true, false]);
  await seedGoal(url, account, month, 'Swim', true);
  await seedGoal(url, account, month, 'Paint');
  await seedGoal(url, account, month, 'Cook');
  const page = await signedInPage(session(), viewport, account);
  return { page, month, account };
}

/**
 * The rate, streak, best and tick cells of a habit's row, as the reader sees them; the empty
 * columns of the month's days without an entry are left out.
 */
async function habitRow(page: Page, habit: string): Promise<string[]> {
  const row = habitGrid(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: habit, exact: true }) });
  return (await row.locator('td').allTextContents()).filter((cell) => cell !== 'No entry');
}

async function expectRow(page: Page, habit: string, cells: string[]): Promise<void> {
  await expect.poll(() => habitRow(page, habit), { timeout: 10_000 }).toEqual(cells);
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`month at a glance at ${viewport.width} px (${label})`, () => {
    test('keeps its place while loading, then follows new entries, ticks and goals', async () => {
      const { page, month, account } = await seeded(viewport);
      // Hold the stats until the placeholder has been measured.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) => url.pathname === `/api/months/${month.month.id}/stats/`,
        async (route) => {
          await held;
          await route.fallback();
        },
      );
      await page.goto(`/months/${month.month.id}/journals`);
      const registers = page.getByRole('heading', { level: 2, name: TEXTS.registers });
      await visible(registers);
      // Closed by default: nothing of it is asked for until it is opened.
      const toggle = glanceSection(page).getByRole('button', { name: 'Month at a glance' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await openGlance(page);
      await visible(glanceSection(page).locator('[aria-busy="true"]'));
      const before = await registers.boundingBox();
      release();
      await visible(habitGrid(page));
      const after = await registers.boundingBox();
      // No layout shift: the page below the section has not moved.
      expect(after?.y).toBe(before?.y);

      // One entry (June 1): Read ticked, Run not.
      await expectRow(page, 'Read', ['100%', '1', '1', 'Ticked']);
      await expectRow(page, 'Run', ['0%', '0', '0', 'Not ticked']);
      await visible(glanceSection(page).getByText('1 of 3', { exact: true }));
      const bar = glanceSection(page).getByRole('progressbar', { name: 'Goals completed' });
      expect(await bar.getAttribute('aria-valuenow')).toBe('1');
      expect(await bar.getAttribute('aria-valuemax')).toBe('3');

      // A second entry through Create a Register (today), with Read ticked.
      await page.getByRole('button', { name: TEXTS.addJournal }).click();
      const dialog = page.getByRole('dialog', { name: TEXTS.createRegister });
      await visible(dialog);
      await dialog.getByLabel('Highlight').fill('Second entry');
      await dialog.getByLabel('Pages').fill('14');
      await dialog.getByRole('checkbox', { name: 'Read' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(toast(page, TOASTS.journalCreated));
      await gone(dialog);
      await expectRow(page, 'Read', ['100%', '2', '2', 'Ticked', 'Ticked']);
      await expectRow(page, 'Run', ['0%', '0', '0', 'Not ticked', 'Not ticked']);
      await visible(glanceSection(page).getByText('Latest 14 · Low 10 · High 14'));

      // Ticking Run on the new entry's card: half the entries, a streak of one.
      const card = page.getByRole('article').filter({ hasText: 'Second entry' });
      await setChecked(card.getByRole('checkbox', { name: 'Run' }), true);
      await visible(toast(page, TOASTS.habitUpdated));
      await expectRow(page, 'Run', ['50%', '1', '1', 'Not ticked', 'Ticked']);

      // Ticking a goal in the Goals column: 2 of 3.
      await setChecked(page.getByRole('checkbox', { name: 'Paint' }), true);
      await visible(glanceSection(page).getByText('2 of 3', { exact: true }));
      expect(await bar.getAttribute('aria-valuenow')).toBe('2');

      // The server's numbers, from a new browser (a reload may first show this one's saved copy).
      const fresh = await signedInPage(session(), viewport, account);
      await fresh.goto(`/months/${month.month.id}/journals`);
      await openGlance(fresh);
      await expectRow(fresh, 'Run', ['50%', '1', '1', 'Not ticked', 'Ticked']);
      await visible(glanceSection(fresh).getByText('2 of 3', { exact: true }));
    });

    test('has no accessibility violation in light and dark; the grid is a table that scrolls inside its box', async () => {
      const { page, month } = await seeded(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`/months/${month.month.id}/journals`);
        // Opened on the first visit; the second finds it open (remembered).
        if (scheme === 'light') await openGlance(page);
        await visible(habitGrid(page));
        // The app follows the system's scheme (defaultColorScheme "auto").
        expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
        expect(await axeViolations(page, { within: 'section.mb-stats' })).toEqual([]);
      }
      // A real table layout: each column's cells line up under its header.
      const header = await habitGrid(page)
        .getByRole('columnheader', { name: 'Rate' })
        .boundingBox();
      const cell = await habitGrid(page)
        .locator('tbody tr')
        .first()
        .locator('td')
        .first()
        .boundingBox();
      expect(Math.round(cell?.x ?? -1)).toBe(Math.round(header?.x ?? -2));
      expect(Math.round(cell?.width ?? -1)).toBe(Math.round(header?.width ?? -2));
      // Nothing of the section is wider than the page (a wide month scrolls inside the grid).
      const widths = await page.evaluate<{ page: number; content: number }>(
        '({ page: document.documentElement.clientWidth, content: document.documentElement.scrollWidth })',
      );
      expect(widths.content).toBeLessThanOrEqual(widths.page);
    });
  });
}
