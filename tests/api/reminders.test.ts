// API tests for reminder settings, push subscriptions and the one-click unsubscribe: validation, ownership, tokens.
import { createECDH, randomBytes } from 'node:crypto';
import { PUSH_SUBSCRIPTIONS_MAX, REMINDER_MESSAGES } from '../../contract/reminder-rules.js';
import type { ReminderSettings } from '../../contract/reminders.js';
import { endpointError } from '../../server/routes/reminders.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  TEST_VAPID_ENV,
  type TestApp,
  type TestUser,
  tamperSignature,
} from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://monthbook.test' });
});
afterAll(async () => {
  await t?.close();
});

const settings = (user: TestUser) =>
  injectAs(t, user, { method: 'GET', url: '/api/account/reminders/' });

const save = (user: TestUser, body: object) =>
  injectAs(t, user, {
    method: 'PUT',
    url: '/api/account/reminders/',
    payload: body,
  });

const valid = {
  time: '20:30',
  time_zone: 'Europe/Lisbon',
  by_email: false,
  by_push: true,
  weekly_digest: false,
  language: 'pt-BR',
};

function subscription(endpoint = `https://push.example/send/${randomBytes(8).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

const subscribe = (user: TestUser, body: object) =>
  injectAs(t, user, {
    method: 'POST',
    url: '/api/account/push-subscriptions/',
    payload: body,
  });

const unsubscribeDevice = (user: TestUser, endpoint: string) =>
  injectAs(t, user, {
    method: 'DELETE',
    url: '/api/account/push-subscriptions/',
    payload: { endpoint },
  });

const endpointsOf = async (userId: number) =>
  (
    await t.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', userId)
      .execute()
  ).map((row) => row.endpoint);

async function confirmEmail(user: TestUser) {
  const email = `${user.username}@example.com`;
  await t.database.db
    .updateTable('users')
    .set({ email, email_key: email })
    .where('id', '=', user.id)
    .execute();
}

describe('reminder settings', () => {
  it('answers the defaults and the VAPID public key before anything is saved', async () => {
    const user = await createUser(t);
    const response = await settings(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      time: null,
      time_zone: 'UTC',
      by_email: false,
      by_push: false,
      weekly_digest: false,
      language: 'en',
      push_subscriptions: 0,
      vapid_public_key: TEST_VAPID_ENV.VAPID_PUBLIC_KEY,
    });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/account/reminders/' });
    expect(response.statusCode).toBe(401);
  });

  it('saves and reads back, per user', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const saved = await save(user, valid);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ReminderSettings>()).toMatchObject(valid);
    expect((await settings(user)).json<ReminderSettings>()).toMatchObject(valid);
    expect((await settings(other)).json<ReminderSettings>().time).toBeNull();
    // An empty time (a cleared input) is no reminder, like null.
    expect((await save(user, { ...valid, time: '' })).json<ReminderSettings>().time).toBeNull();
    expect((await save(user, valid)).json<ReminderSettings>().time).toBe('20:30');
    // Saving again replaces (one row per user); null turns the daily reminder off.
    const again = await save(user, { ...valid, time: null, time_zone: 'europe/lisbon' });
    expect(again.json<ReminderSettings>()).toMatchObject({
      time: null,
      time_zone: 'Europe/Lisbon',
    });
  });

  it.each([
    ['time', '25:00', REMINDER_MESSAGES.invalidTime],
    ['time', '8:00', REMINDER_MESSAGES.invalidTime],
    ['time', '20:30:00', REMINDER_MESSAGES.invalidTime],
    ['time_zone', 'Mars/Olympus', REMINDER_MESSAGES.invalidTimeZone],
    ['time_zone', '', REMINDER_MESSAGES.invalidTimeZone],
    ['language', 'fr', REMINDER_MESSAGES.invalidLanguage],
  ])('refuses %s %j with a field message and saves nothing', async (field, value, message) => {
    const user = await createUser(t);
    const response = await save(user, { ...valid, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ [field]: [message] });
    expect((await settings(user)).json<ReminderSettings>().time).toBeNull();
  });

  it('refuses a missing field and a wrong type', async () => {
    const user = await createUser(t);
    const { by_push: _dropped, ...missing } = valid;
    expect((await save(user, missing)).statusCode).toBe(400);
    expect((await save(user, { ...valid, time: 2030 })).statusCode).toBe(400);
  });

  it('refuses email reminders and the digest without a confirmed address, then accepts them', async () => {
    const user = await createUser(t);
    const refused = await save(user, { ...valid, by_email: true, weekly_digest: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      by_email: [REMINDER_MESSAGES.emailNeedsAddress],
      weekly_digest: [REMINDER_MESSAGES.emailNeedsAddress],
    });
    await confirmEmail(user);
    const accepted = await save(user, { ...valid, by_email: true, weekly_digest: true });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ by_email: true, weekly_digest: true });
  });
});

describe('push subscriptions', () => {
  it('saves a subscription once per endpoint and counts it', async () => {
    const user = await createUser(t);
    const sub = subscription();
    const created = await subscribe(user, sub);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ endpoint: sub.endpoint });
    expect((await subscribe(user, sub)).statusCode).toBe(201);
    expect(await endpointsOf(user.id)).toEqual([sub.endpoint]);
    expect((await settings(user)).json<ReminderSettings>().push_subscriptions).toBe(1);
  });

  it('moves an endpoint to the account that saves it last', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const sub = subscription();
    await subscribe(first, sub);
    await subscribe(second, sub);
    expect(await endpointsOf(first.id)).toEqual([]);
    expect(await endpointsOf(second.id)).toEqual([sub.endpoint]);
  });

  it(`keeps the newest ${PUSH_SUBSCRIPTIONS_MAX} per account`, async () => {
    const user = await createUser(t);
    const subs = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX + 2 }, () => subscription());
    for (const sub of subs) expect((await subscribe(user, sub)).statusCode).toBe(201);
    const kept = await endpointsOf(user.id);
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    expect(kept).not.toContain(subs[0]!.endpoint);
    expect(kept).not.toContain(subs[1]!.endpoint);
    expect(kept).toContain(subs.at(-1)!.endpoint);
  });

  it.each([
    ['http (not loopback)', 'http://push.example/x'],
    ['not a URL', 'push.example/x'],
    ['ftp', 'ftp://push.example/x'],
    ['credentials', 'https://user:pw@push.example/x'],
    ['javascript', 'javascript:alert(1)'],
  ])('refuses an endpoint that is %s', async (_label, endpoint) => {
    const user = await createUser(t);
    const response = await subscribe(user, subscription(endpoint));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ endpoint: [REMINDER_MESSAGES.invalidEndpoint] });
    expect(await endpointsOf(user.id)).toEqual([]);
  });

  it('refuses an endpoint longer than 2048 characters', async () => {
    const user = await createUser(t);
    const response = await subscribe(
      user,
      subscription(`https://push.example/${'a'.repeat(2048)}`),
    );
    expect(response.statusCode).toBe(400);
    expect(await endpointsOf(user.id)).toEqual([]);
  });

  it('accepts http only for loopback and only outside production', () => {
    expect(endpointError('http://127.0.0.1:9/push', false)).toBeNull();
    expect(endpointError('http://localhost/push', false)).toBeNull();
    expect(endpointError('http://127.0.0.1:9/push', true)).toBe(REMINDER_MESSAGES.invalidEndpoint);
    expect(endpointError('https://fcm.googleapis.com/fcm/send/x', true)).toBeNull();
    expect(endpointError('https://web.push.apple.com/QG9', true)).toBeNull();
    // Production: no request to the machines next to the server.
    for (const inner of [
      'https://127.0.0.1/x',
      'https://10.0.0.5/x',
      'https://[::1]/x',
      'https://metadata/x',
      'https://db.internal/x',
      'https://printer.local/x',
    ]) {
      expect(endpointError(inner, true), inner).toBe(REMINDER_MESSAGES.invalidEndpoint);
      expect(endpointError(inner, false), inner).toBeNull();
    }
  });

  it.each([
    ['a short p256dh', { p256dh: randomBytes(32).toString('base64url') }],
    [
      'a compressed point',
      { p256dh: Buffer.concat([Buffer.from([2]), randomBytes(64)]).toString('base64url') },
    ],
    ['an auth of 8 bytes', { auth: randomBytes(8).toString('base64url') }],
    ['non-base64 keys', { auth: 'not base64!' }],
  ])('refuses %s', async (_label, keys) => {
    const user = await createUser(t);
    const sub = subscription();
    const response = await subscribe(user, { ...sub, keys: { ...sub.keys, ...keys } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ keys: [REMINDER_MESSAGES.invalidKeys] });
    expect(await endpointsOf(user.id)).toEqual([]);
  });

  it("deletes only the caller's own subscription", async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const sub = subscription();
    await subscribe(owner, sub);
    const foreign = await unsubscribeDevice(stranger, sub.endpoint);
    expect(foreign.statusCode).toBe(204);
    expect(await endpointsOf(owner.id)).toEqual([sub.endpoint]);
    expect((await unsubscribeDevice(owner, sub.endpoint)).statusCode).toBe(204);
    expect(await endpointsOf(owner.id)).toEqual([]);
    // Again: nothing left, still 204.
    expect((await unsubscribeDevice(owner, sub.endpoint)).statusCode).toBe(204);
  });
});

