// Login, register and session screens in Chromium (docs/product-rules.md sections 2, 4 and 8):
// messages, links, storage, token refresh.
import type { Page, Request } from '@playwright/test';
import { createSigner } from 'fast-jwt';
import type { TokenClaims } from '../../contract/entities.js';
import { STORAGE_KEYS } from '../../contract/rules.js';
import { TEXTS } from '../../src/texts.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import {
  openLiveForm,
  path,
  STRONG_PASSWORD,
  uniqueUsername,
  visible,
} from './support/page-helpers.js';
import {
  type SeededAccount,
  seedAccount,
  seedGoal,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

/** Known here so the test can sign an expired access token the server would otherwise accept. */
const JWT_SECRET = 'e2e-only-secret-for-expired-token-tests-0123456789';
test.use({ serverEnv: { JWT_SECRET } });

const storageLength = (page: Page) => page.evaluate<number>('localStorage.length');
const storedAccess = (page: Page) =>
  page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(STORAGE_KEYS.access)})`);

function claimsOf(token: string): TokenClaims {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
}

/** The account's access token with the same claims, validly signed, but expired a minute ago. */
function expiredAccess({ tokens }: SeededAccount): string {
  const now = Math.floor(Date.now() / 1000);
  const sign = createSigner({ key: JWT_SECRET, algorithm: 'HS256' });
  return sign({ ...claimsOf(tokens.access), iat: now - 3600, exp: now - 60 });
}

/** A page that starts with these tokens in localStorage, on a harmless public page of the origin. */
async function pageWithTokens(
  access: string,
  refresh: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<Page> {
  const page = await session().newPage(viewport);
  await page.goto('/tou');
  await page.evaluate(
    `localStorage.setItem(${JSON.stringify(STORAGE_KEYS.access)}, ${JSON.stringify(access)});` +
      `localStorage.setItem(${JSON.stringify(STORAGE_KEYS.refresh)}, ${JSON.stringify(refresh)})`,
  );
  return page;
}

const isRefresh = (request: Request) =>
  request.method() === 'POST' && /^\/api\/token\/refresh\/?$/.test(new URL(request.url()).pathname);

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`login and register at ${viewport.width} px (${label})`, () => {
    test('login: a wrong password, the visibility toggle, the links between the two forms', async () => {
      const { username } = await seedAccount(session().server.url, uniqueUsername('login'), {
        pay: false,
      });
      const page = await session().newPage(viewport);
      await openLiveForm(page, '/login');
      await visible(page.getByRole('heading', { name: 'Login' }));
      const password = page.getByLabel(/^Password/);

      await page.getByLabel('User').fill(username);
      await password.fill('Wr0ng!Pass');
      await page.getByRole('button', { name: 'Login' }).click();
      const alert = page.getByRole('alert').filter({ hasText: TEXTS.badLogin });
      await visible(alert);
      expect((await alert.textContent())?.trim()).toBe(TEXTS.badLogin);
      expect(new URL(page.url()).pathname).toBe('/login');

      // The toggle switches the field between hidden and shown.
      expect(await password.getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).toBe('text');
      expect(await password.inputValue()).toBe('Wr0ng!Pass');
      await page.getByRole('button', { name: 'Hide password' }).click();
      expect(await password.getAttribute('type')).toBe('password');

      // Login → Register → Login.
      await page.getByRole('link', { name: 'Register' }).click();
      await path(page, '/register');
      await visible(page.getByRole('heading', { name: 'Register' }));
      await page.getByRole('link', { name: 'Login' }).click();
      await path(page, '/login');
      await visible(page.getByRole('heading', { name: 'Login' }));

      // The right password for an unpaid user goes to /subscribe (docs/product-rules.md section 4).
      await page.getByLabel('User').fill(username);
      await page.getByLabel(/^Password/).fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await path(page, '/subscribe');
      await visible(page.getByRole('button', { name: 'Pay Once' }));
      expect(await storedAccess(page)).not.toBeNull();
      // The months page checks the payment too (docs/product-rules.md section 2): unpaid users go
      // back to /subscribe.
      await page.goto('/months');
      await path(page, '/subscribe');
      await visible(page.getByRole('button', { name: 'Monthly' }));
    });

    test('visiting /register clears local storage, asking first when signed in', async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('clearer'));
      const page = await pageWithTokens(account.tokens.access, account.tokens.refresh, viewport);
      await page.evaluate(`localStorage.setItem('unrelated', 'kept elsewhere')`);
      expect(await storageLength(page)).toBe(3);
      await page.goto('/register');
      // A live session is not ended silently.
      await visible(page.getByRole('heading', { name: 'You are already signed in' }));
      expect(await storageLength(page)).toBe(3);
      await page.getByRole('button', { name: 'Log out and create an account' }).click();
      await visible(page.getByRole('button', { name: 'Register' }));
      await expect.poll(() => storageLength(page)).toBe(0);
      // Signed out: protected screens send to /login again.
      await page.goto('/months');
      await path(page, '/login');
    });
  });
}

test.describe('an expired access token', () => {
  test('is refreshed exactly once for the journals page’s parallel requests', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('refresher'));
    const month = await seedMonth(url, account, 'March 2026', 'Steps', ['Stretch', 'Walk']);
    await seedJournal(url, account, month, 'Morning stretch by the window', 4000, [true, false]);
    await seedGoal(url, account, month, 'Walk every day');
    const expired = expiredAccess(account);
    const page = await pageWithTokens(expired, account.tokens.refresh);

    const refreshes: Request[] = [];
    const apiCalls: Request[] = [];
    page.on('request', (request) => {
      if (isRefresh(request)) refreshes.push(request);
      else if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request);
    });
    await page.goto(`/months/${month.month.id}/journals`);
    await visible(page.getByText('Morning stretch by the window'));
    await visible(page.getByRole('checkbox', { name: 'Walk every day' }));

    expect(refreshes).toHaveLength(1);
    const fresh = await storedAccess(page);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(expired);
    expect(claimsOf(fresh ?? '').exp * 1000).toBeGreaterThan(Date.now());
    // The page's seven reads all went out after the refresh, with the new token.
    expect(apiCalls.length).toBeGreaterThanOrEqual(7);
    for (const call of apiCalls) {
      expect(await call.headerValue('authorization')).toBe(`Bearer ${fresh}`);
    }

    // Moving on with the fresh token refreshes nothing more.
    await page.getByRole('heading', { name: 'March 2026' }).getByRole('link').click();
    await path(page, '/months');
    await visible(page.getByRole('link', { name: 'March 2026' }));
    expect(refreshes).toHaveLength(1);
  });

  test('with a refresh the server refuses, sends the user to /login with storage cleared', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('expired'));
    const [header, payload] = account.tokens.refresh.split('.');
    const tampered = `${header}.${payload}.${'A'.repeat(43)}`;
    const page = await pageWithTokens(expiredAccess(account), tampered);
    const refreshes: Request[] = [];
    page.on('request', (request) => {
      if (isRefresh(request)) refreshes.push(request);
    });
    await page.goto('/months');
    await path(page, '/login');
    await visible(page.getByRole('heading', { name: 'Login' }));
    expect(refreshes).toHaveLength(1);
    expect(await storageLength(page)).toBe(0);
  });
});
