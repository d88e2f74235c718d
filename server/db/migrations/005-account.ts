// A token generation per user: a password change or an account deletion ends the refresh tokens issued before it.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Refresh tokens carry the generation they were issued under (`gen`, absent for 0); refreshing
 * checks it against this column, so bumping it revokes every earlier refresh token at once, on
 * every server, without tracking sessions. Existing users start at 0: their tokens stay valid.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_generation', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
