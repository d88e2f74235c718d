// Journals: the month's list, and creating (with its daily items), editing and deleting one.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DailyHabit, DailyMeasure, Journal } from '../../contract/entities';
import { createDailyHabit, updateDailyHabit } from '../api/daily-habits';
import { createDailyMeasure, updateDailyMeasure } from '../api/daily-measures';
import { createJournal, deleteJournal, updateJournal } from '../api/journals';
import { type ActionKeys, useActionKeys } from './action-key';
import { appendToList, removeFromList, replaceInList } from './cache';
import { dailyHabitsQueryOptions, dailyMeasuresQueryOptions } from './daily';
import { goneAnyway, orDeletedElsewhere } from './deleted-elsewhere';
import { compareJournals, journalsQueryOptions } from './journal-list';
import { dailyHabitKeys, dailyMeasureKeys, journalKeys, journalSearchKeys } from './keys';
import { measuresQueryOptions } from './measures';
import { rollBack } from './rollback';
import { invalidateMonthStats } from './stats';

export { journalsQueryOptions };

export interface HabitTick {
  habitId: number;
  isPracticed: boolean;
}

export interface NewJournal {
  highlight: string;
  /** The day it is about, `YYYY-MM-DD` (the modal offers the user's today); the server's today if absent. */
  createdAt?: string;
  metric: number;
  /** The month's habits in order, with the modal's checkboxes. */
  habits: HabitTick[];
}

/**
 * Spec §4: journal (201), then one daily measure for the month's first measure, then one daily
 * habit per habit in order. A failure after the journal deletes it, so no half-made entry shows.
 */
async function createJournalWithItems(
  queryClient: QueryClient,
  monthId: number,
  input: NewJournal,
  keys: ActionKeys,
): Promise<Journal> {
  const { highlight, createdAt, metric, habits } = input;
  // Read before creating anything, so failing here leaves nothing to undo.
  const [measure] = await queryClient.ensureQueryData(measuresQueryOptions(monthId));
  // Each request of the action has its own key, derived from the action's: a retry of the same
  // input (its answer was lost) repeats every step without making any row twice.
  const key = keys.keyFor({ monthId, input });
  const journal = await createJournal(
    {
      highlight,
      month_id: monthId,
      ...(createdAt === undefined ? {} : { created_at: createdAt }),
    },
    `${key}.journal`,
  );
  try {
    if (measure) {
      await createDailyMeasure(
        { journal_id: journal.id, measure_id: measure.id, metric },
        `${key}.measure`,
      );
    }
    for (const { habitId, isPracticed } of habits) {
      await createDailyHabit(
        { journal_id: journal.id, habit_id: habitId, is_practiced: isPracticed },
        `${key}.habit-${habitId}`,
      );
    }
  } catch (error) {
    // The journal is deleted: repeating its key would answer that deleted journal again.
    keys.finish();
    return rollBack('the new journal', () => deleteJournal(journal.id), error);
  }
  keys.finish();
  return journal;
}

export function useCreateJournal(monthId: number) {
  const queryClient = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (input: NewJournal) => createJournalWithItems(queryClient, monthId, input, keys),
    onSettled: () => invalidateMonthStats(queryClient, monthId),
    // Resolves once the lists have reloaded, so the modal closes on the new entry (spec §4).
    onSuccess: () =>
      Promise.all([
        ...[
          journalKeys.list(monthId),
          dailyHabitKeys.list(monthId),
          dailyMeasureKeys.list(monthId),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true })),
        invalidateSearches(queryClient),
      ]),
  });
}

export interface JournalEdit {
  journalId: number;
  highlight?: string;
  /** Moves the entry to another day, `YYYY-MM-DD`. */
  createdAt?: string;
  /** Patches the journal's daily measure (created if it has none). */
  metric?: number;
  /** Only the ticks that differ from the cache are sent. */
  habits?: HabitTick[];
}

