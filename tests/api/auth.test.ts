// Accounts and tokens: register, log in, refresh and revoke, with every failure the contract lists.
import { MESSAGES } from '../../contract/rules.js';
import { buildTestApp, createUser, type TestApp, tamperSignature } from '../support/test-app.js';

const PASSWORD = 'Sunny@Day9!';
let testApp: TestApp;
let counter = 0;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Moves the clock that tokens are issued and checked by (Date, read by services/tokens.ts and
 * fast-jwt) ahead, instead of waiting for a token to expire. Nothing else is faked, so the app's
 * timers and I/O run as usual.
 */
function advanceClock(ms: number): void {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });
}

const post = (url: string, payload: Record<string, unknown>) =>
  testApp.app.inject({ method: 'POST', url, payload });

function freshName(): string {
  counter += 1;
  return `writer${counter}_${Date.now() % 100000}`;
}

async function register(username = freshName(), password = PASSWORD) {
  const response = await post('/api/user/register/', { username, password });
  expect(response.statusCode).toBe(201);
  return { username, password, id: (response.json() as { id: number }).id };
}

async function login(username: string, password = PASSWORD) {
  const response = await post('/api/token/', { username, password });
  expect(response.statusCode).toBe(200);
  return response.json() as { refresh: string; access: string };
}

/** The name in full-width letters and digits (U+FF01…), which NFKC turns back into ASCII. */
const fullWidth = (name: string) =>
  name.replace(/[a-z0-9]/gi, (char) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0));

function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

