// A month's journals screen in Chromium (docs/product-rules.md sections 2 and 5): editing an entry,
// the modals' rules, the heading back to /months.
import type { Locator, Page } from '@playwright/test';
import type { Goal, Journal } from '../../contract/entities.js';
import { MESSAGES } from '../../contract/rules.js';
import { TEXTS, TOASTS } from '../../src/texts.js';
import { signedInPage } from './support/app-helpers.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import {
  allSaved,
  apiRequestsOut,
  gone,
  path,
  toast,
  uniqueUsername,
  visible,
} from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedGoal,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

async function seeded(viewport: { width: number; height: number }) {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('editor'));
  return seededFor(account, viewport);
}

async function seededFor(account: SeededAccount, viewport: { width: number; height: number }) {
  const url = session().server.url;
  const month = await seedMonth(url, account, 'May 2026', 'Pages', ['Read', 'Run']);
  await seedJournal(url, account, month, 'Rain all day', 5, [true, false]);
  await seedGoal(url, account, month, 'Learn a song');
  const page = await signedInPage(session(), viewport, account);
  await page.goto(`/months/${month.month.id}/journals`);
  return { page, month, account };
}

/** What the server holds, read through the API as the account. */
async function apiList<T>(account: SeededAccount, path: string): Promise<T[]> {
  const response = await fetch(`${session().server.url}/${path}`, {
    headers: { authorization: `Bearer ${account.tokens.access}` },
  });
  return (await response.json()) as T[];
}

