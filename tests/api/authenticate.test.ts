// The bearer-token hook of the data routes: exactly `Bearer <token>`, a valid access token, issued no later than now.
import { randomUUID } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { MESSAGES } from '../../contract/rules.js';
import { IAT_LEEWAY_SECONDS } from '../../server/plugins/auth.js';
import { buildTestApp, createUser, type TestApp, type TestUser } from '../support/test-app.js';

let testApp: TestApp;
let user: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  user = await createUser(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const months = (authorization: string) =>
  testApp.app.inject({ method: 'GET', url: '/api/months/', headers: { authorization } });

/** An access token signed with the server's secret, issued `iatOffset` seconds from now. */
function accessIssuedIn(iatOffset: number, tokenType: 'access' | 'refresh' = 'access'): string {
  const sign = createSigner({ key: testApp.config.jwtSecret, algorithm: 'HS256' });
  const now = Math.floor(Date.now() / 1000);
  return sign({
    token_type: tokenType,
    iat: now + iatOffset,
    exp: now + iatOffset + 600,
    jti: randomUUID().replaceAll('-', ''),
    user_id: user.id,
  });
}

const badToken = { detail: MESSAGES.badToken, code: 'token_not_valid' };

describe('the Authorization header', () => {
  it('accepts exactly `Bearer <token>`', async () => {
    expect((await months(`Bearer ${user.access}`)).statusCode).toBe(200);
  });

  it.each([
    ['a word after the token', (token: string) => `Bearer ${token} extra`],
    ['two spaces', (token: string) => `Bearer  ${token}`],
    ['a tab and a word after the token', (token: string) => `Bearer ${token}\textra`],
    ['a second token', (token: string) => `Bearer ${token} ${token}`],
    ['no token', () => 'Bearer '],
  ])('refuses %s with 401', async (_case, header) => {
    // The token alone is accepted: only the header's shape is wrong.
    expect((await months(`Bearer ${user.access}`)).statusCode).toBe(200);

    const response = await months(header(user.access));

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(badToken);
  });

  it.each([
    ['a lowercase scheme', (token: string) => `bearer ${token}`],
    ['another scheme', (token: string) => `JWT ${token}`],
    ['no space after the scheme', (token: string) => `Bearer\t${token}`],
  ])('reads %s as no credentials', async (_case, header) => {
    const response = await months(header(user.access));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.noCredentials });
  });
});

describe('the issue time', () => {
  it(`accepts a token issued up to ${IAT_LEEWAY_SECONDS} s ahead (clock drift)`, async () => {
    const response = await months(`Bearer ${accessIssuedIn(IAT_LEEWAY_SECONDS - 5)}`);
    expect(response.statusCode).toBe(200);
  });

  it(`refuses a token issued more than ${IAT_LEEWAY_SECONDS} s in the future`, async () => {
    const response = await months(`Bearer ${accessIssuedIn(IAT_LEEWAY_SECONDS + 30)}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(badToken);
  });

  it('refuses a refresh token from the future too', async () => {
    const refresh = (token: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh: token },
      });
    expect((await refresh(accessIssuedIn(IAT_LEEWAY_SECONDS + 30, 'refresh'))).statusCode).toBe(
      401,
    );
    expect((await refresh(accessIssuedIn(0, 'refresh'))).statusCode).toBe(200);
  });

  it('refuses it on every later request too (a verified token is remembered)', async () => {
    const token = accessIssuedIn(3600);
    expect((await months(`Bearer ${token}`)).statusCode).toBe(401);
    expect((await months(`Bearer ${token}`)).statusCode).toBe(401);
  });
});
