// Creates the TanStack router with the query client in its context, so loaders can prefetch.
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { LoadingScreen } from './components/loading-screen';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

/** `history` lets tests (and the prerenderer) use a memory history instead of the browser's. */
export function createAppRouter(
  queryClient: QueryClient,
  history?: RouterHistory,
  {
    inNode = false,
  }: {
    /** Rendering to HTML in Node (src/prerender.tsx). */
    inNode?: boolean;
  } = {},
) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Freshness is react-query's job; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: LoadingScreen,
    // Every route gets its own error boundary, so a failing screen shows its error inside the app
    // shell (navbar still usable) instead of bubbling up and replacing the layout around it.
    defaultErrorComponent: lazyRouteComponent(() => import('./components/error-page'), 'ErrorPage'),
    // Not in HTML rendered in Node: there it is an inline script, which the CSP (script-src
    // 'self') would block; the browser's router restores scrolling itself.
    scrollRestoration: !inNode,
    // Back lands where the user was at once: with the page's smooth scrolling (global.css) the
    // restore would animate, and a page still growing would cut it short.
    scrollRestorationBehavior: 'instant',
    ...(history ? { history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
