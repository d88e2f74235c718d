// Reads and writes the billing tables: one account row per user and the ids of handled events.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { BillingAccountsTable, DB } from '../db/schema.js';
import { userColumnRead } from '../db/user-column-read.js';

export type BillingAccount = BillingAccountsTable;

/** The subscription statuses that grant access (spec: active or trialing). */
export function grantsAccess(status: string | null): boolean {
  return status === 'active' || status === 'trialing';
}

export interface PaymentsRepository {
  find(userId: number, db?: Kysely<DB>): Promise<BillingAccount | undefined>;
  /** The paywall's lookup: one primary-key read. */
  hasPaid(userId: number): Promise<boolean>;
  /**
   * True for someone who has paid at some time (a subscription since ended, say): the paywall lets
   * them read what they wrote. Read only for users without access, so it costs paying users nothing.
   */
  hasPaidBefore(userId: number): Promise<boolean>;
  userExists(userId: number): Promise<boolean>;
  username(userId: number): Promise<string | undefined>;
  userIdByCustomer(customerId: string): Promise<number | undefined>;
  /** Stores the customer unless the user already has one; returns the customer that is stored. */
  claimCustomer(userId: number, customerId: string): Promise<string>;
  setCheckoutSession(userId: number, sessionId: string): Promise<void>;
  /** Records an event id inside `trx`; false when it was recorded before. */
  recordEvent(
    trx: Transaction<DB>,
    event: { id: string; type: string },
    userId: number,
  ): Promise<boolean>;
  eventSeen(eventId: string): Promise<boolean>;
  /** Reads the user's account inside `trx`, creating it, and locks it until `trx` ends (PostgreSQL). */
  lock(trx: Transaction<DB>, userId: number): Promise<BillingAccount>;
  save(trx: Transaction<DB>, account: BillingAccount): Promise<void>;
  /** Users who have ever paid: local mode's count of launch-offer customers. */
  countPayingCustomers(): Promise<number>;
  transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T>;
}

const now = () => new Date().toISOString();

export function emptyAccount(userId: number): BillingAccount {
  return {
    user_id: userId,
    customer_id: null,
    checkout_session_id: null,
    paid_once: 0,
    subscription_id: null,
    subscription_status: null,
    has_paid: 0,
    first_paid_at: null,
    updated_at: now(),
  };
}

export function createPaymentsRepository(database: Database): PaymentsRepository {
  const { db, dialect } = database;
  // The paywall runs it on every data request.
  const hasPaid = userColumnRead(database, {
    table: 'billing_accounts',
    column: 'has_paid',
  });
  const ensureRow = (userId: number) =>
    db
      .insertInto('billing_accounts')
      .values(emptyAccount(userId))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();

  return {
    find: (userId, executor = db) =>
      executor
        .selectFrom('billing_accounts')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    hasPaid: async (userId) => (await hasPaid(userId)) === 1,

    async hasPaidBefore(userId) {
      const row = await db
        .selectFrom('billing_accounts')
        .select('first_paid_at')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.first_paid_at != null;
    },

    async userExists(userId) {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async username(userId) {
      const row = await db
        .selectFrom('users')
        .select('username')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.username;
    },

    async userIdByCustomer(customerId) {
      const row = await db
        .selectFrom('billing_accounts')
        .select('user_id')
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.user_id;
    },

    async claimCustomer(userId, customerId) {
      await ensureRow(userId);
      // Two first checkouts at once may each create a customer; the first one stored wins.
      await db
        .updateTable('billing_accounts')
        .set({ customer_id: customerId, updated_at: now() })
        .where('user_id', '=', userId)
        .where('customer_id', 'is', null)
        .execute();
      const row = await db
        .selectFrom('billing_accounts')
        .select('customer_id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.customer_id ?? customerId;
    },

    async setCheckoutSession(userId, sessionId) {
      await ensureRow(userId);
      await db
        .updateTable('billing_accounts')
        .set({ checkout_session_id: sessionId, updated_at: now() })
        .where('user_id', '=', userId)
        .execute();
    },

    async recordEvent(trx, event, userId) {
      // ON CONFLICT waits for a concurrent insert of the same id to commit, then skips it:
      // of simultaneous deliveries exactly one gets its row back.
      const row = await trx
        .insertInto('billing_events')
        .values({ id: event.id, type: event.type, user_id: userId, received_at: now() })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async eventSeen(eventId) {
      const row = await db
        .selectFrom('billing_events')
        .select('id')
        .where('id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async lock(trx, userId) {
      await trx
        .insertInto('billing_accounts')
        .values(emptyAccount(userId))
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      // SQLite runs one write transaction at a time already; PostgreSQL needs the row lock
      // so two events for one user cannot both read the old state.
      const query = trx.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId);
      return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
    },

    async save(trx, account) {
      const { user_id: _userId, ...values } = { ...account, updated_at: now() };
      await trx
        .insertInto('billing_accounts')
        .values({ ...values, user_id: account.user_id })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    async countPayingCustomers() {
      const row = await db
        .selectFrom('billing_accounts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('first_paid_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    transaction: (work) => db.transaction().execute(work),
  };
}
