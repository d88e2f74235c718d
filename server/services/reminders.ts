// The reminder job: one tick claims the daily reminders and weekly digests that are due, in batches, and sends each exactly once.
//
// Due users only. Each user's settings row holds when their reminder and digest are next due
// (UTC ms, worked out from their local time and zone); a tick claims due users a batch at a time
// in one statement (repositories/reminders.ts claimDue), handles them with bounded concurrency,
// sets when each is next due, and yields to the event loop before the next batch. A user already
// handled today is not read again until tomorrow's time, however many users there are.
//
// Exactly once across servers. The tick may run on several servers at the same moment (pg-boss
// hands each minute's tick to one server, but a slow tick, a retry or the in-process timer can
// overlap another). Claiming a batch moves its due times to a lease, so no other server takes
// the same users; and what makes a send happen once even so (settings saved again the same day,
// a lease run out) is the sent-log `reminder_sends`, whose primary key is (user, kind, period) —
// period being the user's local date for a reminder and the ISO week for a digest. A server
// sends only after its insert of that row succeeded (the claim), then marks the row 'sent'. So:
//  - two servers never both send: the second insert is refused by the key;
//  - a server that dies mid-send (after its claim, before 'sent') does not lose the send: its
//    users fall due again when their lease ends, its claim stays 'claimed', and once it is older
//    than CLAIM_LEASE_MS a later tick takes it over (one conditional update, which only one
//    server can win) and sends, if the reminder is still due (same local day, still no entry);
//  - a send that fails entirely (mail server down, every push failed) releases its claim, and the
//    user falls due again a minute later (or when a resting push subscription may be tried);
//  - the one way to double is a server dying in the instant between the mail/push being accepted
//    and its row being marked 'sent' (the at-least-once window no mail or push protocol closes);
//    we choose that over losing the send. The lease is longer than any send can take (pushes time
//    out after PUSH_TIMEOUT_MS, SMTP after nodemailer's timeouts), so a live server is never
//    taken over.
// We do this rather than pg-boss's singletonKey alone because a singleton job dies with its server
// the same way, and because SQLite (no pg-boss) needs the same guarantee from the same code.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { REMINDER_PATHS } from '../../contract/reminder-rules.js';
import type { PushPayload } from '../../contract/reminders.js';
import type {
  ReminderCandidate,
  RemindersRepository,
  SendKind,
  StoredPushSubscription,
} from '../repositories/reminders.js';
import { addDays, isoWeek } from './local-time.js';
import type { Mailer } from './mailer.js';
import type { PushSender } from './push.js';
import { digestDue, reminderDue } from './reminder-schedule.js';
import { type DigestNumbers, reminderTexts } from './reminder-texts.js';
import type { UnsubscribeTokens } from './unsubscribe-tokens.js';

export { DIGEST_TIME } from './reminder-schedule.js';

/** A claim not marked sent after this long belongs to a server that died: another may take over. */
export const CLAIM_LEASE_MS = 15 * 60 * 1000;
/** Sent-log rows older than this are of no use (no period lasts longer than a week). */
const SENT_LOG_KEPT_MS = 15 * 24 * 60 * 60 * 1000;
/** Users claimed per statement; the event loop gets a turn between batches. */
export const BATCH_SIZE = 100;
/** Users of a batch handled at once (each a few queries and a mail or pushes). */
const USERS_AT_ONCE = 16;
/** Pushes in flight at once across all users, so a few accounts' dead endpoints hold up no one. */
const PUSHES_AT_ONCE = 32;
/** A send that failed (mail server down) is tried again this much later. */
const RETRY_MS = 60_000;
/** A user due but not active (unpaid) is looked at again this much later the same day. */
export const INACTIVE_RECHECK_MS = 60 * 60 * 1000;

export interface TickResult {
  reminders: number;
  digests: number;
}

export interface ReminderServiceDeps {
  repository: RemindersRepository;
  mailer: Mailer;
  push: PushSender;
  tokens: UnsubscribeTokens;
  /** Whether the user may use the app now (paid, or billing off). */
  isActive: (userId: number) => Promise<boolean>;
  log: {
    info: (obj: object, msg: string) => void;
    warn: (obj: object, msg: string) => void;
    error: (obj: object, msg: string) => void;
  };
  /** The time; tests move it. */
  clock?: () => Date;
  /** Users claimed per statement (BATCH_SIZE). */
  batchSize?: number;
}

export interface ReminderService {
  /** Sends everything due at `now` (default: the clock) that no server has sent yet. */
  tick(now?: Date): Promise<TickResult>;
  /** The push a daily reminder sends (tests and the routes' documentation use it). */
  pushPayload(userId: number, language: string): Promise<PushPayload>;
}

/**
 * What one send came to: `delivered` when something reached the user; else `retryAt`, when it
 * is worth trying again (null: nothing could be sent and nothing will change, e.g. no device).
 */
