// Decorates the app with the open database and closes it when the app closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export default fp(
  async function database(app: FastifyInstance, options: { database: Database }) {
    app.decorate('database', options.database);
    app.addHook('onClose', async () => {
      await options.database.close();
    });
  },
  { name: 'database' },
);
