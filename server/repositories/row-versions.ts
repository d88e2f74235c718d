// The If-Match check of an update or delete, made inside its transaction against the row's version (migration 010).
import type { Kysely } from 'kysely';
import type { VERSIONED_TABLES } from '../db/migrations/010-row-versions.js';
import type { DB } from '../db/schema.js';
import { VersionMismatch } from './errors.js';

/**
 * The versions a write may apply to, from `If-Match`; undefined when the request sent none (or
 * `*`), which writes whatever the version. An empty list matches nothing (only weak or foreign
 * entity tags were sent).
 */
export type ExpectedVersions = readonly number[] | undefined;

/** One of the caller's rows in a table with a version column. */
export interface OwnedRow {
  table: (typeof VERSIONED_TABLES)[number];
  id: number;
  authorId: number;
}

export function versionMatches(expected: ExpectedVersions, version: number | undefined): boolean {
  return expected === undefined || (version !== undefined && expected.includes(version));
}

/**
 * The list for a `version in (…)` condition; [0] stands for "nothing", which no row has
 * (versions start at 1), because `in ()` is not SQL.
 */
function versionList(expected: readonly number[]): number[] {
  return expected.length === 0 ? [0] : [...expected];
}

/**
 * After a conditional update or delete touched no row: a row that is still there (at another
 * version) is a VersionMismatch; an absent one is the caller's "not found".
 */
async function staleOrMissing(
  expected: ExpectedVersions,
  exists: () => Promise<unknown>,
): Promise<undefined> {
  if (expected !== undefined && (await exists()) !== undefined) throw new VersionMismatch();
  return undefined;
}

/** The row as `read` gives it, when its version is one of `expected`; a write with nothing to change. */
export async function currentAtVersion<Row extends { version?: number | undefined }>(
  expected: ExpectedVersions,
  read: () => Promise<Row | undefined>,
): Promise<Row | undefined> {
  const row = await read();
  if (row && !versionMatches(expected, row.version)) throw new VersionMismatch();
  return row;
}

/**
 * Sets `values` on the row, only from one of the `expected` versions (none: any version), and
 * answers the row read again by `read` (SQLite's RETURNING would not show the trigger's new
 * version); undefined when the caller has no such row, VersionMismatch when it is at another
 * version. No values: the version check alone.
 */
export async function updateAtVersion<Row extends { version?: number | undefined }>(
  db: Kysely<DB>,
  row: OwnedRow,
  values: object,
  expected: ExpectedVersions,
  read: () => Promise<Row | undefined>,
): Promise<Row | undefined> {
  if (Object.keys(values).length === 0) return currentAtVersion(expected, read);
  let query = db
    .updateTable(row.table)
    .set(values as never)
    .where('id', '=', row.id)
    .where('author_id', '=', row.authorId);
  if (expected) query = query.where('version', 'in', versionList(expected));
  const result = await query.executeTakeFirst();
  if (result.numUpdatedRows === 0n) return staleOrMissing(expected, read);
  return read();
}

/**
 * Deletes the row (what references it cascades), only from one of the `expected` versions;
 * false when the caller has no such row (`read` finds none), VersionMismatch when it is at another
 * version.
 */
export async function deleteAtVersion(
  db: Kysely<DB>,
  row: OwnedRow,
  expected: ExpectedVersions,
  read: () => Promise<unknown>,
): Promise<boolean> {
  let query = db
    .deleteFrom(row.table)
    .where('id', '=', row.id)
    .where('author_id', '=', row.authorId);
  if (expected) query = query.where('version', 'in', versionList(expected));
  const result = await query.executeTakeFirst();
  if (result.numDeletedRows > 0n) return true;
  return (await staleOrMissing(expected, read)) ?? false;
}
