// The reminder job with a fake clock: daily reminders and weekly digests by email (loopback SMTP), time zones, missed windows, exactly once across three servers, and the scheduler's lifecycle.
import { REMINDER_MESSAGES } from '../../contract/reminder-rules.js';
import {
  BATCH_SIZE,
  CLAIM_LEASE_MS,
  createReminderService,
  INACTIVE_RECHECK_MS,
} from '../../server/services/reminders.js';
import {
  reposOf,
  seedDailyHabit,
  seedDailyMeasure,
  seedHabit,
  seedJournal,
  seedMeasure,
  seedMonth,
  wrappedKey,
} from '../support/factories.js';
import { type CaughtMail, type SmtpCatcher, startSmtpCatcher } from '../support/smtp-catcher.js';
import {
  buildSiblingApp,
  buildTestApp,
  createUser,
  dropPostgresSchema,
  injectAs,
  type TestApp,
  type TestUser,
} from '../support/test-app.js';

const PUBLIC_URL = 'https://monthbook.test';
/**
 * This file builds several apps side by side; building one blocks the event loop long enough
 * (on a busy machine) for the others' overload guard to answer 503 for a second. Not under test here.
 */
const NO_GUARD = { MAX_EVENT_LOOP_DELAY_MS: '0' };
const SECRET = 'SECRET-ENTRY-TEXT';

let catcher: SmtpCatcher;
let t: TestApp;
let counter = 0;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await buildTestApp({
    ...NO_GUARD,
    SMTP_URL: catcher.url,
    PUBLIC_URL,
    MAIL_FROM: 'Monthbook <hi@monthbook.test>',
  });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

interface Reminded extends TestUser {
  email: string;
}

interface Settings {
  time?: string | null;
  time_zone?: string;
  by_email?: boolean;
  by_push?: boolean;
  weekly_digest?: boolean;
  language?: string;
}

/** A user with a confirmed address and these settings, saved through the API. */
async function remindedUser(settings: Settings, app: TestApp = t): Promise<Reminded> {
  counter += 1;
  const user = await createUser(app);
  const email = `reminded${process.pid}x${counter}@example.com`;
  await app.database.db
    .updateTable('users')
    .set({ email, email_key: email })
    .where('id', '=', user.id)
    .execute();
  const response = await injectAs(app, user, {
    method: 'PUT',
    url: '/api/account/reminders/',
    payload: {
      time: '20:00',
      time_zone: 'UTC',
      by_email: true,
      by_push: false,
      weekly_digest: false,
      language: 'en',
      ...settings,
    },
  });
  expect(response.statusCode).toBe(200);
  return { ...user, email };
}

/** An entry dated `date` (journals.created_at is the user's local date). */
async function entryOn(user: TestUser, date: string, monthId?: number) {
  const month = monthId ?? (await seedMonth(t, user, `Month ${date}`)).id;
  const journal = await seedJournal(t, user, month, `${SECRET} ${date}`);
  await t.database.db
    .updateTable('journals')
    .set({ created_at: date })
    .where('id', '=', journal.id)
    .execute();
  return { month, journal };
}

/** A private month: its key set, as the browser's first private month sends it. */
async function privateMonth(user: TestUser): Promise<number> {
  return (await reposOf(t, user).months.create({ name: '', month_key: wrappedKey() })).id;
}

/** The entry's content sealed, as the browser leaves it once it has the server's id. */
async function sealEntry(journalId: number): Promise<void> {
  const sealed = JSON.stringify({ v: 1, nonce: 'A'.repeat(32), ct: 'B'.repeat(40) });
  await t.database.db
    .updateTable('journals')
    .set({ highlight: '', note: '', sealed })
    .where('id', '=', journalId)
    .execute();
}

const tick = (iso: string, app: TestApp = t) => app.app.reminders.service.tick(new Date(iso));
/** Mails to the user; `kind` read from the List-Unsubscribe token (reminder or digest). */
const mailsTo = (user: Reminded, kind?: 'reminder' | 'digest') =>
  catcher.mails.filter(
    (mail) =>
      mail.to.includes(user.email) &&
      (kind === undefined || (mail.headers.get('list-unsubscribe') ?? '').includes(`.${kind}.`)),
  );
