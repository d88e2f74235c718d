// Offline-first writes: every write is a TanStack mutation found by its key (setMutationDefaults),
// shown at once in the cache, queued while offline, saved with the cache, and sent in order when online.
import {
  type DehydratedState,
  type Mutation,
  type MutationKey,
  MutationObserver,
  type MutationOptions,
  onlineManager,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { errorDetail, isHttpError } from '../api/http-error';
import { isOfflineError } from '../offline-error';
import { MONTH_DATA_KEY } from './keys';

/** The first element of every write's mutation key. */
export const WRITE_KEY = 'write';

/** What a queued write is about, for its 'waiting to sync' marker and the list of pending changes. */
export interface WriteSubject {
  kind: 'journal' | 'goal' | 'month' | 'trash';
  /** The item's id (a temporary, negative one while its create waits). */
  id: number;
  monthId?: number;
}

/** One kind of write: the request, and what it shows in the cache before and after the server answers. */
export interface WriteKind<V, R> {
  /** The rest of the mutation key after WRITE_KEY, e.g. 'journal.create'. */
  name: string;
  run(variables: V, queryClient: QueryClient): Promise<R>;
  /** Shows the change in the cache. Idempotent: it runs again over data read while the write waits. */
  optimistic?(queryClient: QueryClient, variables: V): void;
  /** The server answered: its rows replace the optimistic ones (a create swaps its temporary id). */
  landed?(queryClient: QueryClient, variables: V, result: R): void;
  /** Also runs when the write failed, or was discarded. */
  settled?(queryClient: QueryClient, variables: V): void;
  /** A permanent refusal was discarded: put back what the server has. */
  discarded?(queryClient: QueryClient, variables: V): void;
  subject(variables: V): WriteSubject;
  /**
   * The item whose writes must go one after another, in the order made (see `follows`); writes
   * of other items go side by side. By default the subject; a finer one (one tick of an entry)
   * lets an entry's ticks go together.
   */
  scope?(variables: V): string;
}

// biome-ignore lint/suspicious/noExplicitAny: kinds of any variables share one registry.
export type AnyWriteKind = WriteKind<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: the queue holds writes of every kind.
export type AnyMutation = Mutation<any, any, any, any>;

/** Types a write kind (its variables and result) where it is defined; `installSync` registers it. */
export function defineWrite<V, R>(kind: WriteKind<V, R>): WriteKind<V, R> {
  return kind;
}

export function writeKey(name: string): MutationKey {
  return [WRITE_KEY, name];
}

/** The kind's name a write was made with, from its mutation key (a saved one's too). */
function nameOf(write: { options?: { mutationKey?: MutationKey }; mutationKey?: MutationKey }) {
  const key = write.options?.mutationKey ?? write.mutationKey;
  return key?.[0] === WRITE_KEY && typeof key[1] === 'string' ? key[1] : undefined;
}

function kindOf(queryClient: QueryClient, mutation: AnyMutation): AnyWriteKind | undefined {
  const name = nameOf(mutation);
  return name === undefined ? undefined : syncOf(queryClient).kinds.get(name);
}

// --- What sync keeps per client -------------------------------------------------------------------

/** A temporary id swapped for the server's: `told` when another tab's create landed. */
export interface TempIdSwap {
  tempId: number;
  id: number;
  told: boolean;
}

/** Everything the sync of one client (one tab's QueryClient) keeps between calls. */
interface ClientSync {
  /** Whether the client listens for the network, new sessions and cache changes yet. */
  started: boolean;
  /** The write kinds whose defaults are on the client, by name: a restored write finds its own. */
  kinds: Map<string, AnyWriteKind>;
  /**
   * Temporary ids whose creates landed, with the server's ids. A write queued after the swap may
   * still hold a temporary id the screen captured before it: the Undo of a delete (its toast
   * shows once the delete landed, with the id the row had when it was clicked), or a dialog
   * opened before the create landed. It is sent with the server's id, instead of being refused
   * as depending on a change that was never saved.
   */
  swapped: Map<number, number>;
  /** Who hears the swaps: waiting writes, and the other tabs (src/offline/tabs.ts). */
  swapListeners: Set<(swap: TempIdSwap) => void>;
  /** While queued changes are being shown: the cache updates they make are not data to show them over. */
  applying: boolean;
  /** Writes the server has answered (their variables), whose optimistic change must not come back. */
  landed: WeakSet<object>;
  /** Who hears how a write went (`watchWrite`), by its variables. */
  watchers: WeakMap<object, WriteWatcher>;
  /** Resolves once the write with these variables is saved on the device (`sendOnlySaved`). */
  untilSaved: (variables: unknown) => Promise<void>;
}

const clients = new WeakMap<QueryClient, ClientSync>();

function syncOf(queryClient: QueryClient): ClientSync {
  let sync = clients.get(queryClient);
  if (!sync) {
    sync = {
      started: false,
      kinds: new Map(),
      swapped: new Map(),
      swapListeners: new Set(),
      applying: false,
      landed: new WeakSet(),
      watchers: new WeakMap(),
      untilSaved: () => Promise.resolve(),
    };
    clients.set(queryClient, sync);
  }
  return sync;
}

/**
 * Writes leave for the server only once the device has saved them (src/offline/query-persistence.ts
 * tells when): a tab closed or reloaded as the server gets an entry's first step must leave the
 * other steps (its value, its ticks) saved, for the next page to send. Saving is asynchronous, so
 * a step sent at once could land while the queue holding the rest was still being written.
 */
export function sendOnlySaved(
  queryClient: QueryClient,
  untilSaved: ((variables: unknown) => Promise<void>) | undefined,
): void {
  syncOf(queryClient).untilSaved = untilSaved ?? (() => Promise.resolve());
}

/** Runs `show` with the client's cache updates marked as queued changes being shown. */
function whileApplying(queryClient: QueryClient, show: () => void): void {
  const sync = syncOf(queryClient);
  const outer = sync.applying;
  sync.applying = true;
  try {
    show();
  } finally {
    sync.applying = outer;
  }
}

// --- Errors ------------------------------------------------------------------------------------

/**
 * A write the server refused for good (a 400, a quota, a 403…): shown with its message, never
 * retried by itself. Its fields are plain, so the saved queue keeps them across a reload.
 */
export class SyncRefusal extends Error {
  override readonly name = 'SyncRefusal';
  readonly text: string;
  constructor(
    text: string,
    readonly status: number | null,
  ) {
    super(text);
    this.text = text;
  }
}

/** The user dropped this change to an item deleted elsewhere (src/queries/deleted-elsewhere.ts). */
function isDropped(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'dropped' in error && error.dropped === true
  );
}

