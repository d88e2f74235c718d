// insertChecked: a parent that vanished becomes the caller's error, also inside a transaction.
import { insertChecked } from '../../server/repositories/foreign-keys.js';
import { buildTestApp, createUser, type TestApp } from '../support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('insertChecked', () => {
  it('inside a transaction, lets onMissing query and the transaction go on', async () => {
    const user = await createUser(t);
    const result = await t.database.db.transaction().execute(async (trx) => {
      const error = await insertChecked(
        trx,
        () =>
          trx
            .insertInto('journals')
            .values({
              author_id: user.id,
              month_id: 999_999,
              highlight: 'x',
              created_at: '2024-01-01',
            })
            .execute(),
        // PostgreSQL would refuse this query in a transaction aborted by the failed insert.
        async () => new Error(`${(await trx.selectFrom('months').select('id').execute()).length}`),
      ).catch((caught: unknown) => caught);
      const month = await trx
        .insertInto('months')
        .values({ author_id: user.id, name: 'After' })
        .returning('name')
        .executeTakeFirstOrThrow();
      return { error, month };
    });

    expect(result.error).toEqual(new Error('0'));
    expect(result.month.name).toBe('After');
  });
});
