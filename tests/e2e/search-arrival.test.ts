// A search result opens its month at the entry, scrolled to and marked, from any page.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Journal } from '../../contract/entities.js';
import { SEARCH_TEXTS } from '../../src/i18n/en/search.js';
import { isPhone, signedInPage } from './support/app-helpers.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { gone, live, path, uniqueUsername, visible } from './support/page-helpers.js';
import {
  type SeededAccount,
  type SeededMonth,
  seedAccount,
  seedMonth,
} from './support/seed-account.js';

const SHOTS = join(ARTIFACTS_DIR, 'search-arrival');

async function postJournal(
  account: SeededAccount,
  { month }: SeededMonth,
  highlight: string,
  date: string,
): Promise<Journal> {
  const response = await fetch(`${session().server.url}/api/journals/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${account.tokens.access}`,
    },
    body: JSON.stringify({ highlight, month_id: month.id, created_at: date }),
  });
  if (response.status !== 201) throw new Error(`journal: ${response.status}`);
  return (await response.json()) as Journal;
}

async function openHit(page: Page, phone: boolean, words: string, text: RegExp): Promise<void> {
  await live(page);
  if (phone) await page.getByRole('button', { name: SEARCH_TEXTS.open }).click();
  else await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: SEARCH_TEXTS.title });
  await visible(dialog);
  await dialog.getByLabel(SEARCH_TEXTS.label).fill(words);
  const result = dialog.getByRole('link', { name: text });
  await visible(result);
  await result.click();
  await gone(dialog);
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`a search result at ${viewport.width} px`, () => {
    test('opened from /months and from another month, lands on its entry, scrolled to and marked', async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('arrive'));
      const paris = await seedMonth(url, account, 'Paris', 'Hours', []);
      const rome = await seedMonth(url, account, 'Rome', 'Hours', []);
      // The hit is the month's oldest day: the last card, far below the fold.
      const hit = await postJournal(account, paris, 'Un café au soleil', '2025-06-01');
      for (let day = 2; day <= 12; day += 1) {
        const date = `2025-06-${String(day).padStart(2, '0')}`;
        await postJournal(
          account,
          paris,
          `Museum day ${day}: long walks, paintings, a park.`,
          date,
        );
      }
      await postJournal(account, rome, 'Gelato by the river', '2025-07-01');
      const page = await signedInPage(session(), viewport, account);

      for (const from of ['/months', `/months/${rome.month.id}/journals`]) {
        await page.goto(from);
        await visible(page.getByRole('heading', { level: 1 }));
        await openHit(page, isPhone(viewport), 'cafe soleil', /Un café au soleil/);
        await path(page, `/months/${paris.month.id}/journals`);
        expect(new URL(page.url()).hash).toBe(`#journal-${hit.id}`);
        const card = page.getByRole('article').filter({ hasText: 'Un café au soleil' });
        const heading = card.getByRole('heading');
        // Scrolled to: the entry's heading inside the viewport, below the fixed 60 px header.
        await expect
          .poll(
            async () => {
              const box = await heading.boundingBox();
              return box !== null && box.y >= 60 && box.y + box.height <= viewport.height;
            },
            { timeout: 5_000 },
          )
          .toBe(true);
        // Marked: the card says it is the one the link was for, and its heading has the focus.
        await expect.poll(() => card.getAttribute('data-linked')).toBe('true');
        await expect
          .poll(() =>
            heading.evaluate(new Function('el', 'return el === document.activeElement') as never),
          )
          .toBe(true);
        mkdirSync(SHOTS, { recursive: true });
        const name = from === '/months' ? 'from-months' : 'from-month';
        await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`) });
      }
    });
  });
}
