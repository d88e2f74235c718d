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

/** The server's order of a month's journals: by the day they are about, then by id. */
export function compareJournals(a: Journal, b: Journal): number {
  return a.created_at.localeCompare(b.created_at) || a.id - b.id;
}
