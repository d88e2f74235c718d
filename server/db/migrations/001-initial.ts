// Users, tokens and the journal's tables; every row carries its author for scoping.
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from '../database.js';

export function idColumn(dialect: Dialect) {
  return (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres'
      ? col.primaryKey().generatedByDefaultAsIdentity()
      : col.primaryKey().autoIncrement();
}

const flag = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = idColumn(dialect);
  const owner = (table: string) => (col: ColumnDefinitionBuilder) =>
    col.notNull().references(`${table}.id`).onDelete('cascade');

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id)
    .addColumn('username', 'varchar(150)', (col) => col.notNull())
    .addColumn('username_key', 'varchar(150)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (col) => col.notNull())
    .addColumn('date_joined', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', owner('users'))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('months')
    .addColumn('id', 'integer', id)
    .addColumn('author_id', 'integer', owner('users'))
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('months_author_idx').on('months').column('author_id').execute();

  await db.schema
    .createTable('journals')
    .addColumn('id', 'integer', id)
    .addColumn('author_id', 'integer', owner('users'))
    .addColumn('month_id', 'integer', owner('months'))
    .addColumn('highlight', 'varchar(255)', (col) => col.notNull())
    .addColumn('created_at', 'date', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('journals_month_idx')
    .on('journals')
    .columns(['month_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('journals_author_idx').on('journals').column('author_id').execute();

  for (const table of ['habits', 'measures', 'goals']) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', 'integer', id)
      .addColumn('author_id', 'integer', owner('users'))
      .addColumn('month_id', 'integer', owner('months'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull());
    if (table === 'goals') builder = builder.addColumn('is_completed', 'integer', flag);
    await builder.execute();
    await db.schema.createIndex(`${table}_month_idx`).on(table).column('month_id').execute();
    await db.schema.createIndex(`${table}_author_idx`).on(table).column('author_id').execute();
  }

  await db.schema
    .createTable('daily_habits')
    .addColumn('id', 'integer', id)
    .addColumn('author_id', 'integer', owner('users'))
    .addColumn('journal_id', 'integer', owner('journals'))
    .addColumn('habit_id', 'integer', owner('habits'))
    .addColumn('is_practiced', 'integer', flag)
    .execute();

  await db.schema
    .createTable('daily_measures')
    .addColumn('id', 'integer', id)
    .addColumn('author_id', 'integer', owner('users'))
    .addColumn('journal_id', 'integer', owner('journals'))
    .addColumn('measure_id', 'integer', owner('measures'))
    .addColumn('metric', 'double precision', (col) => col.notNull())
    .execute();

  for (const table of ['daily_habits', 'daily_measures']) {
    await db.schema.createIndex(`${table}_journal_idx`).on(table).column('journal_id').execute();
    await db.schema.createIndex(`${table}_author_idx`).on(table).column('author_id').execute();
  }
  await db.schema
    .createIndex('daily_habits_habit_idx')
    .on('daily_habits')
    .column('habit_id')
    .execute();
  await db.schema
    .createIndex('daily_measures_measure_idx')
    .on('daily_measures')
    .column('measure_id')
    .execute();
}
