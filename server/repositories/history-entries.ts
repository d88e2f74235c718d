// The account's entries that may take a later export's new ticks and values for days imported before, and what each of them holds already.
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { fold } from './import-names.js';
import { BATCH_ROWS } from './row-batches.js';

/** How many ticks and values an entry holds (for the quotas). */
export interface EntryHolds {
  habits: number;
  measures: number;
}

export interface OlderEntries {
  /** Each entry's month. */
  monthOf: ReadonlyMap<number, number>;
  /** The entries of each `month date`, by id. */
  byDay: ReadonlyMap<string, number[]>;
  /** The habits and measures each entry has a tick or value of, by folded name ('h:…', 'm:…'). */
  held: ReadonlyMap<number, Set<string>>;
  holds: ReadonlyMap<number, EntryHolds>;
}

/** Rows of a query run on `ids` a batch at a time (BATCH_ROWS), so no statement grows unbounded. */
async function inBatches<T, R>(ids: readonly T[], run: (batch: T[]) => Promise<R[]>) {
  const rows: R[] = [];
  for (let first = 0; first < ids.length; first += BATCH_ROWS)
    rows.push(...(await run(ids.slice(first, first + BATCH_ROWS))));
  return rows;
}

/**
 * The user's entries among `remembered` (those earlier imports put days' ticks and values on),
 * and every entry of each of `legacyDays` in its month (days imported before that was
 * remembered), with what each holds.
 */
export async function olderEntries(
  trx: Transaction<DB>,
  userId: number,
  remembered: readonly number[],
  legacyDays: readonly { target: number; date: string }[],
): Promise<OlderEntries> {
  const entries = [
    ...(await inBatches(remembered, (ids) =>
      trx
        .selectFrom('journals')
        .select(['id', 'month_id', 'created_at'])
        .where('author_id', '=', userId)
        .where('id', 'in', ids)
        .execute(),
    )),
    ...(await inBatches(legacyDays, (batch) =>
      trx
        .selectFrom('journals')
        .select(['id', 'month_id', 'created_at'])
        .where('author_id', '=', userId)
        .where((eb) =>
          eb.or(
            batch.map(({ target, date }) =>
              eb.and([eb('month_id', '=', target), eb('created_at', '=', date)]),
            ),
          ),
        )
        .execute(),
    )),
  ];
  const monthOf = new Map(entries.map((entry) => [entry.id, entry.month_id]));
  const byDay = new Map<string, number[]>();
  for (const entry of entries) {
    const dayKey = `${entry.month_id} ${entry.created_at}`;
    byDay.set(
      dayKey,
      [...(byDay.get(dayKey) ?? []), entry.id].sort((a, b) => a - b),
    );
  }
  const ids = [...monthOf.keys()];
  const ticks = await inBatches(ids, (batch) =>
    trx
      .selectFrom('daily_habits')
      .innerJoin('habits', 'habits.id', 'daily_habits.habit_id')
      .select(['daily_habits.journal_id', 'habits.name'])
      .where('daily_habits.author_id', '=', userId)
      .where('daily_habits.journal_id', 'in', batch)
      .execute(),
  );
  const values = await inBatches(ids, (batch) =>
    trx
      .selectFrom('daily_measures')
      .innerJoin('measures', 'measures.id', 'daily_measures.measure_id')
      .select(['daily_measures.journal_id', 'measures.name'])
      .where('daily_measures.author_id', '=', userId)
      .where('daily_measures.journal_id', 'in', batch)
      .execute(),
  );
  // What each entry holds, by folded name, and how many of each (for the quotas).
  const held = new Map<number, Set<string>>();
  const holds = new Map<number, EntryHolds>();
  for (const [kind, rows] of [
    ['habits', ticks],
    ['measures', values],
  ] as const) {
    for (const row of rows) {
      const names = held.get(row.journal_id) ?? new Set();
      names.add(`${kind[0]}:${fold(row.name)}`);
      held.set(row.journal_id, names);
      const count = holds.get(row.journal_id) ?? { habits: 0, measures: 0 };
      count[kind]++;
      holds.set(row.journal_id, count);
    }
  }
  return { monthOf, byDay, held, holds };
}
