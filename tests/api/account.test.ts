// API tests for /api/account/: change password (other sessions' refresh tokens revoked), check the password, and delete account (all data, Stripe subscription).
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES } from '../../contract/account.js';
import type { TokenPair } from '../../contract/entities.js';
import { MESSAGES } from '../../contract/rules.js';
import { seedFullMonth } from '../support/factories.js';
import { type StripeStub, startStripeStub, stripeEnv } from '../support/stripe-stub.js';
import { buildTestApp, type TestApp, type TestUser } from '../support/test-app.js';

const PASSWORD = 'Secret1!pass';
const NEW_PASSWORD = 'Another2@pass';

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Account extends TestUser {
  tokens: TokenPair;
}

const post = (app: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url, payload, headers });

const login = (app: TestApp, username: string, password: string) =>
  post(app, '/api/token/', { username, password });

/** A user registered and logged in through the API, so they have a real password. */
async function register(app: TestApp = t): Promise<Account> {
  counter += 1;
  const username = `account${process.pid}x${counter}`;
  const created = await post(app, '/api/user/register/', { username, password: PASSWORD });
  expect(created.statusCode).toBe(201);
  const tokens = (await login(app, username, PASSWORD)).json<TokenPair>();
  return {
    id: created.json<{ id: number }>().id,
    username,
    access: tokens.access,
    headers: { authorization: `Bearer ${tokens.access}` },
    tokens,
  };
}

const refresh = (app: TestApp, token: string) =>
  post(app, '/api/token/refresh/', { refresh: token });

const changePassword = (user: TestUser, body: object, app: TestApp = t) =>
  post(app, '/api/account/password/', body, user.headers);

const deleteAccount = (user: TestUser, body: object, app: TestApp = t) =>
  post(app, '/api/account/delete/', body, user.headers);

const validChange = {
  current_password: PASSWORD,
  new_password: NEW_PASSWORD,
  confirm_password: NEW_PASSWORD,
};

