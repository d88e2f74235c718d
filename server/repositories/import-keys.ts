// What of another app's file an account imported before, by each item's key there: read before an import, recorded with it.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ImportSource } from '../../contract/export.js';
import type { DB } from '../db/schema.js';
import { ROWS_PER_INSERT } from './import.js';

export const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** Each known key's hash → the entry it went into, or null when recorded before entries were. */
export type KnownKeys = ReadonlyMap<string, number | null>;

export async function knownKeys(
  trx: Transaction<DB>,
  userId: number,
  source: ImportSource,
): Promise<KnownKeys> {
  const rows = await trx
    .selectFrom('import_keys')
    .select(['key_hash', 'journal_id'])
    .where('author_id', '=', userId)
    .where('source', '=', source)
    .execute();
  return new Map(rows.map((row) => [row.key_hash, row.journal_id]));
}

/** The rows to record for the keys of what was written, each with its entry; known keys stay as they are. */
export function newKeys(
  written: readonly { key: string; journalId: number }[],
  known: KnownKeys,
): Map<string, number> {
  const rows = new Map<string, number>();
  for (const { key, journalId } of written) {
    const hash = hashOf(key);
    if (!known.has(hash) && !rows.has(hash)) rows.set(hash, journalId);
  }
  return rows;
}

export async function recordKeys(
  trx: Transaction<DB>,
  userId: number,
  source: ImportSource,
  importId: number | null,
  keys: ReadonlyMap<string, number>,
): Promise<void> {
  const rows = [...keys].map(([key_hash, journal_id]) => ({
    author_id: userId,
    source,
    key_hash,
    import_id: importId,
    journal_id,
  }));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
    await trx
      .insertInto('import_keys')
      .values(rows.slice(start, start + ROWS_PER_INSERT))
      .execute();
}
