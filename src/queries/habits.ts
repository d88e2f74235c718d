// Reads of a month's habits.
import { queryOptions } from '@tanstack/react-query';
import { listHabits } from '../api/habits';
import { habitKeys } from './keys';

export function habitsQueryOptions(monthId: number) {
  return queryOptions({ queryKey: habitKeys.list(monthId), queryFn: () => listHabits(monthId) });
}