interface SendResult {
  delivered: boolean;
  retryAt: number | null;
}

/** Runs at most `max` tasks at once; the others wait their turn in order. */
function slots(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < max) active += 1;
    // A finishing task hands its slot straight to the first in line.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

async function eachAtMost<T>(items: T[], max: number, work: (item: T) => Promise<void>) {
  let index = 0;
  const worker = async () => {
    while (index < items.length) {
      const item = items[index]!;
      index += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(max, items.length) }, worker));
}

export function createReminderService(deps: ReminderServiceDeps): ReminderService {
  const { repository, mailer, push, tokens, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const batchSize = deps.batchSize ?? BATCH_SIZE;
  const pushSlot = slots(PUSHES_AT_ONCE);

  function payloadFor(language: string, monthId: number | null): PushPayload {
    const texts = reminderTexts(language).push;
    return {
      type: 'daily-reminder',
      title: texts.title,
      body: texts.body,
      url: REMINDER_PATHS.writeToday(monthId),
      action_title: texts.actionTitle,
    };
  }

  async function pushPayload(userId: number, language: string): Promise<PushPayload> {
    return payloadFor(language, await repository.latestMonthId(userId));
  }

  /** Unsubscribe URLs of a mail: the one-click API (List-Unsubscribe) and the browser page. */
  function unsubscribeLinks(userId: number, kind: 'reminder' | 'digest') {
    const token = encodeURIComponent(tokens.sign(userId, kind));
    return {
      oneClick: `${mailer.link('/api/mail/unsubscribe/')}?token=${token}`,
      page: `${mailer.link(REMINDER_PATHS.unsubscribe)}?token=${token}`,
    };
  }

  /**
   * One device: its own try, so a subscription that cannot be sent to (bad keys, a dead or
   * refused endpoint) never keeps the user's other devices or their mail from being sent.
   * Answers whether it got through, and when a failed one may be tried again.
   */
  async function pushTo(
    userId: number,
    subscription: StoredPushSubscription,
    payload: PushPayload,
    nowMs: number,
  ): Promise<SendResult> {
    try {
      const { outcome, status, reason } = await pushSlot(() => push.send(subscription, payload));
      if (outcome === 'sent') {
        if (subscription.failures > 0) await repository.pushSucceeded(subscription.id);
        return { delivered: true, retryAt: null };
      }
      if (outcome === 'gone') {
        await repository.dropSubscription(subscription.id);
        log.info({ user: userId, status, reason }, 'push subscription gone: dropped');
        return { delivered: false, retryAt: null };
      }
      const retryAt = await repository.pushFailed(subscription, nowMs);
      log.warn({ user: userId, status, reason, retryAt }, 'push not accepted');
      return { delivered: false, retryAt };
    } catch (error) {
      log.error({ err: error, user: userId }, 'push failed');
      return { delivered: false, retryAt: nowMs + RETRY_MS };
    }
  }

  /** `monthId`: the user's latest month, where the reminder's link opens today's entry. */
  async function sendReminder(
    user: ReminderCandidate,
    nowMs: number,
    monthId: number | null,
  ): Promise<SendResult> {
    const results: Array<Promise<SendResult>> = [];
    if (user.by_push) {
      const subscriptions = await repository.subscriptions(user.user_id);
      const ready = subscriptions.filter((subscription) => subscription.retry_at <= nowMs);
      // Resting after failures: not tried now, but the reminder may still reach them today.
      for (const resting of subscriptions.filter((s) => s.retry_at > nowMs)) {
        results.push(Promise.resolve({ delivered: false, retryAt: resting.retry_at }));
      }
      if (ready.length > 0) {
        const payload = payloadFor(user.language, monthId);
        for (const subscription of ready) {
          results.push(pushTo(user.user_id, subscription, payload, nowMs));
        }
      }
    }
    if (user.by_email && user.email) {
      const to = user.email;
      results.push(
        (async (): Promise<SendResult> => {
          try {
            const texts = reminderTexts(user.language).reminderMail;
            const links = unsubscribeLinks(user.user_id, 'reminder');
            await mailer.send({
              kind: 'reminder',
              to,
              subject: texts.subject,
              paragraphs: [...texts.paragraphs, texts.unsubscribe(links.page)],
              action: { label: texts.action, url: mailer.link(REMINDER_PATHS.writeToday(monthId)) },
              headers: listUnsubscribeHeaders(links.oneClick),
            });
            return { delivered: true, retryAt: null };
          } catch (error) {
            log.error({ err: error, user: user.user_id }, 'reminder email failed');
            return { delivered: false, retryAt: nowMs + RETRY_MS };
          }
        })(),
      );
    }
    return combine(await Promise.all(results));
  }

  async function digestNumbers(userId: number, today: string): Promise<DigestNumbers> {
    // The week that ended yesterday (Sunday), and the one before for the trends.
    const end = addDays(today, -1);
    const start = addDays(today, -7);
    const previousStart = addDays(today, -14);
    const dates = await repository.entryDates(userId, previousStart, end);
    const entries = dates.filter((date) => date >= start).length;
    // Streaks may run back before the week: look 60 days back.
    const { habits, practised } = await repository.habitDays(userId, addDays(end, -60), start, end);
    const byHabit = new Map<number, Set<string>>();
    for (const row of practised) {
      const days = byHabit.get(row.habit_id) ?? new Set<string>();
      days.add(row.date);
      byHabit.set(row.habit_id, days);
    }
    const weekHabits = new Set(
      practised.filter((row) => row.date >= start).map((row) => row.habit_id),
    );
    let bestStreak = 0;
    for (const days of byHabit.values()) {
      let streak = 0;
      for (let day = end; days.has(day); day = addDays(day, -1)) streak += 1;
      bestStreak = Math.max(bestStreak, streak);
    }
    const values = await repository.measureValues(userId, previousStart, end);
    const sums = new Map<number, { week: number[]; previous: number[] }>();
    for (const row of values) {
      const sum = sums.get(row.measure_id) ?? { week: [], previous: [] };
      (row.date >= start ? sum.week : sum.previous).push(Number(row.metric));
      sums.set(row.measure_id, sum);
    }
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    const measures = [...sums.values()]
      .filter((sum) => sum.week.length > 0)
      .map((sum) => ({
        average: mean(sum.week),
        previousAverage: sum.previous.length > 0 ? mean(sum.previous) : null,
      }));
    return {
      start,
      end,
      entries,
      previousEntries: dates.length - entries,
      habitsPractised: weekHabits.size,
      habits: new Set([...habits, ...weekHabits]).size,
      bestStreak,
      measures,
    };
  }

  async function sendDigest(
    user: ReminderCandidate,
    today: string,
    nowMs: number,
  ): Promise<SendResult> {
    if (!user.email) return { delivered: false, retryAt: null };
    try {
      const texts = reminderTexts(user.language).digestMail;
      const numbers = await digestNumbers(user.user_id, today);
      const links = unsubscribeLinks(user.user_id, 'digest');
      await mailer.send({
        kind: 'digest',
        to: user.email,
        subject: texts.subject(numbers),
        paragraphs: [...texts.paragraphs(numbers), texts.unsubscribe(links.page)],
        action: { label: texts.action, url: mailer.link('/months') },
        headers: listUnsubscribeHeaders(links.oneClick),
      });
      return { delivered: true, retryAt: null };
    } catch (error) {
      log.error({ err: error, user: user.user_id }, 'digest email failed');
      return { delivered: false, retryAt: nowMs + RETRY_MS };
    }
  }

  /**
   * What a claimed user needs: when to look at them again, and the send that is due now, if any
   * (its sent-log period, and the local date it is for).
   */
  interface Plan {
    user: ReminderCandidate;
    next: number | null;
    send?: { period: string; date: string };
  }

  async function planReminder(user: ReminderCandidate, nowMs: number): Promise<Plan> {
    if (user.time === null) return { user, next: null };
    const due = reminderDue(nowMs, user.time, user.time_zone);
    const reachable = user.by_push || (user.by_email && user.email !== null);
    if (!due.due || !reachable) return { user, next: due.next };
    if (!(await deps.isActive(user.user_id))) {
      return { user, next: Math.min(due.next, nowMs + INACTIVE_RECHECK_MS) };
    }
    // Whether today has an entry is asked for the whole batch at once (runBatch).
    return { user, next: due.next, send: { period: due.date, date: due.date } };
  }

  async function planDigest(user: ReminderCandidate, nowMs: number): Promise<Plan> {
    if (!user.weekly_digest) return { user, next: null };
    const due = digestDue(nowMs, user.time_zone);
    if (!due.due || user.email === null) return { user, next: due.next };
    if (!(await deps.isActive(user.user_id))) {
      return { user, next: Math.min(due.next, nowMs + INACTIVE_RECHECK_MS) };
    }
    return { user, next: due.next, send: { period: isoWeek(due.date), date: due.date } };
  }

  /**
   * One batch of claimed users: plan each, claim the due sends in the sent-log, send them with
   * bounded concurrency, then mark, release and reschedule the whole batch in one transaction.
   * Answers how many were sent.
   */
  async function runBatch(
    kind: SendKind,
    batch: ReminderCandidate[],
    nowMs: number,
    leaseUntil: number,
  ): Promise<number> {
    const plans: Plan[] = [];
    await eachAtMost(batch, USERS_AT_ONCE, async (user) => {
      try {
        plans.push(await (kind === 'reminder' ? planReminder : planDigest)(user, nowMs));
      } catch (error) {
        // One user's trouble (a zone this runtime lost, a database hiccup) never stops the
        // others; that user is looked at again later, not every minute.
        log.error({ err: error, user: user.user_id, kind }, 'reminder tick failed for a user');
        plans.push({ user, next: nowMs + INACTIVE_RECHECK_MS });
      }
    });
    let due = plans.filter((plan) => plan.send);
    let months = new Map<number, number>();
    if (kind === 'reminder') {
      // Only on days without an entry (in the user's zone).
      const written = await repository.withEntryOn(
        due.map((plan) => ({ userId: plan.user.user_id, date: plan.send!.date })),
      );
      for (const plan of due) if (written.has(plan.user.user_id)) delete plan.send;
      due = due.filter((plan) => plan.send);
      months = await repository.latestMonthIds(due.map((plan) => plan.user.user_id));
    }
    const claims = await repository.claimSends(
      kind,
      due.map((plan) => ({ userId: plan.user.user_id, period: plan.send!.period })),
      nowMs,
      CLAIM_LEASE_MS,
    );
    const finished: Parameters<RemindersRepository['finishBatch']>[2] = [];
    let sent = 0;
    for (const plan of plans) {
      if (!plan.send) finished.push({ userId: plan.user.user_id, next: plan.next });
    }
    await eachAtMost(due, USERS_AT_ONCE, async (plan) => {
      const { user, send } = plan as Required<Plan>;
      const claim = claims.get(user.user_id);
      if (!claim || 'sent' in claim) {
        finished.push({ userId: user.user_id, next: plan.next });
        return;
      }
      if ('heldSince' in claim) {
        // Another server is sending it; look again once its lease would have run out.
        const retry = Math.max(claim.heldSince + CLAIM_LEASE_MS, nowMs) + RETRY_MS;
        finished.push({ userId: user.user_id, next: minNext(plan.next, retry) });
        return;
      }
      let result: SendResult = { delivered: false, retryAt: nowMs + RETRY_MS };
      try {
        result =
          kind === 'reminder'
            ? await sendReminder(user, nowMs, months.get(user.user_id) ?? null)
            : await sendDigest(user, send.date, nowMs);
      } catch (error) {
        log.error({ err: error, user: user.user_id, kind }, 'reminder send failed');
      }
      if (result.delivered || result.retryAt === null) {
        sent += 1;
        finished.push({ userId: user.user_id, next: plan.next, sent: { period: send.period } });
      } else {
        finished.push({
          userId: user.user_id,
          next: minNext(plan.next, Math.max(result.retryAt, nowMs + RETRY_MS)),
          released: { period: send.period, claimedAt: claim.claimedAt },
        });
      }
    });
    await repository.finishBatch(kind, leaseUntil, finished);
    return sent;
  }

  let running: Promise<TickResult> | null = null;

  async function runTick(now: Date): Promise<TickResult> {
    const nowMs = now.getTime();
    const result: TickResult = { reminders: 0, digests: 0 };
    const leaseUntil = nowMs + CLAIM_LEASE_MS;
    for (const kind of ['reminder', 'digest'] as const) {
      for (;;) {
        const batch = await repository.claimDue(kind, nowMs, leaseUntil, batchSize);
        if (batch.length === 0) break;
        // A batch that fails as a whole stays claimed: due again when its lease ends.
        const sent = await runBatch(kind, batch, nowMs, leaseUntil);
        if (kind === 'reminder') result.reminders += sent;
        else result.digests += sent;
        if (batch.length < batchSize) break;
        // Requests waiting since the batch began are answered before the next one.
        await nextTurn();
      }
    }
    await repository.purgeSends(nowMs - SENT_LOG_KEPT_MS);
    if (result.reminders + result.digests > 0) log.info({ ...result }, 'reminders sent');
    return result;
  }

  return {
    pushPayload,
    async tick(now = clock()) {
      // One tick at a time in this process; other servers are kept out by the claims.
      while (running) await running.catch(() => undefined);
      running = runTick(now);
      try {
        return await running;
      } finally {
        running = null;
      }
    },
  };
}

/** The sooner of two due times, null standing for never. */
const minNext = (next: number | null, other: number) =>
  next === null ? other : Math.min(next, other);

/** Several channels' results as one: delivered if any got through, else retried at the soonest. */
function combine(results: SendResult[]): SendResult {
  if (results.some((result) => result.delivered)) return { delivered: true, retryAt: null };
  const retries = results.flatMap((result) => (result.retryAt === null ? [] : [result.retryAt]));
  return { delivered: false, retryAt: retries.length > 0 ? Math.min(...retries) : null };
}

/** RFC 8058: mail clients POST `List-Unsubscribe=One-Click` to the https URL, no login needed. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
