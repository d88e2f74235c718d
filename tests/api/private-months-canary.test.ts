// The canary on the server, on either database: a private month's content sealed with the browser's own code, a string found nowhere else in each text it seals, and the same string sent in the plain fields beside each envelope, as a faulty client might. After writes, an edit, a conflicting edit, a reminder by mail and by push, a weekly digest, the exports, a search and another user's reads, the string is nowhere the server keeps or sends: its database (the SQLite file and its WAL, or a pg_dump of its schema), its mails, its pushes, its answers.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { Journal, Month } from '../../contract/entities.js';
import { generateKey } from '../../src/crypto/keys.js';
import { sealFields } from '../../src/crypto/month-content.js';
import { wrappedKey } from '../support/factories.js';
import { type PushService, startPushService } from '../support/push-service.js';
import { type SmtpCatcher, startSmtpCatcher } from '../support/smtp-catcher.js';
import { buildTestApp, createUser, injectAs, type TestApp } from '../support/test-app.js';

/** Lower case letters and digits: the server's folded search copy of a text would be the same. */
const CANARY = `cnryzq${process.pid}`;
const EMAIL = `canary${process.pid}@example.com`;

let t: TestApp;
let catcher: SmtpCatcher;
let pushService: PushService;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  pushService = await startPushService();
  t = await buildTestApp({
    SMTP_URL: catcher.url,
    PUBLIC_URL: 'https://monthbook.test',
    MAIL_FROM: 'Monthbook <hi@monthbook.test>',
    // The push service stub listens on loopback, which pushes may reach only when allowed.
    PUSH_ALLOW_PRIVATE: 'on',
  });
});
afterAll(async () => {
  await t?.close();
  await catcher?.close();
  await pushService?.close();
});

