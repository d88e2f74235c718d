// One Stripe event delivered ten times at once to real server processes has exactly one effect.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, freePort, launchApp } from '../support/app-process.js';
import { type Answer, send } from '../support/load-client.js';
import {
  createScratchDatabase,
  gate,
  PG_ADMIN_URL,
  postgresReachable,
  type ScratchDatabase,
} from '../support/pg-cluster.js';
import { type DatabaseTarget, selectRows } from '../support/read-database.js';
import {
  type StripeStub,
  startStripeStub,
  stripeEnv,
  webhookDelivery,
} from '../support/stripe-stub.js';

const DELIVERIES = 10;

const postgres = gate(
  'PostgreSQL',
  await postgresReachable(),
  `nothing answers at ${PG_ADMIN_URL}`,
);

const status = (answer: Answer) => (answer.kind === 'answer' ? answer.status : answer.kind);

/** Posts the signed delivery with the exact bytes Stripe signed. */
async function deliver(server: AppProcess, delivery: ReturnType<typeof webhookDelivery>) {
  const response = await fetch(`${server.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: delivery.request.headers,
    body: delivery.request.payload,
    signal: AbortSignal.timeout(20_000),
  });
  return { status: response.status, body: (await response.json()) as { result?: string } };
}

async function concurrentDeliveries(
  label: string,
  servers: number,
  database: ScratchDatabase | null,
) {
  const stub: StripeStub = await startStripeStub();
  stub.setCoupon({ id: 'LAUNCH50' });
  const dataDirs: string[] = [];
  const apps: AppProcess[] = [];
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'monthbook-webhooks-'));
    dataDirs.push(dataDir);
    const target: DatabaseTarget = database
      ? { kind: 'postgres', url: database.url }
      : { kind: 'sqlite', dataDir };
    for (let i = 0; i < servers; i += 1) {
      const ownDir = i === 0 ? dataDir : mkdtempSync(join(tmpdir(), 'monthbook-webhooks-'));
      if (i > 0) dataDirs.push(ownDir);
      apps.push(
        await launchApp({
          port: await freePort(),
          env: {
            ...stripeEnv(stub),
            DATA_DIR: ownDir,
            ...(database ? { DATABASE_URL: database.url } : {}),
          },
        }),
      );
    }
    const [app] = apps as [AppProcess];
    // Registering needs no payment; the month's data routes do.
    const account = await createAccountUnpaid(app);
    const checkout = await send(app.url, 'POST', '/api/stripe/create-checkout-session', {
      token: account.access,
      body: { product_type: 'subscription' },
    });
    expect(status(checkout)).toBe(200);
    const session = stub.completeSession([...stub.sessions.values()].at(-1)!.id);
    const delivery = webhookDelivery('checkout.session.completed', { ...session });

    const answers = await Promise.all(
      Array.from({ length: DELIVERIES }, (_, i) => deliver(apps[i % apps.length]!, delivery)),
    );

    const results = answers.map((answer) => answer.body.result);
    // Each delivery past the cheap "seen before?" check asks Stripe for the subscription; those
    // that did raced to the event's unique row inside the fulfilment transaction.
    const raced = stub.requestsTo('GET', `/v1/subscriptions/${session.subscription}`).length;
    console.info(
      `${label}: ${DELIVERIES} deliveries to ${servers} server(s), ${raced} past the early duplicate check: ${results.join(', ')}`,
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(DELIVERIES).fill(200));
    expect(results.filter((result) => result === 'applied')).toHaveLength(1);
    expect(results.filter((result) => result === 'duplicate')).toHaveLength(DELIVERIES - 1);
    const events = await selectRows(target, 'select id, user_id from billing_events');
    expect(events).toEqual([{ id: delivery.id, user_id: account.userId }]);
    const accounts = await selectRows<{
      user_id: number;
      has_paid: number;
      subscription_id: string;
    }>(target, 'select user_id, has_paid, subscription_id from billing_accounts');
    expect(accounts).toEqual([
      { user_id: account.userId, has_paid: 1, subscription_id: session.subscription },
    ]);
    for (const server of apps) {
      const paid = await send(server.url, 'GET', '/api/check-payment-status', {
        token: account.access,
      });
      expect(paid.kind === 'answer' && paid.body).toEqual({ has_paid: true });
      expect(status(await send(server.url, 'GET', '/api/months/', { token: account.access }))).toBe(
        200,
      );
    }
  } finally {
    await Promise.all(apps.map((app) => app.kill()));
    await stub.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** A registered, logged-in user who has not paid: their data routes answer 402. */
async function createAccountUnpaid(app: AppProcess) {
  const username = `payer_${Math.random().toString(36).slice(2, 10)}`;
  const password = 'Paying@Day9';
  const registered = await send(app.url, 'POST', '/api/user/register/', {
    body: { username, password },
  });
  expect(status(registered)).toBe(201);
  const tokens = await send(app.url, 'POST', '/api/token/', { body: { username, password } });
  const { access } = (tokens.kind === 'answer' ? tokens.body : {}) as { access: string };
  expect(status(await send(app.url, 'GET', '/api/months/', { token: access }))).toBe(402);
  const userId = (registered.kind === 'answer' ? registered.body : {}) as { id: number };
  return { userId: userId.id, access };
}

it(`applies one of ${DELIVERIES} concurrent deliveries of an event on SQLite`, async () => {
  await concurrentDeliveries('SQLite', 1, null);
}, 90_000);

describe.skipIf(!postgres)('on PostgreSQL', () => {
  it(`applies one of ${DELIVERIES} concurrent deliveries split between two servers`, async () => {
    const database = await createScratchDatabase('webhooks');
    try {
      await concurrentDeliveries('PostgreSQL', 2, database);
    } finally {
      await database.drop();
    }
  }, 90_000);
});
