// Web push end to end: subscriptions saved through the API, the reminder job pushing to a loopback push service, decrypted (RFC 8291) and its VAPID header checked; failing services, bad keys and private addresses.
import { PUSH_FAILURES_MAX, REMINDER_MESSAGES } from '../../contract/reminder-rules.js';
import type { PushPayload } from '../../contract/reminders.js';
import { createPushSender, isPublicAddress } from '../../server/services/push.js';
import { seedJournal, seedMonth } from '../support/factories.js';
import { type PushService, startPushService, verifyVapid } from '../support/push-service.js';
import { startSmtpCatcher } from '../support/smtp-catcher.js';
import {
  buildTestApp,
  createUser,
  injectAs,
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
    // The push service stub listens on loopback, which pushes may reach only when allowed.
    PUSH_ALLOW_PRIVATE: 'on',
  });
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

let counter = 0;

async function pushUser(language = 'en'): Promise<TestUser> {
  const user = await createUser(t);
  const response = await injectAs(t, user, {
    method: 'PUT',
    url: '/api/account/reminders/',
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
  const response = await injectAs(t, user, {
    method: 'POST',
    url: '/api/account/push-subscriptions/',
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
    const removed = await injectAs(t, user, {
      method: 'DELETE',
      url: '/api/account/push-subscriptions/',
      payload: { endpoint: device.endpoint },
    });
    expect(removed.statusCode).toBe(204);
    await tick('2026-10-11T20:00:00Z');
    expect(pushesTo(device)).toHaveLength(0);
  });

  it('refuses an endpoint with a NUL character with a 400, and keeps the device (PostgreSQL cannot look it up)', async () => {
    const user = await pushUser();
    const device = await subscribeDevice(user);
    const refused = await injectAs(t, user, {
      method: 'DELETE',
      url: '/api/account/push-subscriptions/',
      payload: { endpoint: `${device.endpoint}\u0000` },
    });
    expect(refused.statusCode).toBe(400);
    expect(await countSubscriptions(user)).toBe(1);
  });
});

/** 65 bytes from 0x04 that are not a point on P-256 (the right length, the wrong curve). */
const offCurvePoint = () => {
  const point = Buffer.alloc(65, 7);
  point[0] = 4;
  return point.toString('base64url');
};

describe('subscription keys', () => {
  it('refuses a p256dh of the right length that is not a P-256 point, with a 400', async () => {
    const user = await pushUser();
    const device = pushService.subscribe(`off-curve-${process.pid}`);
    const response = await injectAs(t, user, {
      method: 'POST',
      url: '/api/account/push-subscriptions/',
      payload: { endpoint: device.endpoint, keys: { ...device.keys, p256dh: offCurvePoint() } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ keys: [REMINDER_MESSAGES.invalidKeys] });
    expect(await countSubscriptions(user)).toBe(0);
  });

  it("a stored bad key is dropped and keeps neither the user's other devices nor their email from the reminder", async () => {
    const catcher = await startSmtpCatcher();
    const app = await buildTestApp({
      PUBLIC_URL: 'https://monthbook.test',
      SMTP_URL: catcher.url,
      PUSH_ALLOW_PRIVATE: 'on',
    });
    try {
      const user = await createUser(app);
      const email = `pushmail${process.pid}@example.com`;
      await app.database.db
        .updateTable('users')
        .set({ email, email_key: email })
        .where('id', '=', user.id)
        .execute();
      await app.app.reminders.repository.saveSettings(user.id, {
        time: '20:00',
        time_zone: 'UTC',
        by_email: true,
        by_push: true,
        weekly_digest: false,
        language: 'en',
      });
      const broken = pushService.subscribe(`broken-key-${process.pid}`);
      const good = pushService.subscribe(`good-key-${process.pid}`);
      await app.database.db
        .insertInto('push_subscriptions')
        .values([
          {
            user_id: user.id,
            endpoint: broken.endpoint,
            p256dh: offCurvePoint(),
            auth: broken.keys.auth,
            created_at: 1,
          },
          {
            user_id: user.id,
            endpoint: good.endpoint,
            p256dh: good.keys.p256dh,
            auth: good.keys.auth,
            created_at: 2,
          },
        ])
        .execute();
      await app.app.reminders.service.tick(new Date('2026-10-12T20:00:00Z'));
      expect(pushesTo(good)).toHaveLength(1);
      expect(pushesTo(broken)).toHaveLength(0);
      expect(catcher.mails.filter((mail) => mail.to.includes(email))).toHaveLength(1);
      const left = await app.database.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', user.id)
        .execute();
      expect(left.map((row) => row.endpoint)).toEqual([good.endpoint]);
    } finally {
      await app.close();
      await catcher.close();
    }
  });
});

describe('failing push services', () => {
  it('rests a failing subscription, longer after each failure, instead of trying it every minute', async () => {
    const user = await pushUser();
    const flaky = await subscribeDevice(user);
    pushService.answer(flaky, 500);
    for (const minute of ['00', '01', '02', '03']) await tick(`2026-10-13T20:${minute}:00Z`);
    // Tried at 20:00, rested a minute, tried at 20:01, rested two: not at 20:02, again at 20:03.
    expect(pushesTo(flaky)).toHaveLength(3);
    const row = await t.database.db
      .selectFrom('push_subscriptions')
      .select(['failures', 'retry_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(3);
    expect(row.retry_at).toBe(Date.parse('2026-10-13T20:07:00Z'));
    pushService.answer(flaky, 201);
    await tick('2026-10-13T20:07:00Z');
    expect(pushesTo(flaky)).toHaveLength(4);
    const healed = await t.database.db
      .selectFrom('push_subscriptions')
      .select(['failures', 'retry_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(healed).toEqual({ failures: 0, retry_at: 0 });
  });

  it('drops a subscription after PUSH_FAILURES_MAX failures in a row', async () => {
    const user = await pushUser();
    const dead = await subscribeDevice(user);
    await t.database.db
      .updateTable('push_subscriptions')
      .set({ failures: PUSH_FAILURES_MAX - 1 })
      .where('user_id', '=', user.id)
      .execute();
    pushService.answer(dead, 502);
    await tick('2026-10-14T20:00:00Z');
    expect(pushesTo(dead)).toHaveLength(1);
    expect(await countSubscriptions(user)).toBe(0);
  });

  it("one account's dead endpoints do not hold up another's reminder", async () => {
    const stuck = await pushUser();
    const dead = [];
    for (let i = 0; i < 10; i += 1) dead.push(await subscribeDevice(stuck));
    for (const device of dead) pushService.answer(device, 'never');
    const waiting = await pushUser();
    const device = await subscribeDevice(waiting);
    let tickDone = false;
    const ticking = tick('2026-10-15T20:00:00Z').finally(() => {
      tickDone = true;
    });
    // The other account's push arrives while the dead endpoints are still being waited for.
    await pushService.waitFor(device);
    expect(tickDone).toBe(false);
    await ticking;
    // Each dead endpoint was tried once (on a busy machine a request may time out before the stub
    // has even read it) and counted as a failure.
    for (const deadDevice of dead) expect(pushesTo(deadDevice).length).toBeLessThanOrEqual(1);
    const rows = await t.database.db
      .selectFrom('push_subscriptions')
      .select('failures')
      .where('user_id', '=', stuck.id)
      .execute();
    expect(rows.map((row) => row.failures)).toEqual(dead.map(() => 1));
  }, 30_000);
});

describe('push addresses', () => {
  const sender = (allowPrivateAddresses: boolean) =>
    createPushSender(
      {
        publicKey: TEST_VAPID_ENV.VAPID_PUBLIC_KEY,
        privateKey: TEST_VAPID_ENV.VAPID_PRIVATE_KEY,
        subject: 'mailto:hi@monthbook.test',
      },
      { allowPrivateAddresses },
    );
  const payload: PushPayload = {
    type: 'daily-reminder',
    title: 't',
    body: 'b',
    url: '/months',
    action_title: 'a',
  };

  it('refuses loopback by name or address unless allowed, and never sends there', async () => {
    const port = new URL(pushService.origin).port;
    const strict = sender(false);
    const loose = sender(true);
    try {
      for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '127.1.2.3']) {
        const device = pushService.subscribe(`addr-${host.replace(/\W/g, '')}-${process.pid}`);
        const endpoint = device.endpoint.replace(`127.0.0.1:${port}`, `${host}:${port}`);
        const refused = await strict.send({ endpoint, ...device.keys }, payload);
        expect(refused.outcome).toBe('failed');
        expect(pushesTo(device)).toHaveLength(0);
        // The stub listens on 127.0.0.1 alone: the other two are only ever refused here.
        if (host.startsWith('[') || host === '127.1.2.3') continue;
        const allowed = await loose.send({ endpoint, ...device.keys }, payload);
        expect(allowed.outcome).toBe('sent');
        expect(pushesTo(device)).toHaveLength(1);
      }
    } finally {
      strict.close();
      loose.close();
    }
  });

  it('a server without PUSH_ALLOW_PRIVATE sends nothing to a subscription on loopback', async () => {
    const strictApp = await buildTestApp({ PUBLIC_URL: 'https://monthbook.test' });
    try {
      const user = await createUser(strictApp);
      await strictApp.app.reminders.repository.saveSettings(user.id, {
        time: '20:00',
        time_zone: 'UTC',
        by_email: false,
        by_push: true,
        weekly_digest: false,
        language: 'en',
      });
      const device = pushService.subscribe(`strict-${process.pid}`);
      const saved = await injectAs(strictApp, user, {
        method: 'POST',
        url: '/api/account/push-subscriptions/',
        payload: { endpoint: device.endpoint, keys: device.keys },
      });
      expect(saved.statusCode).toBe(201);
      await strictApp.app.reminders.service.tick(new Date('2026-10-16T20:00:00Z'));
      expect(pushesTo(device)).toHaveLength(0);
    } finally {
      await strictApp.close();
    }
  });

  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['64:ff9b::a00:1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['ff02::1', false],
    ['8.8.8.8', true],
    ['142.250.184.10', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
  ])('judges %s public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
