// An expired session in Chromium, many times over and on a slow network: one refresh, the new token everywhere, never /login.
import type { Page, Request, Route } from '@playwright/test';
import { createSigner } from 'fast-jwt';
import type { TokenClaims } from '../../contract/entities.js';
import { STORAGE_KEYS } from '../../contract/rules.js';
import { expect, session, test } from './support/fixtures.js';
import { path, uniqueUsername, visible } from './support/page-helpers.js';
import { type SeededAccount, seedAccount, seedJournal, seedMonth } from './support/seed-account.js';

/** Known here so the test can sign an expired access token the server would otherwise accept. */
const JWT_SECRET = 'e2e-only-secret-for-expired-token-tests-0123456789';
test.use({ serverEnv: { JWT_SECRET } });

const ROUNDS = 20;

function claimsOf(token: string): TokenClaims {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
}

/** The account's access token, validly signed, expired `secondsAgo` ago. */
function expiredAccess({ tokens }: SeededAccount, secondsAgo: number): string {
  const now = Math.floor(Date.now() / 1000);
  const sign = createSigner({ key: JWT_SECRET, algorithm: 'HS256' });
  return sign({ ...claimsOf(tokens.access), iat: now - 3600, exp: now - secondsAgo });
}

const storeAccess = (page: Page, access: string) =>
  page.evaluate(
    `localStorage.setItem(${JSON.stringify(STORAGE_KEYS.access)}, ${JSON.stringify(access)})`,
  );

const apiPath = (request: Request) => new URL(request.url()).pathname;
const isRefresh = (request: Request) =>
  request.method() === 'POST' && /^\/api\/token\/refresh\/?$/.test(apiPath(request));

/**
 * A slow network whose answers come back out of order: every API answer is held for a time that
 * changes from request to request (0–360 ms), the refresh among them.
 */
async function slowNetwork(page: Page): Promise<void> {
  let count = 0;
  await page.route('**/api/**', async (route: Route) => {
    count += 1;
    const hold = (count * 97) % 361;
    await new Promise((resolve) => setTimeout(resolve, hold));
    await route.continue().catch(() => undefined);
  });
}

test.describe('an expired access token, again and again', () => {
  test(`is refreshed and never ends on /login (${ROUNDS} rounds, slow network)`, async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('looper'));
    const month = await seedMonth(url, account, 'March 2026', 'Steps', ['Stretch']);
    await seedJournal(url, account, month, 'Tea on the balcony', 4000, [true]);
    const page = await session().newPage();
    await slowNetwork(page);
    await page.goto('/tou');
    await page.evaluate(
      `localStorage.setItem(${JSON.stringify(STORAGE_KEYS.refresh)}, ${JSON.stringify(account.tokens.refresh)})`,
    );

    const unauthorized: string[] = [];
    const loginVisits: number[] = [];
    let round = 0;
    page.on('response', (response) => {
      if (response.status() === 401) unauthorized.push(`${round}: ${apiPath(response.request())}`);
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login')
        loginVisits.push(round);
    });
    const refreshes: number[] = [];
    page.on('request', (request) => {
      if (isRefresh(request)) refreshes.push(round);
    });

    const journals = `/months/${month.month.id}/journals`;
    const monthsHeading = page.getByRole('heading', { name: 'Months', level: 1 });
    for (round = 0; round < ROUNDS; round += 1) {
      // Expired a minute ago, or just now (within the refresh margin: the server would still take it).
      const expired = expiredAccess(account, round % 2 === 0 ? 60 : -2);
      if (round % 4 < 2) {
        // A fresh page load of a screen. The token is swapped on the public terms page, which asks
        // the API nothing: swapped under the last screen, that screen's late read (its payment
        // check) could start a refresh the navigation then aborts, and the new page rightly
        // refreshes again — two in a round, neither of them shared wrongly.
        await page.goto('/tou');
        await storeAccess(page, expired);
        await page.goto(round % 4 === 0 ? journals : '/months');
      } else {
        await storeAccess(page, expired);
        // Inside the open app: the token expires while the page stays, then the user moves on.
        await page.getByRole('link', { name: 'Months', exact: true }).first().click();
        await path(page, '/months');
        await visible(monthsHeading);
        await page.locator('[data-month-card]').getByRole('link', { name: 'March 2026' }).click();
        await path(page, journals);
      }
      if (new URL(page.url()).pathname === journals) {
        await visible(page.getByRole('heading', { name: 'March 2026', level: 1 }));
        await visible(page.getByText('Tea on the balcony'));
      } else await visible(monthsHeading);
      expect(loginVisits, `round ${round}`).toEqual([]);
    }

    expect(unauthorized).toEqual([]);
    // One refresh per round at most: concurrent requests share it.
    for (let r = 0; r < ROUNDS; r += 1)
      expect(refreshes.filter((at) => at === r).length).toBeLessThanOrEqual(1);
    expect(
      claimsOf((await page.evaluate<string>('localStorage.access')) ?? '').exp * 1000,
    ).toBeGreaterThan(Date.now());
  });
});

test.describe('a reload while the refresh is out', () => {
  test('keeps the session: the next page load refreshes again instead of going to /login (6 rounds)', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('reloader'));
    const page = await session().newPage();
    await page.goto('/tou');
    await page.evaluate(
      `localStorage.setItem(${JSON.stringify(STORAGE_KEYS.refresh)}, ${JSON.stringify(account.tokens.refresh)})`,
    );
    const loginVisits: number[] = [];
    let round = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/login')
        loginVisits.push(round);
    });
    const monthsHeading = page.getByRole('heading', { name: 'Months', level: 1 });

    for (round = 0; round < 6; round += 1) {
      await storeAccess(page, expiredAccess(account, 60));
      // The first load's refresh is held on the network until the page has been reloaded.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let first = true;
      await page.route('**/api/token/refresh/', async (route) => {
        if (first) {
          first = false;
          await held;
        }
        await route.continue().catch(() => undefined);
      });
      const refreshOut = page.waitForRequest(isRefresh);
      void page.goto('/months').catch(() => undefined);
      await refreshOut;
      // Reloaded while that refresh is out: leaving the page aborts it.
      await page.goto('/months');
      release();
      await visible(monthsHeading);
      expect(loginVisits, `round ${round}`).toEqual([]);
      expect(await page.evaluate<string | null>('localStorage.getItem("refresh")')).toBe(
        account.tokens.refresh,
      );
      await page.unroute('**/api/token/refresh/');
    }
  });
});
