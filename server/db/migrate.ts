// Applies the numbered migrations at start-up; Kysely runs them in one transaction on both dialects.
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './database.js';
import * as initial from './migrations/001-initial.js';
import * as billing from './migrations/002-billing.js';
import * as dataVersions from './migrations/003-data-versions.js';
import * as journalSearch from './migrations/004-journal-search.js';
import * as account from './migrations/005-account.js';
import * as idempotency from './migrations/006-idempotency.js';
import * as trash from './migrations/007-trash.js';
import * as email from './migrations/008-email.js';
import * as reminders from './migrations/009-reminders.js';
import * as rowVersions from './migrations/010-row-versions.js';
import * as habitSchedules from './migrations/011-habit-schedules.js';
import * as entryNoteMood from './migrations/012-entry-note-mood.js';
import * as measureTargets from './migrations/013-measure-targets.js';
import * as monthPeriod from './migrations/014-month-period.js';
import * as dataVersionTriggers from './migrations/015-data-version-triggers.js';
import * as binnedMonthCounts from './migrations/016-binned-month-counts.js';
import * as searchIndex from './migrations/017-search-index.js';
import * as reminderSchedule from './migrations/018-reminder-schedule.js';
import * as binSize from './migrations/020-bin-size.js';
import * as oneDailyItemPerEntry from './migrations/021-one-daily-item-per-entry.js';
import * as importKeys from './migrations/023-import-keys.js';
import * as importUndo from './migrations/024-import-undo.js';
import * as importKeyJournals from './migrations/025-import-key-journals.js';
import * as accountKeys from './migrations/026-account-keys.js';
import * as sealedMonths from './migrations/027-sealed-months.js';

type DialectMigration = {
  up: (db: Parameters<Migration['up']>[0], dialect: Database['dialect']) => Promise<void>;
};

/** Every migration, in order. Add new ones at the end with the next number. */
const migrations: Record<string, DialectMigration> = {
  '001-initial': initial,
  '002-billing': billing,
  '003-data-versions': dataVersions,
  '004-journal-search': journalSearch,
  '005-account': account,
  '006-idempotency': idempotency,
  '007-trash': trash,
  '008-email': email,
  '009-reminders': reminders,
  '010-row-versions': rowVersions,
  '011-habit-schedules': habitSchedules,
  '012-entry-note-mood': entryNoteMood,
  '013-measure-targets': measureTargets,
  '014-month-period': monthPeriod,
  '015-data-version-triggers': dataVersionTriggers,
  '016-binned-month-counts': binnedMonthCounts,
  '017-search-index': searchIndex,
  '018-reminder-schedule': reminderSchedule,
  '021-one-daily-item-per-entry': oneDailyItemPerEntry,
  '020-bin-size': binSize,
  '023-import-keys': importKeys,
  '024-import-undo': importUndo,
  '025-import-key-journals': importKeyJournals,
  '026-account-keys': accountKeys,
  '027-sealed-months': sealedMonths,
};

export async function migrate(database: Database): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, migration]) => [
          name,
          { up: (db) => migration.up(db, database.dialect) } satisfies Migration,
        ]),
      ),
  };
  if (database.dialect === 'sqlite') return migrateWith(database.db, provider);
  // On one connection without the statement_timeout requests run under: waiting for another
  // server's migrations, or indexing a whole table, may take longer than any request may.
  await database.db.connection().execute(async (db) => {
    try {
      const schema = await liftStatementTimeout(db);
      await migrateWith(db, provider, schema);
    } finally {
      await sql`reset statement_timeout`.execute(db);
    }
  });
}

/**
 * Turns statement_timeout off on this connection and returns its schema. The SET itself runs
 * under the old limit: when that runs out just as the SET finishes, PostgreSQL cancels the next
 * statement instead (57014). So the pair is tried again until one passes with no limit left.
 */
async function liftStatementTimeout(db: Database['db']): Promise<string | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`set statement_timeout = 0`.execute(db);
      // Kysely looks for its bookkeeping tables in every schema unless told which one; with
      // several schemas in one database (tests, shared servers) it would find another's tables.
      return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
        ?.schema;
    } catch (error) {
      if ((error as { code?: unknown }).code !== '57014' || attempt >= 5) throw error;
    }
  }
}

async function migrateWith(
  db: Database['db'],
  provider: MigrationProvider,
  migrationTableSchema?: string,
): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
