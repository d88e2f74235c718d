// The reminder job: one tick finds the daily reminders and weekly digests that are due and sends each exactly once.
//
// Exactly once across servers. The tick may run on several servers at the same moment (pg-boss
// hands each minute's tick to one server, but a slow tick, a retry or the in-process timer can
// overlap another); what makes a send happen once is the sent-log `reminder_sends`, whose primary
// key is (user, kind, period) — period being the user's local date for a reminder and the ISO week
// for a digest. A server sends only after its insert of that row succeeded (the claim), then marks
// the row 'sent'. So:
//  - two servers never both send: the second insert is refused by the key;
//  - a server that dies mid-send (after its claim, before 'sent') does not lose the send: its
//    claim stays 'claimed', and once it is older than CLAIM_LEASE_MS a later tick takes it over
//    (one conditional update, which only one server can win) and sends, if the reminder is still
//    due (same local day, still no entry);
//  - a send that fails entirely (mail server down, every push failed) releases its claim, and the
//    next tick tries again;
//  - the one way to double is a server dying in the instant between the mail/push being accepted
//    and its row being marked 'sent' (the at-least-once window no mail or push protocol closes);
//    we choose that over losing the send. The lease is longer than any send can take (pushes time
//    out after 10 s each, SMTP after nodemailer's timeouts), so a live server is never taken over.
// We do this rather than pg-boss's singletonKey alone because a singleton job dies with its server
// the same way, and because SQLite (no pg-boss) needs the same guarantee from the same code.
import { REMINDER_PATHS } from '../../contract/reminder-rules.js';
import type { PushPayload } from '../../contract/reminders.js';
import type { ReminderCandidate, RemindersRepository } from '../repositories/reminders.js';
import { addDays, isoWeek, type LocalMoment, localMoment } from './local-time.js';
import type { Mailer } from './mailer.js';
import type { PushSender } from './push.js';
import { type DigestNumbers, reminderTexts } from './reminder-texts.js';
import type { UnsubscribeTokens } from './unsubscribe-tokens.js';

/** A claim not marked sent after this long belongs to a server that died: another may take over. */
export const CLAIM_LEASE_MS = 15 * 60 * 1000;
/** The weekly digest goes out on Monday from this local time (and later that Monday if missed). */
export const DIGEST_TIME = '08:00';
/** Sent-log rows older than this are of no use (no period lasts longer than a week). */
const SENT_LOG_KEPT_MS = 15 * 24 * 60 * 60 * 1000;

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
}

export interface ReminderService {
  /** Sends everything due at `now` (default: the clock) that no server has sent yet. */
  tick(now?: Date): Promise<TickResult>;
  /** The push a daily reminder sends (tests and the routes' documentation use it). */
  pushPayload(userId: number, language: string): Promise<PushPayload>;
}

