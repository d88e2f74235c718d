// Decorates `app.repos`: the data repositories, scoped per user with `app.repos.forUser(id)`.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRepositories, type Repositories } from '../repositories/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

export default fp(
  async function repositories(app: FastifyInstance) {
    app.decorate('repos', createRepositories(app.database));
  },
  { name: 'repositories', dependencies: ['database'] },
);
