// Search in Chromium over more hits than one page: "Load more" reaches the oldest, year and month filters narrow them, by mouse and by keyboard, at 390 and 1280 px, in English and Portuguese.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { live, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedMonth,
} from './support/seed-account.js';

const SHOTS = join(ARTIFACTS_DIR, 'search');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** 60 café entries, one every six days back from 2025-12-31 (the oldest 2025-01-11). */
async function seedCafes(url: string, account: SeededAccount, monthId: number): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const date = new Date(Date.UTC(2025, 11, 31) - i * 6 * 86_400_000).toISOString().slice(0, 10);
    const response = await fetch(new URL('api/journals/', url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${account.tokens.access}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ month_id: monthId, highlight: `Café ${date}`, created_at: date }),
    });
    expect(response.status).toBe(201);
  }
}

async function openSearch(page: Page): Promise<void> {
  await page.goto('/months');
  await live(page);
  // The shortcut's listener comes with the navbar's Search button: wait for the button.
  await visible(page.getByRole('button', { name: /^(Search|Pesquisar)/ }).first());
  await page.keyboard.press('/');
  await visible(page.getByRole('dialog'));
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`search at ${viewport.width} px (${label})`, () => {
    test('loads more hits to the oldest and filters by year and month', async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('search'));
      const seeded = await seedMonth(url, account, 'Cafés', 'Cups', []);
      await seedCafes(url, account, seeded.month.id);
      const page = await session().newPage(viewport, {
        storageState: loggedInStorage(url, account),
      });
      await openSearch(page);
      const dialog = page.getByRole('dialog', { name: 'Search entries' });
      await dialog.getByLabel('Words in the highlight or note').fill('cafe');
      const status = dialog.getByRole('status');
      await visible(status.getByText('The 50 most recent matches; more below'));
      const links = dialog.getByRole('list', { name: 'Search results' }).getByRole('link');
      expect(await links.count()).toBe(50);
      await shot(page, `first-page-${label}`);
      await dialog.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
      await shot(page, `load-more-${label}`);

      // By keyboard: Tab from the last hit reaches the button, Enter loads the rest.
      await links.nth(49).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await visible(status.getByText('60 entries found'));
      expect(await links.count()).toBe(60);
      expect(await links.nth(59).textContent()).toContain('Café 2025-01-11');
      // The focus went to the first hit of the new page, the button being gone.
      // A string: it runs in the page, and the tests' Node types have no DOM.
      const focused = await page.evaluate<string | null>('document.activeElement?.textContent');
      expect(focused).toBe(await links.nth(50).textContent());
      expect(await dialog.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      await links.nth(59).scrollIntoViewIfNeeded();
      await shot(page, `all-pages-${label}`);

      await dialog.getByRole('combobox', { name: 'Year' }).selectOption('2025');
      await dialog.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'March' });
      await visible(status.getByText('5 entries found'));
      expect(await links.first().textContent()).toContain('Café 2025-03-30');
      await shot(page, `filtered-${label}`);
      expect(
        await axeViolations(page, { within: '[role="dialog"]', afterAnimations: true }),
      ).toEqual([]);
      await page.close();
    });
  });
}

test.describe('search in Portuguese at 390 px', () => {
  test('says the same in pt-BR', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('busca'));
    const seeded = await seedMonth(url, account, 'Cafés', 'Xícaras', []);
    await seedCafes(url, account, seeded.month.id);
    const page = await session().newPage(VIEWPORTS.phone, {
      locale: 'pt-BR',
      storageState: loggedInStorage(url, account),
    });
    await openSearch(page);
    const dialog = page.getByRole('dialog', { name: 'Pesquisar registros' });
    await dialog.getByLabel('Palavras do destaque ou da nota').fill('cafe');
    await visible(
      dialog.getByRole('status').getByText('As 50 correspondências mais recentes; há mais abaixo'),
    );
    await dialog.getByRole('combobox', { name: 'Ano' }).selectOption('2025');
    await dialog.getByRole('combobox', { name: 'Mês' }).selectOption({ label: 'março' });
    await visible(dialog.getByRole('status').getByText('5 registros encontrados'));
    await shot(page, 'filtered-pt-br-phone');
    await page.close();
  });
});
