// Reads a user's data version: the counter, moved by the database (migration 015), that tells a cached answer from a stale one.
import type { Database } from '../db/database.js';
import { userColumnRead } from '../db/user-column-read.js';

/**
 * Reads the user's current version, or undefined for a user who has never written (no row yet):
 * such a user's answers are not cached, since nothing would tell them apart from data written
 * otherwise. Every cached read runs it first, so it is never a cached value (a write through
 * another server must show at once).
 */
export function dataVersionReader(
  database: Database,
): (userId: number) => Promise<number | undefined> {
  return userColumnRead(database, {
    table: 'data_versions',
    column: 'version',
  });
}
