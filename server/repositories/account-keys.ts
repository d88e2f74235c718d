// One user's account-key wraps (migration 026): read, create once, replace either wrap.
import { type Kysely, type Selectable, sql } from 'kysely';
import { ACCOUNT_KEY_EXISTS, ACCOUNT_KEY_MESSAGES } from '../../contract/account-key-rules.js';
import type {
  AccountKeys,
  AccountKeyWraps,
  PasswordWrap,
  WrappedKeyEnvelope,
} from '../../contract/account-keys.js';
import type { DB } from '../db/schema.js';
import { Conflict, NotFound, VersionMismatch } from './errors.js';
import type { ExpectedVersions } from './row-versions.js';

/**
 * The stored text of each wrap, its fields named one by one in the contract's order: the
 * request's schema has already refused any other field, and this keeps the text the same
 * whichever order the browser wrote them in.
 */
function passwordText({ kdf, key }: PasswordWrap): string {
  return JSON.stringify({
    kdf: {
      name: kdf.name,
      salt: kdf.salt,
      memoryKiB: kdf.memoryKiB,
      passes: kdf.passes,
      parallelism: kdf.parallelism,
    },
    key: envelopeFields(key),
  });
}

function envelopeFields({ v, nonce, ct }: WrappedKeyEnvelope): WrappedKeyEnvelope {
  return { v, nonce, ct };
}

const envelopeText = (envelope: WrappedKeyEnvelope) => JSON.stringify(envelopeFields(envelope));

const COLUMNS = ['by_password', 'by_recovery_key', 'version', 'created_at', 'updated_at'] as const;

type Row = Selectable<DB['account_keys']>;

function fromRow(row: Omit<Row, 'user_id'>): AccountKeys {
  return {
    by_password: JSON.parse(row.by_password) as PasswordWrap,
    by_recovery_key: JSON.parse(row.by_recovery_key) as WrappedKeyEnvelope,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Every query carries `user_id = userId`: another user's wraps are never read or written. */
export class AccountKeyRepository {
  constructor(
    private readonly db: Kysely<DB>,
    readonly userId: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(): Promise<AccountKeys | undefined> {
    const row = await this.db
      .selectFrom('account_keys')
      .select(COLUMNS)
      .where('user_id', '=', this.userId)
      .executeTakeFirst();
    return row && fromRow(row);
  }

  /**
   * Once per account: a second create is a Conflict, never an overwrite, since wraps of another
   * account key would lock every month whose key the first one wraps. The primary key decides
   * between two creates sent at once.
   */
  async create(keys: AccountKeyWraps): Promise<AccountKeys> {
    const at = this.now().toISOString();
    const row = await this.db
      .insertInto('account_keys')
      .values({
        user_id: this.userId,
        by_password: passwordText(keys.by_password),
        by_recovery_key: envelopeText(keys.by_recovery_key),
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning(COLUMNS)
      .executeTakeFirst();
    if (!row) throw new Conflict(ACCOUNT_KEY_MESSAGES.exists, ACCOUNT_KEY_EXISTS);
    return fromRow(row);
  }

  /** The same account key under a new password (a password change, or after recovery). */
  replacePassword(wrap: PasswordWrap, expected?: ExpectedVersions): Promise<AccountKeys> {
    return this.replace({ by_password: passwordText(wrap) }, expected);
  }

  /** The same account key under a new recovery key: the old words stop working. */
  replaceRecovery(envelope: WrappedKeyEnvelope, expected?: ExpectedVersions): Promise<AccountKeys> {
    return this.replace({ by_recovery_key: envelopeText(envelope) }, expected);
  }

  /**
   * One conditional UPDATE: with If-Match's versions it applies only at one of them, so a device
   * that read the wraps before another replaced them cannot put back a wrap under a password that
   * is no longer the account's. NotFound when there are no wraps yet, VersionMismatch when they
   * moved on.
   */
  private async replace(
    change: { by_password: string } | { by_recovery_key: string },
    expected: ExpectedVersions,
  ): Promise<AccountKeys> {
    const row = await this.db
      .updateTable('account_keys')
      .set({ ...change, version: sql<number>`version + 1`, updated_at: this.now().toISOString() })
      .where('user_id', '=', this.userId)
      .$if(expected !== undefined, (query) =>
        // [0] when only weak or foreign tags were sent: no row has version 0, so none matches.
        query.where('version', 'in', expected?.length ? [...expected] : [0]),
      )
      .returning(COLUMNS)
      .executeTakeFirst();
    if (row) return fromRow(row);
    if (expected !== undefined && (await this.get()) !== undefined) throw new VersionMismatch();
    throw new NotFound();
  }
}
