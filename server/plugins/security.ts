// Security headers for every answer (helmet: CSP without inline scripts, nosniff, no framing) and CORS.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * One policy for the app, the API docs and the billing pages: scripts only from our origin,
 * inline styles allowed because Mantine injects its CSS variables at run time.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export default fp(
  async function security(app: FastifyInstance) {
    await app.register(helmet, {
      // upgrade-insecure-requests is left out: it would break a plain-HTTP LAN install.
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // The id in every log line of a request, so a user's report can be matched to the logs.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    // Bearer tokens, not cookies, so credentials stay off; no origin is allowed unless configured.
    const origins = app.config.corsOrigins;
    await app.register(cors, {
      origin: origins.length > 0 ? origins : false,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
      exposedHeaders: ['Retry-After', 'X-Request-Id'],
      maxAge: 600,
    });
  },
  { name: 'security' },
);
