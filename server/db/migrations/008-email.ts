// An optional confirmed email address per account, and the single-use links that confirm one or reset a password.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001-initial.js';

/**
 * `users.email` holds only a confirmed address (an address waiting for confirmation lives in its
 * token row), `email_key` the same lower-cased for look-ups; neither is unique, so adding an
 * address never tells anyone that another account uses it.
 *
 * `recovery_tokens` keeps a link's sha256, never the link: a copy of the database opens no
 * account. A row is deleted when it is used, so using it twice cannot succeed; `expires_at` is
 * Unix milliseconds, checked by the statement that uses it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('email', 'varchar(254)').execute();
  await db.schema.alterTable('users').addColumn('email_key', 'varchar(254)').execute();
  await db.schema.createIndex('users_email_key_idx').on('users').column('email_key').execute();

  await db.schema
    .createTable('recovery_tokens')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
    .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('email', 'varchar(254)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('recovery_tokens_user_idx')
    .on('recovery_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
  await db.schema
    .createIndex('recovery_tokens_expires_idx')
    .on('recovery_tokens')
    .column('expires_at')
    .execute();
}
