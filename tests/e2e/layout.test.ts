// The app's frame in Chromium: toasts, widths, the navbar, focus, contrast, scroll, the first
// paint.
import type { Locator, Page, Request } from '@playwright/test';
import type { Journal } from '../../contract/entities.js';
import { STORAGE_KEYS } from '../../contract/rules.js';
import { TOASTS } from '../../src/texts.js';
import { pointerAway, press, signedInPage } from './support/app-helpers.js';
import { axeViolations } from './support/axe.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { gone, live, nextFrame, toast, uniqueUsername, visible } from './support/page-helpers.js';
import {
  type SeededAccount,
  type SeededMonth,
  seedAccount,
  seedGoal,
  seedMonth,
} from './support/seed-account.js';

async function post<T>(account: SeededAccount, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${session().server.url}/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${account.tokens.access}`,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /${path} → ${response.status}`);
  return (await response.json()) as T;
}

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}`;

/** A full month: an entry a day for `days` days, three habits with long names, two goals. */
async function seedLongMonth(account: SeededAccount, name: string, days: number) {
  const url = session().server.url;
  const month = await seedMonth(url, account, name, 'Pages read', [
    'Read before breakfast',
    'Run around the park',
    'Meditate ten minutes',
  ]);
  const entries: Journal[] = [];
  for (let n = 1; n <= days; n += 1) entries.push(await seedEntry(account, month, n));
  await seedGoal(url, account, month, 'Read two books');
  await seedGoal(url, account, month, 'Run 50 km', true);
  return { month, entries };
}

async function seedEntry(account: SeededAccount, seeded: SeededMonth, n: number) {
  const journal = await post<Journal>(account, 'api/journals/', {
    highlight: `Day ${n}: a walk by the river, and a few pages of a good book before sleep.`,
    month_id: seeded.month.id,
    // Inside the month's calendar period (a name like "March 2026" gives it one): the server
    // refuses an entry dated outside it.
    created_at: seeded.month.period ? `${seeded.month.period}-${day(n).slice(8)}` : day(n),
  });
  await post(account, 'api/dailymeasures/', {
    journal_id: journal.id,
    measure_id: seeded.measure.id,
    metric: n,
  });
  for (const [index, habit] of seeded.habits.entries()) {
    await post(account, 'api/dailyhabits/', {
      journal_id: journal.id,
      habit_id: habit.id,
      is_practiced: (n + index) % 2 === 0,
    });
  }
  return journal;
}

let shared: Promise<{ account: SeededAccount; month: SeededMonth }> | null = null;
/** One account with a 31-entry month, made once for the tests that only read it. */
function longMonth() {
  shared ??= (async () => {
    const account = await seedAccount(session().server.url, uniqueUsername('layout'));
    const { month } = await seedLongMonth(account, 'January 2026', 31);
    return { account, month };
  })();
  return shared;
}

// Page-side code is written as strings (or built from them): the e2e tests compile without the DOM's types.
const focusedTest = new Function('element', 'return element === document.activeElement');
const isFocused = (locator: Locator) => locator.evaluate(focusedTest as never) as Promise<boolean>;

/** What `document.activeElement` is, for a failing assertion's message. */
const activeDescription = (page: Page) =>
  page.evaluate<string>(
    "document.activeElement ? document.activeElement.tagName + ' ' + (document.activeElement.textContent ?? '').slice(0, 40) : 'none'",
  );

async function openJournals(page: Page, monthId: number, glance = false): Promise<void> {
  // The month at a glance remembers being open in localStorage, which a page can only write once
  // it shows the app's origin. A new page (about:blank) has nothing stored: closed needs no visit.
  const onApp = page.url().startsWith(session().server.url);
  if (glance || onApp) {
    if (!onApp) await page.goto('/months');
    const key = JSON.stringify(STORAGE_KEYS.glanceOpen);
    await page.evaluate(
      glance ? `localStorage.setItem(${key}, 'true')` : `localStorage.removeItem(${key})`,
    );
  }
  await page.goto(`/months/${monthId}/journals`);
  await visible(page.getByRole('heading', { level: 1 }));
  await live(page);
  if (glance) await visible(page.locator('.mb-habit-grid'));
}

test.describe('no screen scrolls sideways', () => {
  for (const width of [360, 390, 768, 1024, 1280, 1920]) {
    test(`at ${width} px: settings, months and journals, the month at a glance open and closed`, async () => {
      const { account, month } = await longMonth();
      const page = await signedInPage(session(), { width, height: 800 }, account);
      const overflow = () =>
        page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      await page.goto('/settings');
      await visible(page.getByRole('heading', { level: 1, name: 'Settings' }));
      expect(await overflow(), '/settings').toBeLessThanOrEqual(0);
      await page.goto('/months');
      await visible(page.getByRole('heading', { level: 1, name: 'Months' }));
      expect(await overflow(), '/months').toBeLessThanOrEqual(0);
      for (const glance of [false, true]) {
        await openJournals(page, month.month.id, glance);
        expect(
          await overflow(),
          `journals, glance ${glance ? 'open' : 'closed'}`,
        ).toBeLessThanOrEqual(0);
      }
    });
  }
});

test.describe('navbar', () => {
  for (const locale of ['en', 'pt-BR'] as const) {
    // Up to the widths where the sync status shows its words (1,440 px) and past them: at 1,280
    // px the Portuguese navbar once ran 160 px past the window's edge, the search button cut off.
    test(`fits on one line without folding from 900 to 1,536 px (${locale})`, async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('navfit'));
      // The language as the switch leaves it stored, there before the page's first load.
      const page = await signedInPage(session(), { width: 900, height: 700 }, account, {
        [STORAGE_KEYS.locale]: locale,
      });
      for (const width of [900, 1000, 1100, 1199, 1200, 1280, 1366, 1439, 1440, 1536]) {
        // A load of its own at each width, as a visitor's window of that size makes it (not a
        // resize of a page already laid out); the same page, so the app's files come from its cache.
        await page.setViewportSize({ width, height: 700 });
        await page.goto('/months');
        await visible(page.getByRole('heading', { level: 1 }));
        // Measured in the language under test, not in English before its texts have loaded.
        await expect
          .poll(() => page.evaluate<string>('document.documentElement.lang'))
          .toBe(locale);
        const nav = page.locator('header nav');
        await visible(nav);
        expect(
          await page.locator('header').getByRole('button', { name: /menu/i }).isVisible(),
        ).toBe(false);
        const boxes = await page
          .locator('header')
          .locator('a, button, select')
          .evaluateAll((elements) =>
            elements
              .map((element) => element.getBoundingClientRect())
              .filter((box) => box.width > 0)
              .map(({ left, right, top, bottom }) => ({ left, right, top, bottom })),
          );
        expect(boxes.length, `${width} px`).toBeGreaterThanOrEqual(9);
        for (const box of boxes) {
          expect(box.left, `${width} px`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${width} px`).toBeLessThanOrEqual(width);
          // One row: every control inside the 60 px header.
          expect(box.bottom, `${width} px`).toBeLessThanOrEqual(60);
        }
        // No two controls overlap.
        const sorted = [...boxes].sort((a, b) => a.left - b.left);
        for (const [i, box] of sorted.entries()) {
          if (i > 0)
            expect(box.left, `${width} px`).toBeGreaterThanOrEqual(sorted[i - 1]?.right ?? 0);
        }
      }
    });
  }

  test('Escape closes the phone menu and gives focus back to its button', async () => {
    const account = await seedAccount(session().server.url, uniqueUsername('escaper'));
    const page = await signedInPage(session(), VIEWPORTS.phone, account);
    await page.goto('/months');
    await visible(page.getByRole('heading', { level: 1 }));
    await live(page);
    await press(page.getByRole('button', { name: 'Open menu' }));
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await visible(menu);
    await menu.getByRole('link', { name: 'Settings' }).focus();
    await page.keyboard.press('Escape');
    await gone(menu);
    expect(await isFocused(page.getByRole('button', { name: 'Open menu' }))).toBe(true);

    // Escape inside the menu's Feedback panel closes the panel first, then the menu.
    await press(page.getByRole('button', { name: 'Open menu' }));
    await visible(menu);
    await press(menu.getByRole('button', { name: 'Feedback' }));
    const address = menu.getByRole('link', { name: /@/ });
    await visible(address);
    await page.keyboard.press('Escape');
    await gone(address);
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await gone(menu);
  });
});

