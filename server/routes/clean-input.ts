// Input clean-up for the data routes, run before validation: trimmed text, refused nulls, no infinities.
import type { TObject, TSchema } from '@sinclair/typebox';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import type { FieldErrors } from '../../contract/entities.js';
import { MESSAGES } from '../../contract/rules.js';
import { HttpError } from '../http-error.js';

/**
 * Ajv's coercion would take `["x"]` for "x" and `true` for "true"; DRF refuses both with the
 * field type's message.
 */
const TYPE_MESSAGES: Record<string, string> = {
  string: MESSAGES.invalidString,
  number: MESSAGES.invalidNumber,
  integer: MESSAGES.invalidInteger,
  boolean: MESSAGES.invalidBoolean,
};

/** DRF's message for an explicit null. */
export const NULL_MESSAGE = 'This field may not be null.';

export interface InputSchemas {
  body?: TObject;
  querystring?: TObject;
  params?: TObject;
}

type Fields = Record<string, unknown>;

const isNumeric = (schema: TSchema) => schema.type === 'number' || schema.type === 'integer';

function fieldsOf(value: unknown): Fields | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Fields)
    : null;
}

/**
 * Ajv coerces "Infinity" or "1e400" to a non-finite number and then skips the minimum/maximum
 * checks; parsing such strings here hands Ajv the number itself, which its type check refuses.
 */
function parseInfinities(values: Fields, numericFields: readonly string[]): void {
  for (const name of numericFields) {
    const value = values[name];
    if (typeof value !== 'string') continue;
    const parsed = Number(value);
    if (parsed === Number.POSITIVE_INFINITY || parsed === Number.NEGATIVE_INFINITY) {
      values[name] = parsed;
    }
  }
}

/**
 * A preValidation hook for one route: trims the body's text fields (DRF trims CharFields before
 * checking them, so "  " is blank), refuses explicit nulls (Ajv's coercion would silently turn
 * them into "", 0 or false), arrays, and booleans for text, and keeps infinities out of every
 * numeric field.
 */
export function cleanInput(schemas: InputSchemas): preValidationHookHandler {
  const entries = (schema?: TObject) => Object.entries(schema?.properties ?? {});
  const bodyFields = entries(schemas.body).map(
    ([name, field]) => [name, TYPE_MESSAGES[String(field.type)] ?? MESSAGES.invalidString] as const,
  );
  const textFields = entries(schemas.body)
    .filter(([, field]) => field.type === 'string')
    .map(([name]) => name);
  const numeric = (schema?: TObject) =>
    entries(schema)
      .filter(([, field]) => isNumeric(field))
      .map(([name]) => name);
  const numericBody = numeric(schemas.body);
  const numericQuery = numeric(schemas.querystring);
  const numericParams = numeric(schemas.params);

  const clean = (request: FastifyRequest): void => {
    const query = fieldsOf(request.query);
    if (query) parseInfinities(query, numericQuery);
    const params = fieldsOf(request.params);
    if (params) parseInfinities(params, numericParams);
    if (!schemas.body) return;
    // No body at all reads as an empty form, as in DRF: a POST lists the required fields, a PATCH changes nothing.
    if (request.body === undefined) request.body = {};
    const body = fieldsOf(request.body);
    if (!body) return;
    let errors: FieldErrors | undefined;
    for (const [name, typeMessage] of bodyFields) {
      const value = body[name];
      const message =
        value === null
          ? NULL_MESSAGE
          : Array.isArray(value) || (typeof value === 'boolean' && textFields.includes(name))
            ? typeMessage
            : undefined;
      if (message) {
        errors ??= {};
        errors[name] = [message];
      }
    }
    if (errors) throw new HttpError(400, errors);
    for (const name of textFields) {
      const value = body[name];
      if (typeof value === 'string') body[name] = value.trim();
    }
    parseInfinities(body, numericBody);
  };

  // Written with `done` rather than async: it runs before every data read.
  return function cleanInputHook(request, _reply, done) {
    try {
      clean(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
}
