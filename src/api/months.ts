// Month endpoints.
import type { Month } from '../../contract/entities';
import type { CreateMonth, UpdateMonth } from '../../contract/requests';
import type { MonthSummary } from '../../contract/stats';
import { client } from './client';
import { idempotencyHeaders } from './idempotency';
import { getAll } from './pages';
import { withQuota } from './quota';
import { ifMatchHeaders } from './row-versions';

/** Every month: the server answers them whole (bounded by its quota); pages are followed if it ever pages them. */
export function listMonths(): Promise<Month[]> {
  return getAll<Month>('api/months/');
}

/** Each month's entry and goal counts, for the month cards. */
export function listMonthSummaries(): Promise<MonthSummary[]> {
  return client.get('api/months/summaries/').json<MonthSummary[]>();
}

export function getMonth(id: number): Promise<Month> {
  return client.get(`api/months/${id}/`).json<Month>();
}

export function createMonth(body: CreateMonth, idempotencyKey?: string): Promise<Month> {
  return withQuota(
    client
      .post('api/months/', { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<Month>(),
  );
}

/** `ifMatch`: the version the edit is based on (412 when the item moved on; api/row-versions.ts). */
export function updateMonth(id: number, body: UpdateMonth, ifMatch?: number): Promise<Month> {
  return client
    .patch(`api/months/${id}/`, { json: body, headers: ifMatchHeaders(ifMatch) })
    .json<Month>();
}

export async function deleteMonth(id: number, ifMatch?: number): Promise<void> {
  await client.delete(`api/months/delete/${id}/`, { headers: ifMatchHeaders(ifMatch) });
}
