// The user's data version as cached reads fetch it, and as the database moves it: on every write of the user's rows, whoever makes it.
import { sql } from 'kysely';
import { seedMonth } from '../support/factories.js';
import {
  buildSiblingApp,
  createUser,
  setUpTestApp,
  type TestApp,
  usingPostgres,
} from '../support/test-app.js';

const { t, user } = setUpTestApp();
let sibling: TestApp;

beforeAll(async () => {
  sibling = await buildSiblingApp(t);
});
afterAll(async () => {
  await sibling.close();
});

describe('app.repos.dataVersion', () => {
  it('is undefined for a user who has never written', async () => {
    expect(await t.app.repos.dataVersion(user.id)).toBeUndefined();
  });

  it('moves on with each write, seen at once by another server on the database', async () => {
    await seedMonth(t, user);
    const first = await sibling.app.repos.dataVersion(user.id);
    await seedMonth(t, user, 'February');

    const second = await sibling.app.repos.dataVersion(user.id);
    expect(first).toBeDefined();
    expect(second).toBe((first ?? 0) + 1);
    expect(await t.app.repos.dataVersion(user.id)).toBe(second);
  });

  it('answers reads made at once for several users each with their own version', async () => {
    const other = await createUser(t);
    await seedMonth(t, user);
    await seedMonth(t, user, 'February');
    await seedMonth(t, other);
    const silent = await createUser(t);

    // Made at once, each answered with its own user's version.
    const versions = await Promise.all(
      [user, other, silent, user, other].map((u) => t.app.repos.dataVersion(u.id)),
    );

    expect(versions[0]).toBe((versions[1] ?? 0) + 1);
    expect(versions.slice(3)).toEqual(versions.slice(0, 2));
    expect(versions[2]).toBeUndefined();
  });

  it('never answers a bump its transaction has not committed', async () => {
    await seedMonth(t, user);
    const before = await t.app.repos.dataVersion(user.id);
    let readDuringWrite: Promise<number | undefined> | undefined;

    const rolledBack = t.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('months').values({ author_id: user.id, name: 'Rolled back' }).execute();
      // SQLite: the same connection holds the open transaction; PostgreSQL: another one.
      readDuringWrite = t.app.repos.dataVersion(user.id);
      throw new Error('roll back');
    });

    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await readDuringWrite).toBe(before);
    expect(await t.app.repos.dataVersion(user.id)).toBe(before);
  });
});

describe('the database moves the version (migration 015)', () => {
  const version = () => t.app.repos.dataVersion(user.id);

  it('on a hand-run UPDATE, DELETE and INSERT, once per statement of one row', async () => {
    const month = await seedMonth(t, user);
    const { db } = t.database;
    const afterCreate = (await version()) ?? 0;

    await sql`update months set name = 'By hand' where id = ${month.id}`.execute(db);
    expect(await version()).toBe(afterCreate + 1);
    await sql`insert into goals (author_id, month_id, name) values (${user.id}, ${month.id}, 'Run')`.execute(
      db,
    );
    expect(await version()).toBe(afterCreate + 2);
    await sql`delete from goals where author_id = ${user.id}`.execute(db);
    expect(await version()).toBe(afterCreate + 3);
  });

  it('not for a statement that changes none of the user’s rows, nor for another user’s', async () => {
    const month = await seedMonth(t, user);
    const other = await createUser(t);
    await seedMonth(t, other);
    const before = await version();

    await sql`update months set name = 'Nothing' where id = ${month.id + 1_000_000}`.execute(
      t.database.db,
    );
    await sql`update months set name = 'Theirs' where author_id = ${other.id}`.execute(
      t.database.db,
    );

    expect(await version()).toBe(before);
  });

  it('for the first write of a user who had none, and not when the account goes', async () => {
    expect(await version()).toBeUndefined();
    await sql`insert into months (author_id, name) values (${user.id}, 'First')`.execute(
      t.database.db,
    );
    expect(await version()).toBe(1);

    // The rows cascade with the user: their triggers must not write a version for a gone user.
    await t.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await t.database.db
      .selectFrom('data_versions')
      .select('user_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe("a user's write transactions", () => {
  it('run one at a time, so two that lock rows in other orders cannot deadlock', async () => {
    const repos = t.app.repos.forUser(user.id);
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = () => {};
    const firstIn = new Promise<void>((resolve) => {
      entered = resolve;
    });

    const first = repos.transaction(async () => {
      order.push('first in');
      entered();
      await held;
      order.push('first out');
    });
    await firstIn;
    const second = repos.transaction(async () => {
      order.push('second in');
    });
    if (usingPostgres) {
      // The second waits on the first's lock of the user's row: seen in pg_locks, not guessed.
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ waiting: number }>`
            select count(*)::int as waiting from pg_locks where not granted`.execute(t.database.db);
          expect(rows[0]?.waiting).toBeGreaterThan(0);
        },
        { timeout: 5000, interval: 10 },
      );
    }
    expect(order).toEqual(['first in']);

    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });
});
