// PostgreSQL stops a query the server has given up on (statement_timeout on every pooled connection), as a hostile search's was not.
import { sql } from 'kysely';
import { loadConfig } from '../../server/config.js';
import { isDatabaseUnavailable } from '../../server/db/errors.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('DATABASE_STATEMENT_TIMEOUT_MS', () => {
  const env = { DATA_DIR: '/tmp/monthbook-timeout-config', JWT_SECRET: 'x'.repeat(40) };

  it('defaults to 10 s, 0 turns it off, and other values are refused at start-up', () => {
    const postgres = {
      ...env,
      DATABASE_URL: 'postgres://u@db:5432/monthbook',
      VAPID_PUBLIC_KEY:
        'BG40xWlBfY1MMssLx7OrjKrElkTPeYrdFr9d-quADOCmwFkWPb42EH4z57YdlqoTagKHvm5mV463Q7k1Z8kynqM',
      VAPID_PRIVATE_KEY: 'lIOOx0HuflEJY0Xj_FQ5Be4zH7RvANCuWRjHNDOdTuU',
    };
    expect(loadConfig(postgres).database).toMatchObject({ statementTimeoutMs: 10_000 });
    expect(loadConfig({ ...postgres, DATABASE_STATEMENT_TIMEOUT_MS: '0' }).database).toMatchObject({
      statementTimeoutMs: 0,
    });
    expect(() => loadConfig({ ...postgres, DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS must be an integer/,
    );
  });
});

describe.runIf(onPostgres)('statement_timeout on PostgreSQL connections', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('is set on every connection of the pool, 10 s unless configured', async () => {
    t = await buildTestApp();
    // Each holds its connection until all three hold one, so the pool opens three (of its ten).
    const holders = 3;
    let holding = 0;
    let allHolding = () => {};
    const allHeld = new Promise<void>((resolve) => {
      allHolding = resolve;
    });
    const shown = await Promise.all(
      Array.from({ length: holders }, () =>
        t.database.db.connection().execute(async (db) => {
          const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(
            db,
          );
          holding += 1;
          if (holding === holders) allHolding();
          await allHeld;
          return rows[0]?.statement_timeout;
        }),
      ),
    );
    expect(shown).toEqual(['10s', '10s', '10s']);
  });

  it('leaves migrations unlimited, and the connection they ran on limited again after', async () => {
    // 1 ms: any statement of the migrations, or their wait for another server's, would pass it.
    t = await buildTestApp({ DATABASE_STATEMENT_TIMEOUT_MS: '1' });
    // On a busy machine even `show` can take over 1 ms and be cancelled (57014), which shows the
    // limit is on; ask again until one answers in time, so the value itself is checked.
    const shownOn = async (db: typeof t.database.db): Promise<string | undefined> => {
      for (let attempt = 0; ; attempt++) {
        try {
          const { rows } = await sql<{
            statement_timeout: string;
          }>`show statement_timeout`.execute(db);
          return rows[0]?.statement_timeout;
        } catch (error) {
          if ((error as { code?: string }).code !== '57014' || attempt >= 50) throw error;
        }
      }
    };
    const shown = await Promise.all(
      Array.from({ length: 2 }, () => t.database.db.connection().execute(shownOn)),
    );
    expect(shown).toEqual(['1ms', '1ms']);
  });

  it('stops a query that runs longer, which the app answers as the database being busy', async () => {
    t = await buildTestApp({ DATABASE_STATEMENT_TIMEOUT_MS: '100' });
    // The query under test: it would run 5 s, far past the 100 ms limit.
    const error = await sql`select pg_sleep(5)`.execute(t.database.db).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '57014' });
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The connection is free again at once, and its query is gone from the server.
    const { rows } = await sql<{ running: number }>`
      select count(*)::int as running from pg_stat_activity
      where query like 'select pg_sleep(5)%' and state = 'active'`.execute(t.database.db);
    expect(rows[0]?.running).toBe(0);
  });
});
