// axe-core on every screen in Chromium, at 1280 and 390 px, in light and dark: no WCAG 2 A/AA or best-practice violation.
import type { BrowserContextOptions, Page } from '@playwright/test';
import { TEXTS } from '../../src/texts.js';
import { axeViolations } from './support/axe.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { settled, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  type SeededMonth,
  seedAccount,
  seedGoal,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

type Who = 'anonymous' | 'unpaid' | 'empty' | 'full';

interface Screen {
  name: string;
  who: Who;
  path: (month: SeededMonth) => string;
  /** Resolves once the screen shows its real content (not 'Loading...'). */
  ready: (page: Page) => Promise<unknown>;
}

const SCREENS: Screen[] = [
  {
    name: 'landing',
    who: 'anonymous',
    path: () => '/',
    ready: (page) => visible(page.getByRole('heading', { level: 1 })),
  },
  {
    name: 'login',
    who: 'anonymous',
    path: () => '/login',
    ready: (page) => visible(page.getByRole('button', { name: 'Login' })),
  },
  {
    name: 'register',
    who: 'anonymous',
    path: () => '/register',
    ready: (page) => visible(page.getByRole('button', { name: 'Register' })),
  },
  {
    name: 'subscribe',
    who: 'unpaid',
    path: () => '/subscribe',
    ready: (page) => visible(page.getByRole('button', { name: 'Pay Once' })),
  },
  {
    name: 'months (empty)',
    who: 'empty',
    path: () => '/months',
    ready: (page) => visible(page.getByRole('button', { name: TEXTS.addMonth })),
  },
  {
    name: 'months (with a month)',
    who: 'full',
    path: () => '/months',
    ready: (page) => visible(page.getByRole('link', { name: 'November 2026' })),
  },
  {
    name: 'months (Create a Month open, two habits)',
    who: 'full',
    path: () => '/months',
    ready: async (page) => {
      await page.getByRole('button', { name: TEXTS.addMonth }).click();
      const dialog = page.getByRole('dialog', { name: TEXTS.createMonth });
      await dialog.getByRole('button', { name: TEXTS.addHabit }).click();
      await visible(dialog.getByRole('textbox', { name: /^Habit 2/ }));
    },
  },
  {
    name: 'journals (entries and goals)',
    who: 'full',
    path: ({ month }) => `/months/${month.id}/journals`,
    ready: (page) => visible(page.getByRole('checkbox', { name: 'Finish a book' })),
  },
  {
    name: 'journals (Create a Register open)',
    who: 'full',
    path: ({ month }) => `/months/${month.id}/journals`,
    ready: async (page) => {
      await page.getByRole('button', { name: TEXTS.addJournal }).click();
      await visible(page.getByRole('dialog', { name: TEXTS.createRegister }));
    },
  },
  {
    name: 'settings',
    who: 'full',
    path: () => '/settings',
    // The lazy sections show together (one Suspense): with Reminders' button, all are in the page.
    ready: (page) => visible(page.getByRole('button', { name: 'Save reminders' }), 20_000),
  },
  {
    name: 'terms of use',
    who: 'anonymous',
    path: () => '/tou',
    ready: (page) => visible(page.getByRole('heading', { level: 1 })),
  },
  {
    name: 'privacy policy',
    who: 'anonymous',
    path: () => '/pp',
    ready: (page) => visible(page.getByRole('heading', { level: 1 })),
  },
  {
    name: '404',
    who: 'anonymous',
    path: () => '/no-such-page',
    ready: (page) => visible(page.getByText(TEXTS.notFoundBody)),
  },
];

let accounts: Record<Exclude<Who, 'anonymous'>, SeededAccount>;
let fullMonth: SeededMonth;

test.beforeAll(async ({ server }) => {
  const url = server.url;
  const [unpaid, empty, full] = await Promise.all([
    seedAccount(url, uniqueUsername('unpaid'), { pay: false }),
    seedAccount(url, uniqueUsername('empty')),
    seedAccount(url, uniqueUsername('full')),
  ]);
  accounts = { unpaid, empty, full };
  fullMonth = await seedMonth(url, full, 'November 2026', 'Hours slept', ['Read', 'Run']);
  await seedJournal(url, full, fullMonth, 'Walked by the river', 7.5, [true, false]);
  await seedJournal(url, full, fullMonth, 'Finished the first chapter', 6, [true, true]);
  await seedGoal(url, full, fullMonth, 'Finish a book');
  await seedGoal(url, full, fullMonth, 'Run 50 km', true);
});

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`axe at ${viewport.width} px (${label}), ${colorScheme}`, () => {
      /**
       * One page per kind of visitor, made at its first screen and used by its next ones (each
       * still loaded afresh): a context per test — a renderer process of its own, the app's files
       * fetched and compiled again — took a third of each test's time. Service workers are
       * blocked, so every load is a first visit's, as in a new context: the app's worker would
       * otherwise answer the later ones from its cache.
       */
      const pages = new Map<Who, Promise<Page>>();
      test.afterAll(async () => {
        await Promise.all([...pages.values()].map(async (page) => (await page).context().close()));
      });
      function pageFor(who: Who): Promise<Page> {
        let page = pages.get(who);
        if (!page) {
          const { browser, server } = session();
          const options: BrowserContextOptions = {
            viewport,
            colorScheme,
            baseURL: server.url,
            serviceWorkers: 'block',
            // The app's CSP allows only its own scripts; axe is injected from the test.
            bypassCSP: true,
            ...(who === 'anonymous'
              ? {}
              : { storageState: loggedInStorage(server.url, accounts[who]) }),
          };
          page = browser.newContext(options).then((context) => context.newPage());
          pages.set(who, page);
        }
        return page;
      }

      for (const screen of SCREENS)
        test(`${screen.name} has no violations`, async () => {
          const page = await pageFor(screen.who);
          await page.goto(screen.path(fullMonth));
          await screen.ready(page);
          // Let Mantine's transitions finish: half-faded elements would fail the contrast rule.
          // settled() waits for frames in a row with none running, so a transition that starts a
          // frame or two after the content shows is waited for too (a single look could miss it).
          await settled(page);
          expect(await axeViolations(page)).toEqual([]);
        });
    });
  }
}
