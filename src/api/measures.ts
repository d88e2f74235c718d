// Measure endpoints.
import type { Measure } from '../../contract/entities';
import type { CreateMeasure, UpdateNamed } from '../../contract/requests';
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

export function updateMeasure(id: number, body: UpdateNamed): Promise<Measure> {
  return client.patch(`api/measures/${id}/`, { json: body }).json<Measure>();
}
