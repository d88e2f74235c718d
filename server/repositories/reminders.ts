// Reminder settings, push subscriptions, the sent-log's claims, and the numbers the reminders and the weekly digest need.
import { type Kysely, sql } from 'kysely';
import {
  DEFAULT_TIME_ZONE,
  PUSH_FAILURES_MAX,
  PUSH_SUBSCRIPTIONS_MAX,
} from '../../contract/reminder-rules.js';
import type { Dialect } from '../db/database.js';
import type { DB, ReminderSendsTable } from '../db/schema.js';

export type SendKind = ReminderSendsTable['kind'];

export interface StoredReminderSettings {
  time: string | null;
  time_zone: string;
  by_email: boolean;
  by_push: boolean;
  weekly_digest: boolean;
  language: 'en' | 'pt-BR';
}

/** A user the scheduler may have something to send to. */
export interface ReminderCandidate extends StoredReminderSettings {
  user_id: number;
  /** The confirmed address, if any. */
  email: string | null;
}

export interface StoredPushSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Pushes failed in a row, and the Unix ms before which it is not tried again. */
  failures: number;
  retry_at: number;
}

/** Where a send's sent-log row stands when this server could not claim it. */
export type ClaimResult =
  | { claimedAt: number }
  | { sent: true }
  /** Another server holds a live claim, taken at `heldSince`. */
  | { heldSince: number };

/** How long a failing push subscription rests: a minute, doubling per failure, at most a day. */
export function pushBackoffMs(failures: number): number {
  return Math.min(60_000 * 2 ** Math.min(Math.max(failures - 1, 0), 20), 24 * 60 * 60 * 1000);
}

export const DEFAULT_SETTINGS: StoredReminderSettings = {
  time: null,
  time_zone: DEFAULT_TIME_ZONE,
  by_email: false,
  by_push: false,
  weekly_digest: false,
  language: 'en',
};

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/** The column holding when each kind is next due. */
const dueColumn = (kind: SendKind) => (kind === 'reminder' ? 'reminder_due_at' : 'digest_due_at');