const unsubscribeUrl = (mail: CaughtMail) =>
  /^<([^>]+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';

describe('daily reminder by email', () => {
  it('is sent once at or after the time, with unsubscribe headers, links and no entry text', async () => {
    const user = await remindedUser({ time: '20:00', time_zone: 'America/Los_Angeles' });
    const { month } = await entryOn(user, '2026-11-24');
    // 2026-11-25 19:59 in Los Angeles (UTC-8): not yet.
    await tick('2026-11-26T03:59:00Z');
    expect(mailsTo(user)).toHaveLength(0);
    await tick('2026-11-26T04:00:00Z');
    await tick('2026-11-26T04:01:00Z');
    await tick('2026-11-26T06:30:00Z');
    const mails = mailsTo(user);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('A reminder to write today’s entry');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrl(mail)).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/mail/unsubscribe/\\?token=${user.id}\\.reminder\\.`),
    );
    expect(mail.text).toContain(`${PUBLIC_URL}/settings`);
    expect(mail.text).toMatch(
      new RegExp(`${PUBLIC_URL}/unsubscribe\\?token=${user.id}\\.reminder\\.`),
    );
    expect(mail.text).toContain(`${PUBLIC_URL}/months/${month}/journals?write=today`);
    expect(mail.raw).not.toContain(SECRET);
  });

  it("one-click unsubscribe from the mail's header turns email reminders off", async () => {
    const user = await remindedUser({ time: '07:00', time_zone: 'UTC' });
    await tick('2026-11-20T07:00:00Z');
    const [mail] = mailsTo(user);
    const url = new URL(unsubscribeUrl(mail!));
    const response = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kind: 'reminder',
      detail: REMINDER_MESSAGES.unsubscribedReminder,
    });
    await tick('2026-11-21T07:30:00Z');
    expect(mailsTo(user)).toHaveLength(1);
  });

  it('is not sent when an entry for the local today exists', async () => {
    const user = await remindedUser({ time: '20:00', time_zone: 'UTC' });
    await entryOn(user, '2026-11-10');
    await tick('2026-11-10T21:00:00Z');
    expect(mailsTo(user)).toHaveLength(0);
    // The next day has no entry: that one is sent.
    await tick('2026-11-11T21:00:00Z');
    expect(mailsTo(user)).toHaveLength(1);
  });

  it('is not sent when today’s entry is in a private month, its content sealed', async () => {
    const user = await remindedUser({ time: '20:00', time_zone: 'UTC' });
    const month = await privateMonth(user);
    const { journal } = await entryOn(user, '2026-11-10', month);
    await sealEntry(journal.id);
    await tick('2026-11-10T21:00:00Z');
    expect(mailsTo(user)).toHaveLength(0);
    await tick('2026-11-11T21:00:00Z');
    expect(mailsTo(user)).toHaveLength(1);
  });

  it('a missed window is sent late once the same local day, never the next day', async () => {
    const user = await remindedUser({ time: '20:00', time_zone: 'America/Los_Angeles' });
    // Down from 20:00 until 23:30 on 2026-11-12 (LA): sent late, once.
    await tick('2026-11-13T07:30:00Z');
    await tick('2026-11-13T07:45:00Z');
    expect(mailsTo(user)).toHaveLength(1);
    // Down through the whole evening of 2026-11-13: nothing for it on the 14th's morning …
    await tick('2026-11-14T18:00:00Z'); // 10:00 on the 14th in LA
    expect(mailsTo(user)).toHaveLength(1);
    // … and the 14th's reminder at its own time.
    await tick('2026-11-15T04:00:00Z');
    expect(mailsTo(user)).toHaveLength(2);
  });

  it("follows each user's zone: Pacific/Auckland and America/Los_Angeles", async () => {
    const auckland = await remindedUser({ time: '09:00', time_zone: 'Pacific/Auckland' });
    const angeles = await remindedUser({ time: '09:00', time_zone: 'America/Los_Angeles' });
    // Both wrote an entry dated 2026-11-05.
    await entryOn(auckland, '2026-11-05');
    await entryOn(angeles, '2026-11-05');
    // 19:30 UTC on the 5th: 08:30 on the 6th in Auckland (UTC+13), 11:30 on the 5th in LA.
    await tick('2026-11-05T19:30:00Z');
    expect(mailsTo(auckland)).toHaveLength(0); // before 09:00 there
    expect(mailsTo(angeles)).toHaveLength(0); // today (the 5th) has an entry there
    // 20:30 UTC: 09:30 on the 6th in Auckland, whose entry of the 5th was yesterday.
    await tick('2026-11-05T20:30:00Z');
    expect(mailsTo(auckland)).toHaveLength(1);
    expect(mailsTo(angeles)).toHaveLength(0);
  });

  it('is written in the saved language', async () => {
    const user = await remindedUser({
      time: '06:00',
      time_zone: 'America/Sao_Paulo',
      language: 'pt-BR',
    });
    await tick('2026-11-16T09:00:00Z'); // 06:00 in São Paulo
    const [mail] = mailsTo(user);
    expect(mail?.subject).toBe('Um lembrete para escrever o registro de hoje');
    expect(mail?.text).toContain('Escrever o registro de hoje');
  });

  it('sends nothing to a user without a daily time, or with email off and no push', async () => {
    const none = await remindedUser({ time: null });
    const off = await remindedUser({ time: '01:00', by_email: false, by_push: false });
    await tick('2026-11-17T12:00:00Z');
    expect(mailsTo(none)).toHaveLength(0);
    expect(mailsTo(off)).toHaveLength(0);
  });
});

describe('paywall', () => {
  it('sends nothing to an account that has not paid (billing on), then to the same once paid', async () => {
    const paying = await buildTestApp({
      ...NO_GUARD,
      SMTP_URL: catcher.url,
      PUBLIC_URL,
      BILLING: 'local',
    });
    try {
      const user = await createUser(paying);
      const settings = await injectAs(paying, user, {
        method: 'GET',
        url: '/api/account/reminders/',
      });
      expect(settings.statusCode).toBe(402);
      const email = `unpaid${process.pid}@example.com`;
      await paying.database.db
        .updateTable('users')
        .set({ email, email_key: email })
        .where('id', '=', user.id)
        .execute();
      // Saved while paid, say; the subscription lapsed since.
      await paying.app.reminders.repository.saveSettings(user.id, {
        time: '10:00',
        time_zone: 'UTC',
        by_email: true,
        by_push: false,
        weekly_digest: false,
        language: 'en',
      });
      await tick('2026-12-04T10:00:00Z', paying);
      expect(catcher.mails.filter((mail) => mail.to.includes(email))).toHaveLength(0);
      await paying.database.db
        .insertInto('billing_accounts')
        .values({
          user_id: user.id,
          paid_once: 1,
          has_paid: 1,
          updated_at: new Date().toISOString(),
        })
        .execute();
      // An unpaid account is looked at again an hour later, not every minute.
      await tick('2026-12-04T10:59:00Z', paying);
      expect(catcher.mails.filter((mail) => mail.to.includes(email))).toHaveLength(0);
      await tick(
        new Date(Date.parse('2026-12-04T10:00:00Z') + INACTIVE_RECHECK_MS).toISOString(),
        paying,
      );
      expect(catcher.mails.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    } finally {
      await paying.close();
    }
  });
});

describe('weekly digest', () => {
  it('goes out once on Monday from 08:00 local, with numbers only', async () => {
    const user = await remindedUser({
      time: null,
      time_zone: 'Europe/Lisbon',
      weekly_digest: true,
    });
    // The week of Monday 2026-11-09 … Sunday 2026-11-15, and the week before.
    const month = (await seedMonth(t, user, 'SECRET-MONTH-NAME')).id;
    const habit = await seedHabit(t, user, month, 'SECRET-HABIT-NAME');
    const measure = await seedMeasure(t, user, month, 'SECRET-MEASURE-NAME');
    // Counted though not practised (its month had entries that week) …
    await seedHabit(t, user, month, 'SECRET-HABIT-NAME-2');
    // … unlike a habit of a month with no entry that week.
    const oldMonth = (await seedMonth(t, user, 'Old')).id;
    await seedHabit(t, user, oldMonth, 'Old habit');
    await entryOn(user, '2026-10-01', oldMonth);
    for (const [date, metric] of [
      ['2026-11-03', 4],
      ['2026-11-13', 6],
      ['2026-11-14', 7],
      ['2026-11-15', 8],
    ] as const) {
      const { journal } = await entryOn(user, date, month);
      await seedDailyHabit(t, user, journal.id, habit.id, true);
      await seedDailyMeasure(t, user, journal.id, measure.id, metric);
    }
    await tick('2026-11-16T07:59:00Z'); // Monday 07:59 in Lisbon (UTC+0 in November)
    expect(mailsTo(user, 'digest')).toHaveLength(0);
    await tick('2026-11-16T08:00:00Z');
    await tick('2026-11-16T12:00:00Z');
    await tick('2026-11-17T08:00:00Z'); // Tuesday: not again
    const digests = mailsTo(user, 'digest');
    expect(digests).toHaveLength(1);
    const mail = digests[0]!;
    expect(mail.subject).toBe('Your week in Monthbook: 3 entries');
    expect(mail.text).toContain('from 2026-11-09 to 2026-11-15');
    expect(mail.text).toContain('Entries written: 3 of 7 days (the week before: 1).');
    expect(mail.text).toContain('Habits practised: 1 of 2. Longest current streak: 3 days.');
    expect(mail.text).toContain('Measure 1: average 7, up from 4.');
    expect(mail.headers.get('list-unsubscribe')).toContain(`token=${user.id}.digest.`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`${PUBLIC_URL}/settings`);
    for (const secret of [
      'SECRET-ENTRY-TEXT',
      'SECRET-HABIT-NAME',
      'SECRET-MEASURE-NAME',
      'SECRET-MONTH-NAME',
    ]) {
      expect(mail.raw).not.toContain(secret);
    }
  });

  it('leaves a private month’s habits and values out', async () => {
    const user = await remindedUser({ time: null, time_zone: 'UTC', weekly_digest: true });
    const month = (await seedMonth(t, user, 'Plain')).id;
    const habit = await seedHabit(t, user, month, 'Walk');
    const measure = await seedMeasure(t, user, month, 'Sleep');
    const sealed = await privateMonth(user);
    const sealedHabit = await seedHabit(t, user, sealed, 'Hidden habit');
    const sealedMeasure = await seedMeasure(t, user, sealed, 'Hidden measure');
    for (const [date, metric] of [
      ['2026-11-03', 4],
      ['2026-11-13', 6],
      ['2026-11-14', 8],
    ] as const) {
      const { journal } = await entryOn(user, date, month);
      await seedDailyHabit(t, user, journal.id, habit.id, date !== '2026-11-14');
      await seedDailyMeasure(t, user, journal.id, measure.id, metric);
      const hidden = await entryOn(user, date, sealed);
      await seedDailyHabit(t, user, hidden.journal.id, sealedHabit.id, true);
      await seedDailyMeasure(t, user, hidden.journal.id, sealedMeasure.id, 100);
    }
    await tick('2026-11-16T08:00:00Z');
    const [mail] = mailsTo(user, 'digest');
    expect(mail?.text).toContain('Entries written: 2 of 7 days (the week before: 1).');
    expect(mail?.text).toContain('Habits practised: 1 of 1.');
    expect(mail?.text).toContain('Measure 1: average 7, up from 4.');
    expect(mail?.text).not.toContain('Measure 2');
  });

  it('is off by default and a missed Monday is not sent on Tuesday', async () => {
    const off = await remindedUser({ time: null });
    const late = await remindedUser({ time: null, weekly_digest: true });
    await tick('2026-11-24T08:00:00Z'); // Tuesday
    expect(mailsTo(late, 'digest')).toHaveLength(0);
    await tick('2026-11-30T08:00:00Z'); // the next Monday
    expect(mailsTo(off, 'digest')).toHaveLength(0);
    expect(mailsTo(late, 'digest')).toHaveLength(1);
  });

  it('is written in Portuguese for pt-BR', async () => {
    const user = await remindedUser({ time: null, weekly_digest: true, language: 'pt-BR' });
    await tick('2026-11-30T08:00:00Z');
    const [mail] = mailsTo(user, 'digest');
    expect(mail?.subject).toBe('Sua semana no Monthbook: 0 registros');
  });
});

describe('exactly once', () => {
  it('three app servers ticking at once on one database send each reminder once', async () => {
    const siblings = [await buildSiblingApp(t), await buildSiblingApp(t)];
    try {
      const users = [];
      for (let i = 0; i < 6; i += 1)
        users.push(await remindedUser({ time: '10:00', time_zone: 'UTC' }));
      const apps = [t, ...siblings];
      for (let round = 0; round < 3; round += 1) {
        await Promise.all(apps.map((app) => tick('2026-12-01T10:05:00Z', app)));
      }
      for (const user of users) expect(mailsTo(user)).toHaveLength(1);
    } finally {
      for (const sibling of siblings) await sibling.close();
    }
  });

  it("takes over a dead server's claim after the lease, never a live one's or a sent one", async () => {
    const stale = await remindedUser({ time: '10:00' });
    const live = await remindedUser({ time: '10:00' });
    const sent = await remindedUser({ time: '10:00' });
    const now = new Date('2026-12-02T10:30:00Z').getTime();
    const claim = (user: TestUser, state: 'claimed' | 'sent', claimedAt: number) =>
      t.database.db
        .insertInto('reminder_sends')
        .values({
          user_id: user.id,
          kind: 'reminder',
          period: '2026-12-02',
          state,
          claimed_at: claimedAt,
        })
        .execute();
    await claim(stale, 'claimed', now - CLAIM_LEASE_MS - 1000);
    await claim(live, 'claimed', now - 60_000);
    await claim(sent, 'sent', now - CLAIM_LEASE_MS - 1000);
    await tick('2026-12-02T10:30:00Z');
    expect(mailsTo(stale)).toHaveLength(1);
    expect(mailsTo(live)).toHaveLength(0);
    expect(mailsTo(sent)).toHaveLength(0);
    const row = await t.database.db
      .selectFrom('reminder_sends')
      .select('state')
      .where('user_id', '=', stale.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('sent');
  });

  it('a mail server that refuses releases the claim, so a later tick tries again', async () => {
    const broken = await buildTestApp({
      ...NO_GUARD,
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL,
    });
    try {
      const user = await remindedUser({ time: '10:00' }, broken);
      await tick('2026-12-03T10:00:00Z', broken);
      const rows = await broken.database.db
        .selectFrom('reminder_sends')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

describe('scheduler lifecycle', () => {
  it('runs the job on its own (pg-boss on PostgreSQL, a timer on SQLite) and closes cleanly', async () => {
    const app = await buildTestApp({
      ...NO_GUARD,
      SMTP_URL: catcher.url,
      PUBLIC_URL,
      REMINDERS: 'on',
    });
    let sibling: TestApp | undefined;
    try {
      expect(app.app.reminders.scheduling).toBe(true);
      // A second server on the same database starts its scheduler at the same time.
      sibling = await buildSiblingApp(app);
      // Due whenever this runs: 00:00 UTC has always passed, and no entry today.
      const user = await remindedUser({ time: '00:00', time_zone: 'UTC' }, app);
      await Promise.all([app.app.reminders.kick(), sibling.app.reminders.kick()]);
      await catcher.waitFor((mail) => mail.to.includes(user.email), 30_000);
      // Kicked again: the tick that runs for it (on either server) sends nothing more. In process
      // on SQLite, kick() resolves once it ran; pg-boss runs it on whichever server takes it.
      const askedAt = performance.now();
      const laterTick = new Promise<void>((resolve) => {
        const seen = ({ startedAt }: { startedAt: number }) => {
          if (startedAt < askedAt) return;
          for (const server of [app, sibling!]) server.app.reminders.ticks.off('tick', seen);
          resolve();
        };
        for (const server of [app, sibling!]) server.app.reminders.ticks.on('tick', seen);
      });
      await Promise.all([app.app.reminders.kick(), sibling.app.reminders.kick()]);
      await laterTick;
      expect(mailsTo(user)).toHaveLength(1);
    } finally {
      // Closing waits for pg-boss to stop: a close that hung would fail the test by its timeout.
      await sibling?.close();
      await app.close();
      if (app.config.database.kind === 'postgres') {
        // pg-boss's schema sits next to the test schema (plugins/reminders.ts); drop it too.
        const options = new URL(app.config.database.url).searchParams.get('options') ?? '';
        const schema = /search_path=(\w+)/.exec(options)?.[1];
        expect(schema).toBeTruthy();
        await dropPostgresSchema(`${schema}_pgboss`);
      }
    }
  }, 60_000);
});

/** `count` users with a confirmed address and a daily reminder at `time` UTC, straight into the database. */
async function dueUsers(count: number, time: string, app: TestApp = t): Promise<number[]> {
  counter += 1;
  const prefix = `many${process.pid}x${counter}x`;
  const ids: number[] = [];
  for (let start = 0; start < count; start += 100) {
    const rows = await app.database.db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(100, count - start) }, (_, i) => {
          const name = `${prefix}${start + i}`;
          return {
            username: name,
            username_key: name,
            password_hash: 'not-a-login',
            date_joined: new Date().toISOString(),
            email: `${name}@example.com`,
            email_key: `${name}@example.com`,
          };
        }),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  for (let start = 0; start < ids.length; start += 100) {
    await app.database.db
      .insertInto('reminder_settings')
      .values(
        ids.slice(start, start + 100).map((id) => ({
          user_id: id,
          time,
          time_zone: 'UTC',
          by_email: 1,
          by_push: 0,
          weekly_digest: 0,
          language: 'en',
          reminder_due_at: 0,
        })),
      )
      .execute();
  }
  return ids;
}

describe('at scale', () => {
  it('claims due users in batches and never reads again those already reminded today', async () => {
    const ids = await dueUsers(250, '09:00');
    const ours = new Set(ids);
    const { repository } = t.app.reminders;
    const claimDue = vi.spyOn(repository, 'claimDue');
    const claimSends = vi.spyOn(repository, 'claimSends');
    const withEntryOn = vi.spyOn(repository, 'withEntryOn');
    const touched = () =>
      [...claimSends.mock.calls, ...withEntryOn.mock.calls]
        .flatMap(
          ([first, second]) => (Array.isArray(first) ? first : second) as { userId: number }[],
        )
        .filter(({ userId }) => ours.has(userId)).length;
    const users = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('id', 'in', ids)
      .execute();
    const addresses = new Set(users.map((user) => user.email));
    const theirMails = () =>
      catcher.mails.filter((mail) => mail.to.some((to) => addresses.has(to))).length;
    try {
      await tick('2026-12-08T08:59:00Z');
      expect(theirMails()).toBe(0);
      // Not due yet: looked at once, when their claim found them new, never again before 09:00.
      claimDue.mockClear();
      claimSends.mockClear();
      withEntryOn.mockClear();
      await tick('2026-12-08T09:00:00Z');
      expect(theirMails()).toBe(250);
      expect(claimDue.mock.calls.length).toBeGreaterThanOrEqual(3);
      expect(claimDue.mock.calls.every(([, , , limit]) => limit === BATCH_SIZE)).toBe(true);
      claimSends.mockClear();
      withEntryOn.mockClear();
      for (const later of ['09:01', '09:02', '13:00', '23:59']) {
        await tick(`2026-12-08T${later}:00Z`);
      }
      expect(touched()).toBe(0);
      expect(theirMails()).toBe(250);
      await tick('2026-12-09T09:00:00Z');
      expect(theirMails()).toBe(500);
    } finally {
      vi.restoreAllMocks();
    }
  }, 60_000);

  it('lets the event loop turn between batches', async () => {
    const ids = await dueUsers(3 * BATCH_SIZE, '07:00');
    const ours = new Set(ids);
    const events: string[] = [];
    const service = createReminderService({
      repository: t.app.reminders.repository,
      tokens: t.app.reminders.tokens,
      push: t.app.reminders.push,
      mailer: {
        ...t.app.mailer,
        link: (path: string) => `${PUBLIC_URL}${path}`,
        send: async (mail) => {
          if (ours.has(Number(/\d+/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[0]))) {
            events.push('mail');
          }
        },
      },
      isActive: async () => true,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    const ticking = service.tick(new Date('2026-12-10T07:00:00Z'));
    setImmediate(() => events.push('turn'));
    await ticking;
    expect(events.filter((event) => event === 'mail')).toHaveLength(ids.length);
    // Not after every mail: the loop's turn came while the batches were still being sent.
    expect(events.indexOf('turn')).toBeLessThan(events.length - 1);
  });
});
