// Refuses input that is not well-formed Unicode on every route (JSON bodies that are not UTF-8, and lone surrogates anywhere), and JSON nested absurdly deep.
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { nestsDeeperThan, wellFormedInput } from '../clean-input.js';

export const NOT_UTF8 = 'The body is not valid UTF-8.';
/**
 * No request body of the API nests more than a few levels: deeper ones are refused once parsed,
 * so no later step (validation, hashing, logging) has to be written to survive a hundred
 * thousand levels.
 */
export const MAX_BODY_DEPTH = 32;
export const NESTED_TOO_DEEP = `The body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep.`;

/** The error handler answers a SyntaxError as a JSON parse error (400). */
const parseError = (message: string) =>
  Object.assign(new SyntaxError(message), { statusCode: 400 });

export default fp(
  async function wellFormed(app: FastifyInstance) {
    // Fastify's JSON parser, given the body only once its bytes are known to be UTF-8: decoding
    // would silently turn each bad byte into U+FFFD.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const bytes = body as Buffer;
      if (!isUtf8(bytes)) {
        done(parseError(NOT_UTF8), undefined);
        return;
      }
      parseJson(request, bytes.toString('utf8'), (error, parsed) => {
        if (!error && nestsDeeperThan(parsed, MAX_BODY_DEPTH)) {
          done(parseError(NESTED_TOO_DEEP), undefined);
          return;
        }
        done(error, parsed);
      });
    });
    app.addHook('preValidation', wellFormedInput);
  },
  { name: 'well-formed-input' },
);
