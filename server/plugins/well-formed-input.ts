// Refuses input that is not well-formed Unicode on every route: JSON bodies that are not UTF-8, and lone surrogates anywhere.
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { wellFormedInput } from '../routes/clean-input.js';

export const NOT_UTF8 = 'The body is not valid UTF-8.';

export default fp(
  async function wellFormed(app: FastifyInstance) {
    // Fastify's JSON parser, given the body only once its bytes are known to be UTF-8: decoding
    // would silently turn each bad byte into U+FFFD.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const bytes = body as Buffer;
      if (!isUtf8(bytes)) {
        // The error handler answers a SyntaxError as a JSON parse error (400).
        done(Object.assign(new SyntaxError(NOT_UTF8), { statusCode: 400 }), undefined);
        return;
      }
      parseJson(request, bytes.toString('utf8'), done);
    });
    app.addHook('preValidation', wellFormedInput);
  },
  { name: 'well-formed-input' },
);
