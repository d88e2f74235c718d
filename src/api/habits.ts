// Habit endpoints.
import type { Habit } from '../../contract/entities';
import type { CreateHabit, UpdateHabit } from '../../contract/requests';
import { client } from './client';
import { idempotencyHeaders } from './idempotency';
import { withQuota } from './quota';

export function listHabits(monthId: number): Promise<Habit[]> {
  return client.get('api/habits/', { searchParams: { month: monthId } }).json<Habit[]>();
}

export function createHabit(body: CreateHabit, idempotencyKey?: string): Promise<Habit> {
  return withQuota(
    client
      .post('api/habits/', { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<Habit>(),
  );
}

export function updateHabit(id: number, body: UpdateHabit): Promise<Habit> {
  return client.patch(`api/habits/${id}/`, { json: body }).json<Habit>();
}

/** The server deletes the habit's ticks (daily habits) with it. */
export async function deleteHabit(id: number): Promise<void> {
  await client.delete(`api/habits/${id}/`);
}
