// Goal endpoints.
import type { Goal } from '../../contract/entities';
import type { CreateGoal, UpdateGoal } from '../../contract/requests';
import { client } from './client';
import { idempotencyHeaders } from './idempotency';
import { withQuota } from './quota';

export function listGoals(monthId: number): Promise<Goal[]> {
  return client.get('api/goals/', { searchParams: { month: monthId } }).json<Goal[]>();
}

export function createGoal(body: CreateGoal, idempotencyKey?: string): Promise<Goal> {
  return withQuota(
    client
      .post('api/goals/', { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<Goal>(),
  );
}

export function updateGoal(id: number, body: UpdateGoal): Promise<Goal> {
  return client.patch(`api/goals/${id}/`, { json: body }).json<Goal>();
}

export async function deleteGoal(id: number): Promise<void> {
  await client.delete(`api/goals/delete/${id}/`);
}