/**
 * One write of an item on its way at a time across all of this browser's tabs (a Web Lock per
 * item, which every tab's sends take in turn, handed over when its tab closes): two tabs never
 * race on one item. Without Web Locks the write simply goes.
 */
async function oneSenderAtATime<T>(item: string, send: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request<Promise<T>>(`monthbook-send:${item}`, send) : send();
}

/** Statuses worth sending again later: the request may succeed unchanged. */
const TRANSIENT_STATUSES = new Set([401, 408, 409, 412, 425, 429]);

/** A 401 waits for the user to log in again (tokens.ts asks), rather than being sent in a loop. */
const isUnauthorized = (error: unknown) => isHttpError(error) && error.response.status === 401;

/** Network failures and statuses that may pass later; everything else is permanent. */
export function isTransient(error: unknown): boolean {
  if (error instanceof SyncRefusal) return false;
  if (isOfflineError(error)) return true;
  if (isHttpError(error)) {
    const status = error.response.status;
    return TRANSIENT_STATUSES.has(status) || status >= 500;
  }
  // fetch's TypeError ('Failed to fetch'), a timed out or aborted request; any other error
  // (a 404 turned into 'deleted elsewhere', a refusal) is permanent.
  return (
    error instanceof TypeError ||
    (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
  );
}

/** Sends it again after 1, 2, 4 … up to 30 s; a permanent refusal at once. */
const MAX_TRIES = 8;
const retry = (failures: number, error: unknown) =>
  failures < MAX_TRIES && isTransient(error) && !isUnauthorized(error);
const retryDelay = (failures: number) => Math.min(1000 * 2 ** (failures - 1), 30_000);

/** The server's `detail` for an HTTP refusal, else the error's own message. */
async function refusalOf(error: unknown): Promise<unknown> {
  if (isTransient(error) || error instanceof SyncRefusal) return error;
  if (isHttpError(error)) {
    // Without a `detail` (not JSON, say), the status line says enough.
    return new SyncRefusal((await errorDetail(error)) ?? error.message, error.response.status);
  }
  return error;
}

/** The message of a failed write, whether live or restored from the saved queue. */
export function syncErrorText(error: unknown): string {
  if (error && typeof error === 'object' && 'text' in error && typeof error.text === 'string')
    return error.text;
  return error instanceof Error ? error.message : String(error);
}

// --- Temporary ids -----------------------------------------------------------------------------

/**
 * Temporary ids lie below this, far from any other number the app keeps (ids are positive, values
 * stay within ±1e12, moods and versions are small), so one is told by its value wherever it sits
 * in a cached row or a write's variables, without a list of the fields that hold ids.
 */
const TEMP_IDS_BELOW = -1e13;

export const isTempId = (value: unknown): value is number =>
  typeof value === 'number' && value < TEMP_IDS_BELOW;

/**
 * A negative id for an item created offline, until the server gives its own: 52 random bits below
 * -2⁵², so ids made in other tabs, or before a reload (restored with their queue), are never made
 * again. Not from the clock: each tab counts on its own, and two tabs creating in the same
 * millisecond made the same id, so the server's id for one tab's item went to the other's changes.
 */
export function newTempId(): number {
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2));
  return -(2 ** 52 + (high % 2 ** 20) * 2 ** 32 + low);
}

/**
 * `value` with the temporary ids `swapped` knows replaced by the server's; the parts it leaves as
 * they were are the same objects. A create's own `tempId` stays: it names the id it stands for.
 */
