// Journals: the month's list, and creating (with its daily items), editing and deleting one, as queued writes.
import type { QueryClient } from '@tanstack/react-query';
import type { DailyHabit, DailyMeasure, Journal, Measure } from '../../contract/entities';
import { localToday } from '../../contract/local-date';
import type { CreateJournal, UpdateJournal } from '../../contract/requests';
import { newIdempotencyKey } from '../api/idempotency';
import { createJournal, deleteJournal, updateJournal } from '../api/journals';
import { type Enqueue, newTempId, swapTempId } from '../offline/sync';
import { addMissing, cachedOrRead, patchRow, upsert } from './cache';
import { withConflictResolution } from './conflicts';
import {
  dailyHabitCreate,
  dailyHabitsQueryOptions,
  dailyHabitUpdate,
  dailyMeasureCreate,
  dailyMeasuresQueryOptions,
  dailyMeasureUpdate,
} from './daily';
import { orDeletedElsewhere } from './deleted-elsewhere';
import {
  compareJournals,
  entrySubject,
  forgetJournal,
  journalGone,
  journalsQueryOptions,
} from './journal-list';
import { journalKeys, journalSearchKeys } from './keys';
import { measuresQueryOptions } from './measures';
import { invalidateMonthStats } from './stats-invalidation';
import { type SaveOptions, useSave, useWrite, type WriteOptionsOf } from './use-write';
import { createInMonth, defineWrite, deleteSaved, requireSaved } from './write-kinds';

export { journalsQueryOptions };

// --- Writes, found by their names (saved with queued writes on devices) ----------------------

const invalidateSearches = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: journalSearchKeys.all });

export interface JournalCreateWrite {
  monthId: number;
  tempId: number;
  body: CreateJournal & { created_at: string };
  key: string;
}

export const journalCreate = defineWrite<JournalCreateWrite, Journal>({
  name: 'journal.create',
  subject: (v) => ({ kind: 'journal', id: v.tempId, monthId: v.monthId }),
  run: ({ monthId, body, key }, queryClient) => {
    requireSaved(body.month_id);
    return createInMonth({
      queryClient,
      monthId,
      kind: 'entry',
      body,
      create: (sent) => createJournal(sent, key),
      update: (id, sealed) => updateJournal(id, sealed),
    });
  },
  optimistic: (queryClient, { monthId, tempId, body }) => {
    const journal: Journal = {
      id: tempId,
      created_at: body.created_at,
      highlight: body.highlight,
      author: 0,
      month: body.month_id,
      month_id: body.month_id,
      // The note and mood, with their defaults.
      note: body.note ?? '',
      mood: body.mood ?? null,
    };
    addMissing(queryClient, journalKeys.list(monthId), journal, compareJournals);
  },
  landed: (queryClient, { monthId, tempId }, journal) => {
    swapTempId(queryClient, tempId, journal.id);
    upsert(queryClient, journalKeys.list(monthId), journal, compareJournals);
    invalidateSearches(queryClient);
  },
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
  discarded: (queryClient, { monthId, tempId }) => forgetJournal(queryClient, monthId, tempId),
});

export interface JournalUpdateWrite {
  monthId: number;
  journalId: number;
  changes: UpdateJournal;
  /** The entry as the edit saw it: its version is the If-Match, its fields the merge's base. */
  base?: Journal;
}

export const journalUpdate = defineWrite<JournalUpdateWrite, Journal>({
  name: 'journal.update',
  subject: (v) => ({ kind: 'journal', id: v.journalId, monthId: v.monthId }),
  run: ({ monthId, journalId, changes, base }, queryClient) => {
    requireSaved(journalId);
    return orDeletedElsewhere(
      'journal',
      () =>
        withConflictResolution({
          base,
          changes,
          send: (body, ifMatch) => updateJournal(journalId, body, ifMatch),
          restore: () => import('../api/trash').then((m) => m.restoreItem('journal', journalId)),
          subject: entrySubject(queryClient, monthId, journalId),
          privateRow: { queryClient, monthId, kind: 'entry', id: journalId },
        }),
      () => journalGone(queryClient, monthId, journalId),
    );
  },
  optimistic: (queryClient, { monthId, journalId, changes }) =>
    patchRow<Journal>(queryClient, journalKeys.list(monthId), journalId, changes, compareJournals),
  landed: (queryClient, { monthId }, journal) => {
    upsert(queryClient, journalKeys.list(monthId), journal, compareJournals);
    invalidateSearches(queryClient);
  },
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
});

export interface JournalDeleteWrite {
  monthId: number;
  journalId: number;
}

