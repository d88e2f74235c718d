// A reminder's 'Write today's entry' (/months/<latest>/journals?write=today) files today in the month whose calendar month holds it, or offers to create that month.
import type { Page } from '@playwright/test';
import { journals as ptJournals } from '../../src/i18n/pt-br/journals.js';
import { TEXTS } from '../../src/texts.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { gone, live, path, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedMonth,
} from './support/seed-account.js';

/** Today in UTC (the pages below run in UTC), and the same day nine months before. */
const today = new Date().toISOString().slice(0, 10);
const monthsBefore = (count: number) => {
  const date = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - count);
  return date;
};
const monthName = (date: Date, locale: string) => {
  const name = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
};
const todayDate = new Date(`${today}T00:00:00Z`);

async function pageFor(account: SeededAccount, locale = 'en-US'): Promise<Page> {
  return session().newPage(VIEWPORTS.desktop, {
    storageState: loggedInStorage(session().server.url, account),
    serviceWorkers: 'block',
    timezoneId: 'UTC',
    locale,
  });
}

test.describe("the reminder's 'Write today's entry'", () => {
  test('opens the month that holds today, not the latest one made', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('todayish'));
    const current = await seedMonth(url, account, monthName(todayDate, 'en-US'), 'Pages', ['Read']);
    const older = await seedMonth(url, account, monthName(monthsBefore(9), 'en-US'), 'Pages', []);
    const page = await pageFor(account);

    await page.goto(`/months/${older.month.id}/journals?write=today`);
    await path(page, `/months/${current.month.id}/journals`);
    const dialog = page.getByRole('dialog', { name: TEXTS.createRegister });
    await visible(dialog);
    await visible(page.getByRole('heading', { level: 1, name: current.month.name }));
  });

  test('offers to create the month of today when none holds it, then writes there', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('nomonth'));
    const old = await seedMonth(url, account, monthName(monthsBefore(9), 'en-US'), 'Pages', [
      'Read',
    ]);
    const page = await pageFor(account);

    await page.goto(`/months/${old.month.id}/journals?write=today`);
    await visible(page.getByRole('heading', { level: 1, name: old.month.name }));
    await live(page);
    const create = page.getByRole('button', { name: `Create ${monthName(todayDate, 'en-US')}` });
    await visible(create);
    // No entry dialog dated inside the wrong month.
    expect(await page.getByRole('dialog', { name: TEXTS.createRegister }).count()).toBe(0);

    await create.click();
    const dialog = page.getByRole('dialog', { name: TEXTS.createMonth });
    await visible(dialog);
    expect(await dialog.getByRole('textbox', { name: 'Month', exact: true }).inputValue()).toBe(
      monthName(todayDate, 'en-US'),
    );
    await dialog.getByRole('textbox', { name: 'Measure', exact: true }).fill('Pages');
    await dialog.getByRole('textbox', { name: /^Habit 1/ }).fill('Read');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await gone(dialog);
    await visible(page.getByRole('heading', { level: 1, name: monthName(todayDate, 'en-US') }));
    await visible(page.getByRole('dialog', { name: TEXTS.createRegister }));
    expect(await page.getByText(/No month holds today/).count()).toBe(0);
  });

  test('says it in Portuguese for a Portuguese reader', async () => {
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('semmes'));
    const old = await seedMonth(url, account, monthName(monthsBefore(9), 'pt-BR'), 'Páginas', []);
    const page = await pageFor(account, 'pt-BR');
    await page.goto(`/months/${old.month.id}/journals?write=today`);
    await visible(
      page.getByRole('button', {
        name: ptJournals.createMonthNamed(monthName(todayDate, 'pt-BR')),
      }),
    );
    await visible(page.getByText(ptJournals.noMonthForTodayHint));
  });
});
