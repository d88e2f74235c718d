// Edits in a private month sealed on their way to the server and opened on their way back, so the conflict merge and the cache only ever see opened content (src/queries/conflicts.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
import type { CreateMonth } from '../../contract/requests';
import { MONTH_KEY_SET } from '../../contract/sealed-rules';
import { errorBody, errorStatus } from '../api/http-error';
import { createMonth, getMonth, updateMonth } from '../api/months';
import type { ItemKind } from '../crypto/aead';
import { texts } from '../i18n/store';
import { SyncRefusal } from '../offline/sync';
import { OFFLINE_TEXTS } from '../offline/texts';
import { cachedMonth } from './month-privacy';
import { unreadable } from './sealed-marks';

/** The row an edit changes, for sealing it when its month is private. */
export interface PrivateRow {
  queryClient: QueryClient;
  monthId: number;
  kind: ItemKind;
  id: number;
}

/** How an edit of a private month's row goes: sealed out, opened in. */
export interface Sealing<T> {
  send<C extends object>(
    send: (body: C, ifMatch: number | undefined) => Promise<T>,
    changes: C,
    ifMatch: number | undefined,
    base: T | undefined,
  ): Promise<T>;
  /** The server's row (a 412's current one) opened, as the merge compares opened content. */
  open(row: T): T;
}

const refused = (text: keyof typeof OFFLINE_TEXTS) =>
  new SyncRefusal(texts('offline', OFFLINE_TEXTS)[text] as string, null);

/** The month's key opened here, with the code that seals; refused while it cannot be. */
async function openedMonthKey(queryClient: QueryClient, monthId: number) {
  const month = cachedMonth(queryClient, monthId);
  if (month?.month_key == null) return null;
  const [session, crypto] = await Promise.all([
    import('./account-key-session'),
    import('./private-rows-crypto'),
  ]);
  const accountKey = await session.accountKeyForReading();
  if (!accountKey) throw refused('privateMonthLocked');
  const monthKey = crypto.openMonthKey(accountKey, monthId, month.month_key);
  if (!monthKey) throw refused('privateRowUnreadable');
  return { monthKey, crypto };
}

/**
 * The sealing of an edit of `row`, or null when its month is plain. A private month whose key
 * is not open here refuses the edit, kept to send once it is (Retry); so does a row whose
 * content was not opened here: sealed from blanks, it would overwrite what it holds.
 */
export async function sealingFor<T extends object>(row: PrivateRow): Promise<Sealing<T> | null> {
  const { queryClient, monthId, kind, id } = row;
  const opened = await openedMonthKey(queryClient, monthId);
  if (!opened) return null;
  const { monthKey, crypto } = opened;
  // Every row the API answers has the id the content is bound to (the row's, `id` here).
  const open = (answer: T) =>
    crypto.openRow(monthKey, kind, answer as T & { id: number; sealed?: unknown }) as T;
  return {
    send: async (send, changes, ifMatch, base) => {
      if (!base || unreadable(base)) throw refused('privateRowUnreadable');
      const body = crypto.sealedBody(monthKey, kind, id, changes, base);
      return open(await send(body as typeof changes, ifMatch));
    },
    open,
  };
}

/** What a create in a private month needs: its month, its kind, and the requests. */
export interface PrivateCreate<Body, T> {
  queryClient: QueryClient;
  monthId: number;
  kind: ItemKind;
  body: Body;
  create: (body: Body) => Promise<T>;
  /** The new row's update, sent without If-Match. */
  update: (id: number, body: object) => Promise<T>;
}

/**
 * A create, sealed when its month is private. The content binds the id the server gives, so the
 * row is created first with the kind's blanks and `sealed: null`, then its content sealed in an
 * update of that id, and the answer opened. A retry after a closed tab finds the same row (the
 * create's idempotency key answers it again), and the update goes without If-Match: it is this
 * create's own content, whatever a try cut short sent before. The blank row never holds more
 * than the server keeps of a sealed one.
 */
export async function createSealed<Body extends object, T extends { id: number }>(
  request: PrivateCreate<Body, T>,
): Promise<T> {
  const { queryClient, monthId, kind, body } = request;
  const opened = await openedMonthKey(queryClient, monthId);
  if (!opened) return request.create(body);
  const { monthKey, crypto } = opened;
  const created = await request.create(crypto.blankFields(kind, body) as Body);
  const sealed = crypto.sealedBody(monthKey, kind, created.id, {}, body);
  const answer = await request.update(created.id, sealed);
  return crypto.openRow(monthKey, kind, answer as T & { sealed?: unknown });
}

/**
 * The name a private month is created with until its key reaches the server, which refuses a
 * blank name for a month without one: the key's wrap binds the id the server gives, so it can
 * only follow the create. Never what was typed.
 */
const PENDING_NAME = 'Private month';

/**
 * A new month, private from the start: created under a neutral name, then given its key and its
 * name sealed in one update, before any of its habits, measures or goals is sent (they wait
 * behind it, and find it private). A retry after a closed tab gets the same month back from the
 * create's idempotency key; if the earlier try had already given it a key (`409 month_key_set`),
 * that key is opened here and kept.
 */
export async function createPrivateMonth(
  body: CreateMonth,
  idempotencyKey: string,
): Promise<Month> {
  const [session, crypto, keys] = await Promise.all([
    import('./account-key-session'),
    import('./private-rows-crypto'),
    import('../crypto/keys'),
  ]);
  const accountKey = await session.accountKeyForReading();
  if (!accountKey) throw refused('privateMonthLocked');
  const created = await createMonth({ ...body, name: PENDING_NAME }, idempotencyKey);
  const monthKey = keys.generateKey();
  try {
    const update = {
      month_key: keys.wrapMonthKey(monthKey, accountKey, created.id),
      ...crypto.sealedBody(monthKey, 'month', created.id, { name: body.name }, {}),
    };
    return crypto.openRow(monthKey, 'month', await updateMonth(created.id, update));
  } catch (error) {
    if (errorStatus(error) !== 409 || (await errorBody(error))?.code !== MONTH_KEY_SET) throw error;
    const month = await getMonth(created.id);
    const kept = month.month_key && crypto.openMonthKey(accountKey, month.id, month.month_key);
    if (!kept) throw refused('privateRowUnreadable');
    return crypto.openRow(kept, 'month', month);
  } finally {
    monthKey.fill(0);
  }
}
