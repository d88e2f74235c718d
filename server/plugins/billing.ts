// Payment state and the paywall. Until payments land every user counts as paid (BILLING=off).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pre-handler for the data routes: 402 for a user who has not paid. Runs after `authenticate`. */
    requirePaid: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export default fp(
  async function billing(app: FastifyInstance) {
    app.decorate('requirePaid', async () => {});
  },
  { name: 'billing', dependencies: ['auth'] },
);