export const journalDelete = defineWrite<JournalDeleteWrite, number>({
  name: 'journal.delete',
  subject: (v) => ({ kind: 'journal', id: v.journalId, monthId: v.monthId }),
  run: ({ journalId }) => deleteSaved(journalId, deleteJournal),
  optimistic: (queryClient, { monthId, journalId }) =>
    forgetJournal(queryClient, monthId, journalId),
  landed: (queryClient) => invalidateSearches(queryClient),
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
});

// --- Hooks ---------------------------------------------------------------------------------

export interface HabitTick {
  habitId: number;
  isPracticed: boolean;
  /** Skipped (never with isPracticed); absent: not skipped. */
  isSkipped?: boolean;
}

export interface NewJournal {
  highlight: string;
  /** The Markdown note; '' or absent: none. */
  note?: string;
  /** Mood: 1 … 5; null or absent: none. */
  mood?: number | null;
  /** The day it is about, `YYYY-MM-DD` (the modal offers the user's today); the server's today if absent. */
  createdAt?: string;
  metric: number;
  /** The month's habits in order, with the modal's checkboxes. */
  habits: HabitTick[];
  /** Values of the measures after the first, in order; a measure left empty has none. */
  moreMetrics?: MeasureValue[];
}

export interface MeasureValue {
  measureId: number;
  metric: number;
}

/** Steps of one entry's creation, queued in order; each has its own Idempotency-Key. */
function queueCreateJournal(
  write: Enqueue,
  queryClient: QueryClient,
  monthId: number,
  measure: Measure | undefined,
  input: NewJournal,
): { shown: Journal; done: Promise<Journal> } {
  const { highlight, note, mood, createdAt, metric, habits, moreMetrics = [] } = input;
  // One key per action, one per step derived from it: a step sent again after a lost answer (or
  // a reload) repeats its key, so the server makes no row twice.
  const key = newIdempotencyKey();
  const journalId = newTempId();
  const done = write(queryClient, journalCreate, {
    monthId,
    tempId: journalId,
    body: {
      highlight,
      month_id: monthId,
      created_at: createdAt ?? localToday(),
      ...noteAndMood(note, mood),
    },
    key: `${key}.journal`,
  });
  const steps: Promise<unknown>[] = [done];
  if (measure) {
    steps.push(
      write(queryClient, dailyMeasureCreate, {
        monthId,
        tempId: newTempId(),
        body: { journal_id: journalId, measure_id: measure.id, metric },
        key: `${key}.measure`,
      }),
    );
  }
  for (const more of moreMetrics) {
    steps.push(
      write(queryClient, dailyMeasureCreate, {
        monthId,
        tempId: newTempId(),
        body: { journal_id: journalId, measure_id: more.measureId, metric: more.metric },
        key: `${key}.measure-${more.measureId}`,
      }),
    );
  }
  for (const { habitId, isPracticed, isSkipped } of habits) {
    steps.push(
      write(queryClient, dailyHabitCreate, {
        monthId,
        tempId: newTempId(),
        body: {
          journal_id: journalId,
          habit_id: habitId,
          is_practiced: isPracticed,
          ...(isSkipped ? { is_skipped: true } : {}),
        },
        key: `${key}.habit-${habitId}`,
      }),
    );
  }
  const journal = queryClient
    .getQueryData<Journal[]>(journalKeys.list(monthId))
    ?.find((j) => j.id === journalId) ?? {
    id: journalId,
    highlight,
    created_at: createdAt ?? localToday(),
    author: 0,
    month: monthId,
    month_id: monthId,
  };
  // Over when every step is: the entry with its measure and ticks is on the server.
  return { shown: journal, done: Promise.all(steps).then(() => done) };
}

/**
 * The create order of docs/product-rules.md section 4 (journal, its daily measure, one daily habit
 * per habit), as queued writes: the card shows at once, marked as waiting to sync, and the steps go
 * one by one when online. A step cut off (network, tab closed) is sent again with its key, after a
 * reload too.
 */
export function useCreateJournal(monthId: number, options?: SaveOptions<NewJournal, Journal>) {
  return useSave(async (input: NewJournal, write, queryClient) => {
    // The month's measure, from the cache (offline, that is all there is).
    const measures =
      queryClient.getQueryData(measuresQueryOptions(monthId).queryKey) ??
      (await queryClient.ensureQueryData(measuresQueryOptions(monthId)));
    return queueCreateJournal(write, queryClient, monthId, measures[0], input);
  }, options);
}

/** Only what the entry has, so an entry without them sends the plain body. */
function noteAndMood(note: string | undefined, mood: number | null | undefined) {
  return { ...(note ? { note } : {}), ...(typeof mood === 'number' ? { mood } : {}) };
}

export interface JournalEdit {
  journalId: number;
  highlight?: string;
  /** Sent when it differs from the cached entry's. */
  note?: string;
  mood?: number | null;
  /** Moves the entry to another day, `YYYY-MM-DD`. */
  createdAt?: string;
  /** Patches the journal's daily measure (created if it has none). */
  metric?: number;
  /** Only the ticks that differ from the cache are sent. */
  habits?: HabitTick[];
  /** Values of the measures after the first (each patched, or created if it has none). */
  moreMetrics?: MeasureValue[];
}

