// The account's email address and its single-use links (confirm an address, reset a password), stored as hashes.
import type { Kysely } from 'kysely';
import { usernameKey } from '../../contract/username.js';
import type { DB, RecoveryTokensTable } from '../db/schema.js';
import { createAccountRepository } from './account.js';

export type TokenPurpose = RecoveryTokensTable['purpose'];

export interface RecoveryAccount {
  id: number;
  username: string;
  /** The confirmed address; null when the account has none. */
  email: string | null;
}

/** Accounts one reset request can reach: a username and an address match at most a few. */
const MATCHES_KEPT = 5;

export function createRecoveryRepository(db: Kysely<DB>) {
  return {
    async account(
      userId: number,
    ): Promise<{ username: string; email: string | null; password_hash: string } | undefined> {
      return db
        .selectFrom('users')
        .select(['username', 'email', 'password_hash'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** The address of the newest unexpired confirmation link, if any. */
    async pendingEmail(userId: number, now: number): Promise<string | null> {
      const row = await db
        .selectFrom('recovery_tokens')
        .select('email')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'confirm_email')
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row?.email ?? null;
    },

    /**
     * Accounts whose username is `typed` (as login reads it) or whose confirmed address is
     * `emailKey`: a username may look like an address, so both are looked up in one query.
     */
    async findForReset(typed: string, emailKey: string): Promise<RecoveryAccount[]> {
      if (typed.includes('\u0000')) return [];
      return db
        .selectFrom('users')
        .select(['id', 'username', 'email'])
        .where((eb) =>
          eb.or([eb('username_key', '=', usernameKey(typed)), eb('email_key', '=', emailKey)]),
        )
        .orderBy('id')
        .limit(MATCHES_KEPT)
        .execute();
    },

    /**
     * Stores a link's hash. A new confirmation link replaces the user's earlier ones (only the
     * latest address waits); expired links of anyone are cleared on the way.
     */
    async addToken(token: {
      userId: number;
      purpose: TokenPurpose;
      hash: string;
      email: string;
      now: number;
      ttlMs: number;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('recovery_tokens').where('expires_at', '<=', token.now).execute();
        if (token.purpose === 'confirm_email') {
          await trx
            .deleteFrom('recovery_tokens')
            .where('user_id', '=', token.userId)
            .where('purpose', '=', 'confirm_email')
            .execute();
        }
        await trx
          .insertInto('recovery_tokens')
          .values({
            user_id: token.userId,
            purpose: token.purpose,
            token_hash: token.hash,
            email: token.email,
            created_at: token.now,
            expires_at: token.now + token.ttlMs,
          })
          .execute();
      });
    },

    /** Whether a link is usable now, without using it up. */
    async isUsable(purpose: TokenPurpose, hash: string, now: number): Promise<boolean> {
      const row = await db
        .selectFrom('recovery_tokens')
        .select('id')
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Uses a confirmation link: one transaction deletes it (DELETE … RETURNING, so of two
     * concurrent uses only one gets the row, on SQLite and PostgreSQL alike), stores the address,
     * and ends the user's reset links (sent to the old address). Returns the user and their
     * previous address, or undefined for an unknown, used or expired link.
     */
    async confirmEmail(
      hash: string,
      emailKey: (email: string) => string,
      now: number,
    ): Promise<
      { userId: number; username: string; email: string; previous: string | null } | undefined
    > {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .deleteFrom('recovery_tokens')
          .where('token_hash', '=', hash)
          .where('purpose', '=', 'confirm_email')
          .where('expires_at', '>', now)
          .returning(['user_id', 'email'])
          .executeTakeFirst();
        if (!used) return undefined;
        const before = await trx
          .selectFrom('users')
          .select(['username', 'email'])
          .where('id', '=', used.user_id)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('users')
          .set({ email: used.email, email_key: emailKey(used.email) })
          .where('id', '=', used.user_id)
          .execute();
        await trx.deleteFrom('recovery_tokens').where('user_id', '=', used.user_id).execute();
        return {
          userId: used.user_id,
          username: before.username,
          email: used.email,
          previous: before.email,
        };
      });
    },

    /**
     * Uses a reset link: one transaction deletes it (as above), stores the new password hash with
     * the next token generation (every refresh token issued before is refused, as after a
     * password change: migration 005) and deletes the user's other reset links. Returns the user,
     * or undefined for an unknown, used or expired link.
     */
    async resetPassword(
      hash: string,
      passwordHash: string,
      now: number,
    ): Promise<{ userId: number; username: string; email: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .deleteFrom('recovery_tokens')
          .where('token_hash', '=', hash)
          .where('purpose', '=', 'reset_password')
          .where('expires_at', '>', now)
          .returning(['user_id', 'email'])
          .executeTakeFirst();
        if (!used) return undefined;
        const generation = await createAccountRepository(trx).changePassword(
          used.user_id,
          passwordHash,
        );
        if (generation === undefined) return undefined;
        await trx
          .deleteFrom('recovery_tokens')
          .where('user_id', '=', used.user_id)
          .where('purpose', '=', 'reset_password')
          .execute();
        const user = await trx
          .selectFrom('users')
          .select('username')
          .where('id', '=', used.user_id)
          .executeTakeFirstOrThrow();
        return { userId: used.user_id, username: user.username, email: used.email };
      });
    },
  };
}

export type RecoveryRepository = ReturnType<typeof createRecoveryRepository>;
