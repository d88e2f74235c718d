// The Months page with ten years of months: newest calendar month first, a heading per year, a quick filter; at 390 and 1280 px, light and dark, English and Portuguese.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { monthCard as ptMonthCard } from '../../src/i18n/pt-br/month-card.js';
import { axeViolations } from './support/axe.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { live, showColorScheme, uniqueUsername, visible } from './support/page-helpers.js';
import { loggedInStorage, type SeededAccount, seedAccount } from './support/seed-account.js';

const SHOTS = join(ARTIFACTS_DIR, 'months-list');

const NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const CURRENT_YEAR = 2026;

async function postMonth(account: SeededAccount, name: string): Promise<void> {
  const response = await fetch(`${session().server.url}/api/months/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${account.tokens.access}`,
    },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201) throw new Error(`month ${name}: ${response.status}`);
}

let seeded: Promise<SeededAccount> | null = null;
/**
 * Ten years and a month of months (December 2016 to December 2026), made as an import would not:
 * each year's February before its January, the years newest first, and one month without a
 * calendar month in the middle.
 */
function tenYears(): Promise<SeededAccount> {
  seeded ??= (async () => {
    const account = await seedAccount(session().server.url, uniqueUsername('decade'));
    for (let year = CURRENT_YEAR; year >= 2017; year -= 1) {
      const order = [1, 0, ...Array.from({ length: 10 }, (_, index) => index + 2)];
      for (const month of order) await postMonth(account, `${NAMES[month]} ${year}`);
      if (year === 2021) await postMonth(account, 'Travel notes');
    }
    await postMonth(account, 'December 2016');
    return account;
  })();
  return seeded;
}

async function openMonths(page: Page): Promise<void> {
  await page.goto('/months');
  await visible(page.getByRole('heading', { level: 1 }));
  await live(page);
}

const monthNames = (page: Page) =>
  page
    .locator('[data-month-card] h3')
    .evaluateAll((titles) => titles.map((t) => t.textContent ?? ''));

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`the Months page at ${viewport.width} px (${label})`, () => {
    test('lists newest calendar month first, under year headings, with the current month on the first screen', async () => {
      const account = await tenYears();
      const page = await session().newPage(viewport, {
        storageState: loggedInStorage(session().server.url, account),
        serviceWorkers: 'block',
      });
      await openMonths(page);
      const names = await monthNames(page);
      expect(names).toHaveLength(122);
      expect(names.slice(0, 3)).toEqual(['December 2026', 'November 2026', 'October 2026']);
      // January after February, each year.
      expect(names.indexOf('January 2026')).toBe(names.indexOf('February 2026') + 1);
      expect(names.at(-2)).toBe('December 2016');
      expect(names.at(-1)).toBe('Travel notes');
      const years = await page
        .getByRole('heading', { level: 2 })
        .evaluateAll((headings) => headings.map((h) => h.textContent ?? ''));
      expect(years).toEqual([
        ...Array.from({ length: 11 }, (_, index) => String(CURRENT_YEAR - index)),
        'No calendar month',
      ]);
      // Each year a region named by its heading, for screen readers' landmarks.
      await visible(page.getByRole('region', { name: '2019' }));
      const first = await page.locator('[data-month-card]').first().boundingBox();
      expect(first !== null && first.y + first.height <= viewport.height).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    });

    test('filters by year or name from the keyboard, says how many, and Escape clears it', async () => {
      const account = await tenYears();
      const page = await session().newPage(viewport, {
        storageState: loggedInStorage(session().server.url, account),
        serviceWorkers: 'block',
      });
      await openMonths(page);
      const filter = page.getByRole('searchbox', { name: 'Find a month' });
      await filter.focus();
      await page.keyboard.type('2019');
      await expect.poll(() => monthNames(page).then((names) => names.length)).toBe(12);
      await visible(page.getByRole('status').filter({ hasText: '12 of 122 months' }));
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['2019']);
      await page.keyboard.press('Escape');
      await expect.poll(() => monthNames(page).then((names) => names.length)).toBe(122);
      await page.keyboard.type('march');
      await expect.poll(() => monthNames(page).then((names) => names.length)).toBe(10);
      await page.keyboard.type(' 2020');
      await expect.poll(() => monthNames(page)).toEqual(['March 2020']);
      await filter.fill('nothing like it');
      await visible(page.getByText('No month matches “nothing like it”.'));
    });

    test('looks right in light and dark, English and Portuguese', async () => {
      const account = await tenYears();
      mkdirSync(SHOTS, { recursive: true });
      for (const locale of ['en-US', 'pt-BR']) {
        const page = await session().newPage(viewport, {
          storageState: loggedInStorage(session().server.url, account),
          serviceWorkers: 'block',
          locale,
        });
        await openMonths(page);
        if (locale === 'pt-BR') {
          await visible(page.getByRole('searchbox', { name: ptMonthCard.filterLabel }));
        }
        for (const scheme of ['light', 'dark'] as const) {
          await showColorScheme(page, scheme);
          await page.screenshot({ path: join(SHOTS, `months-${label}-${locale}-${scheme}.png`) });
        }
        await page.getByRole('searchbox').fill('2019');
        await expect.poll(() => monthNames(page).then((names) => names.length)).toBe(12);
        await page.screenshot({ path: join(SHOTS, `months-filtered-${label}-${locale}.png`) });
        await page.close();
      }
    });
  });
}
