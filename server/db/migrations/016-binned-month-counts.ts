// A binned month's card counts, kept with it: a restore made offline shows them at once.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Counted from the snapshot as the month is deleted (repositories/trash-bin.ts), so listing the bin
 * never reads the snapshots. Months binned before this migration have none: their restore shows
 * counts once it syncs.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const column of ['journal_count', 'goal_count', 'goals_done_count'])
    await db.schema.alterTable('trash').addColumn(column, 'integer').execute();
}
