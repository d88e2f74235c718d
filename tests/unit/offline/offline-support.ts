// Test helpers for offline behaviour: the browser's online flag, and an in-memory stand-in for IndexedDB.
import { onlineManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { SavedQueries, SavedQueriesStorage } from '../../../src/offline/query-persistence';

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
  /** What is stored now, as IndexedDB would hand it back. */
  current(): SavedQueries | undefined;
  writes: number;
}

/** Stores a structured clone, as IndexedDB does: values it could not store fail here too. */
export function memoryStorage(initial?: SavedQueries): MemoryStorage {
  let value = initial && structuredClone(initial);
  const storage: MemoryStorage = {
    writes: 0,
    current: () => value && structuredClone(value),
    read: async () => value && structuredClone(value),
    write: async (saved) => {
      storage.writes += 1;
      value = structuredClone(saved);
    },
    remove: async () => {
      value = undefined;
    },
  };
  return storage;
}
