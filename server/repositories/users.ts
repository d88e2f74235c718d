// Users and revoked refresh tokens: the only queries the account routes need.
import { type Kysely, sql } from 'kysely';
import type { User } from '../../contract/entities.js';
import { usernameKey } from '../../contract/username.js';
import type { Database } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import type { DB } from '../db/schema.js';
import { oneQueryAtATime } from '../db/user-column-read.js';

export interface UserCredentials extends User {
  password_hash: string;
  token_generation: number;
}

export class UsernameTakenError extends Error {
  override name = 'UsernameTakenError';
}

/** The user a revocation names is gone (deleted meanwhile): PostgreSQL's and SQLite's codes. */
function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * No stored name holds a NUL character (registration refuses one), and PostgreSQL cannot even
 * compare text with one: such a name is simply not found, rather than an error.
 */
const couldBeStored = (username: string) => !username.includes('\u0000');

export function createUsersRepository(db: Kysely<DB>) {
  return {
    /** Throws UsernameTakenError when the name exists, also when two registrations race. */
    async create(username: string, passwordHash: string): Promise<User> {
      try {
        return await db
          .insertInto('users')
          .values({
            username,
            username_key: usernameKey(username),
            password_hash: passwordHash,
            date_joined: new Date().toISOString(),
          })
          .returning(['id', 'username'])
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) throw new UsernameTakenError(username);
        throw error;
      }
    },

    async usernameExists(username: string): Promise<boolean> {
      if (!couldBeStored(username)) return false;
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', usernameKey(username))
        .executeTakeFirst();
      return row !== undefined;
    },

    async findCredentials(username: string): Promise<UserCredentials | undefined> {
      if (!couldBeStored(username)) return undefined;
      return db
        .selectFrom('users')
        .select(['id', 'username', 'password_hash', 'token_generation'])
        .where('username_key', '=', usernameKey(username))
        .executeTakeFirst();
    },

    /** The generation a refresh token must carry to be accepted; undefined for a deleted user. */
    async tokenGeneration(userId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('users')
        .select('token_generation')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.token_generation;
    },

    /**
     * Revoking twice is harmless: logout may be retried. A deleted account's token stores
     * nothing: its refresh is refused anyway, and the row could not name the user.
     */
    async revokeToken(jti: string, userId: number, expiresAt: number): Promise<void> {
      try {
        await db
          .insertInto('revoked_tokens')
          .values({ jti, user_id: userId, expires_at: expiresAt })
          .onConflict((conflict) => conflict.column('jti').doNothing())
          .execute();
      } catch (error) {
        if (!isForeignKeyViolation(error)) throw error;
      }
    },

    async isRevoked(jti: string): Promise<boolean> {
      const row = await db
        .selectFrom('revoked_tokens')
        .select('jti')
        .where('jti', '=', jti)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Expired tokens are rejected on their own, so their revocation rows can go. */
    async purgeExpiredRevocations(nowSeconds: number): Promise<number> {
      const result = await db
        .deleteFrom('revoked_tokens')
        .where('expires_at', '<', nowSeconds)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/**
 * The user's token generation, read as every authenticated request is (undefined: no such user),
 * outside any transaction so a reset committed on another server shows at once. On PostgreSQL the
 * reads share round trips as the data version's and the paid flag's do (user-column-read.ts): the
 * requests a page sends together cost one query.
 */
export function tokenGenerationReader(
  database: Database,
): (userId: number) => Promise<number | undefined> {
  if (database.dialect === 'postgres') {
    return oneQueryAtATime(async (userIds) => {
      const { rows } = await sql<{ id: number; token_generation: number }>`
        select id, token_generation from users where id = any(${[...new Set(userIds)]}::int[])
      `.execute(database.db);
      return new Map(rows.map((row) => [row.id, row.token_generation]));
    });
  }
  return async (userId) => {
    const { rows } = await sql<{ token_generation: number }>`
      select token_generation from users where id = ${userId}
    `.execute(database.db);
    return rows[0]?.token_generation;
  };
}
