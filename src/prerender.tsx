// Renders the public pages to HTML in Node at build time (scripts/prerender.mjs).
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

/** A public page, as static HTML. */
export async function render(path: string): Promise<string> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }), {
    inNode: true,
  });
  await router.load();
  return renderToString(
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
