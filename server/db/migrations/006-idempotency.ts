// Answers of create requests by their Idempotency-Key, so a retried POST answers the first result instead of adding a row.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * One row per (user, key): claimed (status_code null) when the first request starts, filled with
 * its answer when it succeeds, deleted when it fails. `created_at` is Unix milliseconds; rows
 * older than a day are ignored and purged (server/plugins/idempotency.ts).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('key', 'varchar(255)', (col) => col.notNull())
    .addColumn('request_hash', 'varchar(64)', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}
