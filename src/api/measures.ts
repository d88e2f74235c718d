// Measure endpoints.
import type { Measure } from '../../contract/entities';
import type { CreateMeasure, UpdateMeasure } from '../../contract/measure-targets';
import { client } from './client';
import { idempotencyHeaders } from './idempotency';
import { withQuota } from './quota';

export function listMeasures(monthId: number): Promise<Measure[]> {
  return client.get('api/measures/', { searchParams: { month: monthId } }).json<Measure[]>();
}

export function createMeasure(body: CreateMeasure, idempotencyKey?: string): Promise<Measure> {
  return withQuota(
    client
      .post('api/measures/', { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<Measure>(),
  );
}

export function updateMeasure(id: number, body: UpdateMeasure): Promise<Measure> {
  return client.patch(`api/measures/${id}/`, { json: body }).json<Measure>();
}

/** Its values on every entry go with it (the server cascades). */
export async function deleteMeasure(id: number): Promise<void> {
  await client.delete(`api/measures/${id}/`);
}
