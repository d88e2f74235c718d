// Daily reminders and the weekly digest: settings per user, push subscriptions, and the sent-log
// that makes each send happen once.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001-initial.js';

const flag = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);
const owner = (col: ColumnDefinitionBuilder) =>
  col.notNull().references('users.id').onDelete('cascade');

/**
 * `reminder_settings`: one row per user who saved them (no row = the defaults: no reminder, UTC,
 * English). `time` is "HH:MM" local to `time_zone` (IANA), null for no daily reminder.
 *
 * `push_subscriptions`: a browser's PushSubscription; the endpoint is unique across users (a
 * browser re-subscribing under another account moves it).
 *
 * `reminder_sends`: the sent-log. Its primary key (user, kind, period) — period being the local
 * date "YYYY-MM-DD" of a daily reminder or the ISO week "YYYY-Www" of a digest — lets exactly one
 * server claim a send: the claim is an insert (state 'claimed', claimed_at Unix ms), marked 'sent'
 * once delivered. A claim left by a server that died mid-send can be taken over after a lease
 * (server/services/reminders.ts explains).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('reminder_settings')
    .addColumn('user_id', 'integer', (col) => owner(col).primaryKey())
    .addColumn('time', 'varchar(5)')
    .addColumn('time_zone', 'varchar(64)', (col) => col.notNull().defaultTo('UTC'))
    .addColumn('by_email', 'integer', flag)
    .addColumn('by_push', 'integer', flag)
    .addColumn('weekly_digest', 'integer', flag)
    .addColumn('language', 'varchar(8)', (col) => col.notNull().defaultTo('en'))
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('user_id', 'integer', owner)
    .addColumn('endpoint', 'varchar(2048)', (col) => col.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (col) => col.notNull())
    .addColumn('auth', 'varchar(100)', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('reminder_sends')
    .addColumn('user_id', 'integer', owner)
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('period', 'varchar(10)', (col) => col.notNull())
    .addColumn('state', 'varchar(8)', (col) => col.notNull())
    .addColumn('claimed_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('reminder_sends_pk', ['user_id', 'kind', 'period'])
    .execute();
  await db.schema
    .createIndex('reminder_sends_claimed_idx')
    .on('reminder_sends')
    .column('claimed_at')
    .execute();
}