describe('one-click unsubscribe', () => {
  const oneClick = (token: string, form = true) =>
    t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe/?token=${encodeURIComponent(token)}`,
      ...(form
        ? {
            payload: 'List-Unsubscribe=One-Click',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : {}),
    });

  async function emailUser() {
    const user = await createUser(t);
    await confirmEmail(user);
    expect((await save(user, { ...valid, by_email: true, weekly_digest: true })).statusCode).toBe(
      200,
    );
    return user;
  }

  it('turns email reminders off with the RFC 8058 form post, no login', async () => {
    const user = await emailUser();
    const response = await oneClick(t.app.reminders.tokens.sign(user.id, 'reminder'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kind: 'reminder',
      detail: REMINDER_MESSAGES.unsubscribedReminder,
    });
    expect((await settings(user)).json()).toMatchObject({
      by_email: false,
      weekly_digest: true,
      by_push: true,
    });
  });

  it('turns the digest off, with an empty body too (the browser page)', async () => {
    const user = await emailUser();
    const response = await oneClick(t.app.reminders.tokens.sign(user.id, 'digest'), false);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'digest' });
    expect((await settings(user)).json()).toMatchObject({ by_email: true, weekly_digest: false });
  });

  it('refuses forged, altered and malformed tokens, changing nothing', async () => {
    const user = await emailUser();
    const victim = await emailUser();
    const own = t.app.reminders.tokens.sign(user.id, 'reminder');
    const signature = own.split('.')[2]!;
    const forged = [
      tamperSignature(own),
      `${victim.id}.reminder.${signature}`,
      `${user.id}.digest.${signature}`,
      `${user.id}.reminder`,
      'nonsense',
      '',
    ];
    for (const token of forged) {
      const response = await oneClick(token);
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toEqual({ detail: REMINDER_MESSAGES.invalidUnsubscribeLink });
    }
    const noToken = await t.app.inject({ method: 'POST', url: '/api/mail/unsubscribe/' });
    expect(noToken.statusCode).toBe(400);
    expect((await settings(user)).json()).toMatchObject({ by_email: true, weekly_digest: true });
    expect((await settings(victim)).json()).toMatchObject({ by_email: true, weekly_digest: true });
  });

  it('a token signed with another secret is refused', async () => {
    const user = await emailUser();
    const { createUnsubscribeTokens } = await import('../../server/services/unsubscribe-tokens.js');
    const other = createUnsubscribeTokens('another-secret-that-is-long-enough-to-sign');
    expect((await oneClick(other.sign(user.id, 'reminder'))).statusCode).toBe(400);
  });
});

describe('account deletion', () => {
  it('takes the settings, subscriptions and sent-log with the account', async () => {
    const user = await createUser(t);
    expect((await save(user, valid)).statusCode).toBe(200);
    expect((await subscribe(user, subscription())).statusCode).toBe(201);
    await t.database.db
      .insertInto('reminder_sends')
      .values({
        user_id: user.id,
        kind: 'reminder',
        period: '2026-01-01',
        state: 'sent',
        claimed_at: 1,
      })
      .execute();
    await t.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    for (const table of ['reminder_settings', 'push_subscriptions', 'reminder_sends'] as const) {
      const rows = await t.database.db
        .selectFrom(table)
        .select('user_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
  });
});
