// A user's day of changes made offline (habit ticks, entry edits, goal ticks, new entries), then the slow network back: the time until all are on the server.
import type { Page, Request } from 'playwright-core';
import { median } from './browser-bench.js';
import { MEASURE_NAME } from './seed.js';
import { emulate, type SlowPage, waitForMark } from './write-bench.js';

/** Runs of the day, each 50 changes (BENCH_QUEUED_RUNS): the goal is on their median. */
export const QUEUED_RUNS = Number(process.env.BENCH_QUEUED_RUNS ?? 3);
export const QUEUED_CHANGES = 50;
export const QUEUED_GOAL_MS = 5000;
/**
 * BENCH_CPU_SLOWDOWN=6: the page's CPU slowed that many times (as a phone's) for these runs, to
 * see the main thread's share of the sync, which the network's round trips hide on this machine.
 */
export const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);

const CARD = 'article[aria-labelledby^="journal-"]';
const GOALS = ['Finish the book', 'Run 100 km', 'Call grandma'];

export interface QueuedRun {
  /** The writes queued, as the navbar counted them. */
  changes: number;
  waitingLabel: string;
  /** From reconnecting to the frame after 'All changes saved' with no card marked waiting. */
  syncMs: number;
  requests: number;
  apiCalls: string[];
  /** The most API requests the page had started and not yet had answered at one moment. */
  peakInFlight: number;
  /** The connections that carried them (Chromium opens at most 6 to a server over HTTP/1.1). */
  connections: number;
  /** Changes found on the server afterwards, read through the API. */
  verified: number;
}

/** Where the API is, to check what the server holds after the sync. */
export interface ApiAccess {
  url: string;
  access: string;
  monthId: number;
}

/** What the offline changes left on the screen, which the server must hold once synced. */
interface Expected {
  /** A daily habit's id (its checkbox is `daily-habit-<id>`) → ticked. */
  ticks: Map<number, boolean>;
  goals: Map<string, boolean>;
  edits: Map<number, { highlight: string; metric: number }>;
  /** New entries by highlight: the habits done (one ticked in the dialog, one on the card). */
  created: Map<string, { metric: number; done: string[] }>;
}

/** The API requests the page has in flight, and the connections that carry them. */
function watchInFlight(page: Page, cdp: SlowPage['cdp']) {
  let inFlight = 0;
  let peak = 0;
  const connections = new Set<number>();
  cdp.on('Network.responseReceived', ({ response }) => {
    if (new URL(response.url).pathname.startsWith('/api/')) connections.add(response.connectionId);
  });
  const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (!isApi(request)) return;
    inFlight += 1;
    peak = Math.max(peak, inFlight);
  });
  const done = (request: Request) => {
    if (!isApi(request)) return;
    inFlight -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    reset() {
      peak = inFlight;
      connections.clear();
    },
    peak: () => peak,
    connections: () => connections.size,
  };
}

/** The card of the entry `journalId`. */
const card = (page: Page, journalId: number) =>
  page.locator(`article[aria-labelledby="journal-${journalId}"]`);

async function tickHabit(page: Page, journalId: number, habit: number, expected: Expected) {
  const box = card(page, journalId).locator('.mb-habit-state input[type="checkbox"]').nth(habit);
  await box.click();
  const id = Number((await box.getAttribute('id'))?.match(/^daily-habit-(\d+)$/)?.[1]);
  if (!id) throw new Error(`entry ${journalId}: habit ${habit} is not a saved daily habit`);
  expected.ticks.set(id, await box.isChecked());
}

async function tickGoal(page: Page, name: string, expected: Expected) {
  const box = page.getByRole('checkbox', { name });
  await box.click();
  expected.goals.set(name, await box.isChecked());
}

