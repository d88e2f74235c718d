// Input clean-up for the data routes, run before validation: trimmed text, refused nulls, no infinities.
import type { TObject, TSchema } from '@sinclair/typebox';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import type { FieldErrors } from '../contract/entities.js';
import { MESSAGES } from '../contract/rules.js';
import { HttpError } from './http-error.js';

/**
 * A body is validated without Ajv's type coercion (request-options.ts), which would take `["x"]`
 * for "x" and `true` for 1; DRF refuses both with the field type's message.
 */
const TYPE_MESSAGES: Record<string, string> = {
  string: MESSAGES.invalidString,
  number: MESSAGES.invalidNumber,
  integer: MESSAGES.invalidInteger,
  boolean: MESSAGES.invalidBoolean,
};

/** DRF's message for an explicit null. */
export const NULL_MESSAGE = 'This field may not be null.';
/** For a field set when an object is created that no change may touch (a journal's month). */
export const FIXED_MESSAGE = 'This field cannot be changed once created.';

export interface InputSchemas {
  body?: TObject;
  querystring?: TObject;
  params?: TObject;
  /** Body fields refused whenever present, rather than silently dropped as unknown ones are. */
  fixed?: readonly string[];
}

/**
 * A whole number in a path or query as people write one. Ajv's coercion would also read "2e3",
 * "0x7ea", "1.0", "+5" or " 5" as numbers, so one object would have many addresses.
 */
const DECIMAL_DIGITS = /^[0-9]+$/;

type Fields = Record<string, unknown>;

/**
 * The text forms a body's fields have always been read in (DRF's wire format reads them too):
 * "12.5" for a number, "5" for an integer, "true" or "false" (and 1 or 0) for a boolean, and a
 * number for text. Converted here, field by field, since Ajv checks a body's types as sent.
 */
const INTEGER_TEXT = /^-?[0-9]+$/;
const NUMBER_TEXT = /^-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/;
const TRUE_FORMS = new Set<unknown>(['true', 1]);
const FALSE_FORMS = new Set<unknown>(['false', 0]);

function asDrfReads(value: unknown, type: unknown): unknown {
  switch (type) {
    case 'string':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    case 'integer':
      return typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value;
    case 'number':
      return typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : value;
    case 'boolean':
      return TRUE_FORMS.has(value) ? true : FALSE_FORMS.has(value) ? false : value;
    default:
      return value;
  }
}

const isNumeric = (schema: TSchema) => schema.type === 'number' || schema.type === 'integer';
const notDigits = (value: unknown) => typeof value === 'string' && !DECIMAL_DIGITS.test(value);
/** In a query a minus is let by, so "-4" is answered by the field's minimum. */
const notSignedDigits = (value: unknown) =>
  typeof value === 'string' && !DECIMAL_DIGITS.test(value.startsWith('-') ? value.slice(1) : value);

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
 * A preValidation hook for one route: refuses fields no change may touch, explicit nulls,
 * arrays and booleans for text; reads the text forms DRF reads (asDrfReads); trims the body's
 * text fields (DRF trims CharFields before checking them, so "  " is blank); keeps infinities out
 * of every numeric field; and reads numbers in the path or query only in plain digits.
 */
export function cleanInput(schemas: InputSchemas): preValidationHookHandler {
  const entries = (schema?: TObject) => Object.entries(schema?.properties ?? {});
  const bodyFields = entries(schemas.body).map(
    ([name, field]) => [name, TYPE_MESSAGES[String(field.type)] ?? MESSAGES.invalidString] as const,
  );
  const bodyTypes = entries(schemas.body).map(([name, field]) => [name, field.type] as const);
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
  const integers = (schema?: TObject) =>
    entries(schema)
      .filter(([, field]) => field.type === 'integer')
      .map(([name]) => name);
  const integerQuery = integers(schemas.querystring);
  const integerParams = integers(schemas.params);
  const fixed = schemas.fixed ?? [];

  const clean = (request: FastifyRequest): void => {
    const query = fieldsOf(request.query);
    if (query) {
      // Not a number at all, so Ajv answers with the field's usual "A valid integer is required."
      for (const name of integerQuery) if (notSignedDigits(query[name])) query[name] = Number.NaN;
      parseInfinities(query, numericQuery);
    }
    const params = fieldsOf(request.params);
    if (params) {
      // A path whose number is not written in plain digits names no object.
      if (integerParams.some((name) => notDigits(params[name]))) throw HttpError.notFound();
      parseInfinities(params, numericParams);
    }
    if (!schemas.body) return;
    // No body at all reads as an empty form, as in DRF: a POST lists the required fields, a PATCH changes nothing.
    if (request.body === undefined) request.body = {};
    const body = fieldsOf(request.body);
    if (!body) return;
    let errors: FieldErrors | undefined;
    for (const name of fixed) {
      if (body[name] === undefined) continue;
      errors ??= {};
      errors[name] = [FIXED_MESSAGE];
    }
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
    for (const [name, type] of bodyTypes) {
      if (body[name] !== undefined) body[name] = asDrfReads(body[name], type);
    }
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

/**
 * Walked with an explicit stack, not by recursion: JSON nested a hundred thousand levels deep
 * parses fine, and recursing into it would overflow the call stack (a 500).
 */
function holdsMalformedText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (isMalformedText(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (typeof item === 'object' && item !== null && !Buffer.isBuffer(item)) {
      for (const [key, field] of Object.entries(item)) {
        if (isMalformedText(key)) return true;
        pending.push(field);
      }
    }
  }
  return false;
}

/**
 * Whether a parsed JSON value holds arrays or objects more than `limit` levels deep (the value
 * itself being level 1), found with an explicit stack for the same reason.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
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