function resolveIds(value: unknown, swapped: ReadonlyMap<number, number>): unknown {
  if (isTempId(value)) return swapped.get(value) ?? value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const resolved = resolveIds(item, swapped);
      if (resolved !== item) changed = true;
      return resolved;
    });
    return changed ? next : value;
  }
  if (value === null || typeof value !== 'object') return value;
  let next: Record<string, unknown> | undefined;
  for (const [field, item] of Object.entries(value)) {
    const resolved = field === 'tempId' ? item : resolveIds(item, swapped);
    if (resolved !== item) {
      next ??= { ...(value as Record<string, unknown>) };
      next[field] = resolved;
    }
  }
  return next ?? value;
}

/**
 * In place, for the variables of queued writes: TanStack keeps and saves the object it was given,
 * and the saved outbox must hold the server's ids once known, for the write to be sent after a
 * reload, when the ids swapped before it are no longer known.
 */
function resolveIdsInPlace(value: unknown, swapped: ReadonlyMap<number, number>): void {
  if (value === null || typeof value !== 'object') return;
  for (const [field, item] of Object.entries(value)) {
    if (field === 'tempId') continue;
    const to = isTempId(item) ? swapped.get(item) : undefined;
    if (to !== undefined) (value as Record<string, unknown>)[field] = to;
    else resolveIdsInPlace(item, swapped);
  }
}

/** The temporary ids `value` refers to (a create's own `tempId` aside). */
function temporaryIds(value: unknown, found: number[] = []): number[] {
  if (isTempId(value)) found.push(value);
  else if (value !== null && typeof value === 'object')
    for (const [field, item] of Object.entries(value))
      if (field !== 'tempId') temporaryIds(item, found);
  return found;
}

const rowId = (row: unknown) =>
  row !== null && typeof row === 'object' && 'id' in row ? row.id : undefined;

/**
 * A list that holds the server's row already (read after the create landed elsewhere) drops the
 * row that stood in for it: swapped, it would show twice.
 */
function withoutStandIn(data: unknown, tempId: number, id: number): unknown {
  if (!Array.isArray(data)) return data;
  const ids = data.map(rowId);
  return ids.includes(id) && ids.includes(tempId)
    ? data.filter((row) => rowId(row) !== tempId)
    : data;
}

export function onTempIdSwapped(
  queryClient: QueryClient,
  listener: (swap: TempIdSwap) => void,
): () => void {
  const listeners = syncOf(queryClient).swapListeners;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The create of `tempId` landed as `id`: every cached row and every queued write that referred to
 * the temporary id now refers to the server's, so the later steps send the real one. `told`: it
 * landed in another tab, which said so; this tab's rows and writes may hold that tab's temporary
 * ids, as every tab shows every tab's queued changes.
 */
export function swapTempId(
  queryClient: QueryClient,
  tempId: number,
  id: number,
  told = false,
): void {
  const swap = new Map([[tempId, id]]);
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const swapped = resolveIds(withoutStandIn(data, tempId, id), swap);
    // The same data under the server's ids: as old as it was (keepingReadTime says why).
    if (swapped !== data)
      queryClient.setQueryData(query.queryKey, swapped, { updatedAt: query.state.dataUpdatedAt });
  }
  const { swapped, swapListeners } = syncOf(queryClient);
  swapped.set(tempId, id);
  for (const mutation of queryClient.getMutationCache().getAll()) {
    if (mutation.state.status === 'success' || nameOf(mutation) === undefined) continue;
    resolveIdsInPlace(mutation.state.variables, swap);
  }
  for (const listener of swapListeners) listener({ tempId, id, told });
}

/**
 * How many landed creates a tab tells with its queue: the newest, since a change in another tab
 * waits for a create only until it lands.
 */
const TOLD_SWAPS = 200;

/** The creates that landed (temporary id, server's id), here or told by another tab, newest last. */
export function landedCreates(queryClient: QueryClient): [number, number][] {
  return [...syncOf(queryClient).swapped].slice(-TOLD_SWAPS);
}

/** Another tab's landed creates: each one not heard of yet is swapped here. */
export function hearLandedCreates(queryClient: QueryClient, swaps: [number, number][]): void {
  const { swapped } = syncOf(queryClient);
  for (const [tempId, id] of swaps)
    if (!swapped.has(tempId)) swapTempId(queryClient, tempId, id, true);
}

/**
 * Another tab's copy of a list, with the server's ids of the creates this tab has heard landed:
 * that tab may have sent it before it heard of the swap (its own change, made meanwhile), and
 * taken as it came, the row that stood in for the create would stay here for good.
 */
export function withKnownIds(queryClient: QueryClient, data: unknown): unknown {
  const { swapped } = syncOf(queryClient);
  let known = data;
  for (const tempId of new Set(temporaryIds(data))) {
    const id = swapped.get(tempId);
    if (id !== undefined) known = withoutStandIn(known, tempId, id);
  }
  return resolveIds(known, swapped);
}

/**
 * A cached list without the rows of creates still queued (those with a temporary id), for the
 * copy saved for the next page load: saved there, such a row would outlive its create. The queue
 * that made it (adopted by another tab, or this one reloaded) shows it again from the queued
 * create. The copy shared with the open tabs keeps them: every tab shows every queued change.
 */
export function withoutUnsavedRows(data: unknown): unknown {
  if (!Array.isArray(data)) return data;
  const kept = data.filter((row) => temporaryIds(row).length === 0);
  return kept.length === data.length ? data : kept;
}

