// A signed-in device for offline write tests: its saved data in memory, its page loads, cleaned up after each test.

import type { QueryClient } from '@tanstack/react-query';
import { storeTokens } from '../../../src/api/tokens';
import {
  setSavedQueriesStorage,
  startQueryPersistence,
  stopQueryPersistence,
} from '../../../src/offline/query-persistence';
import { loadWriteKinds } from '../../../src/queries/all-writes';
import { monthDataAtRest } from '../../../src/queries/private-rows-open';
import { createQueryClient } from '../../../src/query-client';
import { makeJwt, USER_ID } from '../../fixtures/factories';
import { type MemoryStorage, memoryStorage } from './offline-support';

/**
 * One device per test: the user signed in, the app's saved data in a fresh in-memory store. After
 * the test every client it loaded stops saving and is emptied, and the store is detached.
 */
export function savingDeviceEachTest() {
  let storage: MemoryStorage | undefined;
  const clients: QueryClient[] = [];
  beforeEach(() => {
    storage = memoryStorage();
    setSavedQueriesStorage(storage);
    storeTokens({
      access: makeJwt(30 * 60, { user_id: USER_ID }),
      refresh: makeJwt(24 * 60 * 60, { token_type: 'refresh', user_id: USER_ID }),
    });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) {
      stopQueryPersistence(client);
      client.getMutationCache().clear();
      client.clear();
    }
    setSavedQueriesStorage(null);
  });
  return {
    /** A page load: the app's client, with its saved data and queue restored. */
    async load(): Promise<QueryClient> {
      const queryClient = createQueryClient();
      clients.push(queryClient);
      await startQueryPersistence(queryClient, loadWriteKinds, monthDataAtRest);
      return queryClient;
    },
    /** The unsent writes saved on the device now. */
    savedWrites: () => storage?.current()?.clientState.mutations ?? [],
    /** The device's store, for a test that makes it slow. */
    storage: () => {
      if (!storage) throw new Error('No device outside a test');
      return storage;
    },
  };
}
