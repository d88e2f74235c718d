// Calendar and year view in Chromium: a month named "March 2026" gets its period, the calendar
// shows its entries, a click on an empty day creates an entry on that date, and the year view shows
// its pixels.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Journal, Month } from '../../contract/entities.js';
import { STORAGE_KEYS } from '../../contract/rules.js';
import { TEXTS } from '../../src/texts.js';
import { signedInPage, type Viewport } from './support/app-helpers.js';
import { axeViolations } from './support/axe.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { uniqueUsername, visible } from './support/page-helpers.js';
import { apiAs, type SeededAccount, seedAccount, seedMonth } from './support/seed-account.js';

const SCREENSHOTS = join(ARTIFACTS_DIR, 'calendar-year');
mkdirSync(SCREENSHOTS, { recursive: true });

const api = <T>(account: SeededAccount, method: string, path: string, body: unknown) =>
  apiAs<T>(session().server.url, account, method, path, body);

/** "March 2026" with habits Read and Run and one entry on 2 March (20 pages, Read ticked, mood 4). */
async function seeded(viewport: Viewport) {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('calendar'));
  const month = await seedMonth(url, account, 'March 2026', 'Pages', ['Read', 'Run']);
  const journal = await api<Journal>(account, 'POST', 'api/journals/', {
    highlight: 'A walk by the river',
    month_id: month.month.id,
    created_at: '2026-03-02',
    mood: 4,
  });
  await api(account, 'POST', 'api/dailymeasures/', {
    journal_id: journal.id,
    measure_id: month.measure.id,
    metric: 20,
  });
  for (const [index, habit] of month.habits.entries()) {
    await api(account, 'POST', 'api/dailyhabits/', {
      journal_id: journal.id,
      habit_id: habit.id,
      is_practiced: index === 0,
    });
  }
  const page = await signedInPage(session(), viewport, account);
  return { page, month, account };
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`calendar and year view at ${viewport.width} px (${label})`, () => {
    test('gives "March 2026" its period, shows the calendar, creates an entry on a clicked day and shows the year in pixels', async () => {
      const { page, month, account } = await seeded(viewport);
      const months = await api<Month[]>(account, 'GET', 'api/months/', undefined).catch(
        () => [] as Month[],
      );
      expect(months.length === 0 || months[0]?.period === '2026-03').toBe(true);

      await page.goto(`/months/${month.month.id}/journals`);
      await visible(page.getByRole('heading', { level: 2, name: TEXTS.registers }));
      await page.getByRole('button', { name: 'Calendar', exact: true }).click();
      const grid = await visible(page.getByRole('table', { name: 'Calendar of March 2026' }));
      const written = grid.getByRole('button', {
        name: /March 2.*: entry, mood 4 of 5, 1 of 2 habits/,
      });
      await visible(written);
      expect(await grid.getByRole('button').count()).toBe(31);

      // Arrow keys move between days.
      await written.focus();
      // Back on the day with an entry by keyboard: its focus ring does not look like the blue
      // border that marks an entry (another colour, thicker, set off by a gap).
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      const looks = await page.evaluate<{
        date: string | null;
        style: string;
        ring: string;
        width: number;
        border: string;
      }>(`(() => {
        const day = document.activeElement;
        const style = getComputedStyle(day);
        return {
          date: day.getAttribute('data-date'),
          style: style.outlineStyle,
          ring: style.outlineColor,
          width: parseFloat(style.outlineWidth),
          border: style.borderTopColor,
        };
      })()`);
      expect(looks).toMatchObject({ date: '2026-03-02', style: 'solid' });
      expect(looks.width).toBeGreaterThanOrEqual(3);
      expect(looks.ring).not.toBe(looks.border);
      await page.keyboard.press('ArrowRight');
      expect(
        await page.evaluate<string | null>(
          "document.activeElement?.getAttribute('data-date') ?? null",
        ),
      ).toBe('2026-03-03');
      await page.keyboard.press('ArrowDown');
      expect(
        await page.evaluate<string | null>(
          "document.activeElement?.getAttribute('data-date') ?? null",
        ),
      ).toBe('2026-03-10');
      await page.screenshot({
        path: join(SCREENSHOTS, `calendar-${viewport.width}.png`),
        fullPage: true,
      });

      // Enter on an empty day: a new entry on that date.
      await page.keyboard.press('Enter');
      const dialog = await visible(page.getByRole('dialog', { name: TEXTS.createRegister }));
      expect(await dialog.getByLabel('Date').inputValue()).toBe('2026-03-10');
      await dialog.getByLabel('Highlight').fill('Tenth of March');
      await dialog.getByLabel('Pages').fill('12');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(grid.getByRole('button', { name: /March 10.*: entry/ }));

      // The remembered view: the calendar is back after a reload.
      await page.reload();
      await visible(page.getByRole('table', { name: 'Calendar of March 2026' }));

      // A click on a day with an entry opens it.
      await page.getByRole('button', { name: /March 2.*: entry/ }).click();
      const edit = await visible(page.getByRole('dialog', { name: 'Edit Register' }));
      expect(await edit.getByLabel('Highlight').inputValue()).toBe('A walk by the river');
      await page.keyboard.press('Escape');

      // The year view, from the month's page.
      await page.getByRole('link', { name: 'Year 2026 at a glance' }).click();
      await visible(page.getByRole('heading', { level: 1, name: '2026 at a glance' }));
      const pixels = await visible(page.getByRole('table', { name: 'Year in pixels' }));
      expect(await pixels.locator('[data-entry]').count()).toBe(2);
      expect(await pixels.locator('[data-date="2026-03-02"]').getAttribute('data-mood')).toBe('4');
      await page.getByRole('button', { name: 'Habits done' }).click();
      expect(await pixels.locator('[data-date="2026-03-02"]').getAttribute('data-level')).toBe('2');
      await visible(page.getByText('1 of 2 days done (50%)'));
      await visible(page.getByRole('heading', { level: 3, name: 'Pages by month' }));
      await page.screenshot({
        path: join(SCREENSHOTS, `year-${viewport.width}.png`),
        fullPage: true,
      });
    });

    test('lists the entries of a day that has several, and opens the one chosen', async () => {
      const { page, month, account } = await seeded(viewport);
      await api<Journal>(account, 'POST', 'api/journals/', {
        highlight: 'An evening call',
        month_id: month.month.id,
        created_at: '2026-03-02',
      });
      await page.goto(`/months/${month.month.id}/journals`);
      await page.getByRole('button', { name: 'Calendar', exact: true }).click();
      const grid = await visible(page.getByRole('table', { name: 'Calendar of March 2026' }));

      await grid.getByRole('button', { name: /March 2.*: 2 entries/ }).click();

      const list = await visible(page.getByRole('dialog').filter({ hasText: 'Entries of' }));
      expect(await list.getByRole('button').allTextContents()).toEqual([
        'A walk by the river',
        'An evening call',
        'New entry on this day',
      ]);
      expect(await axeViolations(page, { within: 'main' })).toEqual([]);
      await page.screenshot({
        path: join(SCREENSHOTS, `calendar-day-list-${viewport.width}.png`),
        fullPage: true,
      });
      await list.getByRole('button', { name: 'An evening call' }).click();
      const edit = await visible(page.getByRole('dialog', { name: 'Edit Register' }));
      expect(await edit.getByLabel('Highlight').inputValue()).toBe('An evening call');
    });

    test('has no accessibility violation on the calendar and the year view, light and dark; Portuguese too', async () => {
      const { page, month } = await seeded(viewport);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`/months/${month.month.id}/journals`);
        await page.getByRole('button', { name: 'Calendar', exact: true }).click();
        await visible(page.getByRole('table', { name: 'Calendar of March 2026' }));
        expect(await axeViolations(page, { within: 'main' })).toEqual([]);
        await page.goto('/years/2026');
        await visible(page.getByRole('table', { name: 'Year in pixels' }));
        await visible(page.getByRole('heading', { level: 3, name: 'Pages by month' }));
        expect(await axeViolations(page, { within: 'main' })).toEqual([]);
        await page.screenshot({
          path: join(SCREENSHOTS, `year-${viewport.width}-${scheme}.png`),
          fullPage: true,
        });
      }
      // No page wider than the screen at 390 px.
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await page.evaluate(`localStorage.setItem(${JSON.stringify(STORAGE_KEYS.locale)}, 'pt-BR')`);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`/months/${month.month.id}/journals`);
      await visible(page.getByRole('table', { name: 'Calendário de March 2026' }));
      await visible(
        page.getByRole('button', { name: /2 de março.*: registro, humor 4 de 5, 1 de 2 hábitos/ }),
      );
      expect(await axeViolations(page, { within: 'main' })).toEqual([]);
      await page.screenshot({
        path: join(SCREENSHOTS, `calendar-${viewport.width}-pt-br.png`),
        fullPage: true,
      });
      await page.goto('/years/2026');
      await visible(page.getByRole('heading', { level: 1, name: '2026 em resumo' }));
      expect(await axeViolations(page, { within: 'main' })).toEqual([]);
    });
  });
}

test.describe('a month without a period', () => {
  test('explains why there is no calendar and lets the user set one', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('noperiod'));
    const month = await seedMonth(url, account, 'Holidays', 'Pages', ['Read']);
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await page.goto(`/months/${month.month.id}/journals`);
    await page.getByRole('button', { name: 'Calendar', exact: true }).click();
    await visible(page.getByText(/has no calendar month/));
    await page.getByRole('button', { name: 'Set calendar month' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit month' }));
    await dialog.getByLabel('Which month', { exact: true }).selectOption('4');
    await dialog.getByLabel('Year').fill('2026');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('table', { name: 'Calendar of Holidays' }));
    expect(
      await page.getByRole('table', { name: 'Calendar of Holidays' }).getByRole('button').count(),
    ).toBe(30);
  });
});