// --- Order between items ------------------------------------------------------------------------

const subjectKey = (subject: WriteSubject) => `${subject.kind}:${subject.id}`;

/** The item whose writes go one after another (see `WriteKind.scope`). */
function scopeKey(kind: AnyWriteKind, variables: unknown): string {
  return kind.scope?.(variables) ?? subjectKey(kind.subject(variables));
}

/** The temporary ids the given writes create. */
function createsOf(writes: { state: { variables?: unknown } }[]): Set<unknown> {
  return new Set(
    writes.map((write) => (write.state.variables as { tempId?: unknown } | undefined)?.tempId),
  );
}

/**
 * Whether `mine` refers to an item another open tab created and has not sent yet (this tab shows
 * every tab's queued changes, and the user changed it here): it waits for that tab to tell the
 * server's id, rather than be refused for a temporary id the server never heard of; so does a
 * change to an item whose create this tab adopted from a closed tab after it. One nobody is
 * sending any more (its create was dropped) is refused.
 */
function waitsForAnotherTab(
  queryClient: QueryClient,
  mine: AnyMutation,
  unheardOf: boolean,
): boolean {
  const { swapped } = syncOf(queryClient);
  const ids = temporaryIds(mine.state.variables).filter((id) => !swapped.has(id));
  if (ids.length === 0) return false;
  const here = queryClient
    .getMutationCache()
    .getAll()
    .filter((write) => write !== mine);
  const creating = createsOf([
    ...(queryClient.getQueryData<SavedWrite[]>(OTHER_TABS_WRITES_KEY) ?? []),
    // This tab's too, whatever their order: a closed tab's create adopted here is newer.
    ...here.filter((write) => write.state.status === 'pending'),
  ]);
  // A create this tab holds, refused, is heard of: the write is refused with it at once.
  const heard = createsOf(here);
  return ids.some((id) => creating.has(id) || (unheardOf && !heard.has(id)));
}

/**
 * How long a write naming a temporary id nobody is known to create waits before it is refused:
 * the tab creating it shows the item to the others at once, and tells them of its queued create a
 * moment later (or after this page's hello, for a page just opened).
 */
const UNHEARD_CREATE_WAIT_MS = 2_000;

/**
 * Resolves once no write that `mine` must follow (see `follows`), in this tab or another, is still
 * waiting to be sent, and every temporary id it holds is this tab's or swapped for the server's.
 */
function prerequisitesSettled(queryClient: QueryClient, mine: AnyMutation): Promise<void> {
  const cache = queryClient.getMutationCache();
  let waited = false;
  const blocked = () =>
    earlierWriteWaits(queryClient, mine) || waitsForAnotherTab(queryClient, mine, !waited);
  if (!blocked()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (blocked()) return;
      clearTimeout(timer);
      stopCache();
      stopSwaps();
      stopOthers();
      resolve();
    };
    const timer = setTimeout(() => {
      waited = true;
      check();
    }, UNHEARD_CREATE_WAIT_MS);
    const stopCache = cache.subscribe(check);
    const stopSwaps = onTempIdSwapped(queryClient, check);
    // The other tabs' queues changed: the create it waits for may have been dropped there.
    const stopOthers = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === OTHER_TABS_WRITES_KEY[0]) check();
    });
  });
}

// --- Every tab's changes, in the order they were made --------------------------------------------

/**
 * When the user made a write's change (stamped on its variables when it is queued, so it is saved
 * and adopted with it): its place among every tab's queued writes. TanStack's own `submittedAt` is
 * reset when a failed write is sent again, which would pass an old change off as the newest.
 * Queues saved before the stamp moved to the variables kept it in the write's meta.
 */
function madeAt(write: {
  meta?: Record<string, unknown>;
  state: { submittedAt: number; variables?: unknown };
}): number {
  const variables = write.state.variables as { madeAt?: unknown } | undefined;
  const at = variables?.madeAt ?? write.meta?.madeAt;
  return typeof at === 'number' ? at : write.state.submittedAt;
}

/** Stamps a new write's variables with the time it was made (see `madeAt`). */
export function stampMadeAt<V>(variables: V): V {
  if (typeof variables === 'object' && variables !== null && !('madeAt' in variables))
    Object.assign(variables, { madeAt: Date.now() });
  return variables;
}

/** A queued write of this tab or another, as the order between tabs reads it. */
interface OrderedWrite {
  kind: AnyWriteKind;
  variables: unknown;
  madeAt: number;
  /** Still to be sent: not failed for good, nor waiting for the user after failing. */
  waiting: boolean;
  mutation?: AnyMutation;
}

/**
 * The other open tabs' queued writes, with the server's ids of the creates this tab heard landed;
 * a create that landed is left out (its row is the server's now, and showing its stand-in again
 * would list the item twice). Refusals are left out: their change leaves the screen.
 */
