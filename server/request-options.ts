// Fastify constructor options deciding what a request may carry: exact body types, and which request ids are taken.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import AjvCompiler from '@fastify/ajv-compiler';

const compilers = AjvCompiler();

// Named from the compiler itself: the package's namespace of types is not reachable through its
// default import with every install layout (the type check failed after a fresh install).
type BuildValidator = typeof compilers;
type CompilerOptions = NonNullable<Parameters<BuildValidator>[1]>;
type Compile = ReturnType<BuildValidator>;

/**
 * Fastify's own Ajv compiler, twice: as configured for query strings, path parameters and
 * headers, which are text that must be coerced ("7" is 7), and without type coercion for
 * bodies, where it would store `true` as 1 and take `["x"]` for "x". Fastify compiles each
 * part of a route's schema on its own and says which part it is (`httpPart`).
 */
export const bodyValidators: BuildValidator = (externalSchemas, options) => {
  const given = (options ?? {}) as CompilerOptions;
  const coercing = compilers(externalSchemas, given);
  // removeAdditional off: a body schema that names every field it takes (additionalProperties:
  // false, e.g. the account key's wraps) refuses an unknown one with a 400 instead of dropping it.
  // Schemas without that keyword are unaffected: their unknown fields pass, and are ignored.
  const exact = compilers(externalSchemas, {
    ...given,
    customOptions: { ...given.customOptions, coerceTypes: false, removeAdditional: false },
  } as CompilerOptions);
  // Fastify hands each compiler the route's schema definition, which the types call a schema.
  return ((definition: Parameters<Compile>[0] & { httpPart?: string }) =>
    (definition.httpPart === 'body' ? exact : coercing)(definition)) as Compile;
};

/** A request id a client may choose: short, and nothing a log line or header could trip on. */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id: the client's `x-request-id` when it is such a token (so a proxy's id carries
 * through the logs), else a fresh UUID. Anything else the client sent is never echoed back.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}
