// A habit added to a month after some entries were written, in Chromium: every card shows it unticked, and a tick on an earlier day's card saves it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { DailyHabit, Habit, Journal } from '../../contract/entities.js';
import { TOASTS } from '../../src/texts.js';
import { press, signedInPage, type Viewport } from './support/app-helpers.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { serverRead } from './support/offline.js';
import {
  allSaved,
  apiRequestsOut,
  live,
  showColorScheme,
  toast,
  uniqueUsername,
  visible,
} from './support/page-helpers.js';
import { apiAs, type SeededAccount, seedAccount, seedMonth } from './support/seed-account.js';

const SHOTS = join(ARTIFACTS_DIR, 'habit-added-later');

const api = <T>(account: SeededAccount, method: string, path: string, body: unknown) =>
  apiAs<T>(session().server.url, account, method, path, body);

const DAYS = ['2026-03-02', '2026-03-03', '2026-03-04'];

/** March 2026 with Read ticked on three entries, then Stretch added to the month. */
async function seeded(viewport: Viewport) {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('later'));
  const month = await seedMonth(url, account, 'March 2026', 'Pages', ['Read']);
  const [read] = month.habits as [Habit];
  const journals: Journal[] = [];
  for (const date of DAYS) {
    const journal = await api<Journal>(account, 'POST', 'api/journals/', {
      highlight: `Entry of ${date}`,
      month_id: month.month.id,
      created_at: date,
    });
    await api(account, 'POST', 'api/dailyhabits/', {
      journal_id: journal.id,
      habit_id: read.id,
      is_practiced: true,
    });
    journals.push(journal);
  }
  const stretch = await api<Habit>(account, 'POST', 'api/habits/', {
    name: 'Stretch',
    month_id: month.month.id,
  });
  const page = await signedInPage(session(), viewport, account);
  return { page, account, month, journals, stretch };
}

const card = (page: Page, date: string) =>
  page.getByRole('article').filter({ hasText: `Entry of ${date}` });

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`a habit added later at ${viewport.width} px (${label})`, () => {
    test('shows on every earlier card unticked, and a tick there saves it', async () => {
      const { page, account, month, journals, stretch } = await seeded(viewport);
      const requestsOut = apiRequestsOut(page);
      await page.goto(`/months/${month.month.id}/journals`);
      await live(page);

      for (const date of DAYS) {
        const box = card(page, date).getByRole('checkbox', { name: 'Stretch' });
        await visible(box);
        expect(await box.isChecked()).toBe(false);
      }

      // Ticked from the keyboard on the first day's card: it stays ticked and keeps the focus
      // while the new row is saved and takes the server's id.
      const first = card(page, DAYS[0] as string);
      const box = first.getByRole('checkbox', { name: 'Stretch' });
      await press(box, 'Space');
      await expect.poll(() => box.isChecked()).toBe(true);
      await visible(toast(page, TOASTS.habitUpdated));
      await allSaved(page, requestsOut);
      expect(await box.isChecked()).toBe(true);
      expect(await page.evaluate<string | null>('document.activeElement?.id ?? null')).toBe(
        await box.getAttribute('id'),
      );

      // The server has one Stretch row for that entry, ticked; the other entries still have none.
      const rows = await serverRead<DailyHabit[]>(
        session().server.url,
        account,
        `api/dailyhabits/?month=${month.month.id}`,
      );
      const stretchRows = rows.filter((row) => row.habit_id === stretch.id);
      expect(stretchRows.map((row) => [row.journal_id, row.is_practiced])).toEqual([
        [journals[0]?.id, true],
      ]);

      // Skipped on another day's card: a row made as a skip.
      const second = card(page, DAYS[1] as string);
      const skip = second.getByRole('button', { name: 'Skip Stretch (a planned rest day)' });
      await skip.click();
      await expect.poll(() => skip.getAttribute('aria-pressed')).toBe('true');
      await allSaved(page, requestsOut);
      const after = await serverRead<DailyHabit[]>(
        session().server.url,
        account,
        `api/dailyhabits/?month=${month.month.id}`,
      );
      expect(
        after
          .filter((row) => row.habit_id === stretch.id && row.journal_id === journals[1]?.id)
          .map((row) => [row.is_practiced, row.is_skipped]),
      ).toEqual([[false, true]]);

      // After a reload the cards read the same from the server.
      await page.reload();
      await live(page);
      await expect
        .poll(() =>
          card(page, DAYS[0] as string)
            .getByRole('checkbox', { name: 'Stretch' })
            .isChecked(),
        )
        .toBe(true);
      expect(
        await card(page, DAYS[2] as string)
          .getByRole('checkbox', { name: 'Stretch' })
          .isChecked(),
      ).toBe(false);

      mkdirSync(SHOTS, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await showColorScheme(page, scheme);
        await first.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `${scheme}-${viewport.width}.png`) });
      }
    });
  });
}