function otherTabsWrites(queryClient: QueryClient): OrderedWrite[] {
  const { swapped } = syncOf(queryClient);
  return (queryClient.getQueryData<SavedWrite[]>(OTHER_TABS_WRITES_KEY) ?? []).flatMap((saved) => {
    const kind = syncOf(queryClient).kinds.get(nameOf(saved) ?? '');
    const { status, error, variables } = saved.state;
    const refused = error !== null && typeof error === 'object' && 'text' in error;
    const created = (variables as { tempId?: unknown } | undefined)?.tempId;
    if (!kind || refused || (typeof created === 'number' && swapped.has(created))) return [];
    return [
      {
        kind,
        variables: withKnownIds(queryClient, variables),
        madeAt: madeAt(saved),
        waiting: status === 'pending',
      },
    ];
  });
}

/** This tab's queued writes and the other tabs', oldest change first. */
function everyTabsWrites(queryClient: QueryClient): OrderedWrite[] {
  const { landed } = syncOf(queryClient);
  const mine = queuedWrites(queryClient).flatMap((mutation): OrderedWrite[] => {
    const kind = kindOf(queryClient, mutation);
    const { status, error, variables } = mutation.state;
    if (!kind || (status === 'error' && !isTransient(error)) || landed.has(variables)) return [];
    return [{ kind, variables, madeAt: madeAt(mutation), waiting: status === 'pending', mutation }];
  });
  return [...mine, ...otherTabsWrites(queryClient)].sort((a, b) => a.madeAt - b.madeAt);
}

/**
 * Shows every tab's queued changes again over the cached data, oldest first, so the newest change
 * to an item is the one shown, whichever tab made it: every tab then shows the same. Each tab
 * showing only its own over what another sent would put its older tick back over that tab's newer
 * one.
 */
function showQueued(queryClient: QueryClient, received?: QueryKey): void {
  whileApplying(queryClient, () =>
    keepingReadTime(queryClient, () => {
      for (const write of everyTabsWrites(queryClient))
        write.kind.optimistic?.(queryClient, write.variables);
      dropOrphanStandIns(queryClient, received);
    }),
  );
}

/**
 * Runs `show`, then gives each month list it rewrote back the time its data was read. Queued
 * changes shown again over a list, or ids swapped in it, do not make it newer: another tab's copy
 * of that list is taken only when newer than this one (src/offline/tabs.ts), and a list stamped
 * with the time a change was shown over it would refuse that tab's copy holding the server's answer
 * to the change, which then never came (a value saved in one tab missing from the other's Edit).
 */
function keepingReadTime(queryClient: QueryClient, show: () => void): void {
  const lists = queryClient.getQueryCache().findAll({ queryKey: MONTH_DATA_KEY });
  const readAt = new Map(lists.map((query) => [query, query.state.dataUpdatedAt]));
  show();
  for (const [query, at] of readAt)
    if (query.state.dataUpdatedAt !== at) query.setState({ ...query.state, dataUpdatedAt: at });
}

/**
 * A row with a temporary id stays only while a tab still holds its create (waiting, or refused and
 * shown with its choices). One whose create landed, or left with its tab, would stay for good:
 * another tab's list, or its queue as it last told it, may bring it back after the server's row
 * came, when this tab never heard which id replaced it. Only the list just `received` can bring
 * one, else (another tab's queue changed) any list may hold one.
 */
function dropOrphanStandIns(queryClient: QueryClient, received?: QueryKey): void {
  const { swapped } = syncOf(queryClient);
  const creating = createsOf([
    ...queuedWrites(queryClient),
    ...(queryClient.getQueryData<SavedWrite[]>(OTHER_TABS_WRITES_KEY) ?? []),
  ]);
  const orphan = (row: unknown) => {
    const id = rowId(row);
    return typeof id === 'number' && isTempId(id) && (!creating.has(id) || swapped.has(id));
  };
  const lists = queryClient
    .getQueryCache()
    .findAll({ queryKey: received ?? MONTH_DATA_KEY, exact: received !== undefined });
  for (const query of lists) {
    const data = query.state.data;
    if (Array.isArray(data) && data.some(orphan))
      queryClient.setQueryData(
        query.queryKey,
        data.filter((row) => !orphan(row)),
      );
  }
}

/** A write as `follows` compares it: its kind and its variables. */
type WriteOf = Pick<OrderedWrite, 'kind' | 'variables'>;

/**
 * Whether `mine` must be sent after `other`, made before it: both are about one item; or `mine`
 * refers to the item `other` creates; or one of them is about the whole of the other's item (an
 * entry edited or deleted, and a tick of it; a month, and anything in it).
 */
function follows(mine: WriteOf, other: WriteOf): boolean {
  // A create never waits for the writes about its item.
  const creates = (mine.variables as { tempId?: unknown } | undefined)?.tempId;
  if (typeof creates === 'number' && temporaryIds(other.variables).includes(creates)) return false;
  const created = (other.variables as { tempId?: unknown } | undefined)?.tempId;
  if (typeof created === 'number' && temporaryIds(mine.variables).includes(created)) return true;
  const [key, otherKey] = [
    scopeKey(mine.kind, mine.variables),
    scopeKey(other.kind, other.variables),
  ];
  if (key === otherKey) return true;
  const [subject, otherSubject] = [
    mine.kind.subject(mine.variables),
    other.kind.subject(other.variables),
  ];
  if (
    subjectKey(subject) === subjectKey(otherSubject) &&
    (key === subjectKey(subject) || otherKey === subjectKey(otherSubject))
  )
    return true;
  return (
    subject.monthId !== undefined &&
    subject.monthId === otherSubject.monthId &&
    (subject.kind === 'month' || otherSubject.kind === 'month')
  );
}

