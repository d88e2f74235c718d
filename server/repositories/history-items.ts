// The habits and measures of the account's months another app's history goes into, and the file's own matched to them by name or added beside them.
import type { Insertable, Transaction } from 'kysely';
import { scheduleColumns, scheduleOrDaily } from '../../contract/habit-schedule.js';
import type { DB } from '../db/schema.js';
import type { PlannedMonth } from './history-plan.js';
import { insertParents } from './import.js';
import { fold } from './import-names.js';

export interface MonthItem {
  id: number;
  month_id: number;
  name: string;
}

export interface MonthItems {
  habits: MonthItem[];
  measures: MonthItem[];
}

/** What the account's months already hold, by name, for merging and for the quotas. */
export async function monthItems(
  trx: Transaction<DB>,
  userId: number,
  monthIds: readonly number[],
): Promise<MonthItems> {
  const itemsOf = async (table: 'habits' | 'measures') =>
    monthIds.length === 0
      ? []
      : trx
          .selectFrom(table)
          .select(['id', 'month_id', 'name'])
          .where('author_id', '=', userId)
          .where('month_id', 'in', [...monthIds])
          .execute();
  const [habits, measures] = await Promise.all([itemsOf('habits'), itemsOf('measures')]);
  return { habits, measures };
}

export interface ResolvedItems {
  /** For each planned month, the file's ids → the account's. */
  maps: Map<number, number>[];
  created: number;
  /** Those added to the account's own months, which an undo takes one by one. */
  intoExisting: number[];
}

/**
 * The file's habit or measure ids → the account's: one of the same name in the month, or a new
 * one. `monthIds` and `merged` say, for each planned month, the account's month it goes into and
 * whether the account had that month before.
 */
export async function resolveItems(
  trx: Transaction<DB>,
  userId: number,
  kind: 'habits' | 'measures',
  months: readonly PlannedMonth[],
  monthIds: readonly number[],
  merged: readonly boolean[],
  existingItems: readonly MonthItem[],
): Promise<ResolvedItems> {
  const maps = months.map(() => new Map<number, number>());
  const rows: {
    m: number;
    fileId: number;
    row: Insertable<DB['habits']> | Insertable<DB['measures']>;
  }[] = [];
  months.forEach(({ month }, m) => {
    const monthId = monthIds[m] as number;
    const existing = new Map(
      existingItems
        .filter((row) => row.month_id === monthId)
        .map((row) => [fold(row.name), row.id]),
    );
    for (const item of month[kind]) {
      const found = existing.get(fold(item.name));
      if (found !== undefined) maps[m]?.set(item.id, found);
      else {
        const extra =
          kind === 'habits'
            ? scheduleColumns(scheduleOrDaily((item as { schedule?: unknown }).schedule))
            : {
                unit: (item as { unit?: string }).unit ?? null,
                target: null,
                target_direction: null,
              };
        rows.push({
          m,
          fileId: item.id,
          row: { author_id: userId, month_id: monthId, name: item.name, ...extra },
        });
      }
    }
  });
  const ids = await insertParents(
    trx,
    kind,
    rows.map((item) => item.row),
  );
  for (const [index, item] of rows.entries()) maps[item.m]?.set(item.fileId, ids[index] as number);
  const intoExisting = rows.flatMap((item, index) =>
    merged[item.m] ? [ids[index] as number] : [],
  );
  return { maps, created: rows.length, intoExisting };
}