/** Everything the database holds, as text: the SQLite file with its WAL, or a dump of the schema. */
async function databaseText(): Promise<string> {
  const config = t.config.database;
  if (config.kind === 'sqlite') {
    const files = [config.path, `${config.path}-wal`].filter((file) => existsSync(file));
    return files.map((file) => readFileSync(file).toString('latin1')).join('\n');
  }
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
    t.database.db,
  );
  const url = new URL(config.url);
  url.searchParams.delete('options');
  return execFileSync('pg_dump', ['--data-only', `--schema=${rows[0]!.schema}`, url.toString()], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

it('a private month’s words reach nowhere the server keeps or sends', async () => {
  const owner = await createUser(t);
  const other = await createUser(t);
  await t.database.db
    .updateTable('users')
    .set({ email: EMAIL, email_key: EMAIL })
    .where('id', '=', owner.id)
    .execute();
  /** Every answer the server gave, to anyone. */
  const answers: string[] = [];
  const as =
    (user: typeof owner) =>
    async (
      method: InjectOptions['method'],
      url: string,
      payload?: object,
      headers: Record<string, string> = {},
    ) => {
      const response = await injectAs(t, user, { method, url, payload, headers });
      answers.push(response.body);
      return response;
    };
  const call = as(owner);
  const ok = async (response: Promise<{ statusCode: number; json<T>(): T }>, status = 200) => {
    const answered = await response;
    expect(answered.statusCode).toBe(status);
    return answered;
  };

  await ok(
    call('PUT', '/api/account/reminders/', {
      time: '20:00',
      time_zone: 'UTC',
      by_email: true,
      by_push: true,
      weekly_digest: true,
      language: 'en',
    }),
  );
  const device = pushService.subscribe(`canary-${process.pid}`);
  await ok(
    call('POST', '/api/account/push-subscriptions/', {
      endpoint: device.endpoint,
      keys: device.keys,
    }),
    201,
  );

  // A month created private, then each item as the browser writes one: created blank, its
  // content sealed in an update once the server has given it an id (which the envelope is bound to).
  const monthKey = generateKey();
  const month = (
    await ok(
      call('POST', '/api/months/', {
        name: '',
        period: '2026-11',
        month_key: wrappedKey(),
        sealed: null,
      }),
      201,
    )
  ).json<Month>();
  const monthName = { name: `${CANARY} month` };
  await ok(
    call('PATCH', `/api/months/${month.id}/`, {
      ...monthName,
      sealed: sealFields(monthKey, 'month', month.id, monthName),
    }),
  );
  const items: Record<'habits' | 'measures' | 'goals', number> = {
    habits: 0,
    measures: 0,
    goals: 0,
  };
  const contents = {
    habits: { kind: 'habit', fields: { name: `${CANARY} habit` } },
    measures: { kind: 'measure', fields: { name: `${CANARY} measure`, unit: `${CANARY} unit` } },
    goals: { kind: 'goal', fields: { name: `${CANARY} goal`, is_completed: true } },
  } as const;
  for (const path of ['habits', 'measures', 'goals'] as const) {
    const created = await ok(
      call('POST', `/api/${path}/`, { month_id: month.id, name: '', sealed: null }),
      201,
    );
    const id = created.json<{ id: number }>().id;
    items[path] = id;
    const { kind, fields } = contents[path];
    await ok(
      call('PATCH', `/api/${path}/${id}/`, {
        ...fields,
        sealed: sealFields(monthKey, kind, id, fields),
      }),
    );
  }

  // Three days of the week before the digest, with a tick and a value.
  const entries: Journal[] = [];
  for (const day of ['2026-11-10', '2026-11-11', '2026-11-13']) {
    const created = await ok(
      call('POST', '/api/journals/', {
        month_id: month.id,
        created_at: day,
        highlight: '',
        sealed: null,
      }),
      201,
    );
    const id = created.json<Journal>().id;
    const content = { highlight: `${CANARY} highlight`, note: `${CANARY} note`, mood: 4 };
    const sealed = await ok(
      call('PATCH', `/api/journals/${id}/`, {
        ...content,
        sealed: sealFields(monthKey, 'entry', id, content),
      }),
    );
    entries.push(sealed.json<Journal>());
    const tick = await ok(
      call('POST', '/api/dailyhabits/', {
        journal_id: id,
        habit_id: items.habits,
        is_practiced: false,
        sealed: null,
      }),
      201,
    );
    const tickId = tick.json<{ id: number }>().id;
    await ok(
      call('PATCH', `/api/dailyhabits/${tickId}/`, {
        is_practiced: true,
        sealed: sealFields(monthKey, 'tick', tickId, { is_practiced: true, is_skipped: false }),
      }),
    );
    const value = await ok(
      call('POST', '/api/dailymeasures/', {
        journal_id: id,
        measure_id: items.measures,
        metric: 0,
        sealed: null,
      }),
      201,
    );
    const valueId = value.json<{ id: number }>().id;
    await ok(
      call('PATCH', `/api/dailymeasures/${valueId}/`, {
        metric: 0,
        sealed: sealFields(monthKey, 'value', valueId, { metric: 7 }),
      }),
    );
  }

  // An edit, then another device's edit made on the version before it: refused, as any conflict.
  const [first] = entries;
  const edit = { highlight: `${CANARY} edited`, note: `${CANARY} edited note`, mood: 5 };
  await ok(
    call(
      'PATCH',
      `/api/journals/${first!.id}/`,
      { ...edit, sealed: sealFields(monthKey, 'entry', first!.id, edit) },
      { 'if-match': `"${first!.version}"` },
    ),
  );
  const stale = { highlight: `${CANARY} conflict`, note: '', mood: 1 };
  await ok(
    call(
      'PATCH',
      `/api/journals/${first!.id}/`,
      { ...stale, sealed: sealFields(monthKey, 'entry', first!.id, stale) },
      { 'if-match': `"${first!.version}"` },
    ),
    412,
  );

  // Reads, exports and a search as the owner; the same addresses as another user.
  const reads = [
    '/api/months/',
    `/api/months/${month.id}/`,
    `/api/journals/?month=${month.id}`,
    `/api/habits/?month=${month.id}`,
    `/api/measures/?month=${month.id}`,
    `/api/goals/?month=${month.id}`,
    `/api/dailyhabits/?month=${month.id}`,
    `/api/dailymeasures/?journal=${first!.id}`,
    `/api/journals/?search=${CANARY}`,
    '/api/export/',
    `/api/months/${month.id}/export.csv`,
    `/api/months/${month.id}/stats/`,
    '/api/years/2026/',
  ];
  for (const url of reads) await call('GET', url);
  for (const url of reads) await as(other)('GET', url);

  // Sunday has no entry: its reminder goes by mail and by push; Monday morning, the digest.
  await t.app.reminders.service.tick(new Date('2026-11-15T20:00:00Z'));
  await t.app.reminders.service.tick(new Date('2026-11-16T08:00:00Z'));

  const mails = catcher.mails.filter((mail) => mail.to.includes(EMAIL));
  expect(mails.map((mail) => mail.subject)).toEqual([
    'A reminder to write today’s entry',
    'Your week in Monthbook: 3 entries',
  ]);
  for (const mail of mails) expect(mail.raw).not.toContain(CANARY);
  const pushes = pushService.received.filter(
    (push) => push.path === new URL(device.endpoint).pathname,
  );
  expect(pushes).toHaveLength(1);
  expect(device.decrypt(pushes[0]!.body)).not.toContain(CANARY);

  // The answers held the sealed rows (the owner's reads), and none of the words.
  const answered = answers.join('\n');
  expect(answered.match(/"sealed":\{/g)?.length).toBeGreaterThanOrEqual(10);
  expect(answered).not.toContain(CANARY);

  // The database was read: it holds the owner and the envelopes, and none of the words.
  const stored = await databaseText();
  expect(stored).toContain(owner.username);
  expect(stored).toContain(entries[1]!.sealed!.nonce);
  expect(stored).not.toContain(CANARY);
});
