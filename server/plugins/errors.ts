// DRF-style error bodies: validation errors as field maps, the repositories' domain errors, hidden 5xx details, 503 while the database is down.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_MESSAGES } from '../../contract/account.js';
import { ACCOUNT_KEY_PATTERN_MESSAGES } from '../../contract/account-key-rules.js';
import { PERIOD_MESSAGE, PERIOD_PATTERN } from '../../contract/month-period.js';
import { QUOTA_EXCEEDED } from '../../contract/quotas.js';
import { VERSION_CONFLICT, VERSION_MESSAGES } from '../../contract/row-versions.js';
import { MESSAGES } from '../../contract/rules.js';
import { SEALED_CT_PATTERN, SEALED_MESSAGES } from '../../contract/sealed-rules.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { HttpError } from '../http-error.js';
import {
  Conflict,
  DomainError,
  InvalidInput,
  NotFound,
  QuotaExceeded,
  VersionMismatch,
} from '../repositories/errors.js';
import { isForeignKeyViolation } from '../repositories/foreign-keys.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  data?: unknown;
}

function fieldOf(error: AjvError): string {
  // A missing or unknown field of the body itself is named; one inside a field, by that field.
  if (error.instancePath === '') {
    if (error.keyword === 'required') return String(error.params.missingProperty);
    if (error.keyword === 'additionalProperties') return String(error.params.additionalProperty);
  }
  const path = error.instancePath.replace(/^\//, '').split('/')[0];
  return path === '' ? 'non_field_errors' : (path ?? 'non_field_errors');
}

function messageOf(error: AjvError): string {
  const { keyword, params } = error;
  switch (keyword) {
    case 'required':
      return MESSAGES.required;
    case 'type': {
      const expected = String(params.type);
      if (error.instancePath === '') return 'Invalid data. Expected a dictionary.';
      if (expected === 'number') return MESSAGES.invalidNumber;
      if (expected === 'integer') return MESSAGES.invalidInteger;
      if (expected === 'boolean') return MESSAGES.invalidBoolean;
      if (expected === 'string') return MESSAGES.invalidString;
      return `Expected ${expected}.`;
    }
    case 'minLength':
      return MESSAGES.blank;
    case 'maxLength':
      return MESSAGES.maxLength(Number(params.limit));
    case 'maximum':
      return MESSAGES.maxValue(Number(params.limit));
    case 'minimum':
      return MESSAGES.minValue(Number(params.limit));
    case 'pattern': {
      const pattern = String(params.pattern);
      if (pattern === PERIOD_PATTERN) return PERIOD_MESSAGE;
      if (pattern === SEALED_CT_PATTERN) return SEALED_MESSAGES.ciphertext;
      return ACCOUNT_KEY_PATTERN_MESSAGES[pattern] ?? 'Null characters are not allowed.';
    }
    case 'additionalProperties':
      return MESSAGES.unknownField(String(params.additionalProperty));
    case 'format':
      return params.format === 'date' ? MESSAGES.invalidDate : 'Invalid value.';
    case 'const':
    case 'enum':
    case 'anyOf':
      return `"${String(error.data ?? '')}" is not a valid choice.`;
    default:
      return 'Invalid value.';
  }
}

/** Turns Ajv's errors into `{field: [messages]}`, one message per field, as DRF does. */
export function fieldErrors(errors: readonly AjvError[]): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const error of errors) {
    // anyOf reports each branch too; the umbrella message is enough.
    if (error.keyword === 'const' && errors.some((e) => e.keyword === 'anyOf')) continue;
    // A failed if/else (plain content's rules, requests.ts) reports its own errors too.
    if (error.keyword === 'if') continue;
    const field = fieldOf(error);
    const messages = result[field] ?? [];
    const message = messageOf(error);
    if (!messages.includes(message)) messages.push(message);
    result[field] = messages;
  }
  return result;
}

/** The one mapping of what the repositories refuse (repositories/errors.ts) to status and body. */
function domainAnswer(error: DomainError): { status: number; body: unknown } {
  if (error instanceof NotFound) return { status: 404, body: { detail: MESSAGES.notFound } };
  if (error instanceof InvalidInput) return { status: 400, body: error.fields };
  if (error instanceof QuotaExceeded) {
    return { status: 400, body: { detail: error.detail, code: QUOTA_EXCEEDED } };
  }
  if (error instanceof Conflict) {
    return { status: 409, body: { detail: error.detail, code: error.code } };
  }
  if (error instanceof VersionMismatch) {
    const body = { detail: VERSION_MESSAGES.conflict, code: VERSION_CONFLICT };
    return { status: 412, body: { ...body, current: error.current } };
  }
  throw new Error(`No HTTP answer for ${error.name}`);
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send(error.body);
      }
      if (error instanceof DomainError) {
        const { status, body } = domainAnswer(error);
        return reply.code(status).send(body);
      }
      if (error.validation) {
        // A path that does not parse names no object: answer as Django's router would.
        if (error.validationContext === 'params') {
          return reply.code(404).send({ detail: MESSAGES.notFound });
        }
        return reply.code(400).send(fieldErrors(error.validation as unknown as AjvError[]));
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply.code(400).send({ detail: `JSON parse error - ${error.message}` });
      }
      // Parents are checked before inserts; what is left is the user row itself, gone since the
      // access token was issued (a deleted account): SimpleJWT's answer for that.
      if (request.user && isForeignKeyViolation(error)) {
        return reply
          .code(401)
          .send({ detail: ACCOUNT_MESSAGES.userNotFound, code: 'user_not_found' });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ detail: 'Service temporarily unavailable. Please try again shortly.' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ detail: error.message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ detail: 'A server error occurred.' });
    });
  },
  { name: 'errors' },
);
