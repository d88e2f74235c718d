// Test helpers for offline behaviour: the browser's online flag, and an in-memory stand-in for IndexedDB.

import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { onlineManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { SavedQueriesStorage } from '../../../src/offline/query-persistence';

/**
 * Sets navigator.onLine and fires the window event a browser fires. React-query's onlineManager
 * only listens while a mounted QueryClient subscribes to it (in the app, always), so it is told
 * directly too: a test may go offline before it renders anything.
 */
export function setBrowserOnline(online: boolean): void {
  act(() => {
    fireNetworkEvent(online);
    onlineManager.setOnline(online);
  });
}

/** Only what the browser does: navigator.onLine and the window's online or offline event. */
export function fireNetworkEvent(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** Back to online after each test, whatever the test did. */
export function restoreOnlineAfterEach(): void {
  afterEach(() => setBrowserOnline(true));
}

export interface MemoryStorage extends SavedQueriesStorage {
  /**
   * What is stored now, as one persisted client: the month data saved under `queries` with the
   * unsent changes of every tab's outbox.
   */
  current(): PersistedClient | undefined;
  writes: number;
}

/** Stores what the persister hands it (a string, as written to IndexedDB), by key. */
export function memoryStorage(initial?: PersistedClient): MemoryStorage {
  const values = new Map<string, string>();
  if (initial) values.set('queries', JSON.stringify(initial));
  const storage: MemoryStorage = {
    writes: 0,
    current: () => {
      if (values.size === 0) return undefined;
      const saved = [...values.entries()].map(
        ([key, value]) => [key, JSON.parse(value) as PersistedClient] as const,
      );
      const queries = saved.find(([key]) => key === 'queries')?.[1];
      const first = queries ?? (saved[0]?.[1] as PersistedClient);
      return {
        ...first,
        clientState: {
          queries: queries?.clientState.queries ?? [],
          mutations: saved.flatMap(([, client]) => client.clientState.mutations),
        },
      };
    },
    getItem: async (key) => values.get(key) ?? null,
    setItem: async (key, saved) => {
      storage.writes += 1;
      values.set(key, saved);
    },
    removeItem: async (key) => {
      values.delete(key);
    },
    keys: async () => [...values.keys()],
  };
  return storage;
}