/**
 * Whether a write `mine` must follow is still to be sent, in this tab or another: it goes first,
 * so the server gets each item's changes in the order they were made, whichever tab sends when.
 * A refused one leaves `mine` to be refused or sent on its own. This, not TanStack's mutation
 * `scope`, orders an item's writes: a scope is fixed per observer (a hook's, for every item it
 * writes), is blind to the other tabs' queues, and can't say that an entry's delete follows a
 * tick of it.
 */
function earlierWriteWaits(queryClient: QueryClient, mine: AnyMutation): boolean {
  const kind = kindOf(queryClient, mine);
  if (!kind) return false;
  const at = madeAt(mine);
  const me = { kind, variables: mine.state.variables };
  return everyTabsWrites(queryClient).some(
    (other) =>
      other.waiting &&
      other.mutation !== mine &&
      (other.madeAt < at ||
        (other.madeAt === at &&
          other.mutation !== undefined &&
          other.mutation.mutationId < mine.mutationId)) &&
      follows(me, other),
  );
}

// --- The queue ---------------------------------------------------------------------------------

/** Queued writes, in the order they were made: waiting, being sent, or refused. */
export function queuedWrites(queryClient: QueryClient): AnyMutation[] {
  return queryClient
    .getMutationCache()
    .getAll()
    .filter((mutation) => nameOf(mutation) !== undefined && mutation.state.status !== 'success')
    .filter((mutation) => mutation.state.status !== 'idle');
}

export function isQueued(mutation: AnyMutation): boolean {
  return (
    nameOf(mutation) !== undefined &&
    (mutation.state.status === 'pending' || mutation.state.status === 'error')
  );
}

export function subjectOf(
  queryClient: QueryClient,
  mutation: AnyMutation,
): WriteSubject | undefined {
  return kindOf(queryClient, mutation)?.subject(mutation.state.variables);
}

export function writeName(mutation: AnyMutation): string | undefined {
  return nameOf(mutation);
}

export type ChangeState = 'queued' | 'sending' | 'failed' | 'refused';

/** One queued write, as the navbar's list of changes waiting to sync reads it. */
export interface QueuedChange {
  /** Unique in the list: this tab's mutation id, or a negative number for another tab's write. */
  mutationId: number;
  name: string;
  state: ChangeState;
  error: string | null;
  monthId: number | undefined;
  subject: { kind: string; id: number } | undefined;
  variables: unknown;
  /** Waiting in another open tab, which sends it (only there can it be retried or dropped). */
  elsewhere: boolean;
}

export function describeWrite(queryClient: QueryClient, mutation: AnyMutation): QueuedChange {
  const { status, isPaused, error, variables } = mutation.state;
  const subject = subjectOf(queryClient, mutation);
  let state: ChangeState = isPaused ? 'queued' : 'sending';
  if (status === 'error') state = isTransient(error) ? 'failed' : 'refused';
  return {
    mutationId: mutation.mutationId,
    name: writeName(mutation) ?? '',
    state,
    error: status === 'error' ? syncErrorText(error) : null,
    monthId: subject?.monthId,
    subject: subject && { kind: subject.kind, id: subject.id },
    variables,
    elsewhere: false,
  };
}

/** A write as a tab saves it (dehydrated, then JSON). */
export type SavedWrite = DehydratedState['mutations'][number];

/** The cache entry holding the other open tabs' unsent writes, as they saved them (src/offline/tabs.ts). */
export const OTHER_TABS_WRITES_KEY = ['sync', 'other-tabs'] as const;

/**
 * Another tab's write as it saved it (JSON): its error is plain fields by then, so a refusal is
 * told by the text it kept (SyncRefusal's), anything else as a failed attempt it will repeat.
 */
export function describeSavedWrite(
  queryClient: QueryClient,
  saved: SavedWrite,
  index: number,
): QueuedChange {
  const { status, isPaused, error, variables } = saved.state;
  const name = nameOf(saved) ?? '';
  const subject = syncOf(queryClient).kinds.get(name)?.subject(variables);
  const refusal =
    error !== null && typeof error === 'object' && 'text' in error && typeof error.text === 'string'
      ? error.text
      : null;
  let state: ChangeState = isPaused ? 'queued' : 'sending';
  if (status === 'error') state = refusal === null ? 'failed' : 'refused';
  return {
    mutationId: -1 - index,
    name,
    state,
    error: status === 'error' ? (refusal ?? '') : null,
    monthId: subject?.monthId,
    subject: subject && { kind: subject.kind, id: subject.id },
    variables,
    elsewhere: true,
  };
}

/** How a screen's action queues its writes: `enqueueWrite`, or one that also tells the action of a failed attempt. */
export type Enqueue = <V, R>(
  queryClient: QueryClient,
  kind: WriteKind<V, R>,
  variables: V,
) => Promise<R>;