/** Each step updates its own cache entry as it succeeds, so a failure part-way leaves the cache true. */
async function editJournal(
  queryClient: QueryClient,
  monthId: number,
  { journalId, highlight, createdAt, metric, habits }: JournalEdit,
): Promise<void> {
  const cached = queryClient
    .getQueryData(journalsQueryOptions(monthId).queryKey)
    ?.find((j) => j.id === journalId);
  // One PATCH with whichever of the two changed.
  const changes = {
    ...(highlight !== undefined && highlight !== cached?.highlight ? { highlight } : {}),
    ...(createdAt !== undefined && createdAt !== cached?.created_at
      ? { created_at: createdAt }
      : {}),
  };
  if (Object.keys(changes).length > 0) {
    const journal = await updateJournal(journalId, changes);
    // A new date moves the entry: the cached list keeps the server's order.
    queryClient.setQueryData<Journal[]>(journalKeys.list(monthId), (journals) =>
      journals?.map((j) => (j.id === journal.id ? journal : j)).sort(compareJournals),
    );
    void invalidateSearches(queryClient);
  }
  if (metric !== undefined) await editMetric(queryClient, monthId, journalId, metric);
  if (habits === undefined) return;
  const dailyHabits = await queryClient.ensureQueryData(dailyHabitsQueryOptions(monthId));
  for (const { habitId, isPracticed } of habits) {
    const current = dailyHabits.find((d) => d.journal_id === journalId && d.habit_id === habitId);
    if (current?.is_practiced === isPracticed) continue;
    const key = dailyHabitKeys.list(monthId);
    if (current) {
      const updated = await updateDailyHabit(current.id, { is_practiced: isPracticed });
      replaceInList<DailyHabit>(queryClient, key, updated);
    } else {
      const created = await createDailyHabit({
        journal_id: journalId,
        habit_id: habitId,
        is_practiced: isPracticed,
      });
      appendToList<DailyHabit>(queryClient, key, created);
    }
  }
}

async function editMetric(
  queryClient: QueryClient,
  monthId: number,
  journalId: number,
  metric: number,
): Promise<void> {
  const key = dailyMeasureKeys.list(monthId);
  const dailyMeasures = await queryClient.ensureQueryData(dailyMeasuresQueryOptions(monthId));
  const current = dailyMeasures.find((d) => d.journal_id === journalId);
  if (current) {
    if (current.metric === metric) return;
    replaceInList<DailyMeasure>(queryClient, key, await updateDailyMeasure(current.id, { metric }));
    return;
  }
  const [measure] = await queryClient.ensureQueryData(measuresQueryOptions(monthId));
  if (!measure) return;
  const created = await createDailyMeasure({
    journal_id: journalId,
    measure_id: measure.id,
    metric,
  });
  appendToList<DailyMeasure>(queryClient, key, created);
}

/**
 * A 404 on any of the edit's writes means the entry was deleted elsewhere: its card leaves the
 * cache (the lists are then read again, in case only a daily item had gone) and the error says so.
 */
export function useUpdateJournal(monthId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: JournalEdit) =>
      orDeletedElsewhere(
        'journal',
        () => editJournal(queryClient, monthId, edit),
        () => {
          forgetJournal(queryClient, monthId, edit.journalId);
          for (const queryKey of [journalKeys.list(monthId), dailyHabitKeys.list(monthId)])
            void queryClient.invalidateQueries({ queryKey, exact: true });
        },
      ),
    onSettled: () => invalidateMonthStats(queryClient, monthId),
  });
}

/** The server deletes the journal's daily items with it; the caches drop them too. */
export function useDeleteJournal(monthId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (journalId: number) => {
      // Already deleted elsewhere: the card goes all the same.
      await goneAnyway(() => deleteJournal(journalId));
      return journalId;
    },
    onSettled: () => invalidateMonthStats(queryClient, monthId),
    onSuccess: (journalId) => forgetJournal(queryClient, monthId, journalId),
  });
}

/** Drops a journal and its daily items from the caches. */
function forgetJournal(queryClient: QueryClient, monthId: number, journalId: number): void {
  removeFromList<Journal>(queryClient, journalKeys.list(monthId), (j) => j.id === journalId);
  void invalidateSearches(queryClient);
  const ofJournal = (item: { journal_id: number }) => item.journal_id === journalId;
  removeFromList<DailyHabit>(queryClient, dailyHabitKeys.list(monthId), ofJournal);
  removeFromList<DailyMeasure>(queryClient, dailyMeasureKeys.list(monthId), ofJournal);
}

/** Searches span every month: any journal write may change what they find. */
function invalidateSearches(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: journalSearchKeys.all });
}
