// A seeded fuzzer of the offline write path in Chromium: one browser (shared IndexedDB, Web Locks and BroadcastChannel) with two or three tabs of one month, random clicks online and offline, tabs closed, opened and reloaded; afterwards the server and every tab must show exactly what the user did.
//
// Each run (one seed) seeds a paid account with a month (one habit, one measure, two goals), opens
// the month in two or three tabs, then makes 12 to 16 random steps as a user would: add an entry
// (its habit ticked or not), tick or untick an entry's habit, tick or untick a goal, edit an entry's
// highlight, delete an entry (online, sometimes taking it back with the toast's Undo), drop or bring
// back the network, close a tab and open another on the month, reload a tab. The user acts on what
// the tab shows, so before each step on an item the tab must show the model. At the end the network
// comes back; once every tab says 'All changes saved' the server must hold each entry the user kept
// exactly once, with its highlight, tick and measure, the goals as last ticked, and every tab must
// show the same.
//
// The steps follow from the seed; the timing of the answers does not.
// Replay one seed: SYNC_FUZZ_SEED=<seed> npx playwright test tests/e2e/sync-fuzz.test.ts
// More runs: SYNC_FUZZ_RUNS=<n> (from seed 1, or from SYNC_FUZZ_SEED); each takes 10 to 50 s.
import type { BrowserContext, Page } from '@playwright/test';
import type { DailyHabit, DailyMeasure, Goal, Journal } from '../../contract/entities.js';
import { journals as JOURNAL_TEXTS } from '../../src/i18n/en/journals.js';
import { trash as TRASH_TEXTS } from '../../src/i18n/en/trash.js';
import { OFFLINE_TEXTS } from '../../src/offline/texts.js';
import { TEXTS, TOASTS } from '../../src/texts.js';
import { type SeededRandom, seededRandom } from '../support/seeded-random.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import {
  SYNC_TIMEOUT,
  savedOnDevice,
  serverRead,
  serviceWorkerReady,
  syncLabel,
} from './support/offline.js';
import { gone, live, setChecked, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedGoal,
  seedMonth,
} from './support/seed-account.js';

/**
 * Three short runs keep the file near a minute and a half on a busy two-core machine. Seeds 4 and
 * 8 found tabs that kept showing their own queued tick over another tab's later one, and the older
 * tick sent last.
 */
const DEFAULT_SEEDS = [3, 4, 8];
const FIRST_SEED = Number(process.env.SYNC_FUZZ_SEED ?? 1);
const RUNS = Number(process.env.SYNC_FUZZ_RUNS ?? 1);
const SEEDS =
  process.env.SYNC_FUZZ_SEED || process.env.SYNC_FUZZ_RUNS
    ? Array.from({ length: RUNS }, (_, index) => FIRST_SEED + index)
    : DEFAULT_SEEDS;
const replay = (seed: number) =>
  `SYNC_FUZZ_SEED=${seed} npx playwright test tests/e2e/sync-fuzz.test.ts`;

const HABIT = 'Stretch';
const MEASURE = 'Pages read';
const GOALS = ['Read 5 books', 'Run 10 km'];
/** How long a tab may take to show what another tab did, or what the server answered. */
const CONVERGE_TIMEOUT = 15_000;

// --- The model: what the user did -------------------------------------------------------------

interface ModelEntry {
  highlight: string;
  ticked: boolean;
  metric: number;
  deleted: boolean;
}

interface Model {
  entries: ModelEntry[];
  goals: Map<string, boolean>;
}

/** One line per entry and goal, sorted: what a tab or the server must show. */
interface View {
  entries: string[];
  goals: string[];
}

const entryLine = (highlight: string, ticked: boolean) => `${highlight} | ticked ${ticked}`;
const goalLine = (name: string, done: boolean) => `${name} | done ${done}`;

function modelView(model: Model, withMeasures: boolean): View {
  return {
    entries: model.entries
      .filter((entry) => !entry.deleted)
      .map(
        (entry) =>
          entryLine(entry.highlight, entry.ticked) +
          (withMeasures ? ` | 1 habit | ${MEASURE} ${entry.metric}` : ''),
      )
      .sort(),
    goals: [...model.goals].map(([name, done]) => goalLine(name, done)).sort(),
  };
}

// --- What a tab and the server show -----------------------------------------------------------

const card = (page: Page, highlight: string) =>
  page
    .locator('article.mb-journal-card')
    .filter({ has: page.locator('.mb-journal-highlight').getByText(highlight, { exact: true }) });

