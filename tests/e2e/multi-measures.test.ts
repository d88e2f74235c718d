// Several measures in Chromium: a month with two measures with units and targets, made in 'Create a
// Month'; entries with a value each; cards and the month at a glance's days on target; axe at 390
// and 1280 px, light and dark; screenshots, pt-BR too.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Measure, Month } from '../../contract/entities.js';
import { signedInPage, type Viewport } from './support/app-helpers.js';
import { axeViolations } from './support/axe.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { glanceSection, openGlance } from './support/glance.js';
import {
  gone,
  settled,
  showColorScheme,
  toast,
  uniqueUsername,
  visible,
} from './support/page-helpers.js';
import { loggedInStorage, type SeededAccount, seedAccount } from './support/seed-account.js';

const SCREENSHOTS = join(ARTIFACTS_DIR, 'multi-measures');
async function api<T>(account: SeededAccount, path: string): Promise<T> {
  const response = await fetch(`${session().server.url}/${path}`, {
    headers: { authorization: `Bearer ${account.tokens.access}` },
  });
  return (await response.json()) as T;
}

/** 'Create a Month' with Sleep (h, at least 7) and Coffee (cups, at most 2), and one habit. */
async function createMonth(page: Page, screenshot?: string): Promise<void> {
  await page.goto('/months');
  await (await visible(page.getByRole('button', { name: 'Add New Month +' }))).click();
  const dialog = page.getByRole('dialog', { name: 'Create a Month' });
  await visible(dialog);
  await dialog.getByRole('textbox', { name: /^Month/ }).fill('March 2026');
  await dialog.getByRole('textbox', { name: 'Measure', exact: true }).fill('Sleep');
  const sleep = dialog.getByRole('group', { name: 'Unit and daily target of Sleep' });
  await sleep.getByRole('textbox', { name: 'Unit' }).fill('h');
  await sleep.getByRole('textbox', { name: 'Daily target' }).fill('7');
  await dialog.getByRole('textbox', { name: /^Habit 1/ }).fill('Read');
  await dialog.getByRole('button', { name: 'Add measure +' }).click();
  const second = dialog.getByRole('textbox', { name: /^Measure 2/ });
  // The new row takes focus, so a keyboard user types straight away.
  await expect
    .poll(() => page.evaluate('document.activeElement && document.activeElement.id'))
    .toBe(await second.getAttribute('id'));
  await second.fill('Coffee');
  const coffee = dialog.getByRole('group', { name: 'Unit and daily target of Coffee' });
  await coffee.getByRole('textbox', { name: 'Unit' }).fill('cups');
  await coffee.getByRole('textbox', { name: 'Daily target' }).fill('2');
  await coffee
    .getByRole('combobox', { name: 'Target is met when the value is' })
    .selectOption('at_most');
  if (screenshot) {
    expect(await axeViolations(page, { within: '[role="dialog"]' })).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, screenshot), fullPage: true });
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await visible(toast(page, 'Month created'));
}

async function writeEntry(
  page: Page,
  date: string,
  highlight: string,
  sleep: string,
  coffee: string,
) {
  await (await visible(page.getByRole('button', { name: 'Add New Journal +' }))).click();
  const dialog = page.getByRole('dialog', { name: 'Create a Register' });
  await visible(dialog);
  await dialog.getByLabel(/^Date/).fill(date);
  await dialog.getByLabel(/^Highlight/).fill(highlight);
  await dialog.getByRole('textbox', { name: /^Sleep \(h\)/ }).fill(sleep);
  if (coffee) await dialog.getByRole('textbox', { name: /^Coffee \(cups\)/ }).fill(coffee);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await visible(toast(page, 'Journal created'));
}

const card = (page: Page, highlight: string) =>
  page.getByRole('article').filter({ hasText: highlight });