/** Every request to `pattern` goes on `ms` later, as on a slow network. */
async function slowNetwork(page: Page, pattern: string, ms: number): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** The card's state as the reader sees it. */
async function cardState(card: Locator) {
  return {
    text: (await card.textContent()) ?? '',
    read: await card.getByRole('checkbox', { name: 'Read' }).isChecked(),
    run: await card.getByRole('checkbox', { name: 'Run' }).isChecked(),
  };
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`journals at ${viewport.width} px (${label})`, () => {
    test('Edit changes the highlight, the metric and the habits, and they survive a reload', async () => {
      const { page } = await seeded(viewport);
      const card = page.getByRole('article').filter({ hasText: 'Rain all day' });
      await visible(card);
      expect(await cardState(card)).toMatchObject({ read: true, run: false });

      await card.getByRole('button', { name: /^Edit journal of/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Register' });
      await visible(dialog);
      // The modal opens with the entry's values.
      expect(await dialog.getByLabel('Highlight').inputValue()).toBe('Rain all day');
      expect(await dialog.getByLabel('Pages').inputValue()).toBe('5');
      expect(await dialog.getByRole('checkbox', { name: 'Read' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('checkbox', { name: 'Run' }).isChecked()).toBe(false);

      await dialog.getByLabel('Highlight').fill('Sun after the rain');
      await dialog.getByLabel('Pages').fill('42.5');
      await dialog.getByRole('checkbox', { name: 'Read' }).uncheck();
      await dialog.getByRole('checkbox', { name: 'Run' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await visible(toast(page, TOASTS.journalUpdated));
      await gone(dialog);

      const edited = page.getByRole('article').filter({ hasText: 'Sun after the rain' });
      await visible(edited);
      expect(await page.getByText('Rain all day', { exact: true }).count()).toBe(0);
      await page.reload();
      await visible(edited);
      // The saved offline copy may show for a moment while the page refetches.
      await expect
        .poll(
          async () => {
            const { text, read, run } = await cardState(edited);
            return { metric: text.includes('Pages: 42.5'), read, run };
          },
          { timeout: 5_000 },
        )
        .toEqual({ metric: true, read: false, run: true });
      expect(await page.getByRole('article').count()).toBe(1);
    });

    test('the modals check their fields; the month heading returns to /months', async () => {
      const { page } = await seeded(viewport);
      await visible(page.getByRole('heading', { level: 1, name: 'May 2026' }));

      // Create a Register: highlight and metric are required, the metric numeric
      // (docs/product-rules.md section 5).
      await page.getByRole('button', { name: TEXTS.addJournal }).click();
      const register = page.getByRole('dialog', { name: TEXTS.createRegister });
      await visible(register);
      // Habits start unchecked (docs/product-rules.md section 4).
      expect(await register.getByRole('checkbox', { name: 'Read' }).isChecked()).toBe(false);
      expect(await register.getByRole('checkbox', { name: 'Run' }).isChecked()).toBe(false);
      await register.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => register.getByText(MESSAGES.required).count()).toBe(2);
      await register.getByLabel('Highlight').fill('Not saved');
      await register.getByLabel('Pages').fill('many');
      await register.getByRole('button', { name: 'Save' }).click();
      await visible(register.getByText(MESSAGES.invalidNumber));
      // Typed text is only thrown away when the user says so.
      await register.getByRole('button', { name: 'Close', exact: true }).click();
      await register.getByRole('button', { name: 'Discard' }).click();
      await gone(register);
      expect(await page.getByText('Not saved').count()).toBe(0);

      // Create a Goal: the name is required.
      await page.getByRole('button', { name: TEXTS.addGoal }).click();
      const goal = page.getByRole('dialog', { name: TEXTS.createGoal });
      await goal.getByRole('button', { name: 'Save' }).click();
      await visible(goal.getByText(MESSAGES.required));
      await goal.getByRole('button', { name: 'Close', exact: true }).click();
      await gone(goal);

      // The column titles, then the heading back to the months.
      await visible(page.getByRole('heading', { name: TEXTS.registers, exact: true }));
      await visible(page.getByRole('heading', { name: TEXTS.goals, exact: true }));
      await page.getByRole('heading', { level: 1, name: 'May 2026' }).getByRole('link').click();
      await path(page, '/months');
      await visible(page.getByRole('link', { name: 'May 2026' }));
    });

    test('a double click, a second click once the first save is out or a double Enter on Save makes one entry', async () => {
      const { page, account, month } = await seeded(viewport);
      const requestsOut = apiRequestsOut(page);
      await visible(page.getByRole('heading', { level: 1, name: 'May 2026' }));
      // Slow saves leave room for the second press to land while the first is still going. A
      // create returns once queued and the modal closes at once: a second press lands on the
      // closing modal (which must take it as nothing) or finds no Save button at all.
      await slowNetwork(page, '**/api/journals/', 400);
      const register = page.getByRole('dialog', { name: TEXTS.createRegister });
      const save = register.getByRole('button', { name: 'Save' });
      const attempts: [string, () => Promise<void>][] = [
        ['double click', () => save.dblclick()],
        [
          'a second click once the first save is out',
          async () => {
            const out = page.waitForRequest(
              (request) =>
                request.method() === 'POST' && new URL(request.url()).pathname === '/api/journals/',
            );
            await save.click();
            // The first save has gone out (and waits on the slow network): the modal is closing.
            await out;
            // Gone already (the modal closed): nothing to press, rather than waiting 30 s for it.
            await save
              .click({ force: true, noWaitAfter: true, timeout: 1_000 })
              .catch(() => undefined);
          },
        ],
        [
          'Enter twice',
          async () => {
            await register.getByLabel('Pages').press('Enter');
            // Gone already (the first Enter closed the modal): nothing to press, as for the click.
            await register
              .getByLabel('Pages')
              .press('Enter', { noWaitAfter: true, timeout: 1_000 })
              .catch(() => undefined);
          },
        ],
      ];
      for (const [highlight, press] of attempts) {
        await page.getByRole('button', { name: TEXTS.addJournal }).click();
        await visible(register);
        await register.getByLabel('Highlight').fill(highlight);
        await register.getByLabel('Pages').fill('3');
        await press();
        await gone(register);
        await visible(page.getByRole('article').filter({ hasText: highlight }));
      }
      // Every save has landed: no write queued or going (the sync status says 'All changes
      // saved') and no API request out, so a second save, had one been made, is on the server now.
      await allSaved(page, requestsOut);
      const journals = await apiList<Journal>(account, `api/journals/?month=${month.month.id}`);
      for (const [highlight] of attempts) {
        expect(journals.filter((journal) => journal.highlight === highlight)).toHaveLength(1);
        expect(await page.getByRole('article').filter({ hasText: highlight }).count()).toBe(1);
      }
      // The form opens empty again after a save.
      await page.getByRole('button', { name: TEXTS.addJournal }).click();
      expect(await register.getByLabel('Highlight').inputValue()).toBe('');
    });
  });
}

test.describe('ticks on a slow network', () => {
  /** The n-th request to `pattern` waits `delays[n]` ms before it goes on: the first click's request is the slowest. */
  async function unevenNetwork(page: Page, pattern: string, delays: number[]): Promise<void> {
    let call = 0;
    await page.route(pattern, async (route) => {
      const ms = delays[call++] ?? 50;
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    });
  }

  test('check() and uncheck() on a goal and a habit never find the box unchanged, and the last click wins', async () => {
    const { page, account, month } = await seeded(VIEWPORTS.desktop);
    const requestsOut = apiRequestsOut(page);
    await unevenNetwork(page, '**/api/goals/*/', [900, 100]);
    await unevenNetwork(page, '**/api/dailyhabits/*/', [900, 100]);
    const goal = page.getByRole('checkbox', { name: 'Learn a song' });
    const run = page.getByRole('article').getByRole('checkbox', { name: 'Run' });
    await visible(goal);
    // A slow phone: the page renders long after a click's task unless the box moves in it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

    // Playwright's check() throws "Clicking the checkbox did not change its state" if the box
    // has not moved when it looks right after its click.
    await goal.check();
    await goal.uncheck();
    await run.check();
    await run.uncheck();

    // Every answer lands (the first click's last); the screen stays on the last clicks. Looked at
    // every frame until all four writes are on the server and the reads they set off are back.
    const seen = new Set<string>();
    const look = async () => {
      seen.add(`${await goal.isChecked()} ${await run.isChecked()}`);
    };
    await allSaved(page, requestsOut, { each: look });
    await look();
    expect([...seen]).toEqual(['false false']);
    const goals = await apiList<Goal>(account, `api/goals/?month=${month.month.id}`);
    expect(goals[0]?.is_completed).toBe(false);
    const ticks = await apiList<{ habit_id: number; is_practiced: boolean }>(
      account,
      `api/dailyhabits/?month=${month.month.id}`,
    );
    const runHabit = month.habits.find((habit) => habit.name === 'Run')!;
    expect(ticks.find((tick) => tick.habit_id === runHabit.id)?.is_practiced).toBe(false);
  });
});

test.describe('Portuguese numbers', () => {
  test("takes '7,5' in pt-BR and shows metrics as Portuguese writes them", async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('leitor'));
    const month = await seedMonth(url, account, 'Maio 2026', 'Páginas', ['Ler']);
    await seedJournal(url, account, month, 'Um dia longo', 1234567.89, [true]);
    const page = await session().newPage(VIEWPORTS.desktop, {
      locale: 'pt-BR',
      storageState: loggedInStorage(url, account),
      serviceWorkers: 'block',
    });
    await page.goto(`/months/${month.month.id}/journals`);
    const long = page.getByRole('article').filter({ hasText: 'Um dia longo' });
    await visible(long.getByText('1.234.567,89'));

    await page.getByRole('button', { name: 'Adicionar novo registro +' }).click();
    const register = page.getByRole('dialog', { name: 'Criar um registro' });
    await register.getByLabel('Destaque').fill('Meio sono');
    await register.getByLabel('Páginas').fill('7,5');
    await register.getByRole('button', { name: 'Salvar' }).click();
    await gone(register);
    const card = page.getByRole('article').filter({ hasText: 'Meio sono' });
    await visible(card.getByText('7,5'));
    const measures = await apiList<{ metric: number }>(
      account,
      `api/dailymeasures/?month=${month.month.id}`,
    );
    expect(measures.map((measure) => measure.metric).sort((a, b) => a - b)).toEqual([
      7.5, 1234567.89,
    ]);

    // Editing shows the value the Portuguese way, ready to change.
    await long.getByRole('button', { name: /^Editar o registro de/ }).click();
    const edit = page.getByRole('dialog', { name: 'Editar registro' });
    expect(await edit.getByLabel('Páginas').inputValue()).toBe('1234567,89');
  });
});
