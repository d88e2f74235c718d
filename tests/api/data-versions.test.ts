// The user's data version as cached reads fetch it: a prepared statement, current on every server, never uncommitted.
import { bumpDataVersion } from '../../server/repositories/data-versions.js';
import { seedMonth } from '../support/factories.js';
import {
  buildSiblingApp,
  buildTestApp,
  createUser,
  type TestApp,
  type TestUser,
} from '../support/test-app.js';

let t: TestApp;
let sibling: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  sibling = await buildSiblingApp(t);
});
afterAll(async () => {
  await sibling.close();
  await t.close();
});
beforeEach(async () => {
  user = await createUser(t);
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

    // Made together, they share one read (db/user-column-read.ts).
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
      await bumpDataVersion(trx, user.id);
      // SQLite: the same connection holds the open transaction; PostgreSQL: another one.
      readDuringWrite = t.app.repos.dataVersion(user.id);
      throw new Error('roll back');
    });

    await expect(rolledBack).rejects.toThrow('roll back');
    expect(await readDuringWrite).toBe(before);
    expect(await t.app.repos.dataVersion(user.id)).toBe(before);
  });
});
