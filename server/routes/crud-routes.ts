// Builds one resource's data routes (list, create, detail get/patch/delete) from its schemas and repository.
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../contract/quotas.js';
import { IdParamsSchema, type PageQuery } from '../../contract/requests.js';
import { etagOf } from '../../contract/row-versions.js';
import { neutralBesideEnvelope, type SealedKind } from '../../contract/sealed-rules.js';
import type { TrashKind } from '../../contract/trash-rules.js';
import { cleanInput } from '../clean-input.js';
import { HttpError } from '../http-error.js';
import type { UserRepositories } from '../repositories/index.js';
import type { CursorKey, KeyShape, PageRequest } from '../repositories/keyset.js';
import type { ExpectedVersions } from '../repositories/row-versions.js';
import { cachedRead, Tagged } from './cached-read.js';
import { loadPage, pageRequest } from './pagination.js';
import {
  conditionalSchemas,
  expectedVersions,
  notFoundWithIfMatch,
  versionConflict,
} from './row-versions.js';

export interface CrudRepository<Entity, Create, Update, Filter> {
  list(filter: Filter): Promise<Entity[]>;
  /** The list's page after a key, in the list's order; needed when the options say `paging`. */
  page?(filter: Filter, request: PageRequest): Promise<Entity[]>;
  get(id: number): Promise<Entity | undefined>;
  create(input: Create): Promise<Entity>;
  /** `expected`: If-Match's versions; a row at another one throws VersionMismatch (row-versions.ts). */
  update(id: number, changes: Update, expected?: ExpectedVersions): Promise<Entity | undefined>;
  remove(id: number, expected?: ExpectedVersions): Promise<boolean>;
}

export interface CrudOptions<
  E extends TObject,
  C extends TObject,
  U extends TObject,
  F extends TObject,
> {
  /** Collection path without the trailing slash, e.g. `/months`. */
  path: string;
  /** OpenAPI tag. */
  tag: string;
  entity: E;
  create: C;
  update: U;
  filter: F;
  /** The list's 200 schema when it is not an array of `entity` (default). */
  listResponse?: TSchema;
  /**
   * How the list pages when a query is not bounded by the quotas (no `?month=`): keyset pages
   * of at most `?limit=` items with a `Link: <…>; rel="next"` header (pagination.ts). Absent:
   * the list is always answered whole.
   */
  paging?: Paging<Static<F>, Static<E>>;
  /**
   * Fields a create sets that no change may (a journal's month): a PATCH naming one is refused
   * with 400 rather than having it silently dropped like an unknown field.
   */
  fixed?: readonly string[];
  /** The bin's kind of this resource, when a delete puts it there: a 404 with If-Match says so. */
  trashKind?: TrashKind;
  /** The kind of a private month's row this resource is: what its envelope holds. */
  sealedKind?: SealedKind;
  repository(repos: UserRepositories): CrudRepository<Static<E>, Static<C>, Static<U>, Static<F>>;
}

export interface Paging<Filter, Entity> {
  /** True when the query's answer is bounded only by the account's size, so it is paged. */
  paged(query: Filter): boolean;
  /** The cursor's shape: the list's sort key. */
  key: KeyShape;
  keyOf(item: Entity): CursorKey;
  /** Items per page without `?limit=` (PAGE_LIMIT_DEFAULT). */
  defaultLimit?(query: Filter): number;
  /** Says which queries are paged, for the OpenAPI document. */
  description: string;
}

/** Paged by id, when the month's filter is absent: habits, measures, goals. */
export function pagedWithoutMonth<E extends { id: number }>(): Paging<
  { month?: number | undefined },
  E
> {
  return {
    paged: (query) => query.month === undefined,
    key: 'id',
    keyOf: (item) => [item.id],
    description: PAGED_WITHOUT_FILTER('`?month=`'),
  };
}

export const PAGED_WITHOUT_FILTER = (filter: string) =>
  `With ${filter} the answer is the whole list (bounded by the quotas). Without it, the list is ` +
  `paginated: a plain array of at most \`limit\` items (default ${PAGE_LIMIT_DEFAULT}, at most ` +
  `${PAGE_LIMIT_MAX}), and while there are more a \`Link: <…>; rel="next"\` header whose URL ` +
  '(with an opaque `cursor`) answers the next page.';

interface IdRequest {
  params: { id: number };
}

/**
 * Every route is behind authentication and the paywall. Ownership is not checked here: the
 * repositories from `app.repos.forUser` only ever see the caller's rows. Reads go through the
 * response cache (cached-read.ts); writes run each in a transaction, in which the database moves
 * the user's data version (migration 015).
 */
export function crudRoutes<
  E extends TObject,
  C extends TObject,
  U extends TObject,
  F extends TObject,
