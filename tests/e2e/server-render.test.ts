// A signed-in user's journals page comes rendered by the server, then the app takes it over and it works as ever.
import { RENDER_COOKIE } from '../../contract/rules.js';
import { TOASTS } from '../../src/texts.js';
import { live, toast, uniqueUsername, visible } from './support/page-helpers.js';
import { loggedInStorage, seedAccount, seedJournal, seedMonth } from './support/seed-account.js';
import { browserSessionForFile } from './support/session.js';

const session = browserSessionForFile();

async function seededUser() {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('rendered'));
  const month = await seedMonth(url, account, 'May 2026', 'Hours', ['Swim', 'Stretch']);
  await seedJournal(url, account, month, 'Picnic under the oaks', 5, [true, false]);
  const page = await session().newPage(undefined, {
    storageState: loggedInStorage(url, account),
  });
  return { page, path: `/months/${month.month.id}/journals` };
}

describe('the journals page rendered on the server', () => {
  it("arrives with the user's entries in its HTML, then becomes the live app", async () => {
    const { page, path } = await seededUser();
    const html = await (await page.context().request.get(path)).text();
    expect(html).toContain('data-server-rendered');
    expect(html).toContain('Picnic under the oaks');
    // No inline script runs under the CSP (script-src 'self'): only the page's data, which is JSON.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual([
      '<script type="application/json" id="server-reads">',
    ]);

    await page.goto(path);
    await visible(page.getByText('Picnic under the oaks'));
    // Live once the app has taken over: nothing inert is left, and a tick is saved.
    await live(page);
    const stretch = page.getByRole('checkbox', { name: 'Stretch' });
    await stretch.click();
    await visible(toast(page, TOASTS.habitUpdated));
    await page.reload();
    await expect.poll(() => stretch.isChecked(), { timeout: 5_000 }).toBe(true);
  });

  it('asks the API for nothing on opening: the page brought its data', async () => {
    const { page, path } = await seededUser();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.goto(path);
    await live(page);
    await visible(page.getByRole('checkbox', { name: 'Swim' }));
    expect(apiCalls).toEqual([]);
  });

  it('is a plain page again once the user has logged out (the cookie goes with the session)', async () => {
    const { page, path } = await seededUser();
    await page.goto(path);
    await live(page);
    await page.goto('/logout');
    await expect
      .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
      .not.toContain(RENDER_COOKIE);
    const html = await (await page.context().request.get(path)).text();
    expect(html).not.toContain('Picnic under the oaks');
  });
});
