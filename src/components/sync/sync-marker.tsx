// The 'waiting to sync' marker of a card or row whose change is not on the server yet.
import { notifyManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTexts } from '../../i18n/store';
import { isQueued, isTransient, subjectOf, type WriteSubject } from '../../offline/sync';
import { OFFLINE_TEXTS } from '../../offline/texts';
import { Icon } from '../icons';

export type SyncState = 'waiting' | 'refused';

type Kind = WriteSubject['kind'];

interface PendingStore {
  subscribe: (listener: () => void) => () => void;
  /** Item (`journal:12`, `goal:-170…`) → its queued changes' state; refused wins over waiting. */
  states: () => ReadonlyMap<string, SyncState>;
}

const stores = new WeakMap<QueryClient, PendingStore>();

/**
 * The queued changes' states, worked out once per change of the mutation cache and shared by every
 * marker, each of which subscribes to its own item's. Not react-query's useMutationState in each
 * card: its answer is the whole list, so one change queued re-rendered every card of the page (37
 * on a full month, 120 month cards on a ten-year account), and a Save waited for all of them
 * before its card showed.
 */
function pendingStore(queryClient: QueryClient): PendingStore {
  const known = stores.get(queryClient);
  const cache = queryClient.getMutationCache();
  if (known) return known;
  let states: Map<string, SyncState> | null = null;
  const listeners = new Set<() => void>();
  let stop: (() => void) | undefined;
  const store: PendingStore = {
    subscribe(listener) {
      const notify = notifyManager.batchCalls(listener);
      listeners.add(notify);
      stop ??= cache.subscribe(() => {
        states = null;
        for (const each of listeners) each();
      });
      return () => {
        listeners.delete(notify);
        if (listeners.size > 0) return;
        stop?.();
        stop = undefined;
        states = null;
      };
    },
    states() {
      if (states !== null) return states;
      const built = new Map<string, SyncState>();
      for (const mutation of cache.findAll({ predicate: isQueued })) {
        const subject = subjectOf(queryClient, mutation);
        if (!subject) continue;
        const key = `${subject.kind}:${subject.id}`;
        const refused = mutation.state.status === 'error' && !isTransient(mutation.state.error);
        if (refused) built.set(key, 'refused');
        else if (!built.has(key)) built.set(key, 'waiting');
      }
      // Kept only while someone listens: without a subscription nothing would say it is stale.
      if (stop) states = built;
      return built;
    },
  };
  stores.set(queryClient, store);
  return store;
}

/** One item's queued changes: its component re-renders only when that item's state changes. */
export function usePendingState(kind: Kind, id: number): SyncState | undefined {
  const store = pendingStore(useQueryClient());
  const state = () => store.states().get(`${kind}:${id}`);
  return useSyncExternalStore(store.subscribe, state, state);
}

/**
 * An item's mark while its changes wait to sync (or were refused): a small icon with its words for
 * screen readers (and as a tooltip). Nothing otherwise. Only the mark redraws as the state changes.
 */
export function SyncMarker({ kind, id }: { kind: Kind; id: number }) {
  const t = useTexts('offline', OFFLINE_TEXTS);
  const state = usePendingState(kind, id);
  if (state === undefined) return null;
  const label = state === 'refused' ? t.refusedMarker : t.waitingMarker;
  return (
    <span className="mb-sync-marker" data-state={state} title={label}>
      <Icon size={14}>
        {state === 'refused' ? (
          <path d="M12 3l10 18H2zM12 10v4M12 17h.01" />
        ) : (
          <path d="M12 6v6l4 2M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z" />
        )}
      </Icon>
      <span className="mb-visually-hidden">{label}</span>
    </span>
  );
}
