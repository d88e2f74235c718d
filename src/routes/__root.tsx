// Root route: the router context (query client), the outlet every screen renders into, 404 and errors.
import { createRootRouteWithContext, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { RouteAnnouncer } from '../components/app-shell/route-announcer';
import type { RouterContext } from '../router';

// The plugin does not code-split the root route, so these load on demand by hand:
// the entry bundle, which the landing page loads too, stays small.
export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <Outlet />
      <RouteAnnouncer />
    </>
  ),
  notFoundComponent: lazyRouteComponent(
    () => import('../components/not-found-page'),
    'NotFoundPage',
  ),
  errorComponent: lazyRouteComponent(() => import('../components/error-page'), 'ErrorPage'),
});
