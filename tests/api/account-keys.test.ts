// API tests for /api/account/keys/: the account key's two wraps stored once, replaced one by one, checked field by field, only with the account's password, the user's own only; and the password change, reset and deletion around them.
import { ACCOUNT_MESSAGES } from '../../contract/account.js';
import { ACCOUNT_KEY_EXISTS, ACCOUNT_KEY_MESSAGES } from '../../contract/account-key-rules.js';
import type { AccountKeys } from '../../contract/account-keys.js';
import type { TokenPair } from '../../contract/entities.js';
import { VERSION_CONFLICT } from '../../contract/row-versions.js';
import { MESSAGES } from '../../contract/rules.js';
import { snapshot } from '../support/db-snapshot.js';
import { accountKeyWraps, passwordWrap, wrappedKey } from '../support/factories.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  setUpTestApp,
  type TestApp,
  type TestUser,
} from '../support/test-app.js';

const { t, user, api } = setUpTestApp();

const KEYS = '/api/account/keys/';
const PASSWORD_WRAP = '/api/account/keys/password/';
const RECOVERY_WRAP = '/api/account/keys/recovery-key/';

/** Every user of this file logs in with it (registered, or given its hash). */
const PASSWORD = 'Secret1!pass';
const WRONG_PASSWORD = 'Wrong1!pass';

/** A user made directly (createUser) has no password: gives them PASSWORD's hash. */
async function withPassword(testApp: TestApp, as: TestUser): Promise<TestUser> {
  await testApp.database.db
    .updateTable('users')
    .set({ password_hash: await testApp.app.passwords.hash(PASSWORD) })
    .where('id', '=', as.id)
    .execute();
  return as;
}

beforeEach(() => withPassword(t, user));

const anotherUser = async () => withPassword(t, await createUser(t));

const read = (as: TestUser = user) => api('GET', KEYS, undefined, as);
/** `body` with `password` beside it (null: none). */
const withField = (password: string | null, body: object) =>
  password === null ? body : { password, ...body };

/** A create of `wraps`, with the account's password unless told otherwise. */
const create = (wraps: object, as: TestUser = user, password: string | null = PASSWORD) =>
  api('PUT', KEYS, withField(password, wraps), as);

/** Stores a fresh pair of wraps for `as` and answers them as the server does. */
async function setUp(as: TestUser = user): Promise<AccountKeys> {
  const created = await create(accountKeyWraps(), as);
  expect(created.statusCode).toBe(201);
  return created.json<AccountKeys>();
}

/** A replace of one wrap, with the account's password unless told otherwise. */
const put = (
  url: string,
  body: object,
  headers: Record<string, string> = {},
  password: string | null = PASSWORD,
) => injectAs(t, user, { method: 'PUT', url, payload: withField(password, body), headers });

/** A deep copy of `value` with `change` applied to it: each malformed case starts from valid wraps. */
function altered<T>(value: T, change: (copy: T & Record<string, never>) => void): T {
  const copy = structuredClone(value) as T & Record<string, never>;
  change(copy);
  return copy;
}

