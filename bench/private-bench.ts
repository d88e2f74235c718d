// Private months in Chromium: unlocking after a login (Argon2id in the page's worker), making a month of 31 entries private from its Edit dialog, and opening it beside a plain month of the same size.
import type { Browser, Page } from 'playwright-core';
import { createAccountKey } from '../src/crypto/keys.js';
import { OFFLINE_TEXTS } from '../src/offline/texts.js';
import {
  median,
  newContext,
  PAGE_RUNS,
  type storageFor,
  timeVisit,
  trackRequests,
} from './browser-bench.js';
import {
  benchPrivateSearch,
  type PrivateSearchFigures,
  privateSearchGoal,
} from './private-search-bench.js';
import { ENTRIES_PER_MONTH, type Seeded } from './seed.js';
import { WATCHER, waitForMark } from './write-bench.js';

export interface PrivateFigures {
  /** From the Login click to a private month's name shown on /months, in a fresh browser. */
  unlockMs: number[];
  /** The same logins, from the Login click to the months list shown (a plain month's name). */
  listedMs: number[];
  /** From the click on "Make this month private" to every change sent. */
  makePrivateMs: number;
  /** Cards shown, on alternate visits of the two months. */
  plainOpenMs: number[];
  privateOpenMs: number[];
  /** Searching another account: ten years, every month private. */
  search: PrivateSearchFigures;
}

const UNLOCK_RUNS = 7;
const NO_STORAGE = { cookies: [], origins: [] } as ReturnType<typeof storageFor>;

async function fillLogin(page: Page, url: string, seeded: Seeded): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('User').fill(seeded.username);
  await page.getByLabel(/^Password/).fill(seeded.password);
}

/** Logs in and waits, in the app rather than after a reload, for Settings to say the key is open. */
async function logIn(page: Page, url: string, seeded: Seeded): Promise<void> {
  await fillLogin(page, url, seeded);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/months$/);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await page.getByText(/^Open on this device/).waitFor({ timeout: 60_000 });
}

/** A login in a fresh browser, timed from the Login click. */
interface UnlockTimes {
  /** To a plain month's name on /months: logged in, the list shown. */
  listedMs: number;
  /** To the private month's own name: the unlock as the user sees it. */
  namedMs: number;
}

async function logInUntilNamed(
  page: Page,
  url: string,
  seeded: Seeded,
  plainName: string,
  privateName: string,
): Promise<UnlockTimes> {
  await fillLogin(page, url, seeded);
  // Timed in the page (the login stays in it), from the click's event to the frame that shows
  // the link (WATCHER).
  const linkNamed = (name: string) =>
    `() => [...document.querySelectorAll('a')].some((link) => link.textContent.trim() === ${JSON.stringify(name)})`;
  await page.evaluate(
    `window.__watch('listed', ${linkNamed(plainName)}); window.__watch('named', ${linkNamed(privateName)})`,
  );
  await page.getByRole('button', { name: 'Login' }).click();
  const listed = await waitForMark(page, 'listed', 60_000);
  const named = await waitForMark(page, 'named', 60_000);
  const clicked = await page.evaluate<number>('window.__clickAt');
  return { listedMs: listed - clicked, namedMs: named - clicked };
}

