// Space on a habit's checkbox keeps the focus on it, on a slow network, however often it is pressed.
import type { Locator, Page } from '@playwright/test';
import { TEXTS } from '../../src/texts.js';
import { press, signedInPage } from './support/app-helpers.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { live, toast, uniqueUsername, visible } from './support/page-helpers.js';
import { seedAccount, seedJournal, seedMonth } from './support/seed-account.js';

/** Every API answer held back 150 ms: the latency at which the focus was seen to drop. */
async function slowApi(page: Page): Promise<void> {
  await page.route(/\/api\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    await route.fallback();
  });
}

/**
 * In the page: records each time the focus left a checkbox for nothing (the body), e.g. because
 * the checkbox was taken out of the page and another put in its place.
 */
const WATCH_FOCUS = `(() => {
  window.__focusDrops = [];
  document.addEventListener('focusout', (event) => {
    const from = event.target;
    if (!(from instanceof HTMLInputElement) || from.type !== 'checkbox') return;
    if (event.relatedTarget !== null) return;
    queueMicrotask(() => {
      if (document.activeElement === document.body || document.activeElement === null)
        window.__focusDrops.push((from.id || '?') + (from.isConnected ? '' : ' (removed)'));
    });
  }, true);
  return true;
})()`;

const focusDrops = (page: Page) => page.evaluate<string[]>('window.__focusDrops');

const isFocused = (locator: Locator) =>
  locator.evaluate(new Function('element', 'return element === document.activeElement') as never);

test.describe('Space on a habit checkbox on a slow network', () => {
  test('keeps the focus on an existing entry’s checkbox, twenty presses in a row', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('focus'));
    const seeded = await seedMonth(url, account, 'March 2026', 'Pages', ['Read', 'Run']);
    for (const day of [1, 2, 3]) await seedJournal(url, account, seeded, `Day ${day}`, day);
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await slowApi(page);
    await page.goto(`/months/${seeded.month.id}/journals`);
    await visible(page.getByRole('heading', { level: 1, name: 'March 2026' }));
    await live(page);
    await page.evaluate(WATCH_FOCUS);
    const read = page
      .getByRole('article')
      .filter({ hasText: 'Day 2' })
      .getByRole('checkbox', { name: 'Read' });
    for (let n = 0; n < 20; n += 1) {
      const sent = page.waitForResponse((response) => response.request().method() === 'PATCH');
      await press(read, 'Space');
      await sent;
      expect(await focusDrops(page)).toEqual([]);
      expect(await isFocused(read)).toBe(true);
    }
    await expect.poll(() => read.isChecked()).toBe(false);
  });

  test('keeps the focus on a new entry’s checkbox while the entry is still being saved', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('focusnew'));
    const seeded = await seedMonth(url, account, 'April 2026', 'Pages', ['Read', 'Run']);
    await seedJournal(url, account, seeded, 'An older day', 1);
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await slowApi(page);
    await page.goto(`/months/${seeded.month.id}/journals`);
    await visible(page.getByRole('heading', { level: 1, name: 'April 2026' }));
    await live(page);
    await page.evaluate(WATCH_FOCUS);
    for (let n = 0; n < 5; n += 1) {
      await press(page.getByRole('button', { name: TEXTS.addJournal }));
      const dialog = page.getByRole('dialog', { name: TEXTS.createRegister });
      await visible(dialog);
      await dialog.getByLabel('Highlight').fill(`New day ${n}`);
      await dialog.getByLabel('Pages').fill(String(n + 1));
      await press(dialog.getByRole('button', { name: 'Save' }));
      const card = page.getByRole('article').filter({ hasText: `New day ${n}` });
      const read = card.getByRole('checkbox', { name: 'Read' });
      await visible(read);
      // At once, while the entry's create is still on its way.
      await press(read, 'Space');
      await page.waitForLoadState('networkidle');
      expect(await focusDrops(page)).toEqual([]);
      expect(await isFocused(read)).toBe(true);
      await expect.poll(() => read.isChecked()).toBe(true);
      await visible(toast(page, 'Habit updated'));
    }
  });
});
