// API tests for account recovery: the account's email address confirmed by link, and password reset by link, mailed to a loopback SMTP server.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../contract/account.js';
import type { TokenPair } from '../../contract/entities.js';
import {
  EMAIL_CONFIRM_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
  RECOVERY_MESSAGES,
  RECOVERY_PATHS,
} from '../../contract/recovery-rules.js';
import { MESSAGES } from '../../contract/rules.js';
import { ConfigError, loadConfig } from '../../server/config.js';
import { MAIL_LIMITS } from '../../server/services/account-email.js';
import { createMailer, OUTBOX_HEADER } from '../../server/services/mailer.js';
import { accountKeyWraps } from '../support/factories.js';
import {
  type CaughtMail,
  linkToken,
  parseMail,
  type SmtpCatcher,
  startSmtpCatcher,
} from '../support/smtp-catcher.js';
import { buildTestApp, injectAs, type TestApp } from '../support/test-app.js';

const PASSWORD = 'Secret1!pass';
const NEW_PASSWORD = 'Another2@pass';
const PUBLIC_URL = 'https://monthbook.test';

let catcher: SmtpCatcher;
let t: TestApp;
let counter = 0;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await buildTestApp({
    SMTP_URL: catcher.url,
    PUBLIC_URL,
    MAIL_FROM: 'Monthbook <hi@monthbook.test>',
  });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
});

interface Account {
  id: number;
  username: string;
  tokens: TokenPair;
  headers: { authorization: string };
}

const post = (app: TestApp, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url, payload, headers });

const login = (app: TestApp, username: string, password: string) =>
  post(app, '/api/token/', { username, password });

const refresh = (app: TestApp, token: string) =>
  post(app, '/api/token/refresh/', { refresh: token });

async function register(app: TestApp = t): Promise<Account> {
  counter += 1;
  const username = `recover${process.pid}x${counter}`;
  const created = await post(app, '/api/user/register/', { username, password: PASSWORD });
  expect(created.statusCode).toBe(201);
  const tokens = (await login(app, username, PASSWORD)).json<TokenPair>();
  return {
    id: created.json<{ id: number }>().id,
    username,
    tokens,
    headers: { authorization: `Bearer ${tokens.access}` },
  };
}

const uniqueAddress = (name = 'someone') => {
  counter += 1;
  return `${name}.${process.pid}.${counter}@example.org`;
};

const mailTo = (address: string, kind: string) =>
  catcher.waitFor((mail) => mail.to.includes(address) && mail.subject.includes(kind));

const mailsTo = (address: string) => catcher.mails.filter((mail) => mail.to.includes(address));

const getEmail = (user: Account, app: TestApp = t) =>
  injectAs(app, user, { method: 'GET', url: '/api/account/email/' });

const askToChange = (user: Account, email: string, password = PASSWORD, app: TestApp = t) =>
  post(app, '/api/account/email/', { email, password }, user.headers);

const confirm = (token: string, app: TestApp = t) =>
  post(app, '/api/account/email/confirm/', { token });

const askReset = (username: string, app: TestApp = t, remoteAddress = '203.0.113.9') =>
  app.app.inject({
    method: 'POST',
    url: '/api/password-reset/',
    payload: { username },
    remoteAddress,
  });

const reset = (token: string, password = NEW_PASSWORD, app: TestApp = t) =>
  post(app, '/api/password-reset/confirm/', {
    token,
    new_password: password,
    confirm_password: password,
  });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A registered account with `address` confirmed (through the real links). */
async function withConfirmedEmail(address = uniqueAddress(), app: TestApp = t): Promise<Account> {
  const user = await register(app);
  expect((await askToChange(user, address, PASSWORD, app)).statusCode).toBe(202);
  const mail = await mailTo(address, 'Confirm');
  expect((await confirm(linkToken(mail, RECOVERY_PATHS.confirmEmail), app)).statusCode).toBe(200);
  return user;
}

/** Asks for a reset and returns the link's token from the mail that arrives. */
async function resetToken(user: Account, address: string, typed = user.username): Promise<string> {
  const before = mailsTo(address).length;
  expect((await askReset(typed)).statusCode).toBe(202);
  const mail = await catcher.waitFor(
    (m) =>
      m.to.includes(address) &&
      m.subject.includes('Reset') &&
      mailsTo(address).indexOf(m) >= before,
  );
  return linkToken(mail, RECOVERY_PATHS.resetPassword);
}

