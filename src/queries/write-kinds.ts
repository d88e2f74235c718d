// What every resource's queued writes share (src/offline/sync.ts): refusing a write that needs an unsaved item, creates shown under a temporary id, deletes, and newer writes of a row winning.
import type { QueryClient } from '@tanstack/react-query';
import { texts } from '../i18n/store';
import {
  defineWrite as defineSyncWrite,
  isTempId,
  SyncRefusal,
  swapTempId,
  type WriteKind,
  type WriteSubject,
} from '../offline/sync';
import { OFFLINE_TEXTS } from '../offline/texts';
import { addMissing, dropRows, upsert } from './cache';
import { goneAnyway } from './deleted-elsewhere';
import { isPrivateMonth } from './month-privacy';

/**
 * A write whose item was created offline, and whose create never landed, cannot be sent: refused
 * in the reader's language (here, with the writes, so the texts stay out of a page's first load).
 */
export function requireSaved(...ids: number[]): void {
  if (ids.some(isTempId))
    throw new SyncRefusal(texts('offline', OFFLINE_TEXTS).dependsOnUnsaved, null);
}

/**
 * The writes that reach a private month as they are: deletes and restores carry no content, and
 * these edits seal theirs on the way (src/queries/private-writes.ts).
 */
const PRIVATE_MONTH_WRITES = new Set([
  'journal.update',
  'goal.update',
  'daily-habit.update',
  'daily-measure.update',
  'month.update',
]);

/**
 * Any other write carrying content into a private month is refused before it is sent: the server
 * would store it readable, and sealing creates (whose content binds the id the server gives) is
 * not built yet. The change stays queued with the others refused, so nothing typed is lost.
 */
function refuseContentForPrivateMonth(queryClient: QueryClient, subject: WriteSubject): void {
  const monthId = subject.monthId ?? (subject.kind === 'month' ? subject.id : undefined);
  if (monthId === undefined) return;
  if (isPrivateMonth(queryClient, monthId))
    throw new SyncRefusal(texts('offline', OFFLINE_TEXTS).privateMonthReadOnly, null);
}

/** A write kind of the journal's; one carrying content is held back from a private month. */
export function defineWrite<V, R>(kind: WriteKind<V, R>): WriteKind<V, R> {
  if (
    kind.name.endsWith('.delete') ||
    kind.name.startsWith('trash.') ||
    PRIVATE_MONTH_WRITES.has(kind.name)
  )
    return defineSyncWrite(kind);
  return defineSyncWrite({
    ...kind,
    run: (variables, queryClient) => {
      refuseContentForPrivateMonth(queryClient, kind.subject(variables));
      return kind.run(variables, queryClient);
    },
  });
}

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
export function defineCreate<Body, Row extends { id: number }>(kind: {
  name: string;
  subject: (v: CreateWrite<Body>) => WriteSubject;
  scope?: (v: CreateWrite<Body>) => string;
  list: (monthId: number) => readonly unknown[];
  /** The ids the body refers to, which the server must have first. */
  refersTo: (body: Body) => number[];
  create: (body: Body, key: string, queryClient: QueryClient, v: CreateWrite<Body>) => Promise<Row>;
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
      return kind.create(v.body, v.key, queryClient, v);
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
