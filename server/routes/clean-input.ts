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
  // A field whose schema says `nullable` takes an explicit null (it clears the value).
  const nullableFields = entries(schemas.body)
    .filter(([, field]) => field.nullable === true)
    .map(([name]) => name);
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
        value === null && !nullableFields.includes(name)
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

/**
 * JSON may spell half of a surrogate pair (`"\ud800"`): a string no database stores as sent
 * (SQLite writes U+FFFD, PostgreSQL refuses it), so it is refused here, before either sees it.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;
const isMalformedText = (value: string) => LONE_SURROGATE.test(value);

function holdsMalformedText(value: unknown): boolean {
  if (typeof value === 'string') return isMalformedText(value);
  if (Array.isArray(value)) return value.some(holdsMalformedText);
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (isMalformedText(key) || holdsMalformedText(item)) return true;
  }
  return false;
}

/**
 * The fields of a parsed body, query or params object holding text that is not well-formed
 * Unicode, at any depth: each named by its top-level key, as validation errors are. A bad key,
 * or a body that is not an object, is `non_field_errors`.
 */
export function malformedTextFields(values: unknown): string[] {
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    return holdsMalformedText(values) ? ['non_field_errors'] : [];
  }
  if (Buffer.isBuffer(values)) return [];
  const fields: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (isMalformedText(key)) fields.push('non_field_errors');
    else if (holdsMalformedText(value)) fields.push(key);
  }
  return fields;
}

/**
 * Query values whose percent-escapes are not UTF-8 (`?search=%FF`): the query parser keeps them
 * as the raw text, which would be searched for or stored as if the client had meant it.
 */
export function undecodableQueryFields(url: string): string[] {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return [];
  const fields: string[] = [];
  for (const pair of url.slice(start + 1).split('&')) {
    const equals = pair.indexOf('=');
    const rawKey = equals === -1 ? pair : pair.slice(0, equals);
    const decode = (text: string) => decodeURIComponent(text.replaceAll('+', ' '));
    let key: string;
    try {
      key = decode(rawKey);
    } catch {
      fields.push('non_field_errors');
      continue;
    }
    try {
      if (equals !== -1) decode(pair.slice(equals + 1));
    } catch {
      fields.push(key);
    }
  }
  return fields;
}

/**
 * An app-wide preValidation hook: every body, query and params object, whatever the route, is
 * refused with a field error when it holds text that is not well-formed Unicode.
 */
export const wellFormedInput: preValidationHookHandler = (request, _reply, done) => {
  const fields = [
    ...malformedTextFields(request.body),
    ...malformedTextFields(request.query),
    ...malformedTextFields(request.params),
    ...undecodableQueryFields(request.url),
  ];
  if (fields.length === 0) {
    done();
    return;
  }
  const errors: FieldErrors = {};
  for (const field of fields) errors[field] = [MESSAGES.invalidString];
  done(new HttpError(400, errors));
};
