// The read of a month's journals (its own module so daily.ts can use it without an import cycle).
import { queryOptions } from '@tanstack/react-query';
import type { Journal } from '../../contract/entities';
import { listJournals } from '../api/journals';
import { journalKeys } from './keys';

export function journalsQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: journalKeys.list(monthId),
    queryFn: () => listJournals(monthId),
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