/** The cards and goals the tab shows. Browser code sees plain elements (no DOM types here). */
async function tabView(page: Page): Promise<View> {
  const entries = await page.locator('article.mb-journal-card').evaluateAll((cards) =>
    cards.map((article) => {
      const highlight = article.querySelector('.mb-journal-highlight')?.textContent ?? '';
      const box = article.querySelector('input[type="checkbox"]') as unknown as {
        checked: boolean;
      } | null;
      return `${highlight} | ticked ${box?.checked === true}`;
    }),
  );
  const goals = await page.locator('#goals-body li').evaluateAll((rows) =>
    rows.map((row) => {
      const name = row.querySelector('label')?.textContent ?? '';
      const box = row.querySelector('input[type="checkbox"]') as unknown as {
        checked: boolean;
      } | null;
      return `${name} | done ${box?.checked === true}`;
    }),
  );
  return { entries: entries.sort(), goals: goals.sort() };
}

async function serverView(account: SeededAccount, monthId: number): Promise<View> {
  const read = <T>(apiPath: string) => serverRead<T>(session().server.url, account, apiPath);
  const [journals, habits, measures, goals] = await Promise.all([
    read<Journal[]>(`api/journals/?month=${monthId}`),
    read<DailyHabit[]>(`api/dailyhabits/?month=${monthId}`),
    read<DailyMeasure[]>(`api/dailymeasures/?month=${monthId}`),
    read<Goal[]>(`api/goals/?month=${monthId}`),
  ]);
  return {
    entries: journals
      .map((journal) => {
        const ticks = habits.filter((daily) => daily.journal_id === journal.id);
        const metrics = measures.filter((daily) => daily.journal_id === journal.id);
        return `${entryLine(
          journal.highlight,
          ticks.some((daily) => daily.is_practiced),
        )} | ${
          ticks.length
        } habit${ticks.length === 1 ? '' : 's'} | ${MEASURE} ${metrics.map((m) => m.metric).join(',')}`;
      })
      .sort(),
    goals: goals.map((goal) => goalLine(goal.name, goal.is_completed)).sort(),
  };
}

/** The navbar's count of changes waiting (its own tab's and the others'); NaN when it shows a failure. */
async function waitingCount(page: Page): Promise<number> {
  const label = await syncLabel(page);
  if (label === OFFLINE_TEXTS.allSaved) return 0;
  const count = /^(\d+) changes? waiting/.exec(label ?? '')?.[1];
  return count === undefined ? Number.NaN : Number(count);
}

/** Waits until a page just loaded shows the month (its goals, which the fuzzer never deletes): a user acts after that. */
async function shown(page: Page): Promise<void> {
  await live(page);
  await expect
    .poll(() => page.locator('#goals-body li').count(), { timeout: CONVERGE_TIMEOUT })
    .toBe(GOALS.length);
}

const savedWrites = async (page: Page) => (await savedOnDevice(page))?.mutations ?? 0;

// --- A run ------------------------------------------------------------------------------------

class Run {
  readonly rng: SeededRandom;
  readonly model: Model = { entries: [], goals: new Map(GOALS.map((name) => [name, false])) };
  readonly log: string[] = [];
  readonly tabs: { name: string; page: Page }[] = [];
  account!: SeededAccount;
  monthId = 0;
  context!: BrowserContext;
  offline = false;
  private opened = 0;
  private written = 0;

  constructor(readonly seed: number) {
    this.rng = seededRandom(seed);
  }

