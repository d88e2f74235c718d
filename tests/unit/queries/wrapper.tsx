// renderHook with a fresh QueryClient, so each hook test starts from an empty cache.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { shareRowsById } from '../../../src/queries/share-rows';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    // No retries: a failure must show at once; no gc: cache assertions must not race a timer;
    // rows shared by id as in the app (src/query-client.ts).
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY, structuralSharing: shareRowsById },
      mutations: { retry: false },
    },
  });
}

export function renderQueryHook<Result>(
  hook: () => Result,
  queryClient: QueryClient = createTestQueryClient(),
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(hook, { wrapper }) };
}
