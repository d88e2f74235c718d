// Searching a ten-year account whose months are all private, in Chromium: the server cannot search them, so the browser reads and opens each month's entries, then matches the words.
import type { Browser, Page } from 'playwright-core';
import { createAccountKey, generateKey, wrapMonthKey } from '../src/crypto/keys.js';
import { NEUTRAL_FIELDS, sealFields } from '../src/crypto/month-content.js';
import { median, newContext, type storageFor } from './browser-bench.js';
import { WATCHER, waitForMark } from './write-bench.js';

export interface PrivateSearchFigures {
  months: number;
  entries: number;
  /**
   * From the last key typed to the private months' hits shown: the first search after a login,
   * typed as the dialog opens (which starts reading the private months' entries).
   */
  firstMs: number;
  /** The same, for other words in the same page (the entries read and opened already). */
  laterMs: number[];
  /** The first search after a reload (the entries from the month data saved on the device). */
  afterReloadMs: number;
}

const YEARS = 10;
const ENTRIES = 31;
const PASSWORD = 'Bench@Mark2025';
/** Every search waits this long after the last key (SEARCH_DEBOUNCE_MS, search-modal.tsx). */
const DEBOUNCE_MS = 300;
/** Between two keys typed: about 100 words a minute. */
const KEY_DELAY_MS = 120;
/** Seeding requests in flight at once. */
const PARALLEL = 6;
const NO_STORAGE = { cookies: [], origins: [] } as ReturnType<typeof storageFor>;
/** The words searched, each in some highlights: "lighthouse" in one entry in a hundred. */
const WORDS = ['lighthouse', 'garden', 'letter', 'bread', 'quiet'];
/**
 * Searched after the reload: a word not searched before it, so the answer is worked out again
 * rather than found in the query cache the reload restored (it then came 0 ms after the wait).
 */
const AFTER_RELOAD_WORD = 'morning';
/** A hit's link in the dialog's private months section (search-modal.tsx). */
const PRIVATE_HIT = 'section[aria-labelledby="search-private-title"] a';

function highlightFor(index: number): { highlight: string; note: string; mood: number } {
  const words = ['garden', 'letter', 'bread', 'rain', 'friend', 'quiet', 'morning'];
  return {
    highlight: `Day ${index}: ${words[index % words.length]} and ${words[(index * 3) % words.length]}${index % 100 === 0 ? ', the lighthouse' : ''}`,
    note: 'Wrote a few lines before sleep.',
    mood: (index % 5) + 1,
  };
}