describe('GET /api/account/keys/', () => {
  it('is 404 before the wraps are stored', async () => {
    const response = await read();

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
  });

  it('needs credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: KEYS });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/account/keys/', () => {
  it('stores both wraps as sent, at version 1, and reads them back', async () => {
    const wraps = accountKeyWraps();

    const created = await create(wraps);

    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const answer = created.json<AccountKeys>();
    expect(answer).toEqual({
      ...wraps,
      version: 1,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      updated_at: answer.created_at,
    });
    const again = await read();
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe('"1"');
    expect(again.json()).toEqual(answer);
  });

  it('stores them once: a second create is a 409 and keeps the first', async () => {
    const first = await setUp();

    const second = await create(accountKeyWraps());

    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      detail: ACCOUNT_KEY_MESSAGES.exists,
      code: ACCOUNT_KEY_EXISTS,
    });
    expect((await read()).json()).toEqual(first);
  });

  it('lets only one of two creates sent at once through', async () => {
    const answers = await Promise.all([create(accountKeyWraps()), create(accountKeyWraps())]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const winner = answers.find((answer) => answer.statusCode === 201)!;
    expect((await read()).json()).toEqual(winner.json());
  });

  it('needs credentials', async () => {
    const before = await snapshot(t);
    const response = await t.app.inject({ method: 'PUT', url: KEYS, payload: accountKeyWraps() });
    expect(response.statusCode).toBe(401);
    expect(await snapshot(t)).toEqual(before);
  });
});

type Wraps = ReturnType<typeof accountKeyWraps>;

/** Each way a create body can be wrong, the field the 400 names, and its message when exact. */
const MALFORMED: [what: string, change: (wraps: Wraps) => void, field: string, message?: string][] =
  [
    ['no password wrap', (w) => delete (w as Partial<Wraps>).by_password, 'by_password'],
    ['no recovery wrap', (w) => delete (w as Partial<Wraps>).by_recovery_key, 'by_recovery_key'],
    [
      'a password wrap without its key',
      (w) => delete (w.by_password as Partial<Wraps['by_password']>).key,
      'by_password',
    ],
    [
      'another KDF',
      (w) => Object.assign(w.by_password.kdf, { name: 'argon2i' }),
      'by_password',
      '"argon2i" is not a valid choice.',
    ],
    [
      'a 15-byte salt',
      (w) => {
        w.by_password.kdf.salt = 'AAAAAAAAAAAAAAAAAAAA';
      },
      'by_password',
      ACCOUNT_KEY_MESSAGES.salt,
    ],
    [
      'a 17-byte salt',
      (w) => {
        w.by_password.kdf.salt = 'AAAAAAAAAAAAAAAAAAAAAAA';
      },
      'by_password',
      ACCOUNT_KEY_MESSAGES.salt,
    ],
    [
      'a salt whose last character carries bits past its 16 bytes',
      (w) => {
        w.by_password.kdf.salt = 'AAAAAAAAAAAAAAAAAAAAAB';
      },
      'by_password',
      ACCOUNT_KEY_MESSAGES.salt,
    ],
    [
      'a padded salt',
      (w) => {
        w.by_password.kdf.salt = 'AAAAAAAAAAAAAAAAAAAAAA==';
      },
      'by_password',
      ACCOUNT_KEY_MESSAGES.salt,
    ],
    [
      'a salt in standard base64',
      (w) => {
        w.by_password.kdf.salt = 'AAAAAAAAAAAAAAAAAAA+/A';
      },
      'by_password',
      ACCOUNT_KEY_MESSAGES.salt,
    ],
    [
      'less than 64 MiB',
      (w) => {
        w.by_password.kdf.memoryKiB = 65535;
      },
      'by_password',
      MESSAGES.minValue(65536),
    ],
    [
      'more than 1 GiB',
      (w) => {
        w.by_password.kdf.memoryKiB = 1024 * 1024 + 1;
      },
      'by_password',
      MESSAGES.maxValue(1024 * 1024),
    ],
    [
      'a fractional memory',
      (w) => {
        w.by_password.kdf.memoryKiB = 65536.5;
      },
      'by_password',
    ],
    [
      'a memory as text',
      (w) => Object.assign(w.by_password.kdf, { memoryKiB: '65536' }),
      'by_password',
    ],
    [
      'fewer than 3 passes',
      (w) => {
        w.by_password.kdf.passes = 2;
      },
      'by_password',
      MESSAGES.minValue(3),
    ],
    [
      'more than 16 passes',
      (w) => {
        w.by_password.kdf.passes = 17;
      },
      'by_password',
      MESSAGES.maxValue(16),
    ],
    [
      'no lanes',
      (w) => {
        w.by_password.kdf.parallelism = 0;
      },
      'by_password',
      MESSAGES.minValue(1),
    ],
    [
      'more than 16 lanes',
      (w) => {
        w.by_password.kdf.parallelism = 17;
      },
      'by_password',
      MESSAGES.maxValue(16),
    ],
    [
      'envelope version 2',
      (w) => Object.assign(w.by_recovery_key, { v: 2 }),
      'by_recovery_key',
      '"2" is not a valid choice.',
    ],
    [
      'envelope version as text',
      (w) => Object.assign(w.by_password.key, { v: '1' }),
      'by_password',
    ],
    [
      'a 23-byte nonce',
      (w) => {
        w.by_recovery_key.nonce = w.by_recovery_key.nonce.slice(0, 31);
      },
      'by_recovery_key',
      ACCOUNT_KEY_MESSAGES.nonce,
    ],
    [
      'a 27-byte nonce',
      (w) => {
        w.by_password.key.nonce += 'AAAA';
      },
      'by_password',
      ACCOUNT_KEY_MESSAGES.nonce,
    ],
    [
      'a 45-byte ciphertext',
      (w) => {
        w.by_recovery_key.ct = w.by_recovery_key.ct.slice(0, 60);
      },
      'by_recovery_key',
      ACCOUNT_KEY_MESSAGES.wrappedKey,
    ],
    [
      'a 51-byte ciphertext',
      (w) => {
        w.by_password.key.ct += 'AAAA';
      },
      'by_password',
      ACCOUNT_KEY_MESSAGES.wrappedKey,
    ],
    [
      'an empty ciphertext',
      (w) => {
        w.by_recovery_key.ct = '';
      },
      'by_recovery_key',
      ACCOUNT_KEY_MESSAGES.wrappedKey,
    ],
    [
      'a NUL in a nonce',
      (w) => {
        w.by_recovery_key.nonce = `${w.by_recovery_key.nonce.slice(0, 31)}\u0000`;
      },
      'by_recovery_key',
      ACCOUNT_KEY_MESSAGES.nonce,
    ],
    [
      'an unknown field beside the wraps',
      (w) => Object.assign(w, { month_keys: [] }),
      'month_keys',
      MESSAGES.unknownField('month_keys'),
    ],
    [
      'an unknown field in the KDF',
      (w) => Object.assign(w.by_password.kdf, { version: 19 }),
      'by_password',
      MESSAGES.unknownField('version'),
    ],
    [
      'an unknown field in an envelope',
      (w) => Object.assign(w.by_recovery_key, { ad: 'monthbook:v1:account-key:recovery' }),
      'by_recovery_key',
      MESSAGES.unknownField('ad'),
    ],
    ['a null password wrap', (w) => Object.assign(w, { by_password: null }), 'by_password'],
    ['a list for an envelope', (w) => Object.assign(w, { by_recovery_key: [] }), 'by_recovery_key'],
  ];

describe('malformed wraps', () => {
  it.each(MALFORMED)(
    'refuses %s with a 400 naming the field, and stores nothing',
    async (_what, change, field, message) => {
      const before = await snapshot(t);

      const response = await create(altered(accountKeyWraps(), change));

      expect(response.statusCode).toBe(400);
      const body = response.json<Record<string, string[]>>();
      expect(Object.keys(body)).toEqual([field]);
      if (message) expect(body[field]).toEqual([message]);
      expect(await snapshot(t)).toEqual(before);
    },
  );

  it('refuses a body that is not JSON, or not an object', async () => {
    const before = await snapshot(t);
    const broken = await injectAs(t, user, {
      method: 'PUT',
      url: KEYS,
      payload: '{"by_password":',
      headers: { 'content-type': 'application/json' },
    });
    const list = await api('PUT', KEYS, [{ password: PASSWORD, ...accountKeyWraps() }]);

    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toHaveProperty('detail');
    expect(list.statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses malformed replacements and keeps the stored wraps', async () => {
    const stored = await setUp();
    const before = await snapshot(t);

    const answers = await Promise.all([
      put(
        PASSWORD_WRAP,
        altered(passwordWrap(), (w) => Object.assign(w.kdf, { passes: 1 })),
      ),
      put(
        PASSWORD_WRAP,
        altered(passwordWrap(), (w) => Object.assign(w, { note: 'x' })),
      ),
      put(PASSWORD_WRAP, wrappedKey()),
      put(
        RECOVERY_WRAP,
        altered(wrappedKey(), (w) => Object.assign(w, { v: 0 })),
      ),
      put(
        RECOVERY_WRAP,
        altered(wrappedKey(), (w) => Object.assign(w, { ct: 'short' })),
      ),
      put(RECOVERY_WRAP, passwordWrap()),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(answers[0]!.json()).toEqual({ kdf: [MESSAGES.minValue(3)] });
    expect(answers[1]!.json()).toEqual({ note: [MESSAGES.unknownField('note')] });
    expect(answers[4]!.json()).toEqual({ ct: [ACCOUNT_KEY_MESSAGES.wrappedKey] });
    expect(await snapshot(t)).toEqual(before);
    expect((await read()).json()).toEqual(stored);
  });
});

describe.each([
  ['password', PASSWORD_WRAP, 'by_password', passwordWrap],
  ['recovery', RECOVERY_WRAP, 'by_recovery_key', wrappedKey],
] as const)('replacing the %s wrap', (_name, url, field, make) => {
  const other = field === 'by_password' ? 'by_recovery_key' : 'by_password';

  it('replaces it alone and moves the version', async () => {
    const stored = await setUp();
    const wrap = make();

    const response = await put(url, wrap);

    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    const answer = response.json<AccountKeys>();
    expect(answer[field]).toEqual(wrap);
    expect(answer[other]).toEqual(stored[other]);
    expect(answer.version).toBe(2);
    expect(answer.created_at).toBe(stored.created_at);
    expect(answer.updated_at >= stored.updated_at).toBe(true);
    expect((await read()).json()).toEqual(answer);
  });

  it('is 404 before the wraps are stored, and stores nothing', async () => {
    const before = await snapshot(t);

    const response = await put(url, make());

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
    expect(await snapshot(t)).toEqual(before);
  });

  it('applies only at the version If-Match names: 412 with the wraps as they are otherwise', async () => {
    const stored = await setUp();
    const moved = (await put(url, make())).json<AccountKeys>();

    const stale = await put(url, make(), { 'if-match': '"1"' });
    const current = await put(url, make(), { 'if-match': '"2"' });
    const malformed = await put(url, make(), { 'if-match': '2' });

    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({
      detail: expect.any(String),
      code: VERSION_CONFLICT,
      current: moved,
    });
    expect(current.statusCode).toBe(200);
    expect(current.json<AccountKeys>().version).toBe(3);
    expect(malformed.statusCode).toBe(400);
    expect((await read()).json<AccountKeys>().version).toBe(3);
    expect(stored.version).toBe(1);
  });

  it("never touches another user's wraps", async () => {
    const owner = await anotherUser();
    const owners = await setUp(owner);

    const response = await put(url, make());

    expect(response.statusCode).toBe(404);
    expect((await read(owner)).json()).toEqual(owners);
  });
});

/** Each write of a wrap, as `password` (null: none) sends it; the first needs no wraps stored. */
const WRITES = [
  ['storing both wraps', (password: string | null) => create(accountKeyWraps(), user, password)],
  [
    'replacing the password wrap',
    (password: string | null) => put(PASSWORD_WRAP, passwordWrap(), {}, password),
  ],
  [
    'replacing the recovery wrap',
    (password: string | null) => put(RECOVERY_WRAP, wrappedKey(), {}, password),
  ],
] as const;

/** The wraps as a write finds them: none before a create, a stored pair before a replace. */
const arranged = (what: string) => (what === 'storing both wraps' ? undefined : setUp());

describe("the account's password beside the wraps", () => {
  it.each(WRITES)('%s needs it: 400 naming it, and nothing changes', async (what, write) => {
    const stored = await arranged(what);
    const snapshotBefore = await snapshot(t);

    const response = await write(null);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: [MESSAGES.required] });
    expect(await snapshot(t)).toEqual(snapshotBefore);
    expect((await read()).json()).toEqual(stored ?? { detail: MESSAGES.notFound });
  });

  it.each(WRITES)(
    "%s with a wrong one: the password change's 400, and nothing changes",
    async (what, write) => {
      const stored = await arranged(what);
      const snapshotBefore = await snapshot(t);

      const response = await write(WRONG_PASSWORD);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ password: [ACCOUNT_MESSAGES.wrongCurrentPassword] });
      expect(await snapshot(t)).toEqual(snapshotBefore);
      const now = await read();
      if (stored) {
        expect(now.headers.etag).toBe('"1"');
        expect(now.json()).toEqual(stored);
      } else expect(now.statusCode).toBe(404);
    },
  );

  it.each(WRITES)('%s with the right one goes through', async (what, write) => {
    await arranged(what);

    const response = await write(PASSWORD);

    expect(response.statusCode).toBe(what === 'storing both wraps' ? 201 : 200);
    expect((await read()).json()).toEqual(response.json());
  });

  it('is never stored or answered', async () => {
    const created = await setUp();
    const replaced = await put(RECOVERY_WRAP, wrappedKey());

    const rows = await t.database.db.selectFrom('account_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(JSON.stringify([created, replaced.json()])).not.toContain(PASSWORD);
  });

  it('is not a place for other fields: an unknown one beside it is still refused', async () => {
    const stored = await setUp();

    const answers = await Promise.all([
      put(PASSWORD_WRAP, { ...passwordWrap(), current_password: PASSWORD }),
      put(RECOVERY_WRAP, { ...wrappedKey(), new_password: PASSWORD }),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400]);
    expect(answers[0]!.json()).toEqual({
      current_password: [MESSAGES.unknownField('current_password')],
    });
    expect(answers[1]!.json()).toEqual({ new_password: [MESSAGES.unknownField('new_password')] });
    expect((await read()).json()).toEqual(stored);
  });

  it('is throttled with the other password checks: 429 after 10 wrong ones, even for the right one', async () => {
    const limited = await buildTestApp({ RATE_LIMIT: 'on' });
    try {
      const account = await withPassword(limited, await createUser(limited));
      const send = (url: string, body: object) =>
        injectAs(limited, account, { method: 'PUT', url, payload: body });
      const stored = await send(KEYS, { password: PASSWORD, ...accountKeyWraps() });
      expect(stored.statusCode).toBe(201);

      const statuses: number[] = [];
      for (let attempt = 0; attempt < 9; attempt += 1) {
        const wrong = { password: WRONG_PASSWORD, ...wrappedKey() };
        statuses.push((await send(RECOVERY_WRAP, wrong)).statusCode);
      }
      const right = await send(PASSWORD_WRAP, { password: PASSWORD, ...passwordWrap() });
      const change = await injectAs(limited, account, {
        method: 'POST',
        url: '/api/account/password/',
        payload: { current_password: PASSWORD, new_password: 'N3w!pass', confirm_password: 'x' },
      });

      // The create counted too: 10 password checks in all, then none.
      expect(statuses).toEqual(Array(9).fill(400));
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual({ detail: MESSAGES.tooManyRequests });
      expect(right.headers['retry-after']).toBeDefined();
      expect(change.statusCode).toBe(429);
      const now = await injectAs(limited, account, { method: 'GET', url: KEYS });
      expect(now.json()).toEqual(stored.json());
    } finally {
      await limited.close();
    }
  });
});

describe("another user's wraps", () => {
  it('are never shown: 404 as for an account without any', async () => {
    const owner = await anotherUser();
    await setUp(owner);

    const response = await read();

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
  });

  it('do not stop a user storing their own, and stay as they were', async () => {
    const owner = await anotherUser();
    const owners = await setUp(owner);

    const mine = await setUp();

    expect(mine.by_password).not.toEqual(owners.by_password);
    expect((await read(owner)).json()).toEqual(owners);
    expect((await read()).json()).toEqual(mine);
  });
});

describe('the password and its wrap', () => {
  const NEW_PASSWORD = 'Another2@pass';
  let counter = 0;

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const login = (username: string, password: string) => post('/api/token/', { username, password });

  /** A user registered through the API, so they have a real password to change. */
  async function register(): Promise<TestUser> {
    counter += 1;
    const username = `keys${process.pid}x${counter}`;
    const created = await post('/api/user/register/', { username, password: PASSWORD });
    expect(created.statusCode).toBe(201);
    const { access } = (await login(username, PASSWORD)).json<TokenPair>();
    return {
      id: created.json<{ id: number }>().id,
      username,
      access,
      headers: { authorization: `Bearer ${access}` },
    };
  }

  /** A password change signs every earlier token out: this session goes on with the pair it got. */
  const signedInAgain = (account: TestUser, pair: TokenPair): TestUser => ({
    ...account,
    access: pair.access,
    headers: { authorization: `Bearer ${pair.access}` },
  });

  const change = (as: TestUser, extra: object = {}, current = PASSWORD) =>
    post(
      '/api/account/password/',
      {
        current_password: current,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
        ...extra,
      },
      as.headers,
    );

  it('change with a new wrap: both are stored together', async () => {
    const account = await register();
    const stored = await setUp(account);
    const wrap = passwordWrap();

    const response = await change(account, { by_password: wrap });

    expect(response.statusCode).toBe(200);
    expect((await login(account.username, NEW_PASSWORD)).statusCode).toBe(200);
    const now = (await read(signedInAgain(account, response.json()))).json<AccountKeys>();
    expect(now.by_password).toEqual(wrap);
    expect(now.by_recovery_key).toEqual(stored.by_recovery_key);
    expect(now.version).toBe(2);
  });

  it('after a change with a new wrap, the wraps are replaced with the new password only', async () => {
    const account = await register();
    await setUp(account);
    const wrap = passwordWrap();
    const changed = await change(account, { by_password: wrap });
    expect(changed.statusCode).toBe(200);
    const now = signedInAgain(account, changed.json());
    const replace = (password: string) =>
      injectAs(t, now, {
        method: 'PUT',
        url: RECOVERY_WRAP,
        payload: { password, ...wrappedKey() },
      });

    const withOld = await replace(PASSWORD);
    const withNew = await replace(NEW_PASSWORD);

    expect(withOld.statusCode).toBe(400);
    expect(withOld.json()).toEqual({ password: [ACCOUNT_MESSAGES.wrongCurrentPassword] });
    expect(withNew.statusCode).toBe(200);
    expect(withNew.json<AccountKeys>().by_password).toEqual(wrap);
    expect((await read(now)).json<AccountKeys>().by_password).toEqual(wrap);
  });

  it('change without a wrap: the wraps stay as they were', async () => {
    const account = await register();
    const stored = await setUp(account);

    const response = await change(account);

    expect(response.statusCode).toBe(200);
    expect((await login(account.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await read(signedInAgain(account, response.json()))).json()).toEqual(stored);
  });

  it('a wrong current password stores neither the password nor the wrap', async () => {
    const account = await register();
    const stored = await setUp(account);
    const before = await snapshot(t);

    const response = await change(account, { by_password: passwordWrap() }, 'Wrong1!pass');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('current_password');
    expect(await snapshot(t)).toEqual(before);
    expect((await read(account)).json()).toEqual(stored);
    expect((await login(account.username, PASSWORD)).statusCode).toBe(200);
  });

  it('a malformed wrap stores neither', async () => {
    const account = await register();
    await setUp(account);
    const before = await snapshot(t);

    const bad = altered(passwordWrap(), (w) => Object.assign(w.kdf, { memoryKiB: 1024 }));
    const response = await change(account, { by_password: bad });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ by_password: [MESSAGES.minValue(65536)] });
    expect(await snapshot(t)).toEqual(before);
  });

  it('a wrap for an account without wraps is refused, and the password stays', async () => {
    const account = await register();
    const before = await snapshot(t);

    const response = await change(account, { by_password: passwordWrap() });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ by_password: [ACCOUNT_KEY_MESSAGES.noAccountKey] });
    expect(await snapshot(t)).toEqual(before);
    expect((await login(account.username, PASSWORD)).statusCode).toBe(200);
    expect((await read(account)).statusCode).toBe(404);
  });

  it('deleting the account deletes its wraps, and nobody else’s', async () => {
    const account = await register();
    await setUp(account);
    const bystander = await setUp();
    const wrapsOf = (id: number) =>
      t.database.db
        .selectFrom('account_keys')
        .select('user_id')
        .where('user_id', '=', id)
        .execute();
    expect(await wrapsOf(account.id)).toHaveLength(1);

    const response = await post('/api/account/delete/', { password: PASSWORD }, account.headers);

    expect(response.statusCode).toBe(204);
    expect(await wrapsOf(account.id)).toEqual([]);
    expect((await read()).json()).toEqual(bystander);
  });
});