export async function benchPrivateMonths(
  browser: Browser,
  url: string,
  seeded: Seeded,
): Promise<PrivateFigures> {
  const made = await createAccountKey(seeded.password);
  const keys = await fetch(`${url}/api/account/keys/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${seeded.access}` },
    body: JSON.stringify({
      password: seeded.password,
      by_password: made.byPassword,
      by_recovery_key: made.byRecoveryKey,
    }),
  });
  if (!keys.ok) throw new Error(`storing the account keys answered ${keys.status}`);
  const months = (await (
    await fetch(`${url}/api/months/`, { headers: { authorization: `Bearer ${seeded.access}` } })
  ).json()) as { id: number; name: string }[];
  const february = months.find((month) => month.name.startsWith('February'));
  const january = months.find((month) => month.name.startsWith('January'));
  if (!february || !january) throw new Error('no January and February seeded');

  const context = await newContext(browser, NO_STORAGE);
  try {
    const page = await context.newPage();
    const requests = trackRequests(page);
    await logIn(page, url, seeded);
    await page.goto(`${url}/months`);
    await page.getByRole('button', { name: `Edit month ${february.name}` }).click();
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Make this month private' }).click();
    await page.getByText(/^This month is private: its content/).waitFor();
    const syncLabel = () => page.locator('[data-sync-state] > button').getAttribute('aria-label');
    while ((await syncLabel()) !== OFFLINE_TEXTS.allSaved) {
      if (Date.now() - clicked > 300_000) throw new Error('making the month private took 5 min');
      await page.waitForTimeout(100);
    }
    const makePrivateMs = Date.now() - clicked;
    await requests.quiet();

    const plainOpenMs: number[] = [];
    const privateOpenMs: number[] = [];
    for (let run = 0; run < PAGE_RUNS; run += 1) {
      for (const [id, runs] of [
        [seeded.monthId, plainOpenMs],
        [february.id, privateOpenMs],
      ] as const) {
        requests.reset();
        const times = await timeVisit(
          page,
          requests,
          `${url}/months/${id}/journals`,
          ENTRIES_PER_MONTH,
        );
        runs.push(times.cardsShownMs);
      }
    }
    // Each login in a fresh browser, as a second device: the months list arrives sealed, and
    // February's name shows once the password has opened the account key.
    const unlockMs: number[] = [];
    const listedMs: number[] = [];
    for (let run = 0; run < UNLOCK_RUNS; run += 1) {
      const fresh = await newContext(browser, NO_STORAGE);
      await fresh.addInitScript(WATCHER);
      try {
        const times = await logInUntilNamed(
          await fresh.newPage(),
          url,
          seeded,
          january.name,
          february.name,
        );
        unlockMs.push(times.namedMs);
        listedMs.push(times.listedMs);
      } finally {
        await fresh.close();
      }
    }
    return {
      unlockMs,
      listedMs,
      makePrivateMs,
      plainOpenMs,
      privateOpenMs,
      search: await benchPrivateSearch(browser, url),
    };
  } finally {
    await context.close();
  }
}

/** The goal rows: unlocking within 1 s, and a private month opening within 50 ms of a plain one. */
export function privateGoals(figures: PrivateFigures): string[] {
  // What the unlock adds to a login: from the list shown (a plain month named) to the private one.
  const unlock = median(figures.unlockMs.map((named, run) => named - (figures.listedMs[run] ?? 0)));
  const plain = median(figures.plainOpenMs);
  const sealed = median(figures.privateOpenMs);
  const met = (ok: boolean) => (ok ? 'met' : '**not met**');
  return [
    `| Private months unlocked after a login in ≤ 1 s | ${Math.round(unlock)} ms from the months list shown (a plain month's name) to the private month's name, ${Math.round(median(figures.unlockMs))} ms from the Login click (medians of ${figures.unlockMs.length}) | ${met(unlock <= 1000)} |`,
    `| A private month of ${ENTRIES_PER_MONTH} entries opens within 50 ms of a plain one | all cards after ${Math.round(sealed)} ms, the plain one's ${Math.round(plain)} ms (medians of ${figures.privateOpenMs.length}; ${sealed - plain >= 0 ? '+' : ''}${Math.round(sealed - plain)} ms) | ${met(sealed - plain <= 50)} |`,
    privateSearchGoal(figures.search),
  ];
}

export function privateSection(figures: PrivateFigures): string[] {
  const list = (values: number[]) => values.map((value) => Math.round(value)).join(', ');
  return [
    '## Private months in Chromium',
    '',
    `The seeded user's account key set up, then: February (${ENTRIES_PER_MONTH} entries, 5 habits, 2 measures) made private from its Edit dialog, timed until every change was sent; January (plain) and February (private) opened in turn ${PAGE_RUNS} times each in the same tab, timed to all cards shown (the saved month data on the device, as a returning user has it); then ${UNLOCK_RUNS} logins through the form, each in a fresh browser and timed from the Login click to January's name on /months (logged in, the list shown) and to February's own name (the list arrives sealed; Argon2id at 64 MiB in the page's worker, then the unwrap, open it).`,
    '',
    `- Unlock, from the Login click to February's name: ${list(figures.unlockMs)} ms (median ${Math.round(median(figures.unlockMs))}); to January's (the list shown, logged in): ${list(figures.listedMs)} ms (median ${Math.round(median(figures.listedMs))}).`,
    `- Making February private: ${Math.round(figures.makePrivateMs)} ms.`,
    `- January (plain): ${list(figures.plainOpenMs)} ms (median ${Math.round(median(figures.plainOpenMs))}).`,
    `- February (private): ${list(figures.privateOpenMs)} ms (median ${Math.round(median(figures.privateOpenMs))}).`,
    `- Search, on another account of ${figures.search.months} private months (${figures.search.entries} entries, sealed as the browser seals them) after a login through the form: the first word ${Math.round(figures.search.firstMs)} ms, the next ${list(figures.search.laterMs)} ms, the first after a reload (a word not searched before it) ${Math.round(figures.search.afterReloadMs)} ms, each typed a key at a time (120 ms apart) as soon as the dialog opens, and timed from the last key to the private months' hits shown (the ${300} ms wait after typing included).`,
    '',
  ];
}
