// The Recently deleted bin as its owner sees it: listing, restoring, deleting for good.
import type { Kysely } from 'kysely';
import type { TrashItem } from '../../contract/trash.js';
import { purgeAt, type TrashKind } from '../../contract/trash-rules.js';
import type { DB } from '../db/schema.js';
import { yieldingQueries } from '../db/yielding-queries.js';
import type { PageRequest } from './keyset.js';
import { binCutoff, inBin } from './trash-bin.js';
import { ensureImportRoom } from './trash-import-restore.js';
import { ensureRestoreRoom, insertSnapshot } from './trash-restore.js';
import type { Snapshot } from './trash-snapshot.js';

export class TrashRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
  ) {}

  /**
   * What the user can still restore, most recently deleted first (by the bin's own id, which
   * grows as items are binned): `page.limit` items after the cursor's id.
   */
  async page(page: PageRequest): Promise<(TrashItem & { key: number })[]> {
    let query = this.db
      .selectFrom('trash')
      .leftJoin('months', (join) =>
        join.onRef('months.id', '=', 'trash.month_id').on('months.author_id', '=', this.userId),
      )
      .select([
        'trash.id',
        'trash.kind',
        'trash.item_id',
        'trash.label',
        'trash.month_id',
        'trash.item_date',
        'trash.deleted_at',
        'trash.journal_count',
        'trash.goal_count',
        'trash.goals_done_count',
        'months.name as month_name',
      ])
      .where('trash.author_id', '=', this.userId)
      .where('trash.deleted_at', '>=', binCutoff())
      .orderBy('trash.id', 'desc')
      .limit(page.limit);
    if (page.after) query = query.where('trash.id', '<', page.after[0] as number);
    const rows = await query.execute();
    // An entry or goal whose month is itself in the bin still shows that month's name: from
    // this page, else from the bin.
    const binnedMonths = new Map(
      rows.filter((row) => row.kind === 'month').map((row) => [row.item_id, row.label]),
    );
    const missing = [
      ...new Set(
        rows
          .filter(
            (row) =>
              row.month_name === null && row.month_id !== null && !binnedMonths.has(row.month_id),
          )
          .map((row) => row.month_id as number),
      ),
    ];
    if (missing.length > 0) {
      const months = await this.db
        .selectFrom('trash')
        .select(['item_id', 'label'])
        .where('author_id', '=', this.userId)
        .where('kind', '=', 'month')
        .where('item_id', 'in', missing)
        .execute();
      for (const month of months) binnedMonths.set(month.item_id, month.label);
    }
    return rows.map((row) => ({
      key: row.id,
      kind: row.kind as TrashKind,
      id: row.item_id,
      label: row.label,
      month: row.month_id,
      month_name:
        row.month_name ?? (row.month_id === null ? null : (binnedMonths.get(row.month_id) ?? null)),
      date: row.item_date,
      deleted_at: row.deleted_at,
      purge_at: purgeAt(row.deleted_at),
      ...(row.journal_count === null || row.goal_count === null || row.goals_done_count === null
        ? {}
        : {
            counts: {
              journals: Number(row.journal_count),
              goals: Number(row.goal_count),
              goals_done: Number(row.goals_done_count),
            },
          }),
    }));
  }

  /** Puts the item back with its ids; null when it is not in the bin. */
  async restore(kind: TrashKind, id: number): Promise<Snapshot | null> {
    // One transaction, the event loop let run between its statements (row-batches.ts says why).
    return yieldingQueries(this.db)
      .transaction()
      .execute(async (trx) => {
        // Claimed by deleting it: of two restores at once, one finds nothing (404).
        const claimed = await trx
          .deleteFrom('trash')
          .where('author_id', '=', this.userId)
          .where('kind', '=', kind)
          .where('item_id', '=', id)
          .where('deleted_at', '>=', binCutoff())
          .returning(['payload', 'month_id'])
          .executeTakeFirst();
        if (!claimed) return null;
        const rows = JSON.parse(claimed.payload) as Snapshot;
        if (kind === 'import') await ensureImportRoom(trx, this.userId, rows);
        else await ensureRestoreRoom(trx, this.userId, kind, claimed.month_id);
        await insertSnapshot(trx, this.userId, rows);
        return rows;
      });
  }

  /** True when the user's item of that kind is in the bin (not yet purged). */
  holds(kind: TrashKind, id: number): Promise<boolean> {
    return inBin(this.db, this.userId, kind, id);
  }

  /** Deletes a binned item for good ("Delete forever"). */
  async purge(kind: TrashKind, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('trash')
      .where('author_id', '=', this.userId)
      .where('kind', '=', kind)
      .where('item_id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