describe('POST /api/user/register/', () => {
  it('creates an account and answers with its id and username', async () => {
    const username = freshName();
    const response = await post('/api/user/register/', { username, password: PASSWORD });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), username });
  });

  it('stores an argon2id hash, never the password', async () => {
    const { id } = await register();
    const row = await testApp.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('works without the trailing slash', async () => {
    const response = await post('/api/user/register', {
      username: freshName(),
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a username taken in any letter case', async () => {
    const { username } = await register();
    const response = await post('/api/user/register/', {
      username: username.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: [MESSAGES.usernameTaken] });
  });

  it('stores the name trimmed and NFKC-normalized, as login finds it', async () => {
    const username = freshName();
    const response = await post('/api/user/register/', {
      username: `\u3000${fullWidth(username)}\t`,
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), username });
    await login(username);
    const again = await post('/api/user/register/', {
      username: fullWidth(username.toUpperCase()),
      password: PASSWORD,
    });
    expect(again.json()).toEqual({ username: [MESSAGES.usernameTaken] });
  });

  it('lets exactly one of two racing registrations of a name win', async () => {
    const username = freshName();
    const answers = await Promise.all(
      [username, username.toUpperCase(), username].map((name) =>
        post('/api/user/register/', { username: name, password: PASSWORD }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) {
      expect(answer.json()).toEqual({ username: [MESSAGES.usernameTaken] });
    }
  });

  it.each([
    ['short', 'Username must be at least 8 characters long.'],
    ['has space in it', MESSAGES.usernameInvalid],
    ['x'.repeat(151), 'Ensure this field has no more than 150 characters.'],
  ])('refuses the username %j with the spec message', async (username, message) => {
    const response = await post('/api/user/register/', { username, password: PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ username: [message] });
  });

  it.each([
    '1',
    'password',
    'Password1',
    'password1!',
    'PASSWORD1!',
    'Password!!',
    'Pass 1!word',
    'Pa1!',
  ])('refuses the password %j with the spec message', async (password) => {
    const response = await post('/api/user/register/', { username: freshName(), password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      password: [
        'Password must be at least 8 characters long, contain at least one uppercase letter, one number, and one special character.',
      ],
    });
  });

  it('reports both fields when both are wrong', async () => {
    const response = await post('/api/user/register/', { username: 'abc', password: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['password', 'username']);
  });

  it('asks for missing fields', async () => {
    const response = await post('/api/user/register/', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: [MESSAGES.required],
      password: [MESSAGES.required],
    });
  });

  it('answers malformed JSON with a 400 detail and creates nothing', async () => {
    const before = await testApp.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "broken',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^JSON parse error - /);
    const after = await testApp.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });
});

describe('POST /api/token/', () => {
  it('answers a refresh and an access token with the contract claims', async () => {
    const { username, id } = await register();
    const before = Math.floor(Date.now() / 1000);
    const { refresh, access } = await login(username);
    const accessClaims = claimsOf(access);
    expect(accessClaims).toMatchObject({ token_type: 'access', user_id: id });
    expect(accessClaims.exp).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(accessClaims.exp).toBeLessThanOrEqual(before + 30 * 60 + 5);
    expect(typeof accessClaims.jti).toBe('string');
    expect(typeof accessClaims.iat).toBe('number');
    const refreshClaims = claimsOf(refresh);
    expect(refreshClaims).toMatchObject({ token_type: 'refresh', user_id: id });
    expect(refreshClaims.exp).toBeGreaterThanOrEqual(before + 24 * 60 * 60);
  });

  it('looks the username up regardless of case', async () => {
    const { username } = await register();
    await login(username.toUpperCase());
  });

  it('finds the account by any whitespace, case or NFKC spelling of its name', async () => {
    const { username, id } = await register();
    for (const spelling of [
      `\t${username}`,
      `\r${username} `,
      `\u00a0${username.toUpperCase()}\u3000`,
      fullWidth(username),
    ]) {
      expect(claimsOf((await login(spelling)).access).user_id).toBe(id);
    }
  });

  it('gives an access token the data routes accept', async () => {
    const { username } = await register();
    const { access } = await login(username);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/months/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown username alike', async () => {
    const { username } = await register();
    const wrong = await post('/api/token/', { username, password: `${PASSWORD}x` });
    const unknown = await post('/api/token/', { username: freshName(), password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: MESSAGES.badLogin });
    }
  });

  it('answers a username with a NUL character as an unknown one (PostgreSQL cannot compare it)', async () => {
    for (const username of ['\u0000', `someone\u0000${freshName()}`]) {
      const response = await post('/api/token/', { username, password: PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: MESSAGES.badLogin });
    }
  });

  it('asks for missing fields', async () => {
    const response = await post('/api/token/', { username: 'someone12' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: [MESSAGES.required] });
  });
});

describe('POST /api/token/refresh/', () => {
  it('answers a new access token for a refresh token', async () => {
    const { username, id } = await register();
    const { refresh } = await login(username);
    const response = await post('/api/token/refresh/', { refresh });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { access: string };
    expect(Object.keys(body)).toEqual(['access']);
    expect(claimsOf(body.access)).toMatchObject({ token_type: 'access', user_id: id });
  });

  it('refuses an access token as having the wrong type', async () => {
    const { username } = await register();
    const { access } = await login(username);
    const response = await post('/api/token/refresh/', { refresh: access });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.wrongTokenType, code: 'token_not_valid' });
  });

  it.each([
    ['garbage', 'not-a-token'],
    [
      'a token signed with another secret',
      'eyJhbGciOiJIUzI1NiJ9.eyJ0b2tlbl90eXBlIjoicmVmcmVzaCIsInVzZXJfaWQiOjEsImp0aSI6IngiLCJleHAiOjk5OTk5OTk5OTl9.c2lnbmF0dXJl',
    ],
  ])('refuses %s', async (_name, refresh) => {
    const response = await post('/api/token/refresh/', { refresh });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.refreshInvalid, code: 'token_not_valid' });
  });

  it('refuses an expired refresh token', async () => {
    const shortLived = await buildTestApp({ REFRESH_TOKEN_TTL: '1' });
    try {
      const { refresh } = shortLived.app.tokens.issuePair(1);
      advanceClock(2_000);
      const response = await shortLived.app.inject({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: MESSAGES.refreshInvalid,
        code: 'token_not_valid',
      });
    } finally {
      await shortLived.close();
    }
  });

  it('asks for the refresh field', async () => {
    const response = await post('/api/token/refresh/', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ refresh: [MESSAGES.required] });
  });
});