/** Queues one write per changed part, compared with the cache (which shows earlier queued changes). */
async function queueEditJournal(
  write: Enqueue,
  queryClient: QueryClient,
  monthId: number,
  { journalId, highlight, note, mood, createdAt, metric, habits, moreMetrics = [] }: JournalEdit,
): Promise<{ done: Promise<unknown> }> {
  const measuring = metric !== undefined || moreMetrics.length > 0;
  // What the edit is compared with: the cache (the page has it; offline it is all there is).
  const [dailyMeasures, dailyHabits, measures] = await Promise.all([
    measuring ? cachedOrRead<DailyMeasure[]>(queryClient, dailyMeasuresQueryOptions(monthId)) : [],
    habits === undefined
      ? []
      : cachedOrRead<DailyHabit[]>(queryClient, dailyHabitsQueryOptions(monthId)),
    measuring ? cachedOrRead<Measure[]>(queryClient, measuresQueryOptions(monthId)) : [],
  ]);
  const cached = queryClient
    .getQueryData<Journal[]>(journalKeys.list(monthId))
    ?.find((j) => j.id === journalId);
  const steps: Promise<unknown>[] = [];
  // One PATCH with whichever of the two changed.
  const changes = {
    ...(highlight !== undefined && highlight !== cached?.highlight ? { highlight } : {}),
    ...(note !== undefined && note !== (cached?.note ?? '') ? { note } : {}),
    ...(mood !== undefined && mood !== (cached?.mood ?? null) ? { mood } : {}),
    ...(createdAt !== undefined && createdAt !== cached?.created_at
      ? { created_at: createdAt }
      : {}),
  };
  if (Object.keys(changes).length > 0)
    steps.push(write(queryClient, journalUpdate, { monthId, journalId, changes, base: cached }));
  const [measure] = measures;
  const values: MeasureValue[] = [
    ...(metric !== undefined && measure ? [{ measureId: measure.id, metric }] : []),
    ...moreMetrics,
  ];
  for (const value of values) {
    // By measure: with several measures, the entry's first daily measure may be another one's.
    const current = dailyMeasures.find(
      (d) => d.journal_id === journalId && d.measure_id === value.measureId,
    );
    if (current && current.metric !== value.metric) {
      steps.push(
        write(queryClient, dailyMeasureUpdate, {
          monthId,
          journalId,
          dailyMeasureId: current.id,
          metric: value.metric,
          base: current,
        }),
      );
    } else if (!current) {
      steps.push(
        write(queryClient, dailyMeasureCreate, {
          monthId,
          tempId: newTempId(),
          body: { journal_id: journalId, measure_id: value.measureId, metric: value.metric },
          key: newIdempotencyKey(),
        }),
      );
    }
  }
  for (const { habitId, isPracticed, isSkipped = false } of habits ?? []) {
    const current = dailyHabits.find((d) => d.journal_id === journalId && d.habit_id === habitId);
    const wasSkipped = current?.is_skipped === true;
    if (current?.is_practiced === isPracticed && wasSkipped === isSkipped) continue;
    steps.push(
      current
        ? write(queryClient, dailyHabitUpdate, {
            monthId,
            journalId,
            dailyHabitId: current.id,
            isPracticed,
            // The plain `{is_practiced}` body alone unless the skip changes.
            ...(isSkipped || wasSkipped ? { isSkipped } : {}),
            base: current,
          })
        : write(queryClient, dailyHabitCreate, {
            monthId,
            tempId: newTempId(),
            body: {
              journal_id: journalId,
              habit_id: habitId,
              is_practiced: isPracticed,
              ...(isSkipped ? { is_skipped: true } : {}),
            },
            key: newIdempotencyKey(),
          }),
    );
  }
  return { done: Promise.all(steps) };
}

/**
 * Each changed part is its own queued write, shown at once. A 404 on any of them means the entry
 * was deleted elsewhere: its card leaves the cache, and the error says so (journalGone, in journal-list.ts).
 */
export function useUpdateJournal(monthId: number, options?: SaveOptions<JournalEdit, unknown>) {
  return useSave(
    async (edit: JournalEdit, write, queryClient) => ({
      shown: undefined,
      ...(await queueEditJournal(write, queryClient, monthId, edit)),
    }),
    options,
  );
}

/** The server deletes the journal's daily items with it; the caches drop them at once. */
export function useDeleteJournal(
  monthId: number,
  options?: WriteOptionsOf<typeof journalDelete, number>,
) {
  return useWrite(journalDelete, (journalId: number) => ({ monthId, journalId }), options);
}
