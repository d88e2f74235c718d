// Every route of a built app (Fastify's route table) with its OpenAPI schemas, and fast-check requests for any of them.
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { anyValue, encodeSegment, garbageBody, oddSegment, toText } from './fuzz-values.js';

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
}

interface Operation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Route {
  method: HTTPMethods;
  /** Fastify's pattern, e.g. `/api/months/:id`. */
  path: string;
  /** Its OpenAPI operation; undefined for routes hidden from the document. */
  operation: Operation | undefined;
}

export const routeName = (route: Route) => `${route.method} ${route.path}`;

/** `/api/months/:id` → `/api/months/{id}/` as the document spells it (with or without the slash). */
function operationOf(document: OpenApiDocument, method: string, path: string) {
  const openApiPath = path.replace(/:(\w+)/g, '{$1}');
  const item = document.paths[openApiPath] ?? document.paths[`${openApiPath}/`];
  return item?.[method.toLowerCase()];
}

/**
 * Every method and path the app answers (HEAD aside, which Fastify adds to each GET), read from
 * `printRoutes`: one line per node, each child four columns right of its parent.
 */
export function listRoutes(app: FastifyInstance, document: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    stack.length = (match[1] ?? '').length / 4;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ')) {
      if (method === '' || method === 'HEAD') continue;
      const known = method as HTTPMethods;
      routes.push({ method: known, path, operation: operationOf(document, method, path) });
    }
  }
  return routes;
}

/** Every operation of the document, as `METHOD /path/{param}/`. */
export function documentedOperations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

export interface FuzzContext {
  document: OpenApiDocument;
  /** Real ids (the caller's and another user's) for an id field or path parameter of `path`. */
  realId(path: string, field: string): fc.Arbitrary<number>;
  /** Values that mean something to the server for this field (tokens, usernames), if any. */
  knownString(field: string): fc.Arbitrary<string> | null;
}

function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').at(-1) ?? '';
  return document.components?.schemas?.[name] ?? {};
}

const isoDate = fc
  .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Values that satisfy `schema` (mostly: ids may be another user's), so requests reach the handlers. */
function validValue(
  context: FuzzContext,
  raw: JsonSchema,
  field: string,
  path: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolve(context.document, raw);
  if (depth > 4) return anyValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0)
    return fc.oneof(
      ...options.map((option) => validValue(context, option, field, path, depth + 1)),
    );
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const record = Object.fromEntries(
        properties.map(([name, value]) => [
          name,
          validValue(context, value, name, path, depth + 1),
        ]),
      );
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(validValue(context, schema.items ?? {}, field, path, depth + 1), {
        maxLength: 3,
      });
    case 'string':
      return (
        context.knownString(field) ??
        (schema.format === 'date'
          ? isoDate
          : fc.string({
              minLength: schema.minLength ?? 0,
              maxLength: Math.min(schema.maxLength ?? 40, 300),
            }))
      );
    case 'integer':
      return /(^|_)id$/.test(field)
        ? context.realId(path, field)
        : fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e12, max: schema.maximum ?? 1e12, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return anyValue;
  }
}

/** Valid bodies, bodies with one field wrong, known fields with any values (some missing, extras), garbage. */
function bodyFor(context: FuzzContext, route: Route): fc.Arbitrary<string | undefined> {
  const content = route.operation?.requestBody?.content ?? {};
  const raw = Object.values(content)[0]?.schema;
  if (!raw) return fc.oneof(fc.constant(undefined), garbageBody);
  const schema = resolve(context.document, raw);
  const valid = validValue(context, schema, '', route.path);
  const names = Object.keys(schema.properties ?? {});
  const anyFields = fc
    .tuple(
      fc.record(Object.fromEntries(names.map((name) => [name, anyValue])), { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
  const oneWrong =
    names.length === 0
      ? valid
      : fc
          .tuple(valid, fc.constantFrom(...names), anyValue)
          .map(([body, name, wrong]) => ({ ...(body as object), [name]: wrong }));
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((body) => JSON.stringify(body)) },
    { weight: 2, arbitrary: oneWrong.map((body) => JSON.stringify(body)) },
    { weight: 2, arbitrary: anyFields.map((body) => JSON.stringify(body)) },
    { weight: 1, arbitrary: garbageBody },
  );
}

function queryFor(context: FuzzContext, route: Route): fc.Arbitrary<Record<string, string>> {
  const parameters = (route.operation?.parameters ?? []).filter((p) => p.in === 'query');
  const anyQuery = fc.dictionary(
    fc.oneof(fc.constantFrom(...parameters.map((p) => p.name), 'other', 'a[]'), fc.string()),
    anyValue.map(toText),
    { maxKeys: 3 },
  );
  const known = fc.record(
    Object.fromEntries(
      parameters.map((p) => [p.name, validValue(context, p.schema ?? {}, p.name, route.path)]),
    ),
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 3, arbitrary: known.map((query) => mapValues(query, toText)) },
    { weight: 1, arbitrary: anyQuery },
  );
}

const mapValues = <T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));

/** The path with each `:param` (and `*`) filled: a real id most of the time, anything otherwise. */
function urlPathFor(context: FuzzContext, route: Route): fc.Arbitrary<string> {
  const parts = route.path.split(/(:\w+|\*)/).filter((part) => part !== '');
  const filled = parts.map((part) => {
    if (part === '*') return oddSegment;
    if (!part.startsWith(':')) return fc.constant(part);
    return fc.oneof(
      {
        weight: 3,
        arbitrary: context.realId(route.path, part.slice(1)).map((id) => String(id)),
      },
      { weight: 1, arbitrary: anyValue.map((value) => encodeSegment(toText(value))) },
      { weight: 1, arbitrary: oddSegment },
    );
  });
  return fc
    .tuple(fc.tuple(...filled), fc.constantFrom('/', ''))
    .map(([segments, slash]) => `${segments.join('')}${route.path.endsWith('/') ? '' : slash}`);
}

export interface Attempt {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Requests to `route`: path, query, body and headers all generated, mostly plausible. */
export function attemptFor(
  context: FuzzContext,
  route: Route,
  headers: fc.Arbitrary<Record<string, string>>,
): fc.Arbitrary<Attempt> {
  const body = route.method === 'GET' ? fc.constant(undefined) : bodyFor(context, route);
  return fc
    .record({ path: urlPathFor(context, route), query: queryFor(context, route), body, headers })
    .map(({ path, query, body: payload, headers: sent }) => {
      const search = new URLSearchParams(query).toString();
      const url = search === '' ? path : `${path}?${search}`;
      return payload === undefined
        ? { method: route.method, url, headers: sent }
        : { method: route.method, url, headers: sent, body: payload };
    });
}