/** The visible toasts' boxes, text and role, read in the page. */
function visibleToasts(page: Page) {
  return page.locator('.mantine-Notification-root').evaluateAll((elements) =>
    elements
      // A toast on its way out keeps its element for the exit transition (1 ms with reduced
      // motion) at opacity 0 and no height but its padding: gone for the eye, not yet for the DOM.
      .filter(
        (element) =>
          element.getBoundingClientRect().height > 0 &&
          !/opacity:\s*0\s*(;|$)/.test(element.getAttribute('style') ?? ''),
      )
      .map((element) => {
        const { left, right, top, bottom } = element.getBoundingClientRect();
        return {
          left,
          right,
          top,
          bottom,
          text: element.textContent ?? '',
          role: element.getAttribute('role'),
        };
      }),
  );
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`toasts at ${viewport.width} px (${label})`, () => {
    test('cover no header control, show three at most, merge identical ones; successes are status messages', async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('toasty'));
      const seeded = await seedMonth(url, account, 'March 2026', 'Pages', ['Read', 'Run', 'Swim']);
      for (const n of [1, 2, 3]) await seedEntry(account, seeded, n);
      await seedGoal(url, account, seeded, 'Paint a wall');
      await seedGoal(url, account, seeded, 'Bake bread');
      const page = await signedInPage(session(), viewport, account);
      // Without animations, a toast leaving and the next one arriving never overlap in time.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await pointerAway(page, viewport);
      await openJournals(page, seeded.month.id);
      const controls = await page
        .locator('header')
        .locator('a, button, select')
        .evaluateAll((elements) =>
          elements
            .map((element) => element.getBoundingClientRect())
            .filter((box) => box.width > 0)
            .map(({ left, right, top, bottom }) => ({ left, right, top, bottom })),
        );

      // Four different toasts (a queue behind the third) and three identical ones, quickly.
      const firstCard = page.getByRole('article').first();
      for (const habit of ['Read', 'Run', 'Swim']) {
        await press(firstCard.getByRole('checkbox', { name: habit }), 'Space');
      }
      await press(page.getByRole('checkbox', { name: 'Paint a wall' }), 'Space');
      await press(page.getByRole('button', { name: 'Delete goal Bake bread' }));
      await press(
        page
          .getByRole('article')
          .last()
          .getByRole('button', { name: /^Delete journal/ }),
      );

      // Looked at every frame until the fourth has shown (it waits for one of the first three to
      // go, after their 3 s): no look may find more than three, a header control covered or two
      // 'habit updated' toasts, and one must find three.
      const seen = new Set<string>();
      let most = 0;
      const deadline = Date.now() + 10_000;
      // (Its text is the message and its Undo button's, hence `includes`.)
      const fourthShown = () => [...seen].some((text) => text.includes(TOASTS.journalDeleted));
      while (!fourthShown()) {
        expect(Date.now(), 'the fourth toast never showed').toBeLessThan(deadline);
        const shown = await visibleToasts(page);
        most = Math.max(most, shown.length);
        for (const shownToast of shown) {
          seen.add(shownToast.text);
          for (const control of controls) {
            const overlaps =
              shownToast.left < control.right &&
              shownToast.right > control.left &&
              shownToast.top < control.bottom &&
              shownToast.bottom > control.top;
            expect(overlaps, `'${shownToast.text}' covers a header control`).toBe(false);
          }
          expect(shownToast.role, shownToast.text).toBe('status');
        }
        expect(shown.filter((t) => t.text === TOASTS.habitUpdated).length).toBeLessThanOrEqual(1);
        await nextFrame(page);
      }
      expect(most).toBe(3);
      // The fourth waited its turn and shows once one of the first three has gone.
      await visible(toast(page, TOASTS.journalDeleted), 8_000);
      expect(seen.has(TOASTS.habitUpdated)).toBe(true);
      expect(seen.has(TOASTS.goalUpdated)).toBe(true);
    });
  });
}

