// The account's own rows: its password hash and token generation, and deleting the user with everything they own.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema.js';

export function createAccountRepository(db: Kysely<DB>) {
  return {
    async passwordHash(userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.password_hash;
    },

    /**
     * Stores the new hash and moves to the next token generation in one statement, so no refresh
     * token issued before it works afterwards; returns the new generation (undefined: no user).
     * Password-reset links mailed before are void too: a changed password ends every other way in.
     */
    async changePassword(userId: number, passwordHash: string): Promise<number | undefined> {
      // The password reset calls this inside its own transaction (which consumed the link).
      const inTransaction = <T>(work: (trx: Kysely<DB>) => Promise<T>) =>
        db.isTransaction ? work(db) : db.transaction().execute(work);
      return inTransaction(async (trx) => {
        const row = await trx
          .updateTable('users')
          .set({
            password_hash: passwordHash,
            token_generation: sql<number>`token_generation + 1`,
          })
          .where('id', '=', userId)
          .returning('token_generation')
          .executeTakeFirst();
        await trx
          .deleteFrom('recovery_tokens')
          .where('user_id', '=', userId)
          .where('purpose', '=', 'reset_password')
          .execute();
        return row?.token_generation;
      });
    },

    /**
     * One statement: every table holding the user's rows references users with ON DELETE
     * CASCADE (billing events with SET NULL), on SQLite (foreign_keys=ON) and PostgreSQL alike,
     * so months, journals, items, daily items, billing rows, revocations and the data version go
     * with it atomically. False when there was no such user.
     */
    async deleteUser(userId: number): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
