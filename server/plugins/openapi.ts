// Generates the OpenAPI document from every route's schema and serves it with a docs page.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

export default fp(
  async function openapi(app: FastifyInstance) {
    // Registered before any route, so its onRoute hook sees every route added later.
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Monthbook API',
          description: 'The HTTP API of Monthbook, a personal journal organised by month.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      // Contract schemas carry $ids; naming them after the $id gives readable component names.
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`),
      },
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // No call to validator.swagger.io, which our CSP would block anyway.
      uiConfig: { validatorUrl: null, deepLinking: false },
    });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