test.describe('keyboard focus', () => {
  test('Space on a habit keeps focus on it while its update runs', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('spacer'));
    const seeded = await seedMonth(url, account, 'April 2026', 'Pages', ['Read']);
    await seedEntry(account, seeded, 1);
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    // A slow network, as where the focus was lost: the update answers after 400 ms.
    await page.route(/\/api\/dailyhabits\/\d+\/?$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fallback();
    });
    await openJournals(page, seeded.month.id);
    const read = page.getByRole('checkbox', { name: 'Read' });
    const isUpdate = (request: Request) =>
      /\/api\/dailyhabits\/\d+\/?$/.test(new URL(request.url()).pathname) &&
      request.method() !== 'GET';
    for (const expected of [true, false, true]) {
      const finished = page.waitForEvent('requestfinished', { predicate: isUpdate });
      let running = true;
      void finished.then(
        () => (running = false),
        () => (running = false),
      );
      await press(read, 'Space');
      // Looked at every frame while the update runs (from the key press until its answer, which
      // the route above holds for 400 ms): the box keeps focus all along, not just at one moment.
      let looks = 0;
      while (running) {
        expect(await isFocused(read), await activeDescription(page)).toBe(true);
        looks += 1;
        await nextFrame(page);
      }
      await finished;
      expect(looks).toBeGreaterThan(0);
      await expect.poll(() => read.isChecked()).toBe(expected);
      await visible(toast(page, TOASTS.habitUpdated));
      expect(await isFocused(read), await activeDescription(page)).toBe(true);
    }
  });

  test('after deleting an entry or a goal, focus moves to the next one, then to the heading', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('deleter'));
    const seeded = await seedMonth(url, account, 'May 2026', 'Pages', ['Read']);
    for (const n of [1, 2]) await seedEntry(account, seeded, n);
    await seedGoal(url, account, seeded, 'First goal');
    await seedGoal(url, account, seeded, 'Second goal');
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await openJournals(page, seeded.month.id);

    // Newest first: deleting May 2's entry moves focus to May 1's.
    const cards = page.getByRole('article');
    await press(cards.first().getByRole('button', { name: /^Delete journal/ }));
    await expect.poll(() => cards.count()).toBe(1);
    await expect
      .poll(() => page.evaluate<string>("document.activeElement?.textContent ?? ''"))
      .toContain('May 1');
    await press(cards.first().getByRole('button', { name: /^Delete journal/ }));
    await expect.poll(() => cards.count()).toBe(0);
    await expect.poll(() => isFocused(page.getByRole('heading', { name: 'Registers' }))).toBe(true);

    await press(page.getByRole('button', { name: 'Delete goal First goal' }));
    await gone(page.getByRole('checkbox', { name: 'First goal' }));
    await expect
      .poll(() => isFocused(page.getByRole('checkbox', { name: 'Second goal' })))
      .toBe(true);
    await press(page.getByRole('button', { name: 'Delete goal Second goal' }));
    await gone(page.getByRole('checkbox', { name: 'Second goal' }));
    await expect.poll(() => isFocused(page.getByRole('heading', { name: 'Goals' }))).toBe(true);
  });

  test('after deleting a month, focus moves to the next month', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('monthdel'));
    await seedMonth(url, account, 'June 2026', 'Pages', []);
    await seedMonth(url, account, 'July 2026', 'Pages', []);
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await page.goto('/months');
    await visible(page.getByRole('link', { name: 'July 2026' }));
    // A slow delete: the dialog closes and the card goes without waiting for it.
    await page.route(/\/api\/months\/delete\/\d+\/?$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fallback();
    });
    await press(page.getByRole('button', { name: 'Delete month June 2026' }));
    const confirm = page.getByRole('dialog', { name: 'Delete month' });
    await visible(confirm);
    await press(confirm.getByRole('button', { name: 'Delete' }));
    await gone(confirm);
    await gone(page.getByRole('link', { name: 'June 2026' }));
    await expect
      .poll(() => isFocused(page.getByRole('link', { name: 'July 2026' })), { timeout: 5_000 })
      .toBe(true);
  });

  test('after changing the password, focus stays on the button', async () => {
    const account = await seedAccount(session().server.url, uniqueUsername('passwd'));
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await page.goto('/settings');
    await live(page);
    await press(page.getByRole('button', { name: 'Change password…' }));
    await page.getByLabel('Current password').fill('Str0ng!Pass');
    await page.getByLabel(/^New password/).fill('N3w!Password');
    await page.getByLabel('Confirm new password').fill('N3w!Password');
    const submit = page.getByRole('button', { name: 'Change password', exact: true });
    // The change is held at the network until the button has been looked at while it runs.
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/account/password/', async (route) => {
      await held;
      await route.fallback();
    });
    await press(submit);
    // The button shows the change going (its loader: the render that once disabled it and dropped
    // focus), and keeps focus meanwhile.
    await visible(submit.locator('.mantine-Loader-root'));
    expect(await isFocused(submit), await activeDescription(page)).toBe(true);
    answer();
    await visible(toast(page, 'Password changed'));
    expect(await isFocused(submit), await activeDescription(page)).toBe(true);
  });

  test('a route change focuses the new page heading and announces its title', async () => {
    const account = await seedAccount(session().server.url, uniqueUsername('router'));
    await seedMonth(session().server.url, account, 'August 2026', 'Pages', []);
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await page.goto('/months');
    await live(page);
    await press(page.getByRole('link', { name: 'August 2026' }));
    const heading = page.getByRole('heading', { level: 1, name: 'August 2026' });
    await visible(heading);
    await expect.poll(() => isFocused(heading)).toBe(true);
    await visible(page.getByRole('status').filter({ hasText: 'August 2026 — Monthbook' }));

    await press(page.getByRole('link', { name: 'Settings' }));
    const settings = page.getByRole('heading', { level: 1 });
    await expect.poll(() => settings.textContent()).toBe('Settings');
    await expect.poll(() => isFocused(settings)).toBe(true);
    await visible(page.getByRole('status').filter({ hasText: 'Settings — Monthbook' }));
  });
});

