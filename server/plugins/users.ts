// Decorates the app with the users repository and the password service the account routes use.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUsersRepository, type UsersRepository } from '../repositories/users.js';
import { createPasswordService, type PasswordService } from '../services/passwords.js';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
    passwords: PasswordService;
  }
}

export default fp(
  async function users(app: FastifyInstance) {
    app.decorate('users', createUsersRepository(app.database.db));
    app.decorate('passwords', createPasswordService(app.config.argon2));
  },
  { name: 'users', dependencies: ['database'] },
);
