// A month's optional calendar period: its year and month, both null or both set.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Two integer columns rather than one `YYYY-MM` text so the year view selects a year with an
 * index range. The API writes both or neither (contract/month-period.ts checks the values), so
 * no CHECK constraint (SQLite cannot add one to a table). Existing months get no period: a name
 * is read only when a month is created, as the user can always set or clear it.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('months').addColumn('period_year', 'integer').execute();
  await db.schema.alterTable('months').addColumn('period_month', 'integer').execute();
  await db.schema
    .createIndex('months_author_period_idx')
    .on('months')
    .columns(['author_id', 'period_year', 'period_month'])
    .execute();
}
