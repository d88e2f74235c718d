// Payment state per user and the Stripe event ids already handled (their primary key makes redelivery a no-op).
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('billing_accounts')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    // Unique: a webhook names a customer, and the customer must name one user.
    .addColumn('customer_id', 'varchar(255)', (col) => col.unique())
    .addColumn('checkout_session_id', 'varchar(255)')
    .addColumn('paid_once', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('subscription_id', 'varchar(255)')
    .addColumn('subscription_status', 'varchar(32)')
    // Derived from the two above and stored, so the paywall is one primary-key lookup.
    .addColumn('has_paid', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('first_paid_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('id', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('type', 'varchar(100)', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}