async function pool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** A new account with its account key, and ten years of private months sealed as the browser seals them (src/queries/private-writes.ts). */
async function seedPrivateYears(url: string): Promise<{ username: string; entries: number }> {
  let access = '';
  const call = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(access ? { authorization: `Bearer ${access}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(
        `seeding: ${method} ${path} answered ${response.status} ${await response.text()}`,
      );
    return (await response.json()) as T;
  };
  const username = `private${Date.now()}`;
  await call('POST', '/api/user/register/', { username, password: PASSWORD });
  access = (await call<{ access: string }>('POST', '/api/token/', { username, password: PASSWORD }))
    .access;
  const made = await createAccountKey(PASSWORD);
  await call('PUT', '/api/account/keys/', {
    password: PASSWORD,
    by_password: made.byPassword,
    by_recovery_key: made.byRecoveryKey,
  });
  const periods = Array.from({ length: YEARS * 12 }, (_, m) => ({
    year: 2016 + Math.floor(m / 12),
    month: (m % 12) + 1,
  }));
  let entries = 0;
  await pool(periods, async ({ year, month }) => {
    const period = `${year}-${String(month).padStart(2, '0')}`;
    const created = await call<{ id: number }>('POST', '/api/months/', {
      name: 'Private month',
      period,
    });
    const monthKey = generateKey();
    await call('PATCH', `/api/months/${created.id}/`, {
      month_key: wrapMonthKey(monthKey, made.accountKey, created.id),
      ...NEUTRAL_FIELDS.month,
      sealed: sealFields(monthKey, 'month', created.id, { name: `Private ${period}` }),
    });
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    for (let day = 1; day <= ENTRIES; day += 1) {
      entries += 1;
      const index = entries;
      const entry = await call<{ id: number }>('POST', '/api/journals/', {
        month_id: created.id,
        highlight: '',
        created_at: `${period}-${String(Math.min(day, days)).padStart(2, '0')}`,
        sealed: null,
      });
      await call('PATCH', `/api/journals/${entry.id}/`, {
        ...NEUTRAL_FIELDS.entry,
        sealed: sealFields(monthKey, 'entry', entry.id, highlightFor(index)),
      });
    }
  });
  return { username, entries };
}

/** Types `word` in the open search dialog; answers the time until the private months' hits for it show. */
async function timeSearch(page: Page, word: string): Promise<number> {
  const dialog = page.getByRole('dialog', { name: 'Search entries' });
  const field = dialog.getByLabel('Words in the highlight or note');
  const section = dialog.getByRole('region', { name: /^In your private months/ });
  // Cleared, the dialog shows no hits: the next ones are the new word's.
  await field.fill('');
  await section.waitFor({ state: 'hidden' });
  // Typed a key at a time, as people type, from the moment the dialog has the field. Under load
  // more than the wait can pass between two keys: the hits of the word less its last letter (which
  // hold the word's) may then show first, and are what the user sees, so the time can be under
  // the wait.
  await field.pressSequentially(word.slice(0, -1), { delay: KEY_DELAY_MS });
  await page.waitForTimeout(KEY_DELAY_MS);
  // Timed in the page, from the last key's event to the frame that shows a hit (WATCHER).
  await page.evaluate(
    `window.__watch('hits', () => [...document.querySelectorAll(${JSON.stringify(PRIVATE_HIT)})].some((link) => ${new RegExp(word, 'i')}.test(link.textContent ?? '')))`,
  );
  await field.press(word.slice(-1));
  const shown = await waitForMark(page, 'hits', 120_000);
  return shown - (await page.evaluate<number>('window.__keyAt'));
}

async function openSearch(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Search/ })
    .first()
    .waitFor();
  await page.keyboard.press('/');
  await page.getByRole('dialog', { name: 'Search entries' }).waitFor();
}

export async function benchPrivateSearch(
  browser: Browser,
  url: string,
): Promise<PrivateSearchFigures> {
  const { username, entries } = await seedPrivateYears(url);
  const context = await newContext(browser, NO_STORAGE);
  await context.addInitScript(WATCHER);
  try {
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel('User').fill(username);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/months$/);
    // The key opened: a private month's card shows its name.
    await page.getByText('Private 2025-12').first().waitFor({ timeout: 60_000 });
    await openSearch(page);
    const firstMs = await timeSearch(page, WORDS[0]!);
    const laterMs: number[] = [];
    for (const word of WORDS.slice(1)) laterMs.push(await timeSearch(page, word));
    await page.reload();
    await page.getByText('Private 2025-12').first().waitFor({ timeout: 60_000 });
    await openSearch(page);
    const afterReloadMs = await timeSearch(page, AFTER_RELOAD_WORD);
    return { months: YEARS * 12, entries, firstMs, laterMs, afterReloadMs };
  } finally {
    await context.close();
  }
}

/** The goal row: a search of a ten-year all-private account answered in ≤ 500 ms. */
export function privateSearchGoal(figures: PrivateSearchFigures): string {
  const later = median(figures.laterMs);
  const own = (ms: number) => Math.round(ms - DEBOUNCE_MS);
  // Hits shown before the wait was over were those of the word less its last letter.
  const shown = (ms: number) =>
    own(ms) < 0
      ? `${Math.round(ms)} ms after the last key (before the wait ended)`
      : `${own(ms)} ms`;
  const met = Math.max(own(figures.firstMs), own(later), own(figures.afterReloadMs)) <= 500;
  return `| Searching a ten-year account whose months are all private in ≤ 500 ms | ${figures.months} months, ${figures.entries} entries: the first search after a login ${shown(figures.firstMs)}, later words ${shown(later)} (median of ${figures.laterMs.length}), the first after a reload (a new word) ${shown(figures.afterReloadMs)}, each after the ${DEBOUNCE_MS} ms every search waits once typing stops | ${met ? 'met' : '**not met**'} |`;
}
