// Reads of a month's measures (the app uses the first one).
import { queryOptions } from '@tanstack/react-query';
import { listMeasures } from '../api/measures';
import { measureKeys } from './keys';

export function measuresQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: measureKeys.list(monthId),
    queryFn: () => listMeasures(monthId),
  });
}