const expectSettingsLink = (mail: CaughtMail) => {
  expect(mail.text).toContain(`${PUBLIC_URL}/settings`);
  expect(mail.html).toContain(`href="${PUBLIC_URL}/settings"`);
};

describe('the account email address', () => {
  it('is none at first', async () => {
    const user = await register();
    const response = await getEmail(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: null, pending_email: null });
  });

  it('needs a session', async () => {
    const response = await post(t, '/api/account/email/', {
      email: uniqueAddress(),
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/email/' })).statusCode).toBe(
      401,
    );
  });

  it('needs the current password and a valid address, and sends nothing otherwise', async () => {
    const user = await register();
    const address = uniqueAddress();

    const wrong = await askToChange(user, address, 'Wrong1!pass');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [ACCOUNT_MESSAGES.wrongPassword] });

    for (const bad of [
      'no-at-sign',
      'a@b',
      'two@@example.org',
      'x@exa mple.org',
      '.dot@example.org',
      `${'a'.repeat(250)}@example.org`,
      'a@example.123',
      '',
    ]) {
      const response = await askToChange(user, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json(), bad).toEqual({ email: [RECOVERY_MESSAGES.invalidEmail] });
    }
    await t.app.mailer.settled();
    expect(mailsTo(address)).toEqual([]);
    expect((await getEmail(user)).json()).toEqual({ email: null, pending_email: null });
  });

  it('is confirmed by a single-use link mailed to the normalized address, valid 24 hours', async () => {
    const user = await register();
    const address = uniqueAddress('Mixed.Case');
    const typed = `  ${address.replace('example.org', 'EXAMPLE.Org')}\t`;

    const asked = await askToChange(user, typed);

    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ email: null, pending_email: address });
    const mail = await mailTo(address, 'Confirm');
    expect(mail.headers.get('from')).toBe('Monthbook <hi@monthbook.test>');
    expect(mail.text).toContain('24 hours');
    expect(mail.text).toContain(`${PUBLIC_URL}${RECOVERY_PATHS.confirmEmail}#token=`);
    expectSettingsLink(mail);
    const token = linkToken(mail, RECOVERY_PATHS.confirmEmail);
    // 256 random bits, stored only as their sha256, with the 24-hour lifetime.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.database.db
      .selectFrom('recovery_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expires_at - row.created_at).toBe(EMAIL_CONFIRM_TTL_SECONDS * 1000);
    expect((await getEmail(user)).json()).toEqual({ email: null, pending_email: address });

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: address });
    expect((await getEmail(user)).json()).toEqual({ email: address, pending_email: null });

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: RECOVERY_MESSAGES.invalidLink });
  });

  it('keeps the username out of the confirmation mail, which goes to an address not yet shown to be theirs', async () => {
    counter += 1;
    const username = `www.bank-example.com-verify${process.pid}x${counter}`;
    const created = await post(t, '/api/user/register/', { username, password: PASSWORD });
    expect(created.statusCode).toBe(201);
    const tokens = (await login(t, username, PASSWORD)).json<TokenPair>();
    const user = {
      id: created.json<{ id: number }>().id,
      username,
      tokens,
      headers: { authorization: `Bearer ${tokens.access}` },
    };
    const address = uniqueAddress('stranger');
    expect((await askToChange(user, address)).statusCode).toBe(202);
    const mail = await mailTo(address, 'Confirm');
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain(username);
      expect(part.toLowerCase()).not.toContain('bank-example');
    }
    expect(mail.text).toContain('a Monthbook account');
    expect(mail.html).toContain('a Monthbook account');
  });

  it('refuses an expired, unknown or malformed confirmation link', async () => {
    const user = await register();
    const address = uniqueAddress();
    await askToChange(user, address);
    const token = linkToken(await mailTo(address, 'Confirm'), RECOVERY_PATHS.confirmEmail);
    await t.database.db
      .updateTable('recovery_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', sha256(token))
      .execute();

    for (const candidate of [token, `${token.slice(0, -1)}A`, 'x', '']) {
      const response = await confirm(candidate);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: RECOVERY_MESSAGES.invalidLink });
    }
    expect((await getEmail(user)).json()).toEqual({ email: null, pending_email: null });
  });

  it('changes only once the new address is confirmed; the old one is told and its reset links die', async () => {
    const oldAddress = uniqueAddress('old');
    const user = await withConfirmedEmail(oldAddress);
    const oldReset = await resetToken(user, oldAddress);
    const newAddress = uniqueAddress('new');

    const asked = await askToChange(user, newAddress);
    expect(asked.json()).toEqual({ email: oldAddress, pending_email: newAddress });
    // Until the link is opened, resets still go to the confirmed address only.
    await resetToken(user, oldAddress);
    const token = linkToken(await mailTo(newAddress, 'Confirm'), RECOVERY_PATHS.confirmEmail);

    expect((await confirm(token)).statusCode).toBe(200);

    expect((await getEmail(user)).json()).toEqual({ email: newAddress, pending_email: null });
    const notice = await mailTo(oldAddress, 'changed');
    expect(notice.text).not.toContain(newAddress);
    expectSettingsLink(notice);
    expect((await reset(oldReset)).json()).toEqual({ detail: RECOVERY_MESSAGES.invalidLink });
    await resetToken(user, newAddress);
  });

  it('refuses the address it already has, in any case', async () => {
    const address = uniqueAddress();
    const user = await withConfirmedEmail(address);
    const response = await askToChange(user, address.toUpperCase());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [RECOVERY_MESSAGES.sameEmail] });
  });

  it('only confirms the address for the account that asked, whoever opens the link', async () => {
    const owner = await register();
    const other = await register();
    const address = uniqueAddress();
    await askToChange(owner, address);
    const token = linkToken(await mailTo(address, 'Confirm'), RECOVERY_PATHS.confirmEmail);

    const response = await post(t, '/api/account/email/confirm/', { token }, other.headers);

    expect(response.statusCode).toBe(200);
    expect((await getEmail(other)).json()).toEqual({ email: null, pending_email: null });
    expect((await getEmail(owner)).json()).toEqual({ email: address, pending_email: null });
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets the password and signs every device out', async () => {
    const address = uniqueAddress();
    const user = await withConfirmedEmail(address);
    const otherDevice = (await login(t, user.username, PASSWORD)).json<TokenPair>();

    const asked = await askReset(user.username);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ detail: RECOVERY_MESSAGES.resetRequested });
    const mail = await mailTo(address, 'Reset');
    expect(mail.text).toContain(user.username);
    expect(mail.text).toContain('1 hour');
    expectSettingsLink(mail);
    const token = linkToken(mail, RECOVERY_PATHS.resetPassword);
    const row = await t.database.db
      .selectFrom('recovery_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(row.expires_at - row.created_at).toBe(PASSWORD_RESET_TTL_SECONDS * 1000);

    const done = await reset(token);

    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: RECOVERY_MESSAGES.passwordReset });
    for (const old of [user.tokens.refresh, otherDevice.refresh]) {
      const refused = await refresh(t, old);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ detail: MESSAGES.refreshInvalid, code: 'token_not_valid' });
    }
    expect((await login(t, user.username, PASSWORD)).statusCode).toBe(401);
    expect((await login(t, user.username, NEW_PASSWORD)).statusCode).toBe(200);
    const notice = await mailTo(address, 'was changed');
    expectSettingsLink(notice);
    // Used once: the same link cannot set another password.
    const again = await reset(token, 'Third3!pass');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: RECOVERY_MESSAGES.invalidLink });
    expect((await login(t, user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('finds the account by its confirmed address too, in any case and spacing', async () => {
    const address = uniqueAddress('Byaddress');
    const user = await withConfirmedEmail(address);
    const token = await resetToken(user, address, ` ${address.toUpperCase()} `);
    expect((await reset(token)).statusCode).toBe(200);
    expect((await login(t, user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers unknown names, addresses and accounts without a confirmed address identically, and mails nothing', async () => {
    const known = uniqueAddress();
    const user = await withConfirmedEmail(known);
    const unconfirmed = await register();
    const pending = uniqueAddress('pending');
    await askToChange(unconfirmed, pending);
    await mailTo(pending, 'Confirm');
    // Notices queued by earlier tests go out a moment later: not counted here.
    await t.app.mailer.settled();
    const mailsBefore = catcher.mails.length;

    const answers = [];
    for (const typed of [
      user.username,
      'nobody-at-all-here',
      uniqueAddress('ghost'),
      unconfirmed.username,
      pending,
    ]) {
      const response = await askReset(typed);
      const { date: _date, 'x-request-id': _id, ...headers } = response.headers;
      answers.push({ status: response.statusCode, body: response.body, headers });
    }
    await t.app.mailer.settled();

    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    // Only the account with a confirmed address got a mail.
    expect(catcher.mails.slice(mailsBefore).map((mail) => mail.to)).toEqual([[known]]);
  });

  it('answers, and answers the next request, before any of the reset work runs', async () => {
    const app = await buildTestApp({ SMTP_URL: catcher.url, PUBLIC_URL });
    try {
      const address = uniqueAddress();
      const user = await withConfirmedEmail(address, app);
      const { mailer } = app.app;
      const send = mailer.send;
      const events: string[] = [];
      mailer.send = async (mail) => {
        events.push(`mail ${mail.kind}`);
        await send.call(mailer, mail);
      };
      // Over a real socket, as a client would: the work must not run between the answer going
      // out and the next request coming in, where it would hold that request up (and its delay
      // would tell that the name has a confirmed address).
      const base = await app.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const answered = await fetch(`${base}/api/password-reset/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: user.username }),
        });
        events.push(`answer ${answered.status} ${await answered.text()}`);
        const next = await fetch(`${base}/api/account/email/`, { headers: user.headers });
        events.push(`next ${next.status}`);
        await next.arrayBuffer();
        await mailer.settled();
      } finally {
        mailer.send = send;
      }
      expect(events).toEqual([
        `answer 202 ${JSON.stringify({ detail: RECOVERY_MESSAGES.resetRequested })}`,
        'next 200',
        'mail reset_password',
      ]);
      await mailTo(address, 'Reset');
    } finally {
      await app.close();
    }
  });

  it('ends every other reset link of the account when one is used', async () => {
    const address = uniqueAddress();
    const user = await withConfirmedEmail(address);
    const first = await resetToken(user, address);
    const second = await resetToken(user, address);
    expect(first).not.toBe(second);

    expect((await reset(second)).statusCode).toBe(200);

    const stale = await reset(first, 'Third3!pass');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ detail: RECOVERY_MESSAGES.invalidLink });
    expect((await login(t, user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends the reset links mailed before a password change in Settings', async () => {
    const address = uniqueAddress();
    const user = await withConfirmedEmail(address);
    const token = await resetToken(user, address);
    const changed = await post(
      t,
      '/api/account/password/',
      { current_password: PASSWORD, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      user.headers,
    );
    expect(changed.statusCode).toBe(200);

    const stale = await reset(token, 'Third3!pass');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ detail: RECOVERY_MESSAGES.invalidLink });
    expect((await login(t, user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link, and a confirmation link used as a reset link', async () => {
    const address = uniqueAddress();
    const user = await withConfirmedEmail(address);
    const token = await resetToken(user, address);
    await t.database.db
      .updateTable('recovery_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', sha256(token))
      .execute();
    const other = await register();
    const otherAddress = uniqueAddress();
    await askToChange(other, otherAddress);
    const confirmToken = linkToken(
      await mailTo(otherAddress, 'Confirm'),
      RECOVERY_PATHS.confirmEmail,
    );

    for (const candidate of [token, confirmToken, 'not-a-token']) {
      const response = await reset(candidate);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: RECOVERY_MESSAGES.invalidLink });
    }
    expect((await login(t, user.username, PASSWORD)).statusCode).toBe(200);
    expect((await login(t, other.username, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it("resets only the link's own account", async () => {
    const address = uniqueAddress();
    const owner = await withConfirmedEmail(address);
    const bystander = await withConfirmedEmail();
    const token = await resetToken(owner, address);

    expect(
      (
        await post(
          t,
          '/api/password-reset/confirm/',
          { token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
          bystander.headers,
        )
      ).statusCode,
    ).toBe(200);

    expect((await login(t, bystander.username, PASSWORD)).statusCode).toBe(200);
    expect((await refresh(t, bystander.tokens.refresh)).statusCode).toBe(200);
    expect((await login(t, owner.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the link when the new password breaks the rules', async () => {
    const address = uniqueAddress();
    const user = await withConfirmedEmail(address);
    const token = await resetToken(user, address);

    const weak = await post(t, '/api/password-reset/confirm/', {
      token,
      new_password: 'weak',
      confirm_password: 'other',
    });

    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      new_password: [MESSAGES.passwordRules],
      confirm_password: [MESSAGES.passwordsDoNotMatch],
    });
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const address = uniqueAddress();
    const user = await withConfirmedEmail(address);
    const token = await resetToken(user, address);

    const answers = await Promise.all([reset(token, NEW_PASSWORD), reset(token, 'Third3!pass')]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? NEW_PASSWORD : 'Third3!pass';
    expect((await login(t, user.username, winner)).statusCode).toBe(200);
  });

  it('forgets the links of a deleted account', async () => {
    const address = uniqueAddress();
    const user = await withConfirmedEmail(address);
    const token = await resetToken(user, address);

    expect(
      (await post(t, '/api/account/delete/', { password: PASSWORD }, user.headers)).statusCode,
    ).toBe(204);

    expect((await reset(token)).json()).toEqual({ detail: RECOVERY_MESSAGES.invalidLink });
  });

  it("leaves the account key's wraps as they were: private months wait for the recovery key", async () => {
    const address = uniqueAddress();
    const user = await withConfirmedEmail(address);
    const stored = await injectAs(t, user, {
      method: 'PUT',
      url: '/api/account/keys/',
      payload: { password: PASSWORD, ...accountKeyWraps() },
    });
    expect(stored.statusCode).toBe(201);

    expect((await reset(await resetToken(user, address))).statusCode).toBe(200);

    const tokens = (await login(t, user.username, NEW_PASSWORD)).json<TokenPair>();
    const after = await injectAs(
      t,
      { headers: { authorization: `Bearer ${tokens.access}` } },
      { method: 'GET', url: '/api/account/keys/' },
    );
    expect(after.statusCode).toBe(200);
    // The password wrap still opens with the old password only; the server cannot re-wrap it.
    expect(after.json()).toEqual(stored.json());
  });
});

describe('recovery rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ SMTP_URL: catcher.url, PUBLIC_URL, RATE_LIMIT: 'on' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('limits requests per typed name and address the same way whether or not it exists', async () => {
    const address = uniqueAddress();
    const user = await withConfirmedEmail(address, limited);
    const statuses = async (typed: string) => {
      const result: number[] = [];
      for (let i = 0; i < 7; i += 1)
        result.push((await askReset(typed, limited, '198.51.100.7')).statusCode);
      return result;
    };

    const known = await statuses(user.username);
    const unknown = await statuses('nobody-like-this-one');

    expect(known).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(unknown).toEqual(known);
  });

  it('mails one account at most 3 links an hour, however the requests are spread', async () => {
    const address = uniqueAddress();
    const user = await withConfirmedEmail(address, limited);
    const spellings = [user.username, address, user.username.toUpperCase(), address.toUpperCase()];

    for (let i = 0; i < 8; i += 1) {
      const response = await askReset(
        spellings[i % spellings.length]!,
        limited,
        `192.0.2.${i + 10}`,
      );
      expect(response.statusCode).toBe(202);
    }
    await limited.app.mailer.settled();

    const resets = mailsTo(address).filter((mail) => mail.subject.includes('Reset'));
    expect(resets).toHaveLength(MAIL_LIMITS.resetPerAccount.max);
  });

  it('sends one address at most 3 confirmation links an hour, then answers 429', async () => {
    const address = uniqueAddress();
    const users = await Promise.all([register(limited), register(limited)]);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await askToChange(users[i % 2]!, address, PASSWORD, limited)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    await limited.app.mailer.settled();
    expect(mailsTo(address)).toHaveLength(MAIL_LIMITS.confirmPerMailbox.max);
  });
});

describe('without SMTP_URL', () => {
  let offline: TestApp;
  beforeAll(async () => {
    offline = await buildTestApp({ PUBLIC_URL });
  });
  afterAll(async () => {
    await offline?.close();
  });

  const outboxMails = () => {
    const dir = join(offline.config.dataDir, 'outbox');
    return existsSync(dir)
      ? readdirSync(dir)
          .sort()
          .map((name) => join(dir, name))
      : [];
  };

  it('writes each mail to DATA_DIR/outbox, readable by the server only and marked unsent, and the whole flow works', async () => {
    const user = await register(offline);
    const address = uniqueAddress();
    expect((await askToChange(user, address, PASSWORD, offline)).statusCode).toBe(202);

    const [confirmFile] = outboxMails();
    expect(confirmFile).toBeDefined();
    expect(statSync(join(offline.config.dataDir, 'outbox')).mode & 0o777).toBe(0o700);
    expect(statSync(confirmFile!).mode & 0o777).toBe(0o600);
    const confirmMail = parseMail(readFileSync(confirmFile!, 'utf8'));
    expect(confirmMail.headers.get(OUTBOX_HEADER.toLowerCase())).toBe(
      'not sent: SMTP_URL is unset',
    );
    expect(confirmMail.headers.get('to')).toBe(address);
    expectSettingsLink(confirmMail);
    await confirm(linkToken(confirmMail, RECOVERY_PATHS.confirmEmail), offline);

    await askReset(address, offline);
    await offline.app.mailer.settled();
    const resetMail = parseMail(readFileSync(outboxMails().at(-1)!, 'utf8'));
    expect(resetMail.subject).toBe('Reset your Monthbook password');
    expect(
      (await reset(linkToken(resetMail, RECOVERY_PATHS.resetPassword), NEW_PASSWORD, offline))
        .statusCode,
    ).toBe(200);
    expect((await login(offline, user.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('logs each mail with its text, saying it was not sent', async () => {
    const entries: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const log = {
      info: (fields: Record<string, unknown>, message: string) => entries.push({ fields, message }),
      error: () => undefined,
    } as unknown as FastifyBaseLogger;
    const mailer = createMailer({
      mail: { smtpUrl: null, from: 'Monthbook <no-reply@monthbook.test>' },
      publicUrl: PUBLIC_URL,
      dataDir: offline.config.dataDir,
      log,
    });

    await mailer.send({
      kind: 'test',
      to: 'reader@example.org',
      subject: 'Hello',
      paragraphs: ['First words.'],
      action: { label: 'Open', url: mailer.link('/x', { token: 'abc' }) },
    });
    await mailer.close();

    expect(mailer.offline).toBe(true);
    expect(entries[0]?.message).toMatch(/not set.*outbox/);
    const sent = entries.at(-1)!;
    expect(sent.message).toMatch(/NOT sent/);
    expect(sent.fields.mail).toMatchObject({ to: 'reader@example.org', subject: 'Hello' });
    expect(String((sent.fields.mail as { text: string }).text)).toContain(
      `${PUBLIC_URL}/x#token=abc`,
    );
  });
});

describe('mail settings', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({
      DATA_DIR: t.config.dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      ...env,
    });

  it('reads SMTP_URL and MAIL_FROM, with a From on the public host by default', () => {
    expect(load({ PUBLIC_URL: 'https://journal.example.com/' }).mail).toEqual({
      smtpUrl: null,
      from: 'Monthbook <no-reply@journal.example.com>',
    });
    expect(
      load({ SMTP_URL: 'smtps://me:secret@mail.example.com:465', MAIL_FROM: 'me@example.com' })
        .mail,
    ).toEqual({ smtpUrl: 'smtps://me:secret@mail.example.com:465', from: 'me@example.com' });
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'mail.example.com:25'],
    ['MAIL_FROM', 'not an address'],
    ['MAIL_FROM', 'Monthbook <a@b.c>\r\nBcc: x@y.z'],
  ])('stops at start-up on a bad %s (%s)', (key, value) => {
    expect(() => load({ [key]: value })).toThrow(ConfigError);
  });
});
