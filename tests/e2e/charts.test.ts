// The month's and the year's charts in Chromium: the calendar's legend, a habit grid and line charts over every day of the month, even round value ticks, a weight chart whose axis shows half a kilogram, and the year pixels' month names clear of the squares.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Journal } from '../../contract/entities.js';
import { STORAGE_KEYS } from '../../contract/rules.js';
import { signedInPage, type Viewport } from './support/app-helpers.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { habitGrid, openGlance } from './support/glance.js';
import { showColorScheme, uniqueUsername, visible } from './support/page-helpers.js';
import {
  apiAs,
  type SeededAccount,
  type SeededMonth,
  seedAccount,
  seedMonth,
} from './support/seed-account.js';

const SHOTS = join(ARTIFACTS_DIR, 'charts');

const api = <T>(account: SeededAccount, method: string, path: string, body: unknown) =>
  apiAs<T>(session().server.url, account, method, path, body);

async function entry(
  account: SeededAccount,
  { month, habits, measure }: SeededMonth,
  date: string,
  weight: number,
  mood: number,
) {
  const journal = await api<Journal>(account, 'POST', 'api/journals/', {
    highlight: `Entry of ${date}`,
    month_id: month.id,
    created_at: date,
    mood,
  });
  await api(account, 'POST', 'api/dailymeasures/', {
    journal_id: journal.id,
    measure_id: measure.id,
    metric: weight,
  });
  for (const habit of habits) {
    await api(account, 'POST', 'api/dailyhabits/', {
      journal_id: journal.id,
      habit_id: habit.id,
      is_practiced: true,
    });
  }
}

/** February and March 2026 with a Weight around 80.5 kg; March's entries on the 2nd, 5th and 6th. */
async function seeded(viewport: Viewport) {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('charts'));
  const february = await seedMonth(url, account, 'February 2026', 'Weight', ['Read']);
  await entry(account, february, '2026-02-10', 80.5, 3);
  const march = await seedMonth(url, account, 'March 2026', 'Weight', ['Read']);
  await entry(account, march, '2026-03-02', 81, 4);
  await entry(account, march, '2026-03-05', 81, 2);
  await entry(account, march, '2026-03-06', 80.8, 5);
  const page = await signedInPage(session(), viewport, account);
  return { page, march };
}

/** The chart figure captioned `title`. */
const figure = (page: Page, title: string) =>
  page.locator('figure').filter({ has: page.locator('figcaption', { hasText: title }) });

/** The value axis' tick labels of a chart, as numbers, bottom to top. */
async function valueTicks(chart: Locator): Promise<number[]> {
  const texts = await chart
    .locator('.recharts-yAxis .recharts-cartesian-axis-tick-value')
    .allTextContents();
  return texts.map((text) => Number(text.replace(/,/g, ''))).sort((a, b) => a - b);
}

