// Waiting on the offline-first write queue (src/offline/sync.ts) in hook tests.
import type { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { queuedWrites, syncErrorText } from '../../../src/offline/sync';

/** Resolves once no write is waiting or being sent (refused ones stay, shown to the user). */
export async function whenSynced(queryClient: QueryClient, timeout = 5000): Promise<void> {
  await waitFor(
    () =>
      expect(
        queuedWrites(queryClient)
          .filter((write) => write.state.status === 'pending')
          .map((write) => write.options.mutationKey),
      ).toEqual([]),
    { timeout },
  );
}

/** The refused writes: their key's name and message. */
export function refusedWrites(queryClient: QueryClient): { name: string; message: string }[] {
  return queuedWrites(queryClient)
    .filter((write) => write.state.status === 'error')
    .map((write) => ({
      name: String(write.options.mutationKey?.[1]),
      message: syncErrorText(write.state.error),
    }));
}