/** WCAG contrast ratio of two `rgb()`/`rgba()` colours (alpha ignored: both are opaque here). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, bl = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

test.describe('contrast', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`unticked checkboxes stand out 3:1 and axe finds no contrast failure (${scheme})`, async () => {
      const url = session().server.url;
      const account = await seedAccount(url, uniqueUsername('contrast'));
      const seeded = await seedMonth(url, account, 'May 2026', 'Pages', ['Read', 'Run']);
      await seedEntry(account, seeded, 2);
      await seedGoal(url, account, seeded, 'Not yet');
      const page = await signedInPage(session(), VIEWPORTS.desktop, account);
      await page.emulateMedia({ colorScheme: scheme });
      await openJournals(page, seeded.month.id);
      const unticked = await page.evaluate<
        { name: string; border: string; around: string }[]
      >(`(() => {
        const background = (element) => {
          for (let e = element; e; e = e.parentElement) {
            const color = getComputedStyle(e).backgroundColor;
            if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return color;
          }
          return 'rgb(255, 255, 255)';
        };
        return [...document.querySelectorAll('input[type="checkbox"]')]
          .filter((input) => !input.checked)
          .map((input) => ({
            name: input.labels?.[0]?.textContent ?? '',
            border: getComputedStyle(input).borderTopColor,
            around: background(input.parentElement),
          }));
      })()`);
      // The habits' boxes on the entry card and the goal's Mantine checkbox.
      expect(unticked.map((box) => box.name)).toContain('Not yet');
      expect(unticked.length).toBeGreaterThanOrEqual(2);
      for (const box of unticked) {
        expect(
          contrast(box.border, box.around),
          `${box.name}: ${box.border} on ${box.around}`,
        ).toBeGreaterThanOrEqual(3);
      }
      expect(await axeViolations(page, { rules: ['color-contrast'] })).toEqual([]);
    });
  }
});

const scrollY = (page: Page) => page.evaluate<number>('Math.round(window.scrollY)');
/** The date of the first entry showing below the 60 px header. */
const topCard = (page: Page) =>
  page.evaluate<string | undefined>(
    "[...document.querySelectorAll('article')].find((a) => a.getBoundingClientRect().bottom > 60)?.querySelector('h3')?.textContent",
  );