export function createReminderService(deps: ReminderServiceDeps): ReminderService {
  const { repository, mailer, push, tokens, log } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function pushPayload(userId: number, language: string): Promise<PushPayload> {
    const texts = reminderTexts(language).push;
    return {
      type: 'daily-reminder',
      title: texts.title,
      body: texts.body,
      url: REMINDER_PATHS.writeToday(await repository.latestMonthId(userId)),
      action_title: texts.actionTitle,
    };
  }

  /** Unsubscribe URLs of a mail: the one-click API (List-Unsubscribe) and the browser page. */
  function unsubscribeLinks(userId: number, kind: 'reminder' | 'digest') {
    const token = encodeURIComponent(tokens.sign(userId, kind));
    return {
      oneClick: `${mailer.link('/api/mail/unsubscribe/')}?token=${token}`,
      page: `${mailer.link(REMINDER_PATHS.unsubscribe)}?token=${token}`,
    };
  }

  /** True when something reached the user (or there was nothing that could fail). */
  async function sendReminder(user: ReminderCandidate): Promise<boolean> {
    let delivered = false;
    let attempted = false;
    if (user.by_push) {
      const payload = await pushPayload(user.user_id, user.language);
      for (const subscription of await repository.subscriptions(user.user_id)) {
        attempted = true;
        const { outcome, status } = await push.send(subscription, payload);
        if (outcome === 'sent') delivered = true;
        else if (outcome === 'gone') {
          await repository.dropSubscription(subscription.id);
          log.info({ user: user.user_id, status }, 'push subscription gone: dropped');
        } else log.warn({ user: user.user_id, status }, 'push not accepted');
      }
    }
    if (user.by_email && user.email) {
      attempted = true;
      const texts = reminderTexts(user.language).reminderMail;
      const links = unsubscribeLinks(user.user_id, 'reminder');
      const monthId = await repository.latestMonthId(user.user_id);
      try {
        await mailer.send({
          kind: 'reminder',
          to: user.email,
          subject: texts.subject,
          paragraphs: [...texts.paragraphs, texts.unsubscribe(links.page)],
          action: { label: texts.action, url: mailer.link(REMINDER_PATHS.writeToday(monthId)) },
          headers: listUnsubscribeHeaders(links.oneClick),
        });
        delivered = true;
      } catch (error) {
        log.error({ err: error, user: user.user_id }, 'reminder email failed');
      }
    }
    return delivered || !attempted;
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

  async function sendDigest(user: ReminderCandidate, local: LocalMoment): Promise<boolean> {
    if (!user.email) return true;
    const texts = reminderTexts(user.language).digestMail;
    const numbers = await digestNumbers(user.user_id, local.date);
    const links = unsubscribeLinks(user.user_id, 'digest');
    try {
      await mailer.send({
        kind: 'digest',
        to: user.email,
        subject: texts.subject(numbers),
        paragraphs: [...texts.paragraphs(numbers), texts.unsubscribe(links.page)],
        action: { label: texts.action, url: mailer.link('/months') },
        headers: listUnsubscribeHeaders(links.oneClick),
      });
      return true;
    } catch (error) {
      log.error({ err: error, user: user.user_id }, 'digest email failed');
      return false;
    }
  }

  /** Claim, send, then mark sent (or release for the next tick when nothing got through). */
  async function once(
    user: ReminderCandidate,
    kind: 'reminder' | 'digest',
    period: string,
    nowMs: number,
    send: () => Promise<boolean>,
  ): Promise<boolean> {
    const claimedAt = await repository.claim(user.user_id, kind, period, nowMs, CLAIM_LEASE_MS);
    if (claimedAt === null) return false;
    let ok = false;
    try {
      ok = await send();
    } finally {
      if (ok) await repository.markSent(user.user_id, kind, period);
      else await repository.release(user.user_id, kind, period, claimedAt);
    }
    return ok;
  }

  let running: Promise<TickResult> | null = null;

  async function runTick(now: Date): Promise<TickResult> {
    const nowMs = now.getTime();
    const result: TickResult = { reminders: 0, digests: 0 };
    for (const user of await repository.candidates()) {
      try {
        const local = localMoment(now, user.time_zone);
        const reminderDue =
          user.time !== null &&
          local.time >= user.time &&
          (user.by_push || (user.by_email && user.email !== null));
        const digestDue =
          user.weekly_digest &&
          user.email !== null &&
          local.weekday === 1 &&
          local.time >= DIGEST_TIME;
        if (!reminderDue && !digestDue) continue;
        if (!(await deps.isActive(user.user_id))) continue;
        if (reminderDue && !(await repository.hasEntryOn(user.user_id, local.date))) {
          if (await once(user, 'reminder', local.date, nowMs, () => sendReminder(user))) {
            result.reminders += 1;
          }
        }
        if (digestDue) {
          if (
            await once(user, 'digest', isoWeek(local.date), nowMs, () => sendDigest(user, local))
          ) {
            result.digests += 1;
          }
        }
      } catch (error) {
        // One user's trouble (a zone this runtime lost, a database hiccup) never stops the others.
        log.error({ err: error, user: user.user_id }, 'reminder tick failed for a user');
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

/** RFC 8058: mail clients POST `List-Unsubscribe=One-Click` to the https URL, no login needed. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