>(options: CrudOptions<E, C, U, F>) {
  const { path, entity, filter } = options;
  const tags = [options.tag];
  const security = [{ bearer: [] }];
  // Typed as plain FastifySchema: the generic TypeBox types would only burden the handlers here,
  // and the casts below are safe because Fastify has validated against these very schemas.
  const schemas: Record<'list' | 'create' | 'detail' | 'update' | 'remove', FastifySchema> = {
    list: {
      tags,
      security,
      ...(options.paging ? { description: options.paging.description } : {}),
      querystring: filter,
      response: { 200: options.listResponse ?? Type.Array(entity) },
    },
    create: { tags, security, body: options.create, response: { 201: entity } },
    detail: {
      tags,
      security,
      description: 'The answer carries `ETag: "<version>"`.',
      params: IdParamsSchema,
      response: { 200: entity },
    },
    update: {
      tags,
      security,
      description: 'The answer carries the new `ETag: "<version>"`.',
      params: IdParamsSchema,
      body: options.update,
      ...conditionalSchemas(entity, { 200: entity }),
    },
    remove: { tags, security, params: IdParamsSchema, ...conditionalSchemas(entity, {}) },
  };

  const cleanId = cleanInput({ params: IdParamsSchema });
  /** A private month's row sent with its envelope keeps no plain text beside it, whatever came there. */
  const neutral = <T extends object>(body: T): T =>
    options.sealedKind ? neutralBesideEnvelope(options.sealedKind, body) : body;
  const fixed = options.fixed ?? [];
  type Repo = CrudRepository<Static<E>, Static<C>, Static<U>, Static<F>>;

  return async function routes(app: FastifyInstance): Promise<void> {
    // At onRequest, before the body is parsed or validated: an anonymous or unpaid client gets its
    // 401/402 whatever it sent (as from DRF), and costs no parsing.
    app.addHook('onRequest', app.authenticate);
    app.addHook('onRequest', app.requirePaid);
    const repository = (request: FastifyRequest) =>
      options.repository(app.repos.forUser(request.user.id));
    /** A write, in its own transaction (UserRepositories.transaction). */
    const write = <T>(request: FastifyRequest, work: (repository: Repo) => Promise<T>) =>
      app.repos.forUser(request.user.id).transaction((repos) => work(options.repository(repos)));
    const cached = cachedRead(app);

    app.get(
      `${path}/`,
      { schema: schemas.list, preValidation: cleanInput({ querystring: filter }) },
      (request, reply) =>
        cached(request, reply, (repos) => {
          const repository = options.repository(repos);
          const query = request.query as Static<F> & PageQuery;
          const { paging } = options;
          const pageOf = repository.page;
          if (!paging?.paged(query) || !pageOf) return repository.list(query);
          const page = pageRequest(query, paging.key, paging.defaultLimit?.(query));
          return loadPage(
            request.url,
            page,
            (next) => pageOf.call(repository, query, next),
            paging.keyOf,
          );
        }),
    );

    app.post(
      `${path}/`,
      { schema: schemas.create, preValidation: cleanInput({ body: options.create }) },
      async (request, reply) => {
        const body = neutral(request.body as Static<C>);
        const created = await write(request, (r) => r.create(body));
        return reply.code(201).send(created);
      },
    );

    app.get(`${path}/:id/`, { schema: schemas.detail, preValidation: cleanId }, (request, reply) =>
      cached(request, reply, async (repos) => {
        const found = await options.repository(repos).get((request as IdRequest).params.id);
        if (!found) throw HttpError.notFound();
        const { version } = found as { version?: number };
        return version === undefined ? found : new Tagged(found, etagOf(version));
      }),
    );

    app.patch(
      `${path}/:id/`,
      {
        schema: schemas.update,
        preValidation: cleanInput({ body: options.update, params: IdParamsSchema, fixed }),
      },
      async (request, reply) => {
        const changes = neutral((request.body ?? {}) as Static<U>);
        const { id } = (request as IdRequest).params;
        const expected = expectedVersions(request);
        const updated = await write(request, (r) => r.update(id, changes, expected)).catch(
          versionConflict(() => repository(request).get(id)),
        );
        if (!updated) throw await notFound(request, id);
        const { version } = updated as { version?: number };
        if (version !== undefined) reply.header('etag', etagOf(version));
        return updated;
      },
    );

    const notFound = (request: FastifyRequest, id: number) =>
      notFoundWithIfMatch(app.repos.forUser(request.user.id), options.trashKind, id, request);

    const remove = async (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = (request as IdRequest).params;
      const expected = expectedVersions(request);
      const removed = await write(request, (r) => r.remove(id, expected)).catch(
        versionConflict(() => repository(request).get(id)),
      );
      if (!removed) throw await notFound(request, id);
      return reply.code(204).send();
    };
    // The reference's delete lived under /delete/{id}/; the REST-style detail path works too.
    app.delete(`${path}/:id/`, { schema: schemas.remove, preValidation: cleanId }, remove);
    app.delete(`${path}/delete/:id/`, { schema: schemas.remove, preValidation: cleanId }, remove);
  };
}
