// SQLite's second connection: a read outside a transaction never waits for another request's transaction, and sees what it committed.
import { seedMonth } from '../support/factories.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  type TestApp,
  usingPostgres,
} from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Longer than any read here takes, far shorter than the transactions the tests hold open. */
const PROMPT_MS = 1000;

/** `work`'s value, or 'waited' when it has not settled within PROMPT_MS. */
async function within<T>(work: Promise<T>): Promise<T | 'waited'> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'waited'>((resolve) => {
    timer = setTimeout(() => resolve('waited'), PROMPT_MS);
  });
  try {
    return await Promise.race([work, waited]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Opens a transaction that renames the user and then waits for `finish()`, as an import's long
 * transaction does between statements. `renamed` resolves once the rename ran inside it.
 */
function holdTransaction(userId: number, username: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let renamed!: () => void;
  const inside = new Promise<void>((resolve) => {
    renamed = resolve;
  });
  const done = t.database.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ username }).where('id', '=', userId).execute();
    // The transaction's own reads see its writes.
    const own = await trx
      .selectFrom('users')
      .select('username')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    renamed();
    await finished;
    return own.username;
  });
  return { inside, finish, done };
}

const usernameOf = async (id: number) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).username;

// PostgreSQL gives every request a pooled connection of its own: nothing to test there.
describe.skipIf(usingPostgres)('SQLite reads beside an open transaction', () => {
  it('answers a plain read at once, from committed data, and sees the commit afterwards', async () => {
    const writer = await createUser(t);
    const { inside, finish, done } = holdTransaction(writer.id, 'renamed-in-transaction');
    await inside;

    try {
      expect(await within(usernameOf(writer.id))).toBe(writer.username);
    } finally {
      finish();
    }

    expect(await done).toBe('renamed-in-transaction');
    expect(await usernameOf(writer.id)).toBe('renamed-in-transaction');
  });

  it("answers another user's months list at once, and the writer's after it commits", async () => {
    const writer = await createUser(t);
    const reader = await createUser(t);
    await seedMonth(t, reader, 'March');
    await seedMonth(t, writer, 'January');
    // Cache the writer's list at the version before the transaction.
    const before = await injectAs(t, writer, {
      method: 'GET',
      url: '/api/months/',
    });
    expect(before.json()).toHaveLength(1);

    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let created!: () => void;
    const inside = new Promise<void>((resolve) => {
      created = resolve;
    });
    // A month created, and the data version its trigger moves, in one transaction held open.
    const done = t.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('months').values({ author_id: writer.id, name: 'February' }).execute();
      created();
      await finished;
    });
    await inside;

    try {
      const list = await within(injectAs(t, reader, { method: 'GET', url: '/api/months/' }));
      expect(list).not.toBe('waited');
      if (list !== 'waited') {
        expect(list.statusCode).toBe(200);
        expect(list.json().map((month: { name: string }) => month.name)).toEqual(['March']);
      }
    } finally {
      finish();
    }
    await done;

    const after = await injectAs(t, writer, {
      method: 'GET',
      url: '/api/months/',
    });
    expect(
      after
        .json()
        .map((month: { name: string }) => month.name)
        .sort(),
    ).toEqual(['February', 'January']);
  });

  it('still runs writes one after another: a write waits for the open transaction', async () => {
    const writer = await createUser(t);
    const other = await createUser(t);
    const { inside, finish, done } = holdTransaction(writer.id, 'held-rename');
    await inside;

    const write = t.database.db
      .updateTable('users')
      .set({ username: 'queued-rename' })
      .where('id', '=', other.id)
      .execute();
    try {
      expect(await within(write)).toBe('waited');
    } finally {
      finish();
    }

    await done;
    await write;
    expect(await usernameOf(other.id)).toBe('queued-rename');
  });

  it('rolls back a failed transaction and frees the writer for the next one', async () => {
    const writer = await createUser(t);
    const failed = t.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ username: 'never' })
        .where('id', '=', writer.id)
        .execute();
      throw new Error('roll back');
    });
    await expect(failed).rejects.toThrow('roll back');

    expect(await usernameOf(writer.id)).toBe(writer.username);
    await t.database.db
      .updateTable('users')
      .set({ username: 'after-rollback' })
      .where('id', '=', writer.id)
      .execute();
    expect(await usernameOf(writer.id)).toBe('after-rollback');
  });
});
