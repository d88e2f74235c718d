// Habit schedules and skip days in Chromium: a weekday habit and a 3-a-week habit, a week of
// entries with a skip; cards and streaks.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Habit, Journal } from '../../contract/entities.js';
import { TOASTS } from '../../src/texts.js';
import { signedInPage, type Viewport } from './support/app-helpers.js';
import { axeViolations } from './support/axe.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { habitGrid, openGlance } from './support/glance.js';
import { toast, uniqueUsername, visible } from './support/page-helpers.js';
import {
  apiAs,
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedMonth,
} from './support/seed-account.js';

const SHOTS = join(ARTIFACTS_DIR, 'habit-schedules');
const api = <T>(account: SeededAccount, method: string, path: string, body: unknown) =>
  apiAs<T>(session().server.url, account, method, path, body);

type State = 'done' | 'skipped' | 'not_done';
/** June 1, 2026 is a Monday: a whole ISO week of entries. */
const WEEK: [string, State, State][] = [
  // date, Swim (Tuesdays and Thursdays), Run (3 a week)
  ['2026-06-01', 'not_done', 'done'],
  ['2026-06-02', 'done', 'skipped'],
  ['2026-06-03', 'not_done', 'done'],
  ['2026-06-04', 'skipped', 'not_done'],
  ['2026-06-05', 'not_done', 'done'],
  ['2026-06-06', 'not_done', 'not_done'],
  ['2026-06-07', 'not_done', 'not_done'],
];

async function seeded(viewport: Viewport) {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('sched'));
  const month = await seedMonth(url, account, 'June 2026', 'Pages', ['Swim', 'Run']);
  const [swim, run] = month.habits as [Habit, Habit];
  await api(account, 'PATCH', `api/habits/${swim.id}/`, {
    schedule: { kind: 'weekdays', days: [2, 4] },
  });
  await api(account, 'PATCH', `api/habits/${run.id}/`, {
    schedule: { kind: 'times_per_week', times: 3 },
  });
  for (const [date, swimState, runState] of WEEK) {
    const journal = await api<Journal>(account, 'POST', 'api/journals/', {
      highlight: `Entry of ${date}`,
      month_id: month.month.id,
      created_at: date,
    });
    for (const [habit, state] of [
      [swim, swimState],
      [run, runState],
    ] as const) {
      await api(account, 'POST', 'api/dailyhabits/', {
        journal_id: journal.id,
        habit_id: habit.id,
        is_practiced: state === 'done',
        is_skipped: state === 'skipped',
      });
    }
  }
  const page = await signedInPage(session(), viewport, account);
  return { page, month, account };
}

const card = (page: Page, date: string) =>
  page.getByRole('article').filter({ hasText: `Entry of ${date}` });
/** English or Portuguese (src/i18n/pt-br/journals.ts statsTitle). */
async function habitCells(page: Page, habit: string): Promise<string[]> {
  const row = habitGrid(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${habit}`) }) });
  return row.locator('td').allTextContents();
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`habit schedules at ${viewport.width} px (${label})`, () => {
    test('shows skipped days on the cards, and the stats follow each schedule', async () => {
      const { page, month } = await seeded(viewport);
      await page.goto(`/months/${month.month.id}/journals`);

      // Thursday: Swim skipped: its Skip toggle pressed (filled), its name struck through.
      const thursday = card(page, '2026-06-04');
      await visible(thursday);
      const skip = thursday.getByRole('button', { name: 'Skip Swim (a planned rest day)' });
      expect(await skip.getAttribute('aria-pressed')).toBe('true');
      expect(await thursday.getByRole('checkbox', { name: 'Swim' }).isChecked()).toBe(false);
      // Each habit shows its schedule compactly.
      await visible(thursday.getByText('Tue, Thu'));
      await visible(thursday.getByText('3×/week'));

      await openGlance(page);
      await visible(habitGrid(page));
      // Swim: due Tuesdays and Thursdays; done on Tuesday, Thursday skipped → 100 %, a streak of 1.
      await expect
        .poll(async () => (await habitCells(page, 'Swim')).slice(0, 3), { timeout: 10_000 })
        .toEqual(['100%', '1', '1']);
      expect((await habitCells(page, 'Swim'))[3 + 3]).toContain('Skipped');
      expect((await habitCells(page, 'Swim'))[3]).toContain('not due');
      // Run: Monday, Wednesday, Friday done → the week is met: a streak of 1 week.
      const run = await habitCells(page, 'Run');
      expect(run[0]).toBe('100%');
      expect(run[1]).toContain('1 week');
      expect(run[2]).toContain('1 week');

      // Skipping Run on Saturday from the card, then un-skipping it: the toggle follows the server.
      const saturday = card(page, '2026-06-06');
      const runSkip = saturday.getByRole('button', { name: 'Skip Run (a planned rest day)' });
      await runSkip.click();
      await visible(toast(page, TOASTS.habitUpdated));
      await expect.poll(() => runSkip.getAttribute('aria-pressed')).toBe('true');
      // Done on a skipped day: the skip goes.
      await saturday.getByRole('checkbox', { name: 'Run' }).click();
      await expect.poll(() => runSkip.getAttribute('aria-pressed')).toBe('false');
      expect(await saturday.getByRole('checkbox', { name: 'Run' }).isChecked()).toBe(true);
    });

    test('looks right in dark mode and in Portuguese (screenshots)', async () => {
      const { page, month, account } = await seeded(viewport);
      mkdirSync(SHOTS, { recursive: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto(`/months/${month.month.id}/journals`);
      await openGlance(page);
      await visible(habitGrid(page));
      await card(page, '2026-06-04').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `dark-${viewport.width}.png`) });
      expect(await axeViolations(page, { within: 'main' })).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await axeViolations(page, { within: 'main' })).toEqual([]);

      const pt = await session().newPage(viewport, {
        locale: 'pt-BR',
        storageState: loggedInStorage(session().server.url, account),
        serviceWorkers: 'block',
      });
      await pt.goto(`/months/${month.month.id}/journals`);
      const thursday = card(pt, '2026-06-04');
      await visible(
        thursday.getByRole('button', { name: 'Pular Swim (um dia de descanso planejado)' }),
      );
      await visible(thursday.getByText('Ter, Qui'));
      await thursday.scrollIntoViewIfNeeded();
      await pt.screenshot({ path: join(SHOTS, `pt-br-${viewport.width}.png`) });
      await openGlance(pt);
      await visible(pt.getByRole('table'));
      await pt.getByRole('table').scrollIntoViewIfNeeded();
      await pt.screenshot({ path: join(SHOTS, `pt-br-glance-${viewport.width}.png`) });
    });
  });
}
