// What every resource's queued writes share (src/offline/sync.ts): refusing a write that needs an unsaved item, creates shown under a temporary id, deletes, and newer writes of a row winning.
import type { QueryClient } from '@tanstack/react-query';
import type { ItemKind } from '../crypto/aead';
import { texts } from '../i18n/store';
import { defineWrite, isTempId, SyncRefusal, swapTempId, type WriteSubject } from '../offline/sync';
import { OFFLINE_TEXTS } from '../offline/texts';
import { addMissing, dropRows, upsert } from './cache';
import { goneAnyway } from './deleted-elsewhere';
import { isPrivateMonth } from './month-privacy';
import type { PrivateCreate } from './private-writes';

/**
 * A write whose item was created offline, and whose create never landed, cannot be sent: refused
 * in the reader's language (here, with the writes, so the texts stay out of a page's first load).
 */
export function requireSaved(...ids: number[]): void {
  if (ids.some(isTempId))
    throw new SyncRefusal(texts('offline', OFFLINE_TEXTS).dependsOnUnsaved, null);
}

/**
 * Every write kind reaches a private month safely: deletes and restores carry no content, and
 * creates and edits seal theirs on the way (src/queries/private-writes.ts).
 */
export { defineWrite };

export interface CreateWrite<Body> {
  monthId: number;
  tempId: number;
  body: Body;
  key: string;
}

/**
 * A create of a row in one of a month's lists: shown at once under its temporary id, swapped for
 * the server's row once it lands, dropped again if the write is discarded.
 */
export function defineCreate<Body extends object, Row extends { id: number }>(kind: {
  name: string;
  subject: (v: CreateWrite<Body>) => WriteSubject;
  scope?: (v: CreateWrite<Body>) => string;
  list: (monthId: number) => readonly unknown[];
  /** The ids the body refers to, which the server must have first. */
  refersTo: (body: Body) => number[];
  create: (body: Body, key: string, queryClient: QueryClient, v: CreateWrite<Body>) => Promise<Row>;
  /** In a private month: what the row's content is sealed as, and the update that sends it. */
  sealedAs: ItemKind;
  update: (id: number, body: object) => Promise<Row>;
  /** The row shown while it waits; none while what it shows is not read yet. */
  shown: (queryClient: QueryClient, v: CreateWrite<Body>) => Row | undefined;
  settled?: (queryClient: QueryClient, v: CreateWrite<Body>) => void;
}) {
  return defineWrite<CreateWrite<Body>, Row>({
    name: kind.name,
    subject: kind.subject,
    ...(kind.scope ? { scope: kind.scope } : {}),
    run: (v, queryClient) => {
      requireSaved(...kind.refersTo(v.body));
      return createInMonth({
        queryClient,
        monthId: v.monthId,
        kind: kind.sealedAs,
        body: v.body,
        create: (body) => kind.create(body, v.key, queryClient, v),
        update: kind.update,
      });
    },
    optimistic: (queryClient, v) => {
      const row = kind.shown(queryClient, v);
      if (row) addMissing(queryClient, kind.list(v.monthId), row);
    },
    landed: (queryClient, { monthId, tempId }, row) => {
      swapTempId(queryClient, tempId, row.id);
      upsert(queryClient, kind.list(monthId), row);
    },
    ...(kind.settled ? { settled: kind.settled } : {}),
    discarded: (queryClient, { monthId, tempId }) =>
      dropRows<Row>(queryClient, kind.list(monthId), (row) => row.id === tempId),
  });
}

/**
 * A create in month `monthId`: as it is in a plain month; sealed in a private one, whose code
 * loads only then.
 */
export async function createInMonth<Body extends object, Row extends { id: number }>(
  request: PrivateCreate<Body, Row>,
): Promise<Row> {
  if (!isPrivateMonth(request.queryClient, request.monthId)) return request.create(request.body);
  return (await import('./private-writes')).createSealed(request);
}

/**
 * An edit of a row without versions (a habit's or a measure's) in month `monthId`: sealed in a
 * private one, the fields it leaves alone taken from the row as `list` holds it here.
 */
export async function editInMonth<Changes extends object, Row extends { id: number }>(
  queryClient: QueryClient,
  row: { monthId: number; kind: ItemKind; id: number },
  list: readonly unknown[],
  changes: Changes,
  send: (body: Changes) => Promise<Row>,
): Promise<Row> {
  if (!isPrivateMonth(queryClient, row.monthId)) return send(changes);
  const sealing = await (await import('./private-writes')).sealingFor<Row>({ queryClient, ...row });
  const base = queryClient.getQueryData<Row[]>(list)?.find((cached) => cached.id === row.id);
  return sealing ? sealing.send((body) => send(body), changes, undefined, base) : send(changes);
}

/** What every row of a month's lists holds, for one shown before the server has it. */
export const inMonth = (id: number, monthId: number) => ({
  id,
  author: 0,
  month: monthId,
  month_id: monthId,
});

/** A delete's request; a 404 has what it wanted (deleted elsewhere first), so the row goes all the same. */
export async function deleteSaved(id: number, remove: (id: number) => Promise<void>) {
  requireSaved(id);
  await goneAnyway(() => remove(id));
  return id;
}

/** An older answer never paints over a newer write of the same row still queued: that one shows its own. */
export function newerQueued<V>(
  queryClient: QueryClient,
  variables: V,
  sameRow: (other: Partial<V>) => boolean,
): boolean {
  return queryClient
    .getMutationCache()
    .getAll()
    .some(
      (m) =>
        m.state.status === 'pending' &&
        m.state.variables !== variables &&
        m.state.variables != null &&
        sameRow(m.state.variables as Partial<V>),
    );
}

/** Whose month a habit or measure step belongs to: that month's card shows it waiting. */
export const stepOfMonth = (v: { monthId: number }) => ({
  kind: 'month' as const,
  id: v.monthId,
  monthId: v.monthId,
});
