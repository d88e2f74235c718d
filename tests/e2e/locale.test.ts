// Portuguese in Chromium: a pt-BR browser gets pt-BR, the switch flips to English and back, the
// choice sticks.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../contract/rules.js';
import { landing as englishLanding } from '../../src/i18n/en/landing.js';
import { app } from '../../src/i18n/pt-br/app.js';
import { auth } from '../../src/i18n/pt-br/auth.js';
import { journals } from '../../src/i18n/pt-br/journals.js';
import { landing } from '../../src/i18n/pt-br/landing.js';
import { TEXTS } from '../../src/texts.js';
import { isPhone, type Viewport } from './support/app-helpers.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

const SCREENSHOTS = join(ARTIFACTS_DIR, 'locale');

/** A signed-in page in a browser whose language is Brazilian Portuguese. */
function portuguesePage(viewport: Viewport, account: SeededAccount): Promise<Page> {
  return session().newPage(viewport, {
    locale: 'pt-BR',
    storageState: loggedInStorage(session().server.url, account),
    serviceWorkers: 'block',
  });
}

const htmlLang = (page: Page) => page.evaluate<string>('document.documentElement.lang');
const storedLocale = (page: Page) =>
  page.evaluate<string | null>(`localStorage.getItem(${JSON.stringify(STORAGE_KEYS.locale)})`);
/** How far the page is wider than the window: long Portuguese words must not push it sideways. */
const overflow = (page: Page) =>
  page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');

/** The switch: in the header's navbar on wide screens, in the burger menu on narrow ones. */
async function chooseLanguage(page: Page, viewport: Viewport, value: 'en' | 'pt-BR') {
  if (isPhone(viewport)) {
    await page.getByRole('button', { name: /^(Open menu|Abrir menu)$/ }).click();
  }
  await page.getByRole('combobox', { name: /^(Language|Idioma)$/ }).selectOption(value);
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`Portuguese at ${viewport.width} px (${label})`, () => {
    test('a pt-BR browser sees the months screen in Portuguese; the switch flips it and the choice survives a reload', async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('leitora'));
      await seedMonth(session().server.url, account, 'Março de 2027', 'Páginas lidas', ['Ler']);
      const page = await portuguesePage(viewport, account);
      await page.goto('/months');
      await visible(page.getByRole('heading', { level: 1, name: app.months }));
      await visible(page.getByRole('button', { name: app.addMonth }));
      await visible(page.getByRole('button', { name: app.editMonthNamed('Março de 2027') }));
      expect(await htmlLang(page)).toBe('pt-BR');
      expect(await page.title()).toBe(`${app.months} — Monthbook`);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `months-${viewport.width}.png`) });

      await chooseLanguage(page, viewport, 'en');
      await visible(page.getByRole('heading', { level: 1, name: 'Months' }));
      await visible(page.getByRole('button', { name: TEXTS.addMonth }));
      expect(await htmlLang(page)).toBe('en');
      expect(await storedLocale(page)).toBe('en');

      // English was chosen: it wins over the browser's Portuguese after a reload.
      await page.reload();
      await visible(page.getByRole('heading', { level: 1, name: 'Months' }));
      expect(await htmlLang(page)).toBe('en');

      await chooseLanguage(page, viewport, 'pt-BR');
      await visible(page.getByRole('heading', { level: 1, name: app.months }));
      expect(await storedLocale(page)).toBe('pt-BR');
      await page.reload();
      await visible(page.getByRole('heading', { level: 1, name: app.months }));
      expect(await htmlLang(page)).toBe('pt-BR');
    });

    test('the prerendered landing and login pages turn Portuguese once the app has loaded', async () => {
      const page = await session().newPage(viewport, { locale: 'pt-BR' });
      await page.goto('/');
      await visible(page.getByRole('heading', { level: 1, name: landing.heroTitle }));
      await visible(page.getByRole('heading', { level: 2, name: landing.pricing }));
      expect(await htmlLang(page)).toBe('pt-BR');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, `landing-${viewport.width}.png`) });
      await page.locator('#pricing').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, `pricing-${viewport.width}.png`) });

      await page.goto('/login');
      await visible(page.getByRole('heading', { level: 1, name: auth.login }));
      await visible(page.getByRole('textbox', { name: auth.user }));
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SCREENSHOTS, `login-${viewport.width}.png`) });
    });
  });
}

test.describe('the prerendered landing for a pt-BR browser', () => {
  test('is never painted in English while the app starts', async () => {
    const page = await session().newPage(VIEWPORTS.desktop, { locale: 'pt-BR' });
    // Before every frame is painted: is the English heading of the prerendered page on screen?
    await page.addInitScript({
      content: `(() => {
        const english = ${JSON.stringify(englishLanding.heroTitle)};
        window.englishFrames = [];
        const look = () => {
          const heading = document.querySelector('h1');
          const shown = heading?.textContent === english;
          if (shown && getComputedStyle(heading).visibility === 'visible') {
            window.englishFrames.push(performance.now());
          }
          if (!document.documentElement.lang.startsWith('pt') || shown) requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      })();`,
    });
    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1, name: landing.heroTitle }));
    expect(await page.evaluate<number>('window.englishFrames.length')).toBe(0);
    // The page is shown once in Portuguese, not left hidden.
    expect(
      await page.evaluate<boolean>(
        "document.documentElement.hasAttribute('data-language-pending')",
      ),
    ).toBe(false);
  });

  test('an English browser still sees the prerendered page from its first paint', async () => {
    const page = await session().newPage(VIEWPORTS.desktop, { locale: 'en-US' });
    await page.goto('/', { waitUntil: 'commit' });
    await visible(page.getByRole('heading', { level: 1, name: englishLanding.heroTitle }));
    expect(
      await page.evaluate<boolean>(
        "document.documentElement.hasAttribute('data-language-pending')",
      ),
    ).toBe(false);
  });
});

test.describe('the language on the journals page', () => {
  test('the journals page opens again in the language chosen with the switch', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('bilingue'));
    const month = await seedMonth(url, account, 'Abril de 2027', 'Páginas lidas', ['Ler']);
    await seedJournal(url, account, month, 'Chuva o dia todo', 3, [true]);
    const path = `/months/${month.month.id}/journals`;
    const page = await session().newPage(VIEWPORTS.desktop, {
      storageState: loggedInStorage(url, account),
      serviceWorkers: 'block',
    });

    await page.goto(path);
    await visible(page.getByText('Chuva o dia todo'));
    await chooseLanguage(page, VIEWPORTS.desktop, 'pt-BR');
    await visible(page.getByRole('heading', { level: 2, name: journals.registers }));

    await page.reload();
    await visible(page.getByRole('heading', { level: 2, name: journals.registers }));
    await visible(page.getByText('Chuva o dia todo'));
    expect(await htmlLang(page)).toBe('pt-BR');

    await chooseLanguage(page, VIEWPORTS.desktop, 'en');
    await visible(page.getByRole('heading', { level: 2, name: 'Registers' }));
  });
});
