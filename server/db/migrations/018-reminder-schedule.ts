// When each user's next reminder and digest are due, and how a failing push subscription backs off: the scheduler claims due users in batches instead of re-checking every user each minute.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * `reminder_settings.reminder_due_at` / `digest_due_at`: Unix ms from which the scheduler should
 * look at the user's daily reminder / weekly digest again; null when it is off. 0 means "look at
 * the next tick" (settings just saved), which is what every row with one turned on starts with.
 * While a server works on a user the column holds that server's lease (server/services/reminders.ts).
 *
 * `push_subscriptions.failures` / `retry_at`: consecutive failed pushes and the Unix ms before
 * which the subscription is not tried again (0: try at once).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('reminder_settings').addColumn('reminder_due_at', 'bigint').execute();
  await db.schema.alterTable('reminder_settings').addColumn('digest_due_at', 'bigint').execute();
  await sql`update reminder_settings set reminder_due_at = 0
    where time is not null and (by_email = 1 or by_push = 1)`.execute(db);
  await sql`update reminder_settings set digest_due_at = 0 where weekly_digest = 1`.execute(db);
  await db.schema
    .createIndex('reminder_settings_reminder_due_idx')
    .on('reminder_settings')
    .column('reminder_due_at')
    .execute();
  await db.schema
    .createIndex('reminder_settings_digest_due_idx')
    .on('reminder_settings')
    .column('digest_due_at')
    .execute();

  await db.schema
    .alterTable('push_subscriptions')
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('push_subscriptions')
    .addColumn('retry_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}