function expectEvenlySpaced(ticks: number[]): void {
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  const steps = ticks.slice(1).map((tick, index) => tick - (ticks[index] as number));
  for (const step of steps) expect(step).toBeCloseTo(steps[0] as number, 6);
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`charts at ${viewport.width} px (${label})`, () => {
    test('run over every day of the month, with round ticks, and a legend for every mark', async () => {
      const { page, march } = await seeded(viewport);
      mkdirSync(SHOTS, { recursive: true });
      await page.goto(`/months/${march.month.id}/journals`);
      await openGlance(page);
      await visible(habitGrid(page));

      // The habit grid: a column per day of March, the days without an entry left empty.
      const read = habitGrid(page)
        .locator('tbody tr')
        .filter({ has: page.getByRole('rowheader', { name: 'Read', exact: true }) });
      const cells = await read.locator('td').allTextContents();
      expect(cells.slice(3)).toHaveLength(31);
      expect(cells.slice(3).filter((cell) => cell === 'No entry')).toHaveLength(28);
      expect(cells[3 + 1]).toBe('Ticked');

      // The weight by day: the x axis runs to March 31, the line breaks where days have no value.
      const weight = figure(page, 'Weight by day');
      await visible(weight.locator('.recharts-line-curve'));
      const xTicks = await weight
        .locator('.recharts-xAxis .recharts-cartesian-axis-tick-value')
        .allTextContents();
      expect(xTicks.at(-1)).toBe('Mar 31');
      const line = (await weight.locator('.recharts-line-curve').getAttribute('d')) ?? '';
      // Two pieces: March 2 alone, then March 5 to 6.
      expect(line.match(/M/g)?.length).toBe(2);
      const ticks = await valueTicks(weight);
      expectEvenlySpaced(ticks);
      expect(ticks[0]).toBeGreaterThan(70);

      // The mood by day: every day too, and every tick 1 to 5 drawn.
      const mood = figure(page, 'Mood');
      expect(await valueTicks(mood)).toEqual([1, 2, 3, 4, 5]);

      for (const scheme of ['light', 'dark'] as const) {
        await showColorScheme(page, scheme);
        await weight.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `glance-${scheme}-${viewport.width}.png`) });
        await habitGrid(page).scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `grid-${scheme}-${viewport.width}.png`) });
      }
      await showColorScheme(page, 'light');

      // The calendar's legend explains the outline and both bars of a day.
      await page.getByRole('button', { name: 'Calendar', exact: true }).click();
      await visible(page.getByRole('table', { name: 'Calendar of March 2026' }));
      const legend = page.locator('.mb-calendar-legend');
      await visible(legend.getByText('Has an entry'));
      await visible(legend.getByText('Mood, 1 to 5'));
      await visible(legend.getByText('Habits done'));
      for (const scheme of ['light', 'dark'] as const) {
        await showColorScheme(page, scheme);
        await legend.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `calendar-${scheme}-${viewport.width}.png`) });
      }
      await page.getByRole('button', { name: 'List', exact: true }).click();

      // In Portuguese: the legend's words, and the grid's empty days named for screen readers.
      await page.evaluate(`localStorage.setItem(${JSON.stringify(STORAGE_KEYS.locale)}, 'pt-BR')`);
      await page.reload();
      const grade = page.getByRole('table', { name: /^Cada hábito em cada registro/ });
      await visible(grade);
      expect(await grade.getByText('Sem registro', { exact: true }).count()).toBe(28);
      await grade.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `grid-pt-br-${viewport.width}.png`) });
      await page.getByRole('button', { name: 'Calendário', exact: true }).click();
      await visible(legend.getByText('Humor, de 1 a 5'));
      await visible(legend.getByText('Hábitos feitos'));
      await legend.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `calendar-pt-br-${viewport.width}.png`) });
      await page.getByRole('button', { name: 'Lista', exact: true }).click();
    });

    test('shows the year: a weight axis around its values, month names clear of the squares', async () => {
      const { page } = await seeded(viewport);
      mkdirSync(SHOTS, { recursive: true });
      await page.goto('/years/2026');
      const pixels = await visible(page.getByRole('table', { name: 'Year in pixels' }));

      // Each month's name ends before its first square begins.
      for (const month of [1, 2, 9]) {
        const row = pixels.locator('tbody tr').nth(month - 1);
        const name = await row.locator('th span[aria-hidden="true"]').boundingBox();
        const first = await row.locator('.mb-pixel').first().boundingBox();
        expect(name && first && name.x + name.width).toBeLessThanOrEqual((first?.x ?? 0) + 0.5);
      }

      // Every day's square the same size, the 31st too.
      const widths = await pixels
        .locator('tbody tr')
        .first()
        .locator('.mb-pixel')
        .evaluateAll((squares) => squares.map((square) => square.getBoundingClientRect().width));
      expect(widths).toHaveLength(31);
      expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(1);

      // 80.5 and 80.9 kg: an axis that does not start at 0, with round, even ticks.
      const weight = figure(page, 'Weight by month');
      await visible(weight.locator('.recharts-surface'));
      const ticks = await valueTicks(weight);
      expectEvenlySpaced(ticks);
      expect(ticks[0]).toBeGreaterThan(70);
      expect(ticks.at(-1)).toBeLessThan(90);

      for (const scheme of ['light', 'dark'] as const) {
        await showColorScheme(page, scheme);
        await page.screenshot({
          path: join(SHOTS, `year-${scheme}-${viewport.width}.png`),
          fullPage: true,
        });
      }
    });
  });
}