/** Rows of `userId` in every table that holds user data. */
async function rowsOf(app: TestApp, userId: number): Promise<Record<string, number>> {
  const { db } = app.database;
  const count = async (table: string, column: string) => {
    const result = await sql<{
      n: number;
    }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${userId}`.execute(
      db,
    );
    return Number(result.rows[0]?.n);
  };
  const tables = ['months', 'journals', 'habits', 'measures', 'goals', 'daily_habits'];
  const counts: Record<string, number> = {};
  for (const table of [...tables, 'daily_measures'])
    counts[table] = await count(table, 'author_id');
  counts.users = await count('users', 'id');
  counts.data_versions = await count('data_versions', 'user_id');
  counts.billing_accounts = await count('billing_accounts', 'user_id');
  counts.revoked_tokens = await count('revoked_tokens', 'user_id');
  return counts;
}

describe('POST /api/account/password/', () => {
  it('changes the password and hands this session a new token pair', async () => {
    const user = await register();

    const response = await changePassword(user, validChange);

    expect(response.statusCode).toBe(200);
    const pair = response.json<TokenPair>();
    expect(Object.keys(pair).sort()).toEqual(['access', 'refresh']);
    expect((await refresh(t, pair.refresh)).statusCode).toBe(200);
    const months = await t.app.inject({
      method: 'GET',
      url: '/api/months/',
      headers: { authorization: `Bearer ${pair.access}` },
    });
    expect(months.statusCode).toBe(200);
    expect((await login(t, user.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(t, user.username, PASSWORD)).statusCode).toBe(401);
  });

  it('revokes the refresh tokens of every session issued before the change', async () => {
    const user = await register();
    const otherSession = (await login(t, user.username, PASSWORD)).json<TokenPair>();

    expect((await changePassword(user, validChange)).statusCode).toBe(200);

    for (const old of [otherSession.refresh, user.tokens.refresh]) {
      const response = await refresh(t, old);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: MESSAGES.refreshInvalid, code: 'token_not_valid' });
    }
    // A session that logs in after the change is unaffected.
    const later = (await login(t, user.username, NEW_PASSWORD)).json<TokenPair>();
    expect((await refresh(t, later.refresh)).statusCode).toBe(200);
  });

  it('refuses at once the access tokens of every session issued before the change', async () => {
    const user = await register();
    const otherSession = (await login(t, user.username, PASSWORD)).json<TokenPair>();
    const otherHeaders = { authorization: `Bearer ${otherSession.access}` };

    const pair = (await changePassword(user, validChange)).json<TokenPair>();

    for (const headers of [otherHeaders, user.headers]) {
      const read = await t.app.inject({ method: 'GET', url: '/api/months/', headers });
      expect(read.statusCode).toBe(401);
      expect((await post(t, '/api/months/', { name: 'Late' }, headers)).statusCode).toBe(401);
    }
    const mine = { authorization: `Bearer ${pair.access}` };
    expect((await post(t, '/api/months/', { name: 'Mine' }, mine)).statusCode).toBe(201);
  });

  it('revokes again on a second change, and leaves other users alone', async () => {
    const user = await register();
    const bystander = await register();
    const first = (await changePassword(user, validChange)).json<TokenPair>();

    const second = await changePassword(
      { ...user, headers: { authorization: `Bearer ${first.access}` } },
      { current_password: NEW_PASSWORD, new_password: PASSWORD, confirm_password: PASSWORD },
    );

    expect(second.statusCode).toBe(200);
    expect((await refresh(t, first.refresh)).statusCode).toBe(401);
    expect((await refresh(t, second.json<TokenPair>().refresh)).statusCode).toBe(200);
    expect((await refresh(t, bystander.tokens.refresh)).statusCode).toBe(200);
  });

  it('refuses a wrong current password, naming the field, and changes nothing', async () => {
    const user = await register();

    const response = await changePassword(user, {
      ...validChange,
      current_password: 'Wrong1!pass',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ current_password: [ACCOUNT_MESSAGES.wrongCurrentPassword] });
    expect((await login(t, user.username, PASSWORD)).statusCode).toBe(200);
    expect((await refresh(t, user.tokens.refresh)).statusCode).toBe(200);
  });

  it('applies the registration rules and messages to the new password and its confirmation', async () => {
    const user = await register();

    const response = await changePassword(user, {
      current_password: 'Wrong1!pass',
      new_password: 'weak',
      confirm_password: 'different',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      current_password: [ACCOUNT_MESSAGES.wrongCurrentPassword],
      new_password: [MESSAGES.passwordRules],
      confirm_password: [MESSAGES.passwordsDoNotMatch],
    });
  });

  it('asks for every field', async () => {
    const user = await register();
    const response = await changePassword(user, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      current_password: [MESSAGES.required],
      new_password: [MESSAGES.required],
      confirm_password: [MESSAGES.required],
    });
  });

  it('needs credentials', async () => {
    const response = await post(t, '/api/account/password/', validChange);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.noCredentials });
  });

  it('throttles password attempts per user like logins', async () => {
    const limited = await buildTestApp({ RATE_LIMIT: 'on' });
    try {
      const user = await register(limited);
      const wrong = { ...validChange, current_password: 'Wrong1!pass' };
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 11; attempt += 1) {
        statuses.push((await changePassword(user, wrong, limited)).statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses[10]).toBe(429);
      const blocked = await deleteAccount(user, { password: PASSWORD }, limited);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: MESSAGES.tooManyRequests });
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/account/password/check/', () => {
  const check = (user: TestUser, body: object, app: TestApp = t) =>
    post(app, '/api/account/password/check/', body, user.headers);

  it('answers 204 for the password, and changes nothing', async () => {
    const user = await register();

    const response = await check(user, { password: PASSWORD });

    expect(response.statusCode).toBe(204);
    expect((await refresh(t, user.tokens.refresh)).statusCode).toBe(200);
  });

  it("refuses a wrong one with the password change's message, under `password`", async () => {
    const user = await register();

    const wrong = await check(user, { password: 'Wrong1!pass' });
    const missing = await check(user, {});

    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [ACCOUNT_MESSAGES.wrongCurrentPassword] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ password: [MESSAGES.required] });
  });

  it('needs credentials', async () => {
    const response = await post(t, '/api/account/password/check/', { password: PASSWORD });
    expect(response.statusCode).toBe(401);
  });

  it('is counted with the other password checks', async () => {
    const limited = await buildTestApp({ RATE_LIMIT: 'on' });
    try {
      const user = await register(limited);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        statuses.push((await check(user, { password: 'Wrong1!pass' }, limited)).statusCode);
      }
      const right = await check(user, { password: PASSWORD }, limited);
      const change = await changePassword(user, validChange, limited);

      expect(statuses).toEqual(Array(10).fill(400));
      expect(right.statusCode).toBe(429);
      expect(change.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/account/delete/', () => {
  it('deletes the user and every row they own, and nobody else’s', async () => {
    const user = await register();
    const bystander = await register();
    await seedFullMonth(t, user);
    await seedFullMonth(t, user, 'February');
    await seedFullMonth(t, bystander);
    await post(t, '/api/token/blacklist/', {
      refresh: (await login(t, user.username, PASSWORD)).json<TokenPair>().refresh,
    });
    const bystanderBefore = await rowsOf(t, bystander.id);
    const before = await rowsOf(t, user.id);
    expect(before.journals).toBe(2);
    expect(before.revoked_tokens).toBe(1);

    const response = await deleteAccount(user, { password: PASSWORD });

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(Object.values(await rowsOf(t, user.id)).every((n) => n === 0)).toBe(true);
    expect(await rowsOf(t, bystander.id)).toEqual(bystanderBefore);
  });

  it('ends every way back in: login, refresh, and writes with a still-valid access token', async () => {
    const user = await register();

    expect((await deleteAccount(user, { password: PASSWORD })).statusCode).toBe(204);

    expect((await login(t, user.username, PASSWORD)).statusCode).toBe(401);
    expect((await refresh(t, user.tokens.refresh)).statusCode).toBe(401);
    const write = await post(t, '/api/months/', { name: 'Ghost' }, user.headers);
    expect(write.statusCode).toBe(401);
    expect(write.json()).toEqual({ detail: ACCOUNT_MESSAGES.userNotFound, code: 'user_not_found' });
    const again = await deleteAccount(user, { password: PASSWORD });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: ACCOUNT_MESSAGES.userNotFound, code: 'user_not_found' });
    // The name is free again.
    const reused = await post(t, '/api/user/register/', {
      username: user.username,
      password: PASSWORD,
    });
    expect(reused.statusCode).toBe(201);
  });

  it('refuses a wrong or missing password and deletes nothing', async () => {
    const user = await register();
    await seedFullMonth(t, user);
    const before = await rowsOf(t, user.id);

    const wrong = await deleteAccount(user, { password: 'Wrong1!pass' });
    const missing = await deleteAccount(user, {});

    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [ACCOUNT_MESSAGES.wrongPassword] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ password: [MESSAGES.required] });
    expect(await rowsOf(t, user.id)).toEqual(before);
  });

  it('needs credentials', async () => {
    const response = await post(t, '/api/account/delete/', { password: PASSWORD });
    expect(response.statusCode).toBe(401);
  });
});

describe('deleting an account with payments', () => {
  it('local billing: a paying user can delete their account, payment rows included', async () => {
    const local = await buildTestApp({ BILLING: 'local' });
    try {
      const user = await register(local);
      await local.app.billing.fulfilment.apply(user.id, { paidOnce: true });
      expect((await rowsOf(local, user.id)).billing_accounts).toBe(1);

      const response = await deleteAccount(user, { password: PASSWORD }, local);

      expect(response.statusCode).toBe(204);
      expect((await rowsOf(local, user.id)).billing_accounts).toBe(0);
    } finally {
      await local.close();
    }
  });

  describe('Stripe', () => {
    let stub: StripeStub;
    let stripeApp: TestApp;

    beforeAll(async () => {
      stub = await startStripeStub();
      stripeApp = await buildTestApp(stripeEnv(stub));
    });
    afterAll(async () => {
      await stripeApp?.close();
      await stub?.close();
    });
    afterEach(() => {
      stub.failCancellations = false;
    });

    /** A registered user with an active monthly subscription, as the webhook would leave them. */
    async function subscriber(status = 'active') {
      const user = await register(stripeApp);
      const subscription = {
        id: `sub_account_${user.id}`,
        object: 'subscription' as const,
        customer: `cus_account_${user.id}`,
        status,
      };
      stub.subscriptions.set(subscription.id, subscription);
      await stripeApp.app.billing.repository.claimCustomer(user.id, subscription.customer);
      await stripeApp.app.billing.fulfilment.apply(user.id, {
        subscription: { id: subscription.id, status: 'active' },
      });
      return { user, subscription };
    }

    const cancellations = (id: string) => stub.requestsTo('DELETE', `/v1/subscriptions/${id}`);

    it('cancels the subscription at Stripe, then deletes the account', async () => {
      const { user, subscription } = await subscriber();

      const response = await deleteAccount(user, { password: PASSWORD }, stripeApp);

      expect(response.statusCode).toBe(204);
      expect(cancellations(subscription.id)).toHaveLength(1);
      expect(stub.subscriptions.get(subscription.id)?.status).toBe('canceled');
      expect((await rowsOf(stripeApp, user.id)).users).toBe(0);
    });

    it('keeps the account when Stripe cannot cancel, and succeeds on a retry', async () => {
      const { user, subscription } = await subscriber();
      stub.failCancellations = true;

      const failed = await deleteAccount(user, { password: PASSWORD }, stripeApp);

      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toEqual({ detail: ACCOUNT_MESSAGES.billingUnavailable });
      expect((await rowsOf(stripeApp, user.id)).users).toBe(1);
      stub.failCancellations = false;
      expect((await deleteAccount(user, { password: PASSWORD }, stripeApp)).statusCode).toBe(204);
      expect(stub.subscriptions.get(subscription.id)?.status).toBe('canceled');
    });

    it('goes ahead when Stripe has already ended the subscription', async () => {
      const { user, subscription } = await subscriber('canceled');

      const response = await deleteAccount(user, { password: PASSWORD }, stripeApp);

      expect(response.statusCode).toBe(204);
      expect(cancellations(subscription.id)).toHaveLength(1);
      expect((await rowsOf(stripeApp, user.id)).users).toBe(0);
    });

    it('calls Stripe for nothing when the user never subscribed, or on a wrong password', async () => {
      const { user, subscription } = await subscriber();
      const never = await register(stripeApp);
      const before = stub.requests.length;

      expect((await deleteAccount(user, { password: 'Wrong1!pass' }, stripeApp)).statusCode).toBe(
        400,
      );
      expect((await deleteAccount(never, { password: PASSWORD }, stripeApp)).statusCode).toBe(204);

      expect(stub.requests.length).toBe(before);
      expect(stub.subscriptions.get(subscription.id)?.status).toBe('active');
    });
  });
});
