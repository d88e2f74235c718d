// Goal endpoints.
import type { Goal } from '../../contract/entities';
import type { CreateGoal, UpdateGoal } from '../../contract/requests';
import { client } from './client';
import { idempotencyHeaders } from './idempotency';
import { withQuota } from './quota';
import { ifMatchHeaders } from './row-versions';

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

/** `ifMatch`: the version the edit is based on (412 when the item moved on; api/row-versions.ts). */
export function updateGoal(id: number, body: UpdateGoal, ifMatch?: number): Promise<Goal> {
  return client
    .patch(`api/goals/${id}/`, { json: body, headers: ifMatchHeaders(ifMatch) })
    .json<Goal>();
}

export async function deleteGoal(id: number, ifMatch?: number): Promise<void> {
  await client.delete(`api/goals/delete/${id}/`, { headers: ifMatchHeaders(ifMatch) });
}
