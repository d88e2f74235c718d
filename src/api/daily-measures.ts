// Daily measure endpoints (a measure's metric on one journal).
import type { DailyMeasure } from '../../contract/entities';
import type { CreateDailyMeasure, UpdateDailyMeasure } from '../../contract/requests';
import { client } from './client';
import { idempotencyHeaders } from './idempotency';
import { withQuota } from './quota';
import { ifMatchHeaders } from './row-versions';

/** One request for the whole month (our server's `?month=`); older servers may ignore the filter. */
export function listMonthDailyMeasures(monthId: number): Promise<DailyMeasure[]> {
  return client
    .get('api/dailymeasures/', { searchParams: { month: monthId } })
    .json<DailyMeasure[]>();
}

export function createDailyMeasure(
  body: CreateDailyMeasure,
  idempotencyKey?: string,
): Promise<DailyMeasure> {
  return withQuota(
    client
      .post('api/dailymeasures/', { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<DailyMeasure>(),
  );
}

/** `ifMatch`: the version the edit is based on (412 when the item moved on; api/row-versions.ts). */
export function updateDailyMeasure(
  id: number,
  body: UpdateDailyMeasure,
  ifMatch?: number,
): Promise<DailyMeasure> {
  return client
    .patch(`api/dailymeasures/${id}/`, { json: body, headers: ifMatchHeaders(ifMatch) })
    .json<DailyMeasure>();
}
