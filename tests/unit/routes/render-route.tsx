// Renders the real route tree at a path, with a memory history, a fresh QueryClient and Mantine.
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeTokens } from '../../../src/api/tokens';
import { createAppRouter } from '../../../src/router';
import { cssVariablesResolver, theme } from '../../../src/theme';
import { makeJwt } from '../../fixtures/factories';
import { createTestQueryClient } from '../queries/wrapper';

// jsdom lacks what Mantine measures with; these stubs are enough for rendering and events.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
// jsdom defines scrollTo but only to report "Not implemented"; the router's scroll restoration calls it.
window.scrollTo = () => undefined;

type AppRouter = ReturnType<typeof createAppRouter>;
const mountedRouters = new Set<AppRouter>();

// A test may end right after a navigation starts (a redirect, a lazy route chunk still loading).
// Left alone, that navigation finishes after jsdom is torn down and React throws "window is not
// defined" as an unhandled rejection. Each test therefore ends only once its router is idle;
// this hook runs before Testing Library's cleanup unmounts the tree.
afterEach(async () => {
  for (const router of mountedRouters) {
    await waitFor(() => {
      const { status, isLoading, location, resolvedLocation } = router.state;
      expect({ status, isLoading, resolved: resolvedLocation?.href }).toEqual({
        status: 'idle',
        isLoading: false,
        resolved: location.href,
      });
    });
  }
  mountedRouters.clear();
});

interface RenderRouteOptions {
  queryClient?: QueryClient;
}

export function renderRoute(
  path: string,
  { queryClient = createTestQueryClient() }: RenderRouteOptions = {},
) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(queryClient, history);
  mountedRouters.add(router);
  const user = userEvent.setup();
  const view = render(
    // env="test": no transitions and no portals, so modals and toasts render in place at once.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient, user, pathname: () => router.state.location.pathname };
}

/** Stores a valid session, as after a login. */
export function signIn(): void {
  storeTokens({
    access: makeJwt(30 * 60),
    refresh: makeJwt(24 * 60 * 60, { token_type: 'refresh' }),
  });
}

/** Waits for a toast with this exact message. */
export function findToast(message: string) {
  return screen.findByText(message, {}, { timeout: 3000 });
}