/** Where the entry of `date` is on screen: its card's top, in px from the top of the viewport. */
const cardTop = (page: Page, date: string | undefined) =>
  page.evaluate<number | null>(
    `[...document.querySelectorAll('article')].find((a) => a.querySelector('h3')?.textContent === ${JSON.stringify(date)})?.getBoundingClientRect().top ?? null`,
  );

test.describe('Back restores the scroll position', () => {
  test('on the 31-entry page', async () => {
    const { account, month } = await longMonth();
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await openJournals(page, month.month.id);
    await expect.poll(() => page.getByRole('article').count()).toBe(31);
    // The cards below the fold may still be rendering: scroll again until the page is tall enough.
    await expect
      .poll(async () => {
        await page.evaluate("window.scrollTo({ top: 3000, behavior: 'instant' })");
        return scrollY(page);
      })
      .toBe(3000);
    const top = await topCard(page);
    const topY = (await cardTop(page, top)) ?? Number.NaN;
    await press(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Months' }),
    );
    await visible(page.getByRole('heading', { level: 1, name: 'Months' }));
    await page.goBack();
    await visible(page.getByRole('heading', { level: 1, name: 'January 2026' }));
    await expect.poll(() => scrollY(page), { timeout: 5_000 }).toBeGreaterThan(2950);
    expect(await scrollY(page)).toBeLessThan(3050);
    // The entry that was at the top of the screen is still there, within one card's height. Not
    // closer: cards off screen are laid out at an estimated height (content-visibility, 230 px)
    // until first drawn, and which of those above were drawn differs between the two visits (the
    // restored page never draws its first screenful), so the same scroll position can land up to
    // a card away (190 px in one CI run). Known and left: docs/performance.md, 2026-11-27.
    const topYAfter = (await cardTop(page, top)) ?? Number.NaN;
    expect(Math.abs(topYAfter - topY)).toBeLessThan(230);
  });
});