/** A month made in the UI, two entries written in it; its page is open. */
async function monthWithEntries(page: Page, account: SeededAccount, screenshot?: string) {
  await createMonth(page, screenshot);
  // The month, its habits and its measures are queued steps: the page is reloaded
  // below, so wait until the server holds them all.
  let month: Month | undefined;
  await expect
    .poll(
      async () => {
        [month] = await api<Month[]>(account, 'api/months/');
        if (!month) return 0;
        return (await api<Measure[]>(account, `api/measures/?month=${month.id}`)).length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  await page.goto(`/months/${month!.id}/journals`);
  await writeEntry(page, '2026-03-02', 'Late coffee', '8', '3');
  await writeEntry(page, '2026-03-03', 'Early night', '7.5', '');
  return month!;
}

test.describe('several measures with units and targets', () => {
  test.describe.configure({ timeout: 180_000 });
  test('creates them in Create a Month, asks a value for each, shows units and targets on cards and the days on target', async () => {
    const account = await seedAccount(session().server.url, uniqueUsername('measures'));
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    const month = await monthWithEntries(page, account);

    const measures = await api<Measure[]>(account, `api/measures/?month=${month.id}`);
    expect(measures.map((m) => [m.name, m.unit, m.target, m.target_direction])).toEqual([
      ['Sleep', 'h', 7, 'at_least'],
      ['Coffee', 'cups', 2, 'at_most'],
    ]);

    // Each value with its unit and, in words, on or off its target (the mark is hidden from readers).
    const values = (highlight: string) =>
      card(page, highlight).locator('.mb-journal-measure').allTextContents();
    await expect
      .poll(() => values('Late coffee'))
      .toEqual(['Sleep: 8 h ✓on target', 'Coffee: 3 cups ✗off target']);
    // Coffee left empty: no value on that entry.
    await expect.poll(() => values('Early night')).toEqual(['Sleep: 7.5 h ✓on target']);

    await openGlance(page);
    await visible(glanceSection(page).getByText('2 of 2 days on target · Target: at least 7 h'));
    await visible(glanceSection(page).getByText('0 of 1 day on target · Target: at most 2 cups'));
    // The chart's table for screen readers says each day on or off the target.
    const table = glanceSection(page).getByRole('table', { name: /^Coffee by day/ });
    expect(await table.locator('tbody tr').allTextContents()).toEqual([
      expect.stringMatching(/3off target$/),
    ]);
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS) as [string, Viewport][]) {
    test(`has no accessibility violation at ${viewport.width} px in light and dark; screenshots`, async () => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      const account = await seedAccount(session().server.url, uniqueUsername('measures'));
      const page = await signedInPage(session(), viewport, account);
      await monthWithEntries(page, account, `create-month-${size}.png`);
      await openGlance(page);
      await visible(glanceSection(page).getByText(/2 of 2 days on target/));
      for (const scheme of ['light', 'dark'] as const) {
        await showColorScheme(page, scheme);
        expect(await axeViolations(page, { within: 'main' })).toEqual([]);
        await card(page, 'Late coffee').screenshot({
          path: join(SCREENSHOTS, `card-${size}-${scheme}.png`),
        });
        await glanceSection(page).screenshot({
          path: join(SCREENSHOTS, `glance-${size}-${scheme}.png`),
        });
        await card(page, 'Late coffee').getByRole('button', { name: /^Edit/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit Register' });
        await visible(dialog);
        // The modal's opening transition ended: a half-faded dialog fails the contrast rule.
        await settled(page);
        expect(await dialog.getByRole('textbox', { name: /^Coffee \(cups\)/ }).inputValue()).toBe(
          '3',
        );
        expect(await axeViolations(page, { within: '[role="dialog"]' })).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOTS, `journal-modal-${size}-${scheme}.png`) });
        await dialog.getByRole('button', { name: 'Close' }).last().click();
        // Closed and faded out before the next scheme's checks of the page behind it.
        await gone(dialog);
        await settled(page);
      }
    });
  }

  test('speaks Portuguese (pt-BR) in Create a Month and on the cards', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const account = await seedAccount(session().server.url, uniqueUsername('medidas'));
    const page = await session().newPage(VIEWPORTS.phone, {
      locale: 'pt-BR',
      colorScheme: 'dark',
      storageState: loggedInStorage(session().server.url, account),
      serviceWorkers: 'block',
    });
    await page.goto('/months');
    await page.locator('button', { hasText: '+' }).first().click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('button', { name: 'Adicionar medida +' }));
    await dialog.getByRole('button', { name: 'Adicionar medida +' }).click();
    await visible(dialog.getByRole('textbox', { name: /^Medida 2/ }));
    await visible(
      dialog.getByRole('combobox', { name: 'A meta é cumprida quando o valor é' }).first(),
    );
    await page.screenshot({
      path: join(SCREENSHOTS, 'create-month-phone-pt-br-dark.png'),
      fullPage: true,
    });
  });
});
