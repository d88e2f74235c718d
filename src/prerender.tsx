// Renders the app to HTML in Node: the public pages at build time (scripts/prerender.mjs), and a
// signed-in user's journals page at request time (server/services/server-render.ts).
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { site } from './i18n/en/site';
import { journalsPageQueries } from './queries/journals-page';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

async function renderPath(
  path: string,
  queryClient: QueryClient,
  options: { serverRender?: boolean } = {},
): Promise<string> {
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }), {
    ...options,
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

/** A public page, as static HTML. */
export function render(path: string): Promise<string> {
  return renderPath(path, createQueryClient());
}

/**
 * A month's journals page with its data: `reads` are the bodies of the page's seven reads in
 * journalsPageQueries' order (contract/screen-reads.ts lists their paths), which the server
 * fetched for the signed-in user. Nothing is fetched here. Returns the page and its tab title.
 */
export async function renderJournalsPage(
  monthId: number,
  reads: readonly unknown[],
): Promise<{ html: string; title: string }> {
  const queries = journalsPageQueries(monthId);
  if (reads.length !== queries.length) {
    throw new Error(`the journals page has ${queries.length} reads, not ${reads.length}`);
  }
  const queryClient = createQueryClient();
  // The server read them from the API, whose answers these are: typed as the queries' data.
  for (const [index, query] of queries.entries()) {
    queryClient.setQueryData<unknown>(query.queryKey, reads[index]);
  }
  const html = await renderPath(`/months/${monthId}/journals`, queryClient, {
    serverRender: true,
  });
  const month = queryClient.getQueryData(queries[0].queryKey);
  return { html, title: month ? site.pageTitle(month.name) : site.siteTitle };
}
