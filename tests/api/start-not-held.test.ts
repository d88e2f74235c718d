// A server's start never waits for housekeeping: the bin's sweep of expired items, which waits for
// the database like any query, once held a start past Fastify's 10 s and failed it.
import pg from 'pg';
import { buildSiblingApp, buildTestApp, usingPostgres } from '../support/test-app.js';

// PostgreSQL only: there another connection can hold the bin's table while a server starts.
// SQLite's driver waits synchronously, so a locked table there holds everything alike.
describe.runIf(usingPostgres)('a server starting while the bin is locked', () => {
  it('is ready at once, the sweep waiting on its own', async () => {
    const first = await buildTestApp();
    const locker = new pg.Client({
      connectionString: (first.config.database as { url: string }).url,
    });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table trash in access exclusive mode');
      // Resolves while the lock is held. Before, the start waited for the sweep, and Fastify
      // failed it at 10 s (the onReady hook timed out).
      const second = await buildSiblingApp(first);
      await locker.query('rollback');
      await second.close();
    } finally {
      await locker.end();
      await first.close();
    }
  }, 30_000);
});
