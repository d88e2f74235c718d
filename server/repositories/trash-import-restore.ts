// What restoring an undone import checks first: it comes back whole or not at all.
import type { Selectable, Transaction } from 'kysely';
import { monthIdentity } from '../../contract/export.js';
import { formatPeriod } from '../../contract/month-period.js';
import { type QuotaKind, quotaMessage, quotaOf } from '../../contract/quotas.js';
import { TRASH_MESSAGES } from '../../contract/trash-rules.js';
import type { DB } from '../db/schema.js';
import { Conflict } from './errors.js';
import { lockUser, quotaExceeded } from './quotas.js';
import { BATCH_ROWS } from './row-batches.js';
import { requireMonth } from './trash-restore.js';
import type { Snapshot } from './trash-snapshot.js';

type Row<T extends keyof DB> = Selectable<DB[T]>;

/** When two months are the same month to a restore: their calendar period, or with none their name. */
function sameMonth(month: Pick<Row<'months'>, 'name' | 'period_year' | 'period_month'>) {
  return month.period_year === null || month.period_month === null
    ? monthIdentity({ name: month.name })
    : formatPeriod({ year: month.period_year, month: month.period_month });
}

/**
 * An undone import comes back only whole: its months within the account's quota, the months it
 * added to still there (409 as for an entry otherwise) with room for what it added, its keys
 * not recorded again by a later import of the same file (that would bring the same entries
 * twice: undo the later one first), and none of its months in the account again: one of the
 * same calendar period, or without one of the same name, made since by another import (a
 * Monthbook export has no keys) or by hand. A restore never makes two months of one period.
 */
export async function ensureImportRoom(
  trx: Transaction<DB>,
  userId: number,
  rows: Snapshot,
): Promise<void> {
  await lockUser(trx, userId);
  const refuse = (quota: QuotaKind) =>
    quotaExceeded(quota, quotaMessage('Import not restored', quota));
  const keys = rows.import_keys ?? [];
  for (let first = 0; first < keys.length; first += BATCH_ROWS) {
    const batch = keys.slice(first, first + BATCH_ROWS);
    const again = await trx
      .selectFrom('import_keys')
      .select('key_hash')
      .where('author_id', '=', userId)
      .where('source', '=', batch[0]?.source ?? '')
      .where(
        'key_hash',
        'in',
        batch.map((key) => key.key_hash),
      )
      .executeTakeFirst();
    if (again) throw new Conflict(TRASH_MESSAGES.importedAgain, 'imported_again');
  }
  const own = new Set((rows.months ?? []).map((month) => month.id));
  if (own.size > 0) {
    const account = await trx
      .selectFrom('months')
      .select(['name', 'period_year', 'period_month'])
      .where('author_id', '=', userId)
      .execute();
    const there = new Set(account.map(sameMonth));
    if ((rows.months ?? []).some((month) => there.has(sameMonth(month))))
      throw new Conflict(TRASH_MESSAGES.importMonthAgain, 'month_exists');
    if (account.length + own.size > quotaOf('months')) throw refuse('months');
  }
  // What it adds to each month it did not make, per table.
  const added = new Map<number, Map<'journals' | 'habits' | 'measures' | 'goals', number>>();
  for (const table of ['journals', 'habits', 'measures', 'goals'] as const) {
    for (const row of rows[table] ?? []) {
      if (own.has(row.month_id)) continue;
      const counts = added.get(row.month_id) ?? new Map();
      counts.set(table, (counts.get(table) ?? 0) + 1);
      added.set(row.month_id, counts);
    }
  }
  for (const [monthId, counts] of added) {
    await requireMonth(trx, userId, monthId, 'import');
    for (const [table, count] of counts) {
      const row = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('author_id', '=', userId)
        .where('month_id', '=', monthId)
        .executeTakeFirstOrThrow();
      if (Number(row.count) + count > quotaOf(table)) throw refuse(table);
    }
  }
}
