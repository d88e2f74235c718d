// Security headers for every answer (CSP without inline scripts, nosniff, no framing, referrer policy) and CORS.
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

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

/**
 * Helmet's headers, computed once. Our policy has no per-request parts (no nonces), and running
 * helmet's middleware chain on every request cost about a third of a small answer's throughput.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    // upgrade-insecure-requests is left out: it would break a plain-HTTP LAN install.
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export default fp(
  async function security(app: FastifyInstance) {
    const headers = securityHeaders();
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      // The id in every log line of a request, so a user's report can be matched to the logs.
      reply.header('x-request-id', request.id);
      done();
    });
    // Bearer tokens, not cookies, so credentials stay off; no origin is allowed unless configured.
    const origins = app.config.corsOrigins;
    if (origins.length > 0) {
      await app.register(cors, {
        origin: origins,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
        exposedHeaders: ['Retry-After', 'X-Request-Id'],
        maxAge: 600,
      });
    }
  },
  { name: 'security' },
);
