// The journals page's seven reads: one list for the route's loader and for its component.
import type { QueryClient } from '@tanstack/react-query';
import { readOrSavedCopy, savedCopyFirst } from '../offline/query-persistence';
import { dailyHabitsQueryOptions, dailyMeasuresQueryOptions } from './daily';
import { goalsQueryOptions } from './goals';
import { habitsQueryOptions } from './habits';
import { journalsQueryOptions } from './journals';
import { measuresQueryOptions } from './measures';
import { monthQueryOptions } from './months';

/** Seven requests, whatever the month's size, so a long month opens as fast as a short one. */
export function journalsPageQueries(monthId: number) {
  return [
    monthQueryOptions(monthId),
    journalsQueryOptions(monthId),
    goalsQueryOptions(monthId),
    habitsQueryOptions(monthId),
    measuresQueryOptions(monthId),
    dailyHabitsQueryOptions(monthId),
    dailyMeasuresQueryOptions(monthId),
  ] as const;
}

/** The seven reads in parallel, each through `read`: ensureQueryData or fetchQuery. */
function readAll(
  queryClient: QueryClient,
  monthId: number,
  read: QueryClient['ensureQueryData'] | QueryClient['fetchQuery'],
) {
  const [month, journals, goals, habits, measures, dailyHabits, dailyMeasures] =
    journalsPageQueries(monthId);
  const run = read.bind(queryClient) as QueryClient['fetchQuery'];
  return Promise.all([
    run(month),
    run(journals),
    run(goals),
    run(habits),
    run(measures),
    run(dailyHabits),
    run(dailyMeasures),
  ]);
}

/**
 * The loader's work: every read through ensureQueryData. A month saved on this device opens from
 * that copy as soon as it is restored, the reads then refreshing it; and from that copy too when
 * the network goes mid-read.
 */
export async function ensureJournalsPage(queryClient: QueryClient, monthId: number): Promise<void> {
  const reading = readOrSavedCopy(queryClient, () => journalsPageData(queryClient, monthId));
  await savedCopyFirst(queryClient, reading, () => isSavedPlainPage(queryClient, monthId));
}

/** The seven lists, from the cache where they are in it, from the server where they are not. */
export function journalsPageData(queryClient: QueryClient, monthId: number) {
  return readAll(queryClient, monthId, queryClient.ensureQueryData);
}

/** The seven lists as the server has them now: what is stale is read again (an export must not write a list saved days ago). */
export function fetchJournalsPage(queryClient: QueryClient, monthId: number) {
  return readAll(queryClient, monthId, queryClient.fetchQuery);
}

/**
 * All seven lists are in the cache, and the month is plain: a private month's saved rows are
 * opened a moment after the restore, so it waits for its reads rather than show them locked.
 */
function isSavedPlainPage(queryClient: QueryClient, monthId: number): boolean {
  const [month, ...lists] = journalsPageQueries(monthId);
  const saved = queryClient.getQueryData(month.queryKey);
  return (
    saved !== undefined &&
    saved.month_key == null &&
    lists.every((list) => queryClient.getQueryData(list.queryKey) !== undefined)
  );
}
