// Decorates `app.mailer` (server/services/mailer.ts): account emails now, reminder and digest mails later.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../services/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async function mailer(app: FastifyInstance) {
    const { config } = app;
    const instance = createMailer({
      mail: config.mail,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      log: app.log.child({ module: 'mailer' }),
    });
    app.decorate('mailer', instance);
    // Mail queued by a request that was answered still goes out, while the database and the
    // rate limits it may need are still open (onClose hooks would race their closing).
    app.addHook('preClose', async () => instance.settled());
    app.addHook('onClose', async () => instance.close());
  },
  { name: 'mailer', dependencies: ['database'] },
);
