// A month's journals in the cache: their read, their order, an entry's name in a question, and an entry leaving (its own module so daily.ts can use it without an import cycle).
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { DailyHabit, DailyMeasure, Journal } from '../../contract/entities';
import { listJournals } from '../api/journals';
import { dropRows } from './cache';
import type { ConflictSubject } from './conflict-ui';
import { dailyHabitKeys, dailyMeasureKeys, journalKeys } from './keys';
import { openMonthRows } from './private-rows';

export function journalsQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: journalKeys.list(monthId),
    queryFn: async ({ client }) =>
      openMonthRows(client, monthId, 'entry', await listJournals(monthId)),
  });
}

/**
 * The server's order of a month's journals: by the day they are about, then by id. `YYYY-MM-DD`
 * days sort as plain strings; localeCompare would load the ICU collator on the journals page's
 * first render (about 45 ms on a cold page here).
 */
export function compareJournals(a: Journal, b: Journal): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id - b.id;
}

/** Drops a journal and its daily items from the caches. */
export function forgetJournal(queryClient: QueryClient, monthId: number, journalId: number): void {
  dropRows<Journal>(queryClient, journalKeys.list(monthId), (j) => j.id === journalId);
  const ofJournal = (item: { journal_id: number }) => item.journal_id === journalId;
  dropRows<DailyHabit>(queryClient, dailyHabitKeys.list(monthId), ofJournal);
  dropRows<DailyMeasure>(queryClient, dailyMeasureKeys.list(monthId), ofJournal);
}

/** A 404: the entry was deleted elsewhere; its card leaves, the lists are read again. */
export function journalGone(queryClient: QueryClient, monthId: number, journalId: number) {
  forgetJournal(queryClient, monthId, journalId);
  for (const queryKey of [journalKeys.list(monthId), dailyHabitKeys.list(monthId)])
    void queryClient.invalidateQueries({ queryKey, exact: true });
}

/** An entry named in a conflict dialog by its date, from the month's entries in the cache. */
export function entrySubject(
  queryClient: QueryClient,
  monthId: number,
  journalId: number,
  part?: string,
): ConflictSubject {
  const date = queryClient
    .getQueryData<Journal[]>(journalKeys.list(monthId))
    ?.find((journal) => journal.id === journalId)?.created_at;
  return { kind: 'entry', date, part };
}