test.describe('phones', () => {
  test('goals come before a long month of entries, fold away, and a jump goes to any day', async () => {
    const { account, month } = await longMonth();
    const page = await signedInPage(session(), VIEWPORTS.phone, account);
    await openJournals(page, month.month.id);
    const goals = page.getByRole('heading', { name: 'Goals' });
    const firstEntry = page.getByRole('article').first();
    const y = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;
    expect(await y(goals)).toBeLessThan(await y(firstEntry));
    expect(await y(goals)).toBeLessThan(VIEWPORTS.phone.height);

    // Folded, the goals leave the entries right under their heading.
    const toggle = page.getByRole('button', { name: 'Goals', exact: true });
    await press(toggle);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await gone(page.getByRole('checkbox', { name: 'Read two books' }));
    await press(toggle);
    await visible(page.getByRole('checkbox', { name: 'Read two books' }));

    // Jump to day 5: its card's heading takes focus, on screen.
    const jump = page.getByLabel('Jump to day');
    await jump.selectOption({ label: 'Monday, January 5, 2026' });
    const target = page.getByRole('heading', { level: 3, name: 'Monday, January 5, 2026' });
    await expect.poll(() => isFocused(target)).toBe(true);
    // Scrolled to: below the fixed header, on screen.
    await expect.poll(() => y(target), { timeout: 5_000 }).toBeLessThan(VIEWPORTS.phone.height / 2);
    expect(await y(target)).toBeGreaterThanOrEqual(60);
  });
});

test.describe('small things', () => {
  test('a slow network shows the app frame and Loading... before the code runs', async () => {
    const account = await seedAccount(session().server.url, uniqueUsername('slowpoke'));
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/months', { waitUntil: 'commit' });
    await visible(page.getByText('Loading...'), 5_000);
    await visible(page.getByText('Monthbook', { exact: true }));
    release();
    await visible(page.getByRole('heading', { level: 1, name: 'Months' }));
    expect(await page.getByText('Loading...').isVisible()).toBe(false);
  });

  test('month cards line up their Edit and Delete rows when a name wraps', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('cards'));
    await seedMonth(url, account, 'A long month name that wraps, June 2026', 'Pages', []);
    await seedMonth(url, account, 'July', 'Pages', []);
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await page.goto('/months');
    await visible(page.getByRole('link', { name: 'July' }));
    const edits = page.getByRole('button', { name: /^Edit month/ });
    const [a, b] = await Promise.all([edits.nth(0).boundingBox(), edits.nth(1).boundingBox()]);
    expect(a?.y).toBeCloseTo(b?.y ?? 0, 0);
  });

  test('the demo video has a poster', async () => {
    const page = await session().newPage(VIEWPORTS.desktop);
    await page.goto('/');
    const poster = await page.locator('video').getAttribute('poster');
    expect(poster).toBeTruthy();
    const response = await page.request.get(poster ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^image\//);
  });
});
