// Web push end to end: subscriptions saved through the API, the reminder job pushing to a loopback push service, decrypted (RFC 8291) and its VAPID header checked.
import type { PushPayload } from '../../contract/reminders.js';
import { seedJournal, seedMonth } from '../support/factories.js';
import { type PushService, startPushService, verifyVapid } from '../support/push-service.js';
import {
  buildTestApp,
  createUser,
  TEST_VAPID_ENV,
  type TestApp,
  type TestUser,
} from '../support/test-app.js';

const SECRET = 'SECRET-ENTRY-TEXT';

let pushService: PushService;
let t: TestApp;

beforeAll(async () => {
  pushService = await startPushService();
  t = await buildTestApp({
    PUBLIC_URL: 'https://monthbook.test',
    MAIL_FROM: 'Monthbook <hi@monthbook.test>',
  });
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

let counter = 0;

async function pushUser(language = 'en'): Promise<TestUser> {
  const user = await createUser(t);
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/account/reminders/',
    headers: user.headers,
    payload: {
      time: '20:00',
      time_zone: 'UTC',
      by_email: false,
      by_push: true,
      weekly_digest: false,
      language,
    },
  });
  expect(response.statusCode).toBe(200);
  return user;
}

async function subscribeDevice(user: TestUser) {
  counter += 1;
  const subscription = pushService.subscribe(`device-${process.pid}-${counter}`);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/account/push-subscriptions/',
    headers: user.headers,
    payload: { endpoint: subscription.endpoint, keys: subscription.keys },
  });
  expect(response.statusCode).toBe(201);
  return subscription;
}

const pushesTo = (subscription: { endpoint: string }) =>
  pushService.received.filter((push) => push.path === new URL(subscription.endpoint).pathname);

const countSubscriptions = async (user: TestUser) =>
  (
    await t.database.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute()
  ).length;

const tick = (iso: string) => t.app.reminders.service.tick(new Date(iso));

describe('reminder push', () => {
  it('is encrypted for the subscription, signed with VAPID, and carries no entry text', async () => {
    const user = await pushUser();
    const month = await seedMonth(t, user);
    const yesterday = await seedJournal(t, user, month.id, SECRET);
    await t.database.db
      .updateTable('journals')
      .set({ created_at: '2026-10-04' })
      .where('id', '=', yesterday.id)
      .execute();
    const subscription = await subscribeDevice(user);
    await tick('2026-10-05T19:59:00Z');
    expect(pushesTo(subscription)).toHaveLength(0);
    await tick('2026-10-05T20:00:00Z');
    await tick('2026-10-05T21:00:00Z');
    const pushes = pushesTo(subscription);
    expect(pushes).toHaveLength(1);
    const push = pushes[0]!;

    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(
      push.headers.authorization as string,
      TEST_VAPID_ENV.VAPID_PUBLIC_KEY,
    );
    expect(claims.aud).toBe(pushService.origin);
    expect(claims.sub).toBe('mailto:hi@monthbook.test');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());

    const plaintext = subscription.decrypt(push.body);
    expect(plaintext).not.toContain(SECRET);
    expect(JSON.parse(plaintext)).toEqual({
      type: 'daily-reminder',
      title: 'Time to write in Monthbook',
      body: 'You have not written today’s entry yet.',
      url: `/months/${month.id}/journals?write=today`,
      action_title: 'Write today’s entry',
    } satisfies PushPayload);
  });

  it("fails to decrypt with another subscription's keys (the payload is really encrypted)", async () => {
    const user = await pushUser();
    const subscription = await subscribeDevice(user);
    const other = pushService.subscribe('never-subscribed');
    await tick('2026-10-06T20:00:00Z');
    const [push] = pushesTo(subscription);
    expect(() => other.decrypt(push!.body)).toThrow();
    expect(() => subscription.decrypt(push!.body)).not.toThrow();
  });

  it('goes to every device of the account, in its language, to /months without a month', async () => {
    const user = await pushUser('pt-BR');
    const phone = await subscribeDevice(user);
    const laptop = await subscribeDevice(user);
    await tick('2026-10-07T20:00:00Z');
    for (const device of [phone, laptop]) {
      const [push] = pushesTo(device);
      expect(JSON.parse(device.decrypt(push!.body))).toEqual({
        type: 'daily-reminder',
        title: 'Hora de escrever no Monthbook',
        body: 'Você ainda não escreveu o registro de hoje.',
        url: '/months',
        action_title: 'Escrever o registro de hoje',
      });
    }
  });

  it.each([410, 404])('drops a subscription the push service answers %i for', async (status) => {
    const user = await pushUser();
    const gone = await subscribeDevice(user);
    const alive = await subscribeDevice(user);
    pushService.answer(gone, status);
    await tick(`2026-10-${status === 410 ? '08' : '09'}T20:00:00Z`);
    expect(pushesTo(gone)).toHaveLength(1);
    expect(pushesTo(alive)).toHaveLength(1);
    const left = await t.database.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', user.id)
      .execute();
    expect(left.map((row) => row.endpoint)).toEqual([alive.endpoint]);
  });

  it('keeps a subscription the push service fails (5xx) and tries again at the next tick', async () => {
    const user = await pushUser();
    const flaky = await subscribeDevice(user);
    pushService.answer(flaky, 503);
    await tick('2026-10-10T20:00:00Z');
    expect(pushesTo(flaky)).toHaveLength(1);
    expect(await countSubscriptions(user)).toBe(1);
    pushService.answer(flaky, 201);
    await tick('2026-10-10T20:01:00Z');
    await tick('2026-10-10T20:02:00Z');
    // Retried once it failed, then sent once.
    expect(pushesTo(flaky).map((push) => push.status)).toEqual([503, 201]);
  });

  it('sends nothing once the device unsubscribed', async () => {
    const user = await pushUser();
    const device = await subscribeDevice(user);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/push-subscriptions/',
      headers: user.headers,
      payload: { endpoint: device.endpoint },
    });
    expect(removed.statusCode).toBe(204);
    await tick('2026-10-11T20:00:00Z');
    expect(pushesTo(device)).toHaveLength(0);
  });

  it('refuses an endpoint with a NUL character with a 400, and keeps the device (PostgreSQL cannot look it up)', async () => {
    const user = await pushUser();
    const device = await subscribeDevice(user);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/push-subscriptions/',
      headers: user.headers,
      payload: { endpoint: `${device.endpoint}\u0000` },
    });
    expect(refused.statusCode).toBe(400);
    expect(await countSubscriptions(user)).toBe(1);
  });
});
