// Builds the Fastify app: external plugins, then app plugins (database, repositories, auth, billing), then routes.
import fastifyAccepts from '@fastify/accepts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import authPlugin from './plugins/auth.js';
import billingPlugin from './plugins/billing.js';
import databasePlugin from './plugins/database.js';
import errorsPlugin from './plugins/errors.js';
import idempotencyPlugin from './plugins/idempotency.js';
import mailerPlugin from './plugins/mailer.js';
import openapiPlugin from './plugins/openapi.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import remindersPlugin from './plugins/reminders.js';
import repositoriesPlugin from './plugins/repositories.js';
import responseCachePlugin from './plugins/response-cache.js';
import securityPlugin, { frameworkErrors } from './plugins/security.js';
import underPressurePlugin from './plugins/under-pressure.js';
import usersPlugin from './plugins/users.js';
import webAppPlugin from './plugins/web-app.js';
import wellFormedInputPlugin from './plugins/well-formed-input.js';
import { bodyValidators, requestId } from './request-options.js';
import routes from './routes/index.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
}

export type App = FastifyInstance;

export async function buildApp({ config, database, logger }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["stripe-signature"]',
          'req.body.password',
          'req.body.refresh',
        ],
        censor: '[redacted]',
      },
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // The client's x-request-id is taken only when it is a short, plain token (genReqId below).
    requestIdHeader: false,
    // Query strings and path parameters arrive as text and are coerced ("7" → 7); bodies are
    // JSON, so their types must be exact (bodyValidators).
    schemaController: { compilersFactory: { buildValidator: bodyValidators } },
    ajv: {
      customOptions: {
        allErrors: true,
        coerceTypes: 'array',
        removeAdditional: true,
        useDefaults: true,
        // Puts the offending value on each error, for messages like '"x" is not a valid choice.'
        verbose: true,
      },
    },
    // Lets Stripe's webhook and clients see a request id in every answer.
    genReqId: requestId,
    // A URL Fastify cannot decode: answered in our shape, with our headers, echoing nothing.
    frameworkErrors,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(wellFormedInputPlugin);
  // request.languages(): the pages the server writes itself (the local checkout, exports) come in
  // the browser's language.
  await app.register(fastifyAccepts);
  // After the security headers' hook, so a 503 for overload carries them.
  await app.register(underPressurePlugin);
  await app.register(openapiPlugin);
  await app.register(databasePlugin, { database });
  await app.register(repositoriesPlugin);
  await app.register(responseCachePlugin);
  await app.register(usersPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await app.register(billingPlugin);
  await app.register(idempotencyPlugin);
  await app.register(mailerPlugin);
  await app.register(remindersPlugin);
  await app.register(routes, { prefix: '/api' });
  await app.register(webAppPlugin);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
