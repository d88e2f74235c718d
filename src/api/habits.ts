// Habit endpoints.
import type { Habit } from '../../contract/entities';
import type { CreateHabit } from '../../contract/requests';
import { client } from './client';

export function listHabits(monthId: number): Promise<Habit[]> {
  return client.get('api/habits/', { searchParams: { month: monthId } }).json<Habit[]>();
}

export function createHabit(body: CreateHabit): Promise<Habit> {
  return client.post('api/habits/', { json: body }).json<Habit>();
}
