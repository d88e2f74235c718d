// Making a month private: its key wrapped and sent with its name sealed, then each row it still holds in the clear sealed in turn, resumed wherever it stopped. And making it plain again.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
import { updateDailyHabit } from '../api/daily-habits';
import { updateDailyMeasure } from '../api/daily-measures';
import { updateGoal } from '../api/goals';
import { updateHabit } from '../api/habits';
import { updateJournal } from '../api/journals';
import { updateMeasure } from '../api/measures';
import { updateMonth } from '../api/months';
import { enqueueWrite, isTempId, queuedWrites, type WriteKind } from '../offline/sync';
import { accountKeyForReading, onAccountKeyOpened, openAccountKey } from './account-key-session';
import { upsert } from './cache';
import {
  dailyHabitsQueryOptions,
  dailyHabitUpdate,
  dailyMeasuresQueryOptions,
  dailyMeasureUpdate,
} from './daily';
import { goalsQueryOptions, goalUpdate } from './goals';
import { habitsQueryOptions, habitUpdate } from './habits';
import { journalsQueryOptions } from './journal-list';
import { journalUpdate } from './journals';
import { monthKeys } from './keys';
import { measuresQueryOptions, measureUpdate } from './measures';
import { cachedMonth, isPrivateMonth } from './month-privacy';
import { showMonth } from './months';
import { unreadable } from './sealed-marks';

/**
 * Makes month `month` private: a new month key, wrapped by the account key open here, sent with
 * the month's name sealed, then its rows sealed (`sealPlainRows`). Sent at once rather than
 * queued, and the cache changed only by the server's answer: a key the server refused (another
 * device made the month private first) must never seal anything here.
 */
export async function makeMonthPrivate(queryClient: QueryClient, month: Month): Promise<void> {
  const accountKey = openAccountKey();
  if (!accountKey) throw new Error('The account key is not open on this device');
  // A second click, or another tab's: the month's key is set once.
  if (!isPrivateMonth(queryClient, month.id)) {
    const [{ generateKey, wrapMonthKey }, crypto] = await Promise.all([
      import('../crypto/keys'),
      import('./private-rows-crypto'),
    ]);
    const current = cachedMonth(queryClient, month.id) ?? month;
    const monthKey = generateKey();
    const body = {
      month_key: wrapMonthKey(monthKey, accountKey, month.id),
      ...crypto.sealedBody(monthKey, 'month', month.id, {}, current),
    };
    const answer = await updateMonth(month.id, body, current.version);
    showMonth(queryClient, crypto.openRow(monthKey, 'month', answer));
    monthKey.fill(0);
  }
  await sealPlainRows(queryClient, month.id);
}

/**
 * Makes private month `month` plain again: each sealed row sent back as its opened content with
 * `sealed: null` (with If-Match, so an edit made elsewhere meanwhile stops it rather than being
 * overwritten), then the month without its key, with its name. Sent at once, not queued. Stopped
 * halfway (a closed tab, a refusal), the month is still private, its rows sealed or plain, and
 * nothing is lost: the month's page seals the plain ones again, and asking again goes on.
 * Refused before anything is sent while any of its rows is not opened here.
 */
export async function makeMonthPlain(queryClient: QueryClient, month: Month): Promise<void> {
  const [journals, goals, habits, measures, ticks, values] = await monthLists(
    queryClient,
    month.id,
  );
  const current = cachedMonth(queryClient, month.id) ?? month;
  const rows = [current, journals, goals, habits, measures, ticks, values].flat();
  if (rows.some((row) => unreadable(row) !== null)) throw new MonthNotOpen();
  const { plainFields } = await import('../crypto/month-content');
  const sealed = <Row extends { id: number; sealed?: unknown }>(list: readonly Row[]) =>
    list.filter((row) => row.sealed !== undefined);
  try {
    for (const row of sealed(journals))
      await updateJournal(row.id, plainFields('entry', row), row.version);
    for (const row of sealed(goals))
      await updateGoal(row.id, plainFields('goal', row), row.version);
    for (const row of sealed(habits)) await updateHabit(row.id, plainFields('habit', row));
    for (const row of sealed(measures)) await updateMeasure(row.id, plainFields('measure', row));
    for (const row of sealed(ticks))
      await updateDailyHabit(row.id, plainFields('tick', row), row.version);
    for (const row of sealed(values))
      await updateDailyMeasure(row.id, plainFields('value', row), row.version);
    const answer = await updateMonth(
      month.id,
      { month_key: null, name: current.name },
      current.version,
    );
    // Replaced, not merged: the cached month's key and envelope must go with the server's.
    upsert(queryClient, monthKeys.list(), answer);
    queryClient.setQueryData(monthKeys.detail(month.id), answer);
  } finally {
    // What the server holds now, whichever step it stopped at.
    await queryClient.invalidateQueries({ queryKey: monthKeys.scope(month.id) });
  }
}

