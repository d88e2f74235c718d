// Builds one resource's data routes (list, create, detail get/patch/delete) from its schemas and repository.
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { IdParamsSchema } from '../../contract/requests.js';
import { HttpError } from '../http-error.js';
import type { UserRepositories } from '../repositories/index.js';
import { cachedRead } from './cached-read.js';
import { cleanInput } from './clean-input.js';

export interface CrudRepository<Entity, Create, Update, Filter> {
  list(filter: Filter): Promise<Entity[]>;
  get(id: number): Promise<Entity | undefined>;
  create(input: Create): Promise<Entity>;
  update(id: number, changes: Update): Promise<Entity | undefined>;
  remove(id: number): Promise<boolean>;
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
  repository(repos: UserRepositories): CrudRepository<Static<E>, Static<C>, Static<U>, Static<F>>;
}

interface IdRequest {
  params: { id: number };
}

/**
 * Every route is behind authentication and the paywall. Ownership is not checked here: the
 * repositories from `app.repos.forUser` only ever see the caller's rows. Reads go through the
 * response cache (cached-read.ts); writes bump the user's data version in the repositories.
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
      querystring: filter,
      response: { 200: options.listResponse ?? Type.Array(entity) },
    },
    create: { tags, security, body: options.create, response: { 201: entity } },
    detail: { tags, security, params: IdParamsSchema, response: { 200: entity } },
    update: {
      tags,
      security,
      params: IdParamsSchema,
      body: options.update,
      response: { 200: entity },
    },
    remove: { tags, security, params: IdParamsSchema },
  };

  const cleanId = cleanInput({ params: IdParamsSchema });

  return async function routes(app: FastifyInstance): Promise<void> {
    // At onRequest, before the body is parsed or validated: an anonymous or unpaid client gets its
    // 401/402 whatever it sent (as from DRF), and costs no parsing.
    app.addHook('onRequest', app.authenticate);
    app.addHook('onRequest', app.requirePaid);
    const repository = (request: FastifyRequest) =>
      options.repository(app.repos.forUser(request.user.id));
    const cached = cachedRead(app);

    app.get(
      `${path}/`,
      { schema: schemas.list, preValidation: cleanInput({ querystring: filter }) },
      (request, reply) =>
        cached(request, reply, (repos) =>
          options.repository(repos).list(request.query as Static<F>),
        ),
    );

    app.post(
      `${path}/`,
      { schema: schemas.create, preValidation: cleanInput({ body: options.create }) },
      async (request, reply) => {
        const created = await repository(request).create(request.body as Static<C>);
        return reply.code(201).send(created);
      },
    );

    app.get(`${path}/:id/`, { schema: schemas.detail, preValidation: cleanId }, (request, reply) =>
      cached(request, reply, async (repos) => {
        const found = await options.repository(repos).get((request as IdRequest).params.id);
        if (!found) throw HttpError.notFound();
        return found;
      }),
    );

    app.patch(
      `${path}/:id/`,
      {
        schema: schemas.update,
        preValidation: cleanInput({ body: options.update, params: IdParamsSchema }),
      },
      async (request) => {
        const changes = (request.body ?? {}) as Static<U>;
        const updated = await repository(request).update((request as IdRequest).params.id, changes);
        if (!updated) throw HttpError.notFound();
        return updated;
      },
    );

    const remove = async (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = (request as IdRequest).params;
      if (!(await repository(request).remove(id))) throw HttpError.notFound();
      return reply.code(204).send();
    };
    // The reference's delete lived under /delete/{id}/; the REST-style detail path works too.
    app.delete(`${path}/:id/`, { schema: schemas.remove, preValidation: cleanId }, remove);
    app.delete(`${path}/delete/:id/`, { schema: schemas.remove, preValidation: cleanId }, remove);
  };
}
