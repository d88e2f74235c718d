// Applies the numbered migrations at start-up; Kysely runs them in one transaction on both dialects.
import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database.js';
import * as initial from './migrations/001-initial.js';
import * as billing from './migrations/002-billing.js';

type DialectMigration = {
  up: (db: Parameters<Migration['up']>[0], dialect: Database['dialect']) => Promise<void>;
};

/** Every migration, in order. Add new ones at the end with the next number. */
const migrations: Record<string, DialectMigration> = {
  '001-initial': initial,
  '002-billing': billing,
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
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
