// One tick per habit and one value per measure on each entry: duplicates merged, then a unique index keeps it so.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Each table, its month item's column, and which of a pair's rows is kept: the first in this order. */
const TABLES = [
  {
    table: 'daily_habits',
    item: 'habit_id',
    // Done over skipped over neither; then the newest row.
    keep: sql`is_practiced desc, is_skipped desc, id desc`,
    better: (a: Row, b: Row) =>
      (b.is_practiced ?? 0) - (a.is_practiced ?? 0) ||
      (b.is_skipped ?? 0) - (a.is_skipped ?? 0) ||
      b.id - a.id,
  },
  {
    table: 'daily_measures',
    item: 'measure_id',
    // The newest value.
    keep: sql`id desc`,
    better: (a: Row, b: Row) => b.id - a.id,
  },
] as const;

interface Row {
  id: number;
  journal_id: number;
  habit_id?: number;
  measure_id?: number;
  is_practiced?: number;
  is_skipped?: number;
}

/**
 * Two tabs that each saw an entry without a row for a habit both created one, so an entry could
 * show a habit ticked and unticked side by side and count it twice. Rows already doubled are
 * merged into the most meaningful one; the bin's snapshots of deleted entries and months are
 * cleaned the same way, so restoring one cannot run into the new index.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const { table, item, keep } of TABLES) {
    await sql`
      delete from ${sql.table(table)} where id in (
        select id from (
          select id, row_number() over (
            partition by journal_id, ${sql.ref(item)} order by ${keep}
          ) as rank
          from ${sql.table(table)}
        ) ranked
        where rank > 1
      )
    `.execute(db);
    await db.schema
      .createIndex(`${table}_journal_item_key`)
      .on(table)
      .columns(['journal_id', item])
      .unique()
      .execute();
    // The unique index starts with journal_id, so it answers every look-up the old one did.
    await db.schema.dropIndex(`${table}_journal_idx`).execute();
  }

  const binned = await sql<{ id: number; payload: string }>`
    select id, payload from trash where kind in ('journal', 'month')
  `.execute(db);
  for (const { id, payload } of binned.rows) {
    const snapshot = JSON.parse(payload) as Record<string, Row[] | undefined>;
    let changed = false;
    for (const { table, item, better } of TABLES) {
      const rows = snapshot[table];
      if (!rows) continue;
      const kept = new Map<string, Row>();
      for (const row of rows) {
        const key = `${row.journal_id}:${row[item]}`;
        const other = kept.get(key);
        if (!other || better(row, other) < 0) kept.set(key, row);
      }
      if (kept.size === rows.length) continue;
      const keptRows = new Set(kept.values());
      snapshot[table] = rows.filter((row) => keptRows.has(row));
      changed = true;
    }
    if (changed) {
      await sql`update trash set payload = ${JSON.stringify(snapshot)} where id = ${id}`.execute(
        db,
      );
    }
  }
}
