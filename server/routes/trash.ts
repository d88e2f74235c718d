// The Recently deleted bin: list it, restore an item from it, or delete an item for good.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  DetailErrorSchema,
  GoalSchema,
  JournalSchema,
  MonthSchema,
} from '../../contract/entities.js';
import {
  type IdParams,
  IdParamsSchema,
  type PageQuery,
  PageQuerySchema,
} from '../../contract/requests.js';
import { TrashItemSchema, type TrashParams, TrashParamsSchema } from '../../contract/trash.js';
import {
  type RowTrashKind,
  TRASH_COLLECTIONS,
  TRASH_DAYS,
  TRASH_KINDS,
  TRASH_MAX_BYTES,
  TRASH_MAX_ITEMS,
} from '../../contract/trash-rules.js';
import { cleanInput } from '../clean-input.js';
import { HttpError } from '../http-error.js';
import type { UserRepositories } from '../repositories/index.js';
import { purgeExpired } from '../repositories/trash-bin.js';
import { loadPage, Page, pageRequest } from './pagination.js';

const tags = ['trash'];
const security = [{ bearer: [] }];
const ENTITY = { month: MonthSchema, journal: JournalSchema, goal: GoalSchema } as const;
const SWEEP_MS = 6 * 3_600_000;

function restored(repos: UserRepositories, kind: RowTrashKind, id: number) {
  if (kind === 'month') return repos.months.get(id);
  if (kind === 'journal') return repos.journals.get(id);
  return repos.goals.get(id);
}

/**
 * Behind authentication and the paywall like the data routes. `DELETE` on a month, entry or goal
 * (crud-routes.ts) moves it here; these routes bring it back or end it. The bin is not cached:
 * it is read only from Settings and right after an undo.
 */
export default async function trashRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requirePaid);

  // Bins of users who never come back are emptied too, on every server (the delete is idempotent).
  const sweep = () =>
    purgeExpired(app.database.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'purging expired deleted items failed'),
    );
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  // Not awaited: housekeeping must never hold up the start (Fastify fails a start whose hooks
  // take 10 s, and a sweep waits for the database like any query).
  app.addHook('onReady', async () => {
    void sweep();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  app.get(
    '/trash/',
    {
      schema: {
        tags,
        security,
        summary: 'Recently deleted months, journal entries, goals and undone imports',
        description:
          `Restorable for ${TRASH_DAYS} days after deletion, most recent first. Paginated: ` +
          '`?limit=` items (default and most as for other lists), and a `Link: <…>; rel="next"` ' +
          `header while more remain. A bin holds at most ${TRASH_MAX_ITEMS.toLocaleString('en-US')} items and ` +
          `${TRASH_MAX_BYTES / 1024 / 1024} MB of them; a delete past that purges the oldest first.`,
        querystring: PageQuerySchema,
        response: { 200: Type.Array(TrashItemSchema) },
      },
      preValidation: cleanInput({ querystring: PageQuerySchema }),
    },
    async (request, reply) => {
      const trash = app.repos.forUser(request.user.id).trash;
      const answer = await loadPage(
        request.url,
        pageRequest(request.query as PageQuery, 'id'),
        (page) => trash.page(page),
        (item) => [item.key],
      );
      // The bin's own id is the cursor's business only.
      const strip = (items: readonly { key: number }[]) =>
        items.map(({ key: _key, ...item }) => item);
      if (!(answer instanceof Page)) return strip(answer);
      reply.header('link', answer.link);
      return strip(answer.items as { key: number }[]);
    },
  );

  // An undone import is restored through its own route (import-undo.ts), which answers its counts.
  for (const kind of TRASH_KINDS.filter((kind): kind is RowTrashKind => kind !== 'import')) {
    app.post(
      `/${TRASH_COLLECTIONS[kind]}/:id/restore/`,
      {
        preValidation: cleanInput({ params: IdParamsSchema }),
        schema: {
          tags,
          security,
          summary: `Restore a deleted ${kind} from the bin`,
          description:
            'Puts it back with its id and everything it held. 404 when it is not in the bin; ' +
            '409 for an entry or goal whose month is deleted.',
          params: IdParamsSchema,
          response: { 200: ENTITY[kind], 404: DetailErrorSchema, 409: DetailErrorSchema },
        },
      },
      async (request) => {
        const { id } = request.params as IdParams;
        const repos = app.repos.forUser(request.user.id);
        if (!(await repos.trash.restore(kind, id))) throw HttpError.notFound();
        const item = await restored(repos, kind, id);
        if (!item) throw HttpError.notFound();
        return item;
      },
    );
  }

  app.delete(
    '/trash/:kind/:id/',
    {
      preValidation: cleanInput({ params: TrashParamsSchema }),
      schema: {
        tags,
        security,
        summary: 'Delete an item from the bin for good',
        params: TrashParamsSchema,
        response: { 204: Type.Null(), 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params as TrashParams;
      if (!(await app.repos.forUser(request.user.id).trash.purge(kind, id))) {
        throw HttpError.notFound();
      }
      return reply.code(204).send();
    },
  );
}
