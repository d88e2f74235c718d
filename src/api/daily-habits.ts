// Daily habit endpoints (a habit ticked or not on one journal).
import type { DailyHabit } from '../../contract/entities';
import type { CreateDailyHabit, UpdateDailyHabit } from '../../contract/requests';
import { client } from './client';
import { idempotencyHeaders } from './idempotency';
import { withQuota } from './quota';
import { ifMatchHeaders } from './row-versions';

/** One request for the whole month (our server's `?month=`); older servers may ignore the filter. */
export function listMonthDailyHabits(monthId: number): Promise<DailyHabit[]> {
  return client.get('api/dailyhabits/', { searchParams: { month: monthId } }).json<DailyHabit[]>();
}

export function createDailyHabit(
  body: CreateDailyHabit,
  idempotencyKey?: string,
): Promise<DailyHabit> {
  return withQuota(
    client
      .post('api/dailyhabits/', { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<DailyHabit>(),
  );
}

/** `ifMatch`: the version the edit is based on (412 when the item moved on; api/row-versions.ts). */
export function updateDailyHabit(
  id: number,
  body: UpdateDailyHabit,
  ifMatch?: number,
): Promise<DailyHabit> {
  return client
    .patch(`api/dailyhabits/${id}/`, { json: body, headers: ifMatchHeaders(ifMatch) })
    .json<DailyHabit>();
}