/**
 * Readies a new write's variables: the server's ids for creates that landed since the screen read
 * them, and the time it was made. The variables are the write's record, saved with it.
 */
export function prepareWrite<V>(
  queryClient: QueryClient,
  kind: WriteKind<V, unknown>,
  variables: V,
): V {
  installSync(queryClient, [kind as AnyWriteKind]);
  resolveIdsInPlace(variables, syncOf(queryClient).swapped);
  return stampMadeAt(variables);
}

/** Who hears how one write went, whatever screen (or none) is open by then. */
export interface WriteWatcher {
  /** The server took it. */
  onSuccess?: (result: unknown) => void;
  /**
   * Its first failed attempt, or its refusal, whichever comes first: the write stays queued, to be
   * sent again or to wait for the user. TanStack's `onError` comes only once its tries ran out.
   */
  onFailure?: (error: Error) => void;
}

/**
 * Watches the write holding `variables`. Not TanStack's own callbacks: a hook's options replace
 * the kind's defaults rather than add to them, and `mutate`'s callbacks are dropped once the
 * screen closes or makes another write.
 */
export function watchWrite(
  queryClient: QueryClient,
  variables: object,
  watcher: WriteWatcher,
): void {
  syncOf(queryClient).watchers.set(variables, watcher);
}

/**
 * Queues one write outside a hook (a save of several writes, an Undo) and shows it at once: its
 * optimistic change is in the cache when this returns. The promise settles when the server
 * answers (offline: later, maybe after a reload — then nobody awaits it, and the write's kind
 * alone updates the cache).
 */
export function enqueueWrite<V, R>(
  queryClient: QueryClient,
  kind: WriteKind<V, R>,
  variables: V,
  onFailure?: (error: Error) => void,
): Promise<R> {
  prepareWrite(queryClient, kind, variables);
  if (onFailure && typeof variables === 'object' && variables !== null)
    watchWrite(queryClient, variables, { onFailure });
  // TanStack's own way to run a mutation outside a component (what useMutation does inside one).
  const observer = new MutationObserver<R, unknown, V>(queryClient, {
    mutationKey: writeKey(kind.name),
  });
  const done = observer.mutate(variables);
  // The caller may not await it: a refusal is shown by the sync status, not as an unhandled
  // rejection. Settled, the write no longer needs its observer (a refused one stays queued).
  done.catch(() => {}).finally(() => observer.reset());
  return done;
}

/**
 * Sends a write that failed again, as a new mutation of the same variables: the same change, made
 * at the same time (`madeAt`, kept in them), with the same Idempotency-Key. TanStack runs a
 * mutation once, and `resumePausedMutations` continues only paused ones. The failed one leaves the
 * queue in the same task, so no saved outbox holds both, or neither.
 */
function sendAgain(queryClient: QueryClient, mutation: AnyMutation): Promise<unknown> {
  const { variables } = mutation.state;
  const name = nameOf(mutation);
  if (name === undefined || variables == null) return Promise.resolve();
  // A write saved by a version that kept its time in meta keeps its place.
  if (typeof variables === 'object' && !('madeAt' in variables))
    Object.assign(variables, { madeAt: madeAt(mutation) });
  queryClient.getMutationCache().remove(mutation);
  const observer = new MutationObserver(queryClient, { mutationKey: writeKey(name) });
  return observer
    .mutate(variables)
    .catch(() => {})
    .finally(() => observer.reset());
}

/** Sends again every write that failed on the way (network, 5xx, session) and every paused one. */
export function retryFailedWrites(queryClient: QueryClient): Promise<unknown> {
  const failed = queuedWrites(queryClient).filter(
    (mutation) => mutation.state.status === 'error' && isTransient(mutation.state.error),
  );
  return Promise.all([
    ...failed.map((mutation) => sendAgain(queryClient, mutation)),
    queryClient.resumePausedMutations(),
  ]);
}

/** Sends one refused write again (after the user changed nothing, or something elsewhere). */
export function retryWrite(queryClient: QueryClient, mutation: AnyMutation): void {
  installSync(queryClient);
  void sendAgain(queryClient, mutation);
}

/** Drops a refused write: its change leaves the screen, and what the server has is read again. */
export function discardWrite(queryClient: QueryClient, mutation: AnyMutation): void {
  const kind = kindOf(queryClient, mutation);
  queryClient.getMutationCache().remove(mutation);
  kind?.discarded?.(queryClient, mutation.state.variables);
  const monthId = kind?.subject(mutation.state.variables).monthId;
  void queryClient.invalidateQueries({
    queryKey: monthId === undefined ? MONTH_DATA_KEY : [...MONTH_DATA_KEY, monthId],
    // Lists not on screen too: the page the user goes back to must show the server's truth.
    refetchType: 'all',
  });
}

