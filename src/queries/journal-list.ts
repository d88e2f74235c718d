// The read of a month's journals (its own module so daily.ts can use it without an import cycle).
import { queryOptions } from '@tanstack/react-query';
import { listJournals } from '../api/journals';
import { journalKeys } from './keys';

export function journalsQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: journalKeys.list(monthId),
    queryFn: () => listJournals(monthId),
  });
}
