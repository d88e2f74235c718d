// API tests for POST /api/password-reset/check/: the reset page asks whether its link still works, without using it up.
import { createHash } from 'node:crypto';
import { RECOVERY_PATHS } from '../../contract/recovery-rules.js';
import { LIMITS } from '../../server/plugins/rate-limit.js';
import { linkToken, type SmtpCatcher, startSmtpCatcher } from '../support/smtp-catcher.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Secret1!pass';
const NEW_PASSWORD = 'Another2@pass';

let catcher: SmtpCatcher;
let t: TestApp;
let counter = 0;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await buildTestApp({ SMTP_URL: catcher.url, PUBLIC_URL: 'https://monthbook.test' });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

const check = (token: unknown) => post('/api/password-reset/check/', { token });

/** A new account with a confirmed address, and the token of a reset link mailed to it. */
async function accountWithResetLink(): Promise<{ username: string; token: string }> {
  counter += 1;
  const username = `checklink${process.pid}x${counter}`;
  const address = `check.${process.pid}.${counter}@example.org`;
  expect((await post('/api/user/register/', { username, password: PASSWORD })).statusCode).toBe(
    201,
  );
  const { access } = (await post('/api/token/', { username, password: PASSWORD })).json<{
    access: string;
  }>();
  const headers = { authorization: `Bearer ${access}` };
  expect(
    (await post('/api/account/email/', { email: address, password: PASSWORD }, headers)).statusCode,
  ).toBe(202);
  const confirmMail = await catcher.waitFor(
    (m) => m.to.includes(address) && m.subject.includes('Confirm'),
  );
  const confirmToken = linkToken(confirmMail, RECOVERY_PATHS.confirmEmail);
  expect((await post('/api/account/email/confirm/', { token: confirmToken })).statusCode).toBe(200);
  expect((await post('/api/password-reset/', { username })).statusCode).toBe(202);
  const resetMail = await catcher.waitFor(
    (m) => m.to.includes(address) && m.subject.includes('Reset'),
  );
  return { username, token: linkToken(resetMail, RECOVERY_PATHS.resetPassword) };
}

describe('checking a reset link', () => {
  it('says a fresh link works, any number of times, and leaves it usable', async () => {
    const { username, token } = await accountWithResetLink();
    for (let i = 0; i < 3; i += 1) {
      const answer = await check(token);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ valid: true });
    }
    const reset = await post('/api/password-reset/confirm/', {
      token,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    const login = await post('/api/token/', { username, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('says a used, expired or unknown link is dead', async () => {
    const used = await accountWithResetLink();
    await post('/api/password-reset/confirm/', {
      token: used.token,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    const expired = await accountWithResetLink();
    await t.database.db
      .updateTable('recovery_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', createHash('sha256').update(expired.token).digest('hex'))
      .execute();

    for (const token of [used.token, expired.token, 'not-a-token']) {
      const answer = await check(token);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ valid: false });
    }
  });

  it('refuses a body without a text token with a 400', async () => {
    for (const token of [undefined, 12, 'x'.repeat(201)]) {
      const answer = await check(token);
      expect(answer.statusCode).toBe(400);
    }
  });
});

describe('checking reset links from one address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ SMTP_URL: catcher.url, RATE_LIMIT: 'on' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const from = (remoteAddress: string, url: string, token: string) =>
    limited.app.inject({ method: 'POST', url, payload: { token }, remoteAddress });

  it('counts with the other link routes and answers 429 once their limit is reached', async () => {
    const { max } = LIMITS['recovery-link'].ip;
    const statuses: number[] = [];
    for (let i = 0; i < max; i += 1) {
      statuses.push(
        (await from('198.51.100.23', '/api/password-reset/check/', `guess-${i}-0123456789abcdef`))
          .statusCode,
      );
    }
    expect(statuses).toEqual(Array.from({ length: max }, () => 200));

    const over = await from(
      '198.51.100.23',
      '/api/password-reset/check/',
      'one-more-0123456789abc',
    );
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The same counter as confirming a link: guessing cannot move from one route to the other.
    const confirm = await from('198.51.100.23', '/api/account/email/confirm/', 'x'.repeat(43));
    expect(confirm.statusCode).toBe(429);
    // Another address is not held back.
    const other = await from('198.51.100.24', '/api/password-reset/check/', 'y'.repeat(43));
    expect(other.statusCode).toBe(200);
  });
});
