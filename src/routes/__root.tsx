// Root route: the router context (query client) and the outlet every screen renders into.
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../components/not-found-page';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => <Outlet />,
  notFoundComponent: NotFoundPage,
});