/** 'Edit' on a card: a new highlight and a new value of the first measure (2 writes). */
async function editEntry(page: Page, id: number, label: string, metric: number, e: Expected) {
  await card(page, id)
    .getByRole('button', { name: /^Edit journal of/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Register' });
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByLabel(/^Highlight/).fill(label);
  await dialog.getByRole('textbox', { name: new RegExp(`^${MEASURE_NAME}`) }).fill(String(metric));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  e.edits.set(id, { highlight: label, metric });
}

/** 'Create a Register' with the first habit done, then a second habit ticked on its new card. */
async function newEntry(page: Page, label: string, metric: number, expected: Expected) {
  await page.getByRole('button', { name: 'Add New Journal +' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a Register' });
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByLabel(/^Highlight/).fill(label);
  await dialog.getByRole('textbox', { name: new RegExp(`^${MEASURE_NAME}`) }).fill(String(metric));
  await dialog.getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const habits = page.locator(CARD).filter({ hasText: label }).locator('.mb-habit-state');
  await habits.nth(1).locator('input[type="checkbox"]').click();
  const done = await habits
    .filter({ has: page.locator('input:checked') })
    .locator('.mb-habit-name')
    .allInnerTexts();
  if (done.length !== 2) throw new Error(`${label}: ${done.length} habits done, not 2`);
  expected.created.set(label, { metric, done });
}

/** The entries on the page the server has saved (an entry still being created has a negative id). */
async function savedEntries(page: Page): Promise<number[]> {
  const ids = await page
    .locator(CARD)
    .evaluateAll((cards) =>
      cards.map((c) => Number(c.getAttribute('aria-labelledby')?.slice('journal-'.length))),
    );
  return ids.filter((id) => id > 0);
}

/**
 * Run `run`'s 50 changes, interleaved as a day's would be: 23 habit ticks on existing entries,
 * 2 new entries (7 writes each: the entry, its measure's value, a row per habit), a tick on each
 * new card, 4 entry edits (2 writes each: the highlight, the measure's value), 3 goal ticks.
 * Within a run no two changes touch the same tick or entry, so the server's copy shows each.
 */
async function makeChanges(page: Page, run: number): Promise<Expected> {
  const expected: Expected = {
    ticks: new Map(),
    goals: new Map(),
    edits: new Map(),
    created: new Map(),
  };
  const entries = await savedEntries(page);
  const entry = (index: number) => entries[index % entries.length] ?? 0;
  let tick = 0;
  const ticks = async (count: number) => {
    // A card each, each habit in turn.
    for (let i = 0; i < count; i += 1, tick += 1)
      await tickHabit(page, entry(run * 11 + tick), (run + tick) % 5, expected);
  };
  const edit = (k: number) =>
    editEntry(
      page,
      entry(run * 7 + k * 9 + 1),
      `Edited offline (run ${run + 1}, ${k + 1})`,
      Number((2 + k / 2 + run / 10).toFixed(1)),
      expected,
    );
  await ticks(8);
  await newEntry(page, `Offline day ${run + 1}, morning`, 6.5, expected);
  await tickGoal(page, GOALS[0] ?? '', expected);
  await edit(0);
  await ticks(8);
  await edit(1);
  await newEntry(page, `Offline day ${run + 1}, evening`, 7.5, expected);
  await tickGoal(page, GOALS[1] ?? '', expected);
  await tickGoal(page, GOALS[2] ?? '', expected);
  await edit(2);
  await edit(3);
  await ticks(7);
  return expected;
}

/** For a run that never synced: the navbar's words and the changes its list still holds. */
async function stillWaiting(page: Page): Promise<string> {
  const status = page.locator('[data-sync-state]');
  const label = await status.locator('button').first().getAttribute('aria-label');
  await status.locator('button').first().click();
  const list = (await status.textContent()) ?? '';
  const markers = await page.locator('.mb-sync-marker').count();
  return `the navbar says '${label}', ${markers} cards marked; its list: ${list}`;
}

/** Reads the month through the API and counts the expected changes the server holds. */
async function verifyOnServer(api: ApiAccess, expected: Expected): Promise<number> {
  const read = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${api.url}/api/${path}?month=${api.monthId}`, {
      headers: { authorization: `Bearer ${api.access}` },
    });
    if (!response.ok) throw new Error(`GET /api/${path}: ${response.status}`);
    return (await response.json()) as T;
  };
  const [journals, dailyHabits, dailyMeasures, goals, habitList] = await Promise.all([
    read<{ id: number; highlight: string }[]>('journals/'),
    read<{ id: number; journal_id: number; habit_id: number; is_practiced: boolean }[]>(
      'dailyhabits/',
    ),
    read<{ journal_id: number; metric: number }[]>('dailymeasures/'),
    read<{ name: string; is_completed: boolean }[]>('goals/'),
    read<{ id: number; name: string }[]>('habits/'),
  ]);
  const habitName = new Map(habitList.map((habit) => [habit.id, habit.name]));
  const missing: string[] = [];
  let held = 0;
  const check = (ok: boolean, writes: number, what: string) => {
    if (ok) held += writes;
    else missing.push(what);
  };
  for (const [id, ticked] of expected.ticks)
    check(dailyHabits.find((d) => d.id === id)?.is_practiced === ticked, 1, `tick ${id}`);
  for (const [name, done] of expected.goals)
    check(goals.find((goal) => goal.name === name)?.is_completed === done, 1, `goal ${name}`);
  // The first measure's value: the seed gives each entry two, the other one 70 kg or more.
  const metrics = (journalId: number) =>
    dailyMeasures.filter((d) => d.journal_id === journalId).map((d) => d.metric);
  for (const [id, edit] of expected.edits) {
    check(journals.find((j) => j.id === id)?.highlight === edit.highlight, 1, `highlight ${id}`);
    check(metrics(id).includes(edit.metric), 1, `measure of ${id}`);
  }
  for (const [label, entry] of expected.created) {
    const journal = journals.find((j) => j.highlight === label);
    const habits = dailyHabits.filter((d) => d.journal_id === journal?.id);
    const done = habits.filter((d) => d.is_practiced).map((d) => habitName.get(d.habit_id));
    check(journal !== undefined, 1, `entry ${label}`);
    check(journal !== undefined && metrics(journal.id).includes(entry.metric), 1, `its measure`);
    check(habits.length === 5, 5, `its 5 habits (${habits.length})`);
    check(
      done.length === 2 && entry.done.every((name) => done.includes(name)),
      1,
      'the tick on its card',
    );
  }
  if (missing.length > 0) throw new Error(`the server lacks: ${missing.join(', ')}`);
  return held;
}

/**
 * On a page from `openPage` that has saved while online (the code of the entry dialog and of a
 * Save loads on first use, and the service worker that would serve it offline is blocked here),
 * `QUEUED_RUNS` times: the network cut, the day's 50 changes, the slow network back; timed until
 * all synced, then the server's copy checked through the API.
 */
export async function measureQueuedDays(
  { page, requests, cdp }: SlowPage,
  api: ApiAccess,
): Promise<QueuedRun[]> {
  const inFlight = watchInFlight(page, cdp);
  if (CPU_SLOWDOWN > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const runs: QueuedRun[] = [];
  for (let run = 0; run < QUEUED_RUNS; run += 1) {
    await emulate(cdp, true);
    await page.waitForFunction('navigator.onLine === false');
    const expected = await makeChanges(page, run);
    const waitingLabel =
      (await page.locator('[data-sync-state] button').first().getAttribute('aria-label')) ?? '';
    const changes = Number(waitingLabel.match(/\d+/)?.[0] ?? 0);
    await requests.quiet(200);
    requests.reset();
    inFlight.reset();
    await page.evaluate(`window.__watch('synced', () => window.__synced())`);
    const reconnected = await page.evaluate<number>('performance.now()');
    await emulate(cdp, false);
    const synced = await waitForMark(page, 'synced', 180_000).catch(async (error: Error) => {
      throw new Error(`run ${run + 1}: ${error.message}; ${await stillWaiting(page)}`);
    });
    await requests.quiet();
    const verified = await verifyOnServer(api, expected);
    runs.push({
      changes,
      waitingLabel,
      syncMs: synced - reconnected,
      requests: requests.api().length,
      apiCalls: requests.api(),
      peakInFlight: inFlight.peak(),
      connections: inFlight.connections(),
      verified,
    });
  }
  return runs;
}

export const queuedSummary = (runs: QueuedRun[]) => ({
  syncMs: median(runs.map((run) => run.syncMs)),
  requests: median(runs.map((run) => run.requests)),
  peakInFlight: Math.max(...runs.map((run) => run.peakInFlight)),
  connections: Math.max(...runs.map((run) => run.connections)),
});