  async setUp(): Promise<void> {
    const url = session().server.url;
    this.account = await seedAccount(url, uniqueUsername('fuzz'));
    const month = await seedMonth(url, this.account, 'June', MEASURE, [HABIT]);
    for (const goal of GOALS) await seedGoal(url, this.account, month, goal);
    this.monthId = month.month.id;
    // The service worker serves the app shell to tabs opened or reloaded offline.
    const first = await session().newPage(VIEWPORTS.desktop, {
      storageState: loggedInStorage(url, this.account),
      serviceWorkers: 'allow',
    });
    this.context = first.context();
    // A click that cannot happen (a dialog in the way) fails the step instead of the whole test.
    this.context.setDefaultTimeout(CONVERGE_TIMEOUT);
    await first.goto(`/months/${this.monthId}/journals`);
    await live(first);
    await serviceWorkerReady(first);
    // The month's lists are saved on the device before the network may go.
    await expect
      .poll(async () => (await savedOnDevice(first))?.queryKeys.length ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(4);
    this.opened += 1;
    this.tabs.push({ name: 'T1', page: first });
    const more = 1 + this.rng.int(2);
    for (let index = 0; index < more; index += 1) await this.openTab();
  }

  async openTab(): Promise<void> {
    const page = await this.context.newPage();
    await page.goto(`/months/${this.monthId}/journals`);
    await shown(page);
    this.opened += 1;
    this.tabs.push({ name: `T${this.opened}`, page });
    this.log.push(`open tab T${this.opened}${this.offline ? ' (offline)' : ''}`);
  }

  /** Waits until the tab shows what the user did: a user acts on what is on the screen. */
  async shows(name: string, page: Page): Promise<void> {
    const expected = modelView(this.model, false);
    let last: View | undefined;
    try {
      await expect
        .poll(
          async () => {
            last = await tabView(page);
            return last;
          },
          { timeout: CONVERGE_TIMEOUT },
        )
        .toEqual(expected);
    } catch {
      const others: string[] = [];
      for (const tab of this.tabs)
        if (tab.page !== page)
          others.push(`  tab ${tab.name} shows\n    ${JSON.stringify(await tabView(tab.page))}`);
      throw new Error(
        [
          `tab ${name} shows\n    ${JSON.stringify(last)}`,
          `  instead of\n    ${JSON.stringify(expected)}`,
          ...others,
        ].join('\n'),
      );
    }
  }

  /**
   * Waits until every change the tab knows of is saved on the device, as it is a moment after a
   * click: a tab closed or reloaded within that moment is not what this fuzzer looks for.
   */
  async savedHere(page: Page): Promise<void> {
    await expect
      .poll(async () => (await waitingCount(page)) === (await savedWrites(page)), {
        timeout: CONVERGE_TIMEOUT,
      })
      .toBe(true);
  }

  live(): ModelEntry[] {
    return this.model.entries.filter((entry) => !entry.deleted);
  }

  async step(): Promise<boolean> {
    const { rng } = this;
    const roll = rng.next();
    const tab = rng.pick(this.tabs);
    if (!tab) throw new Error('no tab open');
    const { name, page } = tab;
    if (roll < 0.1) {
      this.offline = !this.offline;
      await this.context.setOffline(this.offline);
      this.log.push(this.offline ? 'network drops' : 'network back');
      return true;
    }
    if (roll < 0.18) {
      if (this.tabs.length < 2) return false;
      this.log.push(`close tab ${name}`);
      await this.savedHere(page);
      await page.close();
      this.tabs.splice(this.tabs.indexOf(tab), 1);
      await this.openTab();
      return true;
    }
    if (roll < 0.25) {
      this.log.push(`reload tab ${name}${this.offline ? ' (offline)' : ''}`);
      await this.savedHere(page);
      await page.reload();
      await shown(page);
      return true;
    }
    if (roll < 0.45) {
      this.written += 1;
      const entry: ModelEntry = {
        highlight: `Day ${this.seed}.${this.written}`,
        ticked: rng.chance(0.5),
        metric: 1 + rng.int(9),
        deleted: false,
      };
      this.log.push(
        `${name}: add entry "${entry.highlight}" (ticked ${entry.ticked}, ${entry.metric})`,
      );
      await page.getByRole('button', { name: TEXTS.addJournal }).click();
      const dialog = page.getByRole('dialog', { name: TEXTS.createRegister });
      await visible(dialog);
      await dialog.getByLabel('Highlight').fill(entry.highlight);
      await dialog.getByLabel(MEASURE).fill(String(entry.metric));
      const box = dialog.getByRole('checkbox', { name: HABIT });
      if ((await box.isChecked()) !== entry.ticked) await setChecked(box, entry.ticked);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await gone(dialog);
      this.model.entries.push(entry);
      await visible(card(page, entry.highlight));
      return true;
    }
    if (roll < 0.62) {
      const entry = rng.pick(this.live());
      if (!entry) return false;
      this.log.push(`${name}: tick "${entry.highlight}" ${!entry.ticked}`);
      await this.shows(name, page);
      await setChecked(
        card(page, entry.highlight).getByRole('checkbox', { name: HABIT }),
        !entry.ticked,
      );
      entry.ticked = !entry.ticked;
      return true;
    }
    if (roll < 0.74) {
      const goal = rng.pick(GOALS) as string;
      const done = !this.model.goals.get(goal);
      this.log.push(`${name}: tick goal "${goal}" ${done}`);
      await this.shows(name, page);
      await setChecked(page.getByRole('checkbox', { name: goal }), done);
      this.model.goals.set(goal, done);
      return true;
    }
    if (roll < 0.87) {
      const entry = rng.pick(this.live());
      if (!entry) return false;
      this.written += 1;
      const highlight = `Edited ${this.seed}.${this.written}`;
      this.log.push(`${name}: edit "${entry.highlight}" to "${highlight}"`);
      await this.shows(name, page);
      await card(page, entry.highlight)
        .getByRole('button', { name: /^Edit journal of/ })
        .click();
      const dialog = page.getByRole('dialog', { name: JOURNAL_TEXTS.editRegister });
      await visible(dialog);
      await dialog.getByLabel('Highlight').fill(highlight);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await gone(dialog);
      entry.highlight = highlight;
      await visible(card(page, highlight));
      return true;
    }
    const entry = rng.pick(this.live());
    if (!entry) return false;
    const undo = !this.offline && rng.chance(0.5);
    this.log.push(`${name}: delete "${entry.highlight}"${undo ? ', then Undo' : ''}`);
    if (undo) {
      // Only this delete's toast may come up while it waits: nothing else is left to send.
      await expect
        .poll(() => syncLabel(page), { timeout: SYNC_TIMEOUT })
        .toBe(OFFLINE_TEXTS.allSaved);
      await page.evaluate(
        "document.querySelectorAll('.mantine-Notification-root').forEach((toast) => toast.setAttribute('data-fuzz-seen', ''))",
      );
    }
    await this.shows(name, page);
    await card(page, entry.highlight)
      .getByRole('button', { name: /^Delete journal of/ })
      .click();
    entry.deleted = true;
    await gone(card(page, entry.highlight));
    if (!undo) return true;
    // The toast comes once the server has the delete; its Undo takes the entry out of the bin.
    const toast = page
      .locator('.mantine-Notification-root:not([data-fuzz-seen])')
      .filter({ hasText: TOASTS.journalDeleted });
    await visible(toast, SYNC_TIMEOUT);
    await toast.getByRole('button', { name: TRASH_TEXTS.undo }).click();
    entry.deleted = false;
    await visible(card(page, entry.highlight));
    return true;
  }

  /** Back online, every change sent; then the server and every tab must show the model. */
  async check(): Promise<void> {
    this.log.push('-- network back, wait for every change to be sent');
    this.offline = false;
    await this.context.setOffline(false);
    for (const { page } of this.tabs)
      await expect
        .poll(() => syncLabel(page), { timeout: SYNC_TIMEOUT })
        .toBe(OFFLINE_TEXTS.allSaved);
    const [first] = this.tabs;
    if (first) await expect.poll(() => savedWrites(first.page)).toBe(0);
    // 'All changes saved' is said once the last write is answered: the server has them all.
    const server = await serverView(this.account, this.monthId);
    const expected = modelView(this.model, true);
    if (JSON.stringify(server) !== JSON.stringify(expected))
      throw new Error(
        `the server holds\n    ${JSON.stringify(server)}\n  instead of\n    ${JSON.stringify(expected)}`,
      );
    for (const { name, page } of this.tabs) {
      await this.shows(name, page);
      // No question was asked: one user on one device never conflicts with themself.
      expect(await page.getByRole('dialog').count(), `dialogs open in tab ${name}`).toBe(0);
      expect(await page.getByRole('alertdialog').count(), `alerts open in tab ${name}`).toBe(0);
    }
  }
}

test.describe('sync fuzzer in Chromium: one device, several tabs', () => {
  for (const seed of SEEDS)
    test(`seed ${seed}: the server and every tab show what the user did`, async () => {
      test.setTimeout(120_000);
      const run = new Run(seed);
      try {
        await run.setUp();
        const steps = 12 + run.rng.int(5);
        // A draw that does nothing (no entry to tick yet, one tab left to close) is drawn again.
        for (let done = 0, draws = 0; done < steps && draws < 4 * steps; draws += 1)
          if (await run.step()) done += 1;
        await run.check();
      } catch (error) {
        // A poll that ran out of time says why in its cause: the last look's difference.
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
        const message =
          error instanceof Error
            ? `${error.message}${cause ? `\n${cause.message}` : ''}`
            : String(error);
        throw new Error(
          `Sync fuzzer in Chromium, seed ${seed}: ${message}\nReplay: ${replay(seed)}\nSteps:\n  ${run.log.join('\n  ')}`,
        );
      }
    });
});
