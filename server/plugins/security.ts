// Security headers for every answer (CSP without inline scripts, nosniff, no framing, referrer policy) and CORS.
import cors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * One policy for the app, the API docs and the billing pages: scripts only from our origin,
 * inline styles allowed because Mantine injects its CSS variables at run time. WebAssembly may be
 * compiled ('wasm-unsafe-eval'): private months derive the password key with Argon2id in
 * WebAssembly (src/crypto, whose library carries the module's bytes in its script). It allows
 * compiling WebAssembly only, not eval() or inline scripts, and scripts still come only from our
 * origin.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Helmet's options: the policy above, no framing, and the referrer sent only to our origin in full. */
export const HELMET_OPTIONS = {
  // upgrade-insecure-requests is left out: it would break a plain-HTTP LAN install.
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
} as const;

/** Every API answer may carry a user's data: no cache may keep it unless a route says otherwise. */
export const API_CACHE_CONTROL = 'no-store';

const isApiUrl = (url: string) =>
  url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');

export const MALFORMED_URL = 'Malformed request.';
export const URL_TOO_LONG = 'Request URL too long.';

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode, or a path parameter over the router's
 * limit, is answered before any hook runs, and its own answer echoes the raw path. This one is
 * our JSON shape, names nothing the client sent, and carries the same headers as every answer.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : (error.statusCode ?? 400);
  request.log.info({ code: error.code }, 'malformed request URL');
  // Answered before any hook runs, so @fastify/helmet's has not set them.
  helmet(HELMET_OPTIONS)(request.raw, reply.raw, () => {});
  reply
    .header('x-request-id', request.id)
    .header('cache-control', API_CACHE_CONTROL)
    .code(status)
    .send({
      detail: status >= 500 ? 'A server error occurred.' : tooLong ? URL_TOO_LONG : MALFORMED_URL,
    });
}

export default fp(
  async function security(app: FastifyInstance) {
    await app.register(fastifyHelmet, HELMET_OPTIONS);
    app.addHook('onRequest', (request, reply, done) => {
      // Routes that may be cached (the app's files, the API docs) set their own.
      if (isApiUrl(request.url)) reply.header('cache-control', API_CACHE_CONTROL);
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
        allowedHeaders: [
          'Authorization',
          'Content-Type',
          'X-Request-Id',
          'Idempotency-Key',
          'If-Match',
        ],
        exposedHeaders: ['Retry-After', 'X-Request-Id', 'Link', 'ETag'],
        maxAge: 600,
      });
    }
  },
  { name: 'security' },
);
