// MSW handlers for the Recently deleted bin: GET /api/trash/, restore, delete for good.
import { HttpResponse, http } from 'msw';
import type { TrashItem } from '../../../../contract/trash';
import { purgeAt, TRASH_COLLECTIONS, type TrashKind } from '../../../../contract/trash-rules';
import { db, type MockDb } from '../db';
import { noContent, notFound } from '../responses';
import { apiUrl } from '../url';

/** Puts a deleted item in the bin; `restore` puts its rows back and returns the item. */
export function binItem(
  item: Omit<TrashItem, 'deleted_at' | 'purge_at'>,
  restore: MockDb['trash'][number]['restore'],
): void {
  const deletedAt = new Date().toISOString();
  db.trash.unshift({
    item: { ...item, deleted_at: deletedAt, purge_at: purgeAt(deletedAt) },
    restore,
  });
}

const take = (kind: TrashKind, id: number) => {
  const index = db.trash.findIndex((entry) => entry.item.kind === kind && entry.item.id === id);
  return index < 0 ? undefined : db.trash.splice(index, 1)[0];
};

export const trashHandlers = [
  http.get(apiUrl('api/trash/'), () => HttpResponse.json(db.trash.map((entry) => entry.item))),
  ...(Object.entries(TRASH_COLLECTIONS) as [TrashKind, string][]).map(([kind, collection]) =>
    http.post(apiUrl(`api/${collection}/:id/restore/`), ({ params }) => {
      const entry = take(kind, Number(params.id));
      return entry ? HttpResponse.json(entry.restore()) : notFound();
    }),
  ),
  http.delete(apiUrl('api/trash/:kind/:id/'), ({ params }) =>
    take(params.kind as TrashKind, Number(params.id)) ? noContent() : notFound(),
  ),
];