/** A private month with a row not opened on this device cannot be made plain here. */
export class MonthNotOpen extends Error {
  constructor() {
    super('A row of this private month is not opened on this device');
  }
}

/** The month's six lists, as the month's page reads them. */
function monthLists(queryClient: QueryClient, monthId: number) {
  return Promise.all([
    queryClient.ensureQueryData(journalsQueryOptions(monthId)),
    queryClient.ensureQueryData(goalsQueryOptions(monthId)),
    queryClient.ensureQueryData(habitsQueryOptions(monthId)),
    queryClient.ensureQueryData(measuresQueryOptions(monthId)),
    queryClient.ensureQueryData(dailyHabitsQueryOptions(monthId)),
    queryClient.ensureQueryData(dailyMeasuresQueryOptions(monthId)),
  ]);
}

/** A row the server still holds in the clear, which this device can seal now. */
const plain = <Row extends { id: number; sealed?: unknown }>(rows: readonly Row[]) =>
  rows.filter((row) => row.sealed === undefined && !unreadable(row) && !isTempId(row.id));

/**
 * Seals every row of private month `monthId` the server still holds in the clear: each is an
 * edit that changes nothing, which a private month's edits seal on their way (the whole content
 * in one envelope). A row with a change already queued is left to it. Safe to run again, in any
 * tab: what was sealed meanwhile is skipped, and a row sealed by two tabs at once merges into
 * nothing left to send. Nothing happens while the key is not open here.
 */
export async function sealPlainRows(queryClient: QueryClient, monthId: number): Promise<number> {
  if (!isPrivateMonth(queryClient, monthId) || !(await accountKeyForReading())) return 0;
  const [journals, goals, habits, measures, ticks, values] = await monthLists(queryClient, monthId);
  const queued = queuedWrites(queryClient).map(
    (write) => write.state.variables as Record<string, unknown> | undefined,
  );
  let sent = 0;
  const seal = <V extends object>(write: WriteKind<V, unknown>, field: keyof V, variables: V) => {
    if (queued.some((other) => other?.[field as string] === variables[field])) return;
    sent += 1;
    // Refused or failed, it stays in the list of changes waiting to sync, as any edit does.
    void enqueueWrite(queryClient, write, variables).catch(() => {});
  };
  for (const journal of plain(journals))
    seal(journalUpdate, 'journalId', {
      monthId,
      journalId: journal.id,
      changes: { highlight: journal.highlight, note: journal.note, mood: journal.mood ?? null },
      base: journal,
    });
  for (const goal of plain(goals))
    seal(goalUpdate, 'goalId', {
      monthId,
      goalId: goal.id,
      isCompleted: goal.is_completed,
      base: goal,
    });
  for (const habit of plain(habits))
    seal(habitUpdate, 'habitId', {
      monthId,
      habitId: habit.id,
      changes: { name: habit.name },
    });
  for (const measure of plain(measures))
    seal(measureUpdate, 'measureId', {
      monthId,
      measureId: measure.id,
      changes: { name: measure.name },
    });
  for (const tick of plain(ticks))
    seal(dailyHabitUpdate, 'dailyHabitId', {
      monthId,
      journalId: tick.journal_id,
      dailyHabitId: tick.id,
      isPracticed: tick.is_practiced,
      isSkipped: tick.is_skipped ?? false,
      base: tick,
    });
  for (const value of plain(values))
    seal(dailyMeasureUpdate, 'dailyMeasureId', {
      monthId,
      journalId: value.journal_id,
      dailyMeasureId: value.id,
      metric: value.metric,
      base: value,
    });
  return sent;
}

/** Making a private month plain again, from its Edit dialog. */
export function useMakeMonthPlain() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: (month: Month) => makeMonthPlain(queryClient, month),
  });
}

/** Making a month private, from its Edit dialog: resolves once the server has its key. */
export function useMakeMonthPrivate() {
  const queryClient = useQueryClient();
  return useMutation({
    // Never queued: the key must reach the server before anything of the month is sealed.
    retry: false,
    mutationFn: (month: Month) => makeMonthPrivate(queryClient, month),
  });
}

/**
 * On a private month's page: seals what it still holds in the clear (made private in a tab
 * closed before every row was sealed, or while the key was locked here), now and whenever the
 * key opens here. Returns how to stop.
 */
export function keepSealed(queryClient: QueryClient, monthId: number): () => void {
  const run = () => void sealPlainRows(queryClient, monthId).catch(() => {});
  run();
  return onAccountKeyOpened(run);
}
