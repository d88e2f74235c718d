// Reminder settings, push subscriptions, the sent-log's claims, and the numbers the reminders and the weekly digest need.
import type { Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE, PUSH_SUBSCRIPTIONS_MAX } from '../../contract/reminder-rules.js';
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

export function createRemindersRepository(db: Kysely<DB>) {
  return {
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

    async subscriptions(userId: number): Promise<StoredPushSubscription[]> {
      return db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'p256dh', 'auth'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** Every user with a daily reminder or a digest turned on, with a way to reach them. */
    async candidates(): Promise<ReminderCandidate[]> {
      const rows = await db
        .selectFrom('reminder_settings as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select([
          's.user_id',
          's.time',
          's.time_zone',
          's.by_email',
          's.by_push',
          's.weekly_digest',
          's.language',
          'u.email',
        ])
        .where((eb) =>
          eb.or([
            eb.and([
              eb('s.time', 'is not', null),
              eb.or([eb('s.by_push', '=', 1), eb('s.by_email', '=', 1)]),
            ]),
            eb('s.weekly_digest', '=', 1),
          ]),
        )
        .orderBy('s.user_id')
        .execute();
      return rows.map((row) => ({
        user_id: row.user_id,
        email: row.email,
        time: row.time,
        time_zone: row.time_zone,
        by_email: row.by_email === 1,
        by_push: row.by_push === 1,
        weekly_digest: row.weekly_digest === 1,
        language: row.language === 'pt-BR' ? 'pt-BR' : 'en',
      }));
    },

    async hasEntryOn(userId: number, date: string): Promise<boolean> {
      const row = await db
        .selectFrom('journals')
        .select('id')
        .where('author_id', '=', userId)
        .where('created_at', '=', date)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
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
     * Claims the send of (user, kind, period): true for exactly one caller across every server.
     * The insert wins when no one claimed it yet (the primary key refuses every other insert);
     * else a claim still 'claimed' (never marked sent) older than `leaseMs` is taken over — its
     * server died or failed mid-send — by moving its claimed_at, which one update at most can do.
     * Returns the claim's time to mark it with, or null.
     */
    async claim(
      userId: number,
      kind: SendKind,
      period: string,
      now: number,
      leaseMs: number,
    ): Promise<number | null> {
      const inserted = await db
        .insertInto('reminder_sends')
        .values({ user_id: userId, kind, period, state: 'claimed', claimed_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'period']).doNothing())
        .executeTakeFirst();
      if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return now;
      const taken = await db
        .updateTable('reminder_sends')
        .set({ claimed_at: now })
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('period', '=', period)
        .where('state', '=', 'claimed')
        .where('claimed_at', '<', now - leaseMs)
        .executeTakeFirst();
      return taken.numUpdatedRows > 0n ? now : null;
    },

    async markSent(userId: number, kind: SendKind, period: string): Promise<void> {
      await db
        .updateTable('reminder_sends')
        .set({ state: 'sent' })
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('period', '=', period)
        .execute();
    },

    /** A send that failed entirely: the next tick may try again (only this claim, if still ours). */
    async release(
      userId: number,
      kind: SendKind,
      period: string,
      claimedAt: number,
    ): Promise<void> {
      await db
        .deleteFrom('reminder_sends')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('period', '=', period)
        .where('state', '=', 'claimed')
        .where('claimed_at', '=', claimedAt)
        .execute();
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
        .where('d.is_practiced', '=', 1)
        .where('j.created_at', '>=', from)
        .where('j.created_at', '<=', to)
        .execute();
      const habits = await db
        .selectFrom('habits as h')
        .select('h.id')
        .where('h.author_id', '=', userId)
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
        .where('j.created_at', '>=', from)
        .where('j.created_at', '<=', to)
        .orderBy('d.measure_id')
        .execute();
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