function defaults(
  queryClient: QueryClient,
  kind: AnyWriteKind,
): MutationOptions<unknown, unknown, unknown, unknown> {
  return {
    // Offline, a write waits (paused) rather than failing; it goes when the browser is online.
    networkMode: 'online',
    // A write the server refused, or that ran out of tries, waits for the user (or the next time
    // the network comes back): TanStack's default would drop it, unobserved, five minutes after
    // it failed, and with it the change. One that landed leaves the queue at once (installSync).
    gcTime: Number.POSITIVE_INFINITY,
    retry,
    retryDelay,
    // Even the first attempt of a write whose item was created offline needs the id swapped first.
    mutationFn: async (variables) => {
      const mine = queryClient
        .getMutationCache()
        .getAll()
        .find((mutation) => mutation.state.variables === variables);
      await syncOf(queryClient).untilSaved(variables);
      if (mine) await prerequisitesSettled(queryClient, mine);
      return oneSenderAtATime(scopeKey(kind, variables), async () => {
        try {
          // With the server's ids of the creates it refers to, whichever tab heard them land.
          return await kind.run(resolveIds(variables, syncOf(queryClient).swapped), queryClient);
        } catch (error) {
          throw await refusalOf(error);
        }
      });
    },
    onMutate: (variables) => {
      // Written over the cache, which shows the other queued writes already: re-applying them all
      // on each (as for data from the server) made a Save's steps cost the square of their count.
      whileApplying(queryClient, () => kind.optimistic?.(queryClient, variables));
      return undefined;
    },
    onSuccess: (result, variables) => {
      if (typeof variables === 'object' && variables !== null)
        syncOf(queryClient).landed.add(variables);
      kind.landed?.(queryClient, variables, result);
    },
    onSettled: (_result, _error, variables) => kind.settled?.(queryClient, variables),
  };
}

/**
 * Registers the write kinds' defaults on the client (before a saved queue is restored, so a
 * restored write finds its function by its key), and, the first time, keeps queued changes on
 * screen whatever data arrives meanwhile: a page read from the server, the early reads or the saved
 * cache. Screens call it with the kind they write on every render: a kind already there costs a
 * map lookup (getMutationDefaults scans every default, which cost a Save ~45 ms of rendering with
 * a month of cards).
 */
export function installSync(queryClient: QueryClient, kinds: readonly AnyWriteKind[] = []): void {
  const sync = syncOf(queryClient);
  for (const kind of kinds) {
    if (sync.kinds.get(kind.name) === kind) continue;
    sync.kinds.set(kind.name, kind);
    queryClient.setMutationDefaults(writeKey(kind.name), defaults(queryClient, kind));
  }
  if (sync.started) return;
  sync.started = true;
  // Back online (the window's online event, through onlineManager): paused writes go, and those
  // that failed on the way are sent again.
  onlineManager.subscribe((online) => {
    if (online) void retryFailedWrites(queryClient);
  });
  // A refreshed or new session: writes refused for the old token (401) go again.
  void import('../api/tokens').then(({ onTokensStored }) =>
    onTokensStored(() => void retryFailedWrites(queryClient)),
  );
  // Data from the server, another tab or the saved cache, or another tab's queue changed: the
  // queued changes go over it again.
  queryClient.getQueryCache().subscribe((event) => {
    if (sync.applying || event.type !== 'updated' || event.action.type !== 'success') return;
    const { queryKey } = event.query;
    if (queryKey[0] === MONTH_DATA_KEY[0]) showQueued(queryClient, queryKey);
    else if (queryKey[0] === OTHER_TABS_WRITES_KEY[0] && queryKey[1] === OTHER_TABS_WRITES_KEY[1])
      showQueued(queryClient);
  });
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action } = event;
    const variables = event.mutation.state.variables;
    const watcher = variables && sync.watchers.get(variables);
    if (watcher && (action.type === 'failed' || action.type === 'error')) {
      watcher.onFailure?.(action.error as Error);
      // Told once: what comes next shows in the list of changes waiting to sync.
      delete watcher.onFailure;
    } else if (watcher && action.type === 'success') {
      sync.watchers.delete(variables);
      watcher.onSuccess?.(action.data);
    }
    // 'Drop my change' is final: the write leaves the queue (and this tab's saved outbox), so no
    // page, in this tab or one that adopts its outbox later, sends it or asks about it again.
    if (event.action.type === 'error' && isDropped(event.action.error)) {
      const { mutation } = event;
      queueMicrotask(() => queryClient.getMutationCache().remove(mutation));
    }
    // Kept forever while it waits (its gcTime), a write that landed is done with.
    if (event.action.type === 'success' && nameOf(event.mutation) !== undefined) {
      const { mutation } = event;
      queueMicrotask(() => queryClient.getMutationCache().remove(mutation));
    }
  });
}

/** After a restore: queued changes on screen again, and sent if the network is there. */
export function resumeQueuedWrites(queryClient: QueryClient): Promise<unknown> {
  installSync(queryClient);
  // Saved data restored online is marked to be read again; showing the queued changes over it
  // writes it (setQueryData), which would pass the old copy off as fresh from the server: a screen
  // would then show it, without the changes made elsewhere meanwhile, until it went stale again.
  const toRead = queryClient
    .getQueryCache()
    .findAll({ queryKey: MONTH_DATA_KEY })
    .filter((query) => query.state.isInvalidated);
  showQueued(queryClient);
  for (const query of toRead)
    if (!query.state.isInvalidated)
      void queryClient.invalidateQueries({
        queryKey: query.queryKey,
        exact: true,
        refetchType: 'none',
      });
  return retryFailedWrites(queryClient);
}
