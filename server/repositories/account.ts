// The account's own rows: its password hash and token generation, and deleting the user with everything they own.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { ACCOUNT_KEY_MESSAGES } from '../../contract/account-key-rules.js';
import type { PasswordWrap } from '../../contract/account-keys.js';
import type { DB } from '../db/schema.js';
import { AccountKeyRepository } from './account-keys.js';
import { InvalidInput, NotFound } from './errors.js';

/** A wrap with no account key to replace is the request's mistake: its transaction rolls back. */
async function replaceWrap(trx: Kysely<DB>, userId: number, wrap: PasswordWrap): Promise<void> {
  try {
    await new AccountKeyRepository(trx, userId).replacePassword(wrap);
  } catch (error) {
    if (error instanceof NotFound) {
      throw InvalidInput.field('by_password', ACCOUNT_KEY_MESSAGES.noAccountKey);
    }
    throw error;
  }
}

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
     * `wrap`, the account key under the new password, replaces the stored one in the same
     * transaction, so the password and its wrap change together or not at all (an account with no
     * wraps refuses it, and keeps its password); a reset passes none and leaves the wraps alone.
     */
    async changePassword(
      userId: number,
      passwordHash: string,
      wrap?: PasswordWrap,
    ): Promise<number | undefined> {
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
        if (row && wrap) await replaceWrap(trx, userId, wrap);
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
