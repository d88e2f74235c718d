// Creates the TanStack router with the query client in its context, so loaders can prefetch.
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { LoadingScreen } from './components/loading-screen';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

/** `history` lets tests (and the prerenderer) use a memory history instead of the browser's. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Freshness is react-query's job; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: LoadingScreen,
    scrollRestoration: true,
    ...(history ? { history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
