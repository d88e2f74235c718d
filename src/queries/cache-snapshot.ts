// Saving the query cache as JSON and loading it back, so QA can replay a screen's exact state.
import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';

const SNAPSHOT_VERSION = 1;

export interface CacheSnapshot {
  version: typeof SNAPSHOT_VERSION;
  state: DehydratedState;
}

/** A failed query's error in a form JSON keeps (ky's HTTPError holds a Request and a Response). */
export interface SnapshotError extends Error {
  status: number | null;
}

function toSnapshotError(error: Error): SnapshotError {
  const status =
    'response' in error && error.response instanceof Response ? error.response.status : null;
  return { name: error.name, message: error.message, status };
}

/** Every settled query, failed ones included ("a month with failed requests"); no mutations. */
export function saveCacheSnapshot(queryClient: QueryClient): CacheSnapshot {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status !== 'pending',
    shouldDehydrateMutation: () => false,
  });
  const queries = state.queries.map((query) => ({
    ...query,
    state: {
      ...query.state,
      error: query.state.error && toSnapshotError(query.state.error),
      fetchFailureReason: null,
    },
  }));
  return { version: SNAPSHOT_VERSION, state: { ...state, queries } };
}

export function parseCacheSnapshot(json: string): CacheSnapshot {
  const value: unknown = JSON.parse(json);
  const isSnapshot =
    typeof value === 'object' &&
    value !== null &&
    'version' in value &&
    value.version === SNAPSHOT_VERSION &&
    'state' in value &&
    typeof value.state === 'object' &&
    value.state !== null &&
    'queries' in value.state &&
    Array.isArray(value.state.queries);
  if (!isSnapshot) throw new Error(`Not a cache snapshot of version ${SNAPSHOT_VERSION}`);
  return value as CacheSnapshot;
}

/**
 * Replaces the whole cache with the snapshot. Its entries count as fetched `now`, so screens
 * show the saved state rather than refetching it at once.
 */
export function loadCacheSnapshot(
  queryClient: QueryClient,
  snapshot: CacheSnapshot,
  now: number = Date.now(),
): void {
  queryClient.clear();
  hydrate(queryClient, {
    mutations: [],
    queries: snapshot.state.queries.map((query) => ({
      ...query,
      dehydratedAt: now,
      state: {
        ...query.state,
        dataUpdatedAt: query.state.data === undefined ? 0 : now,
        errorUpdatedAt: query.state.error ? now : 0,
      },
    })),
  });
}

/**
 * Loads a snapshot under screens that are already showing (the dev cache panel). The screens'
 * observers still point at the queries the load dropped; moving each of those to its new state
 * makes them re-render, and a re-render looks its query up in the new cache. A query the snapshot
 * lacks is reset, so its screen fetches it like any missing data. Nothing is invalidated.
 */
export function replayCacheSnapshot(
  queryClient: QueryClient,
  snapshot: CacheSnapshot,
  now: number = Date.now(),
): void {
  const shown = queryClient.getQueryCache().findAll({ type: 'active' });
  loadCacheSnapshot(queryClient, snapshot, now);
  for (const query of shown) {
    const loaded = queryClient.getQueryCache().get(query.queryHash);
    if (loaded) query.setState(loaded.state);
    else query.reset();
  }
}
