// The 'waiting to sync' marker of a card or row whose change is not on the server yet (issue 16).
import { type MutationCache, notifyManager, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTexts } from '../i18n/store';
import { isQueued, isTransient, subjectOf, type WriteSubject } from './sync';
import { OFFLINE_TEXTS } from './texts';

export type SyncState = 'waiting' | 'refused';

type Kind = WriteSubject['kind'];

interface PendingStore {
  subscribe: (listener: () => void) => () => void;
  /** A kind's items (by id) whose changes wait to sync, and their state; refused wins over waiting. */
  states: (kind: Kind) => ReadonlyMap<number, SyncState>;
}

const stores = new WeakMap<MutationCache, PendingStore>();
const NONE: ReadonlyMap<number, SyncState> = new Map();

function sameStates(a: ReadonlyMap<number, SyncState>, b: ReadonlyMap<number, SyncState>) {
  return a.size === b.size && [...a].every(([id, state]) => b.get(id) === state);
}

/**
 * The queued changes' states, worked out once per change of the mutation cache and shared by every
 * card. Not react-query's useMutationState in each card: its answer is the whole list, so one
 * change queued re-rendered every card of the page (37 on a full month, 120 month cards on a
 * ten-year account), and a Save waited for all of them before its card showed. Each kind's answer
 * stays the same object while its states do, so a list of goals is not redrawn for an entry.
 */
function pendingStore(cache: MutationCache): PendingStore {
  const known = stores.get(cache);
  if (known) return known;
  let fresh = false;
  const byKind = new Map<Kind, ReadonlyMap<number, SyncState>>();
  const listeners = new Set<() => void>();
  let stop: (() => void) | undefined;
  const rebuild = () => {
    const built = new Map<Kind, Map<number, SyncState>>();
    for (const mutation of cache.findAll({ predicate: isQueued })) {
      const subject = subjectOf(mutation);
      if (!subject) continue;
      const states = built.get(subject.kind) ?? new Map<number, SyncState>();
      built.set(subject.kind, states);
      const refused = mutation.state.status === 'error' && !isTransient(mutation.state.error);
      if (refused) states.set(subject.id, 'refused');
      else if (!states.has(subject.id)) states.set(subject.id, 'waiting');
    }
    for (const kind of new Set([...byKind.keys(), ...built.keys()])) {
      const states = built.get(kind) ?? NONE;
      if (!sameStates(states, byKind.get(kind) ?? NONE)) byKind.set(kind, states);
    }
    // Kept only while someone listens: without a subscription nothing would say it is stale.
    fresh = stop !== undefined;
  };
  const store: PendingStore = {
    subscribe(listener) {
      const notify = notifyManager.batchCalls(listener);
      listeners.add(notify);
      stop ??= cache.subscribe(() => {
        fresh = false;
        for (const each of listeners) each();
      });
      return () => {
        listeners.delete(notify);
        if (listeners.size > 0) return;
        stop?.();
        stop = undefined;
        fresh = false;
      };
    },
    states(kind) {
      if (!fresh) rebuild();
      return byKind.get(kind) ?? NONE;
    },
  };
  stores.set(cache, store);
  return store;
}

/** One item's queued changes: its component re-renders only when that item's state changes. */
export function usePendingState(kind: Kind, id: number): SyncState | undefined {
  const store = pendingStore(useQueryClient().getMutationCache());
  const state = () => store.states(kind).get(id);
  return useSyncExternalStore(store.subscribe, state, state);
}

/** For a list of one kind rendered by one component: its items' states, by id. */
export function usePendingItems(kind: Kind): ReadonlyMap<number, SyncState> {
  const store = pendingStore(useQueryClient().getMutationCache());
  const states = () => store.states(kind);
  return useSyncExternalStore(store.subscribe, states, states);
}

/** A small icon with its words for screen readers (and as a tooltip). */
export function SyncMarker({ state }: { state: SyncState | undefined }) {
  const t = useTexts('offline', OFFLINE_TEXTS);
  if (state === undefined) return null;
  const label = state === 'refused' ? t.refusedMarker : t.waitingMarker;
  return (
    <span className="mb-sync-marker" data-state={state} title={label}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={14}
        height={14}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {state === 'refused' ? (
          <path d="M12 3l10 18H2zM12 10v4M12 17h.01" />
        ) : (
          <path d="M12 6v6l4 2M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z" />
        )}
      </svg>
      <span className="mb-visually-hidden">{label}</span>
    </span>
  );
}