export function createRemindersRepository(db: Kysely<DB>, dialect: Dialect) {
  const repository = {
    async settings(userId: number): Promise<StoredReminderSettings> {
      const row = await db
        .selectFrom('reminder_settings')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return { ...DEFAULT_SETTINGS };
      return {
        time: row.time,
        time_zone: row.time_zone,
        by_email: row.by_email === 1,
        by_push: row.by_push === 1,
        weekly_digest: row.weekly_digest === 1,
        language: row.language === 'pt-BR' ? 'pt-BR' : 'en',
      };
    },

    async saveSettings(userId: number, settings: StoredReminderSettings): Promise<void> {
      const values = {
        time: settings.time,
        time_zone: settings.time_zone,
        by_email: flag(settings.by_email),
        by_push: flag(settings.by_push),
        weekly_digest: flag(settings.weekly_digest),
        language: settings.language,
        // Looked at by the next tick (0), which works out when each is next due.
        reminder_due_at:
          settings.time !== null && (settings.by_email || settings.by_push) ? 0 : null,
        digest_due_at: settings.weekly_digest ? 0 : null,
      };
      await db
        .insertInto('reminder_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    /** Turns one mail kind off (one-click unsubscribe); false when the user has no settings row. */
    async turnOff(userId: number, kind: SendKind): Promise<boolean> {
      const result = await db
        .updateTable('reminder_settings')
        .set(kind === 'reminder' ? { by_email: 0 } : { weekly_digest: 0 })
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async confirmedEmail(userId: number): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.email ?? null;
    },

    async countSubscriptions(userId: number): Promise<number> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Saves a browser's subscription for `userId`. The same endpoint again (the browser saving it
     * twice, or signing in to another account) replaces the row, so it is idempotent and an
     * endpoint is only ever pushed to for the account last signed in on that browser. Past
     * PUSH_SUBSCRIPTIONS_MAX the oldest of the user's subscriptions are dropped.
     */
    async saveSubscription(
      userId: number,
      subscription: { endpoint: string; p256dh: string; auth: string },
      now: number,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('push_subscriptions')
          .values({ user_id: userId, ...subscription, created_at: now })
          .onConflict((oc) =>
            oc.column('endpoint').doUpdateSet({
              user_id: userId,
              p256dh: subscription.p256dh,
              auth: subscription.auth,
              created_at: now,
            }),
          )
          .execute();
        const kept = await trx
          .selectFrom('push_subscriptions')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(PUSH_SUBSCRIPTIONS_MAX)
          .execute();
        await trx
          .deleteFrom('push_subscriptions')
          .where('user_id', '=', userId)
          .where(
            'id',
            'not in',
            kept.map((row) => row.id),
          )
          .execute();
      });
    },

    /** Only the user's own: another account's endpoint is left alone. */
    async deleteSubscription(userId: number, endpoint: string): Promise<void> {
      await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .execute();
    },

    /** A subscription the push service answered 404/410 for: it will never deliver again. */
    async dropSubscription(id: number): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    /** The user's subscriptions, those resting after failures included (`retry_at`). */
    async subscriptions(userId: number): Promise<StoredPushSubscription[]> {
      return db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth', 'failures', 'retry_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** A push got through: the subscription's failures are forgotten. */
    async pushSucceeded(id: number): Promise<void> {
      await db
        .updateTable('push_subscriptions')
        .set({ failures: 0, retry_at: 0 })
        .where('id', '=', id)
        .execute();
    },

    /**
     * A push failed: the subscription rests (pushBackoffMs) before it is tried again, and after
     * PUSH_FAILURES_MAX failures in a row it is dropped. Answers when it may be tried again, or
     * null when dropped.
     */
    async pushFailed(subscription: StoredPushSubscription, now: number): Promise<number | null> {
      const failures = subscription.failures + 1;
      if (failures >= PUSH_FAILURES_MAX) {
        await db.deleteFrom('push_subscriptions').where('id', '=', subscription.id).execute();
        return null;
      }
      const retryAt = now + pushBackoffMs(failures);
      await db
        .updateTable('push_subscriptions')
        .set({ failures, retry_at: retryAt })
        .where('id', '=', subscription.id)
        .execute();
      return retryAt;
    },

    /**
     * Claims up to `limit` users whose `kind` is due at `now`, in one statement, by moving their
     * due time to `leaseUntil`: no other server picks them up until then (if this one dies, they
     * are due again after it). PostgreSQL skips rows another server is claiming (SKIP LOCKED);
     * SQLite runs one writer at a time. Users not due are never read.
     */
    async claimDue(
      kind: SendKind,
      now: number,
      leaseUntil: number,
      limit: number,
    ): Promise<ReminderCandidate[]> {
      const column = dueColumn(kind);
      const rows = await db
        .updateTable('reminder_settings')
        .set(kind === 'reminder' ? { reminder_due_at: leaseUntil } : { digest_due_at: leaseUntil })
        .where('user_id', 'in', (eb) => {
          const due = eb
            .selectFrom('reminder_settings')
            .select('user_id')
            .where(column, '<=', now)
            .orderBy(column)
            .limit(limit);
          return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
        })
        .returning([
          'user_id',
          'time',
          'time_zone',
          'by_email',
          'by_push',
          'weekly_digest',
          'language',
        ])
        .execute();
      if (rows.length === 0) return [];
      const users = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where(
          'id',
          'in',
          rows.map((row) => row.user_id),
        )
        .execute();
      const emails = new Map(users.map((row) => [row.id, row.email]));
      return rows.map((row) => ({
        user_id: row.user_id,
        email: emails.get(row.user_id) ?? null,
        time: row.time,
        time_zone: row.time_zone,
        by_email: row.by_email === 1,
        by_push: row.by_push === 1,
        weekly_digest: row.weekly_digest === 1,
        language: row.language === 'pt-BR' ? 'pt-BR' : 'en',
      }));
    },

    async latestMonthId(userId: number): Promise<number | null> {
      const row = await db
        .selectFrom('months')
        .select('id')
        .where('author_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /**
     * Claims the send of (user, kind, period) for exactly one caller across every server.
     * The insert wins when no one claimed it yet (the primary key refuses every other insert);
     * else a claim still 'claimed' (never marked sent) older than `leaseMs` is taken over — its
     * server died or failed mid-send — by moving its claimed_at, which one update at most can do.
     * Answers the claim's time to mark it with, or where the row stands.
     */
    async claim(
      userId: number,
      kind: SendKind,
      period: string,
      now: number,
      leaseMs: number,
    ): Promise<ClaimResult> {
      const inserted = await db
        .insertInto('reminder_sends')
        .values({ user_id: userId, kind, period, state: 'claimed', claimed_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doNothing())
        .executeTakeFirst();
      if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return { claimedAt: now };
      const taken = await db
        .updateTable('reminder_sends')
        .set({ claimed_at: now })
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('period', '=', period)
        .where('state', '=', 'claimed')
        .where('claimed_at', '<', now - leaseMs)
        .executeTakeFirst();
      if (taken.numUpdatedRows > 0n) return { claimedAt: now };
      const row = await db
        .selectFrom('reminder_sends')
        .select(['state', 'claimed_at'])
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('period', '=', period)
        .executeTakeFirst();
      // Released meanwhile: counted as held, and looked at again after the lease.
      return row?.state === 'sent' ? { sent: true } : { heldSince: row?.claimed_at ?? now };
    },

    /**
     * Claims the sends of a batch in one statement (see `claim`): an insert per (user, period)
     * that no server claimed yet; the few already in the sent-log go through `claim` one by one.
     */
    async claimSends(
      kind: SendKind,
      sends: Array<{ userId: number; period: string }>,
      now: number,
      leaseMs: number,
    ): Promise<Map<number, ClaimResult>> {
      const results = new Map<number, ClaimResult>();
      if (sends.length === 0) return results;
      const inserted = await db
        .insertInto('reminder_sends')
        .values(
          sends.map(({ userId, period }) => ({
            user_id: userId,
            kind,
            period,
            state: 'claimed' as const,
            claimed_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doNothing())
        .returning('user_id')
        .execute();
      for (const row of inserted) results.set(row.user_id, { claimedAt: now });
      for (const { userId, period } of sends) {
        if (!results.has(userId)) {
          results.set(userId, await repository.claim(userId, kind, period, now, leaseMs));
        }
      }
      return results;
    },

    /**
     * Ends a batch in three statements in one transaction (one commit, where a commit per user
     * made SQLite wait on the disk for each, and a statement per user made PostgreSQL wait on a
     * round trip for each): marks the sends 'sent', releases the failed ones' claims for a later
     * try (only if still ours), and sets when each user is next due — if this server still holds
     * the claim it took at `leaseUntil` (settings saved meanwhile set it to 0, which must stand).
     */
    async finishBatch(
      kind: SendKind,
      leaseUntil: number,
      users: Array<{
        userId: number;
        next: number | null;
        sent?: { period: string };
        released?: { period: string; claimedAt: number };
      }>,
    ): Promise<void> {
      if (users.length === 0) return;
      const sent = users.flatMap((user) =>
        user.sent ? [{ ...user.sent, userId: user.userId }] : [],
      );
      const released = users.flatMap((user) =>
        user.released ? [{ ...user.released, userId: user.userId }] : [],
      );
      const column = dueColumn(kind);
      // CAST: PostgreSQL cannot tell a bare parameter's type inside CASE; SQLite reads it too.
      const nextDue = sql<number | null>`case user_id ${sql.join(
        users.map((user) => sql`when ${user.userId} then cast(${user.next} as bigint)`),
        sql` `,
      )} end`;
      await db.transaction().execute(async (trx) => {
        if (sent.length > 0) {
          await trx
            .updateTable('reminder_sends')
            .set({ state: 'sent' })
            .where('kind', '=', kind)
            .where((eb) =>
              eb.or(
                sent.map((row) =>
                  eb.and([eb('user_id', '=', row.userId), eb('period', '=', row.period)]),
                ),
              ),
            )
            .execute();
        }
        if (released.length > 0) {
          await trx
            .deleteFrom('reminder_sends')
            .where('kind', '=', kind)
            .where('state', '=', 'claimed')
            .where((eb) =>
              eb.or(
                released.map((row) =>
                  eb.and([
                    eb('user_id', '=', row.userId),
                    eb('period', '=', row.period),
                    eb('claimed_at', '=', row.claimedAt),
                  ]),
                ),
              ),
            )
            .execute();
        }
        await trx
          .updateTable('reminder_settings')
          .set(kind === 'reminder' ? { reminder_due_at: nextDue } : { digest_due_at: nextDue })
          .where(
            'user_id',
            'in',
            users.map((user) => user.userId),
          )
          .where(column, '=', leaseUntil)
          .execute();
      });
    },

    /** Of these (user, local date) pairs, the users with an entry on their date: one query. */
    async withEntryOn(pairs: Array<{ userId: number; date: string }>): Promise<Set<number>> {
      if (pairs.length === 0) return new Set();
      const rows = await db
        .selectFrom('journals')
        .select('author_id')
        .distinct()
        .where((eb) =>
          eb.or(
            pairs.map((pair) =>
              eb.and([eb('author_id', '=', pair.userId), eb('created_at', '=', pair.date)]),
            ),
          ),
        )
        .execute();
      return new Set(rows.map((row) => row.author_id));
    },

    /** Each user's latest month (for the links of their reminders): one query. */
    async latestMonthIds(userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('months')
        .select((eb) => ['author_id', eb.fn.max('id').as('id')])
        .where('author_id', 'in', userIds)
        .groupBy('author_id')
        .execute();
      return new Map(rows.map((row) => [row.author_id, Number(row.id)]));
    },

    /** The sent-log is needed only while a period can still be sent: older rows go. */
    async purgeSends(before: number): Promise<void> {
      await db.deleteFrom('reminder_sends').where('claimed_at', '<', before).execute();
    },

    async entryDates(userId: number, from: string, to: string): Promise<string[]> {
      const rows = await db
        .selectFrom('journals')
        .select('created_at')
        .distinct()
        .where('author_id', '=', userId)
        .where('created_at', '>=', from)
        .where('created_at', '<=', to)
        .execute();
      return rows.map((row) => row.created_at);
    },

    /**
     * Days each habit was practised between `from` and `to`, and the habits of the months with an
     * entry between `weekFrom` and `to`.
     */
    async habitDays(
      userId: number,
      from: string,
      weekFrom: string,
      to: string,
    ): Promise<{ habits: number[]; practised: { habit_id: number; date: string }[] }> {
      const practised = await db
        .selectFrom('daily_habits as d')
        .innerJoin('journals as j', 'j.id', 'd.journal_id')
        .select(['d.habit_id', 'j.created_at as date'])
        .where('d.author_id', '=', userId)
        .where('j.month_id', 'not in', privateMonths(userId))
        .where('d.is_practiced', '=', 1)
        .where('j.created_at', '>=', from)
        .where('j.created_at', '<=', to)
        .execute();
      const habits = await db
        .selectFrom('habits as h')
        .select('h.id')
        .where('h.author_id', '=', userId)
        .where('h.month_id', 'not in', privateMonths(userId))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('journals as j')
              .select('j.id')
              .whereRef('j.month_id', '=', 'h.month_id')
              .where('j.created_at', '>=', weekFrom)
              .where('j.created_at', '<=', to),
          ),
        )
        .execute();
      return { habits: habits.map((row) => row.id), practised };
    },

    async measureValues(
      userId: number,
      from: string,
      to: string,
    ): Promise<{ measure_id: number; date: string; metric: number }[]> {
      return db
        .selectFrom('daily_measures as d')
        .innerJoin('journals as j', 'j.id', 'd.journal_id')
        .select(['d.measure_id', 'j.created_at as date', 'd.metric'])
        .where('d.author_id', '=', userId)
        .where('j.month_id', 'not in', privateMonths(userId))
        .where('j.created_at', '>=', from)
        .where('j.created_at', '<=', to)
        .orderBy('d.measure_id')
        .execute();
    },
  };
  /**
   * The user's private months: the digest leaves their habits and values out, since what is
   * stored of them is only the neutral value their sealed content leaves (their entries still
   * count, as the server sees which days have one).
   */
  const privateMonths = (userId: number) =>
    db
      .selectFrom('months')
      .select('months.id')
      .where('months.author_id', '=', userId)
      .where('months.month_key', 'is not', null);
  return repository;
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