describe('POST /api/token/blacklist/', () => {
  it('revokes a refresh token, once or twice', async () => {
    const { username } = await register();
    const { refresh } = await login(username);
    const first = await post('/api/token/blacklist/', { refresh });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({});
    const again = await post('/api/token/blacklist/', { refresh });
    expect(again.statusCode).toBe(200);
    const response = await post('/api/token/refresh/', { refresh });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.refreshInvalid, code: 'token_not_valid' });
  });

  it('leaves the user’s other sessions alone', async () => {
    const { username } = await register();
    const laptop = await login(username);
    const phone = await login(username);
    await post('/api/token/blacklist/', { refresh: laptop.refresh });
    const response = await post('/api/token/refresh/', { refresh: phone.refresh });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an access token and an invalid token', async () => {
    const { username } = await register();
    const { access } = await login(username);
    const wrongType = await post('/api/token/blacklist/', { refresh: access });
    expect(wrongType.statusCode).toBe(401);
    expect(wrongType.json()).toEqual({ detail: MESSAGES.wrongTokenType, code: 'token_not_valid' });
    const invalid = await post('/api/token/blacklist/', { refresh: 'nope' });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toEqual({ detail: MESSAGES.refreshInvalid, code: 'token_not_valid' });
  });

  it('answers 200 for a deleted account’s token, storing nothing', async () => {
    const { username } = await register();
    const { refresh, access } = await login(username);
    const deleted = await testApp.app.inject({
      method: 'POST',
      url: '/api/account/delete/',
      headers: { authorization: `Bearer ${access}` },
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await post('/api/token/blacklist/', { refresh });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    }
    const jti = claimsOf(refresh).jti as string;
    expect(await testApp.app.users.isRevoked(jti)).toBe(false);
    expect((await post('/api/token/refresh/', { refresh })).statusCode).toBe(401);
  });

  it('purges revocations of tokens that have expired anyway', async () => {
    const { id } = await register();
    await testApp.app.users.revokeToken('old-one', id, 1000);
    const purged = await testApp.app.users.purgeExpiredRevocations(Math.floor(Date.now() / 1000));
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await testApp.app.users.isRevoked('old-one')).toBe(false);
  });

  it('asks for the refresh field', async () => {
    const response = await post('/api/token/blacklist/', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ refresh: [MESSAGES.required] });
  });
});

describe('authentication of the data routes', () => {
  it('asks for credentials when there are none', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/months/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.noCredentials });
  });

  it('refuses an access token once it expires, though it was accepted while valid', async () => {
    // Verified tokens are remembered (services/tokens.ts): only until their exp second.
    const shortLived = await buildTestApp({ ACCESS_TOKEN_TTL: '1' });
    try {
      const get = (access: string) =>
        shortLived.app.inject({
          method: 'GET',
          url: '/api/months/',
          headers: { authorization: `Bearer ${access}` },
        });
      const { access } = await createUser(shortLived);
      expect((await get(access)).statusCode).toBe(200);
      advanceClock(2_000);

      const response = await get(access);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: MESSAGES.badToken, code: 'token_not_valid' });
    } finally {
      await shortLived.close();
    }
  });

  it('refuses a token differing from an accepted one in one character', async () => {
    const { username } = await register();
    const { access } = await login(username);
    const get = (token: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/api/months/',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await get(access)).statusCode).toBe(200);

    expect((await get(tamperSignature(access))).statusCode).toBe(401);
    expect((await get(access)).statusCode).toBe(200);
  });

  it('refuses a refresh token used as an access token', async () => {
    const { username } = await register();
    const { refresh } = await login(username);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/months/',
      headers: { authorization: `Bearer ${refresh}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.badToken, code: 'token_not_valid' });
  });
});
