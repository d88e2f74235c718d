// Text that is not well-formed Unicode (lone surrogates, bytes that are not UTF-8) is a 400 on every route, before the database.
import { MESSAGES } from '../../contract/rules.js';
import { NOT_UTF8 } from '../../server/plugins/well-formed-input.js';
import { seedJournal, seedMonth } from '../support/factories.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from '../support/test-app.js';

let testApp: TestApp;
let user: TestUser;
beforeAll(async () => {
  testApp = await buildTestApp();
  user = await createUser(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const invalid = (field: string) => ({ [field]: [MESSAGES.invalidString] });
const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, headers = user.headers) =>
  testApp.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });

const monthNames = async () =>
  (
    await testApp.database.db
      .selectFrom('months')
      .select('name')
      .where('author_id', '=', user.id)
      .execute()
  ).map((row) => row.name);

describe('lone surrogates in a JSON body', () => {
  it('refuses a month name of 50 lone surrogates, storing nothing', async () => {
    const before = await monthNames();

    const response = await send('POST', '/api/months/', { name: LONE_HIGH.repeat(50) });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('name'));
    expect(await monthNames()).toEqual(before);
  });

  it('refuses a lone low surrogate inside other text, on a change too', async () => {
    const month = await seedMonth(testApp, user, 'Kept');
    const journal = await seedJournal(testApp, user, month.id);

    const rename = await send('PATCH', `/api/months/${month.id}/`, { name: `a${LONE_LOW}b` });
    const edit = await send('PATCH', `/api/journals/${journal.id}/`, {
      highlight: `day ${LONE_HIGH}`,
    });

    expect(rename.statusCode).toBe(400);
    expect(rename.json()).toEqual(invalid('name'));
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toEqual(invalid('highlight'));
    expect(await monthNames()).toContain('Kept');
  });

  it('names each bad field alongside none of the good ones', async () => {
    const month = await seedMonth(testApp, user);
    const response = await send('POST', '/api/journals/', {
      highlight: LONE_LOW,
      month_id: month.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('highlight'));
  });

  it('refuses them on routes without a token too (register)', async () => {
    const response = await send(
      'POST',
      '/api/user/register/',
      { username: `name${LONE_HIGH}`, password: 'a-long-enough-password' },
      {} as TestUser['headers'],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('username'));
  });

  it('refuses a key that is a lone surrogate', async () => {
    const response = await send('POST', '/api/months/', { name: 'Fine', [LONE_HIGH]: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('non_field_errors'));
  });

  it('keeps a real surrogate pair (an emoji) exactly as sent', async () => {
    const name = 'Trip 😀 ✈️';
    const response = await send('POST', '/api/months/', { name });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ name: string }>().name).toBe(name);
    expect(await monthNames()).toContain(name);
  });
});

describe('bytes that are not UTF-8', () => {
  it('refuses a JSON body holding them, storing nothing', async () => {
    const before = await monthNames();
    const payload = Buffer.concat([
      Buffer.from('{"name":"caf'),
      Buffer.from([0xe9]), // Latin-1 é: not UTF-8
      Buffer.from('"}'),
    ]);

    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/months/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: `JSON parse error - ${NOT_UTF8}` });
    expect(await monthNames()).toEqual(before);
  });
});

describe('the query string', () => {
  it.each([
    ['a lone surrogate, UTF-8 encoded', '%ED%A0%80'],
    ['a byte that is not UTF-8', '%FF'],
  ])('refuses %s as a field error', async (_case, escaped) => {
    const response = await injectAs(testApp, user, {
      method: 'GET',
      url: `/api/journals/?search=caf${escaped}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('search'));
  });

  it('still reads well-formed escapes', async () => {
    const response = await injectAs(testApp, user, {
      method: 'GET',
      url: '/api/journals/?search=caf%C3%A9%20ana',
    });
    expect(response.statusCode).toBe(200);
  });
});
