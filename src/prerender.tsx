// Renders the app to HTML in Node: the public pages at build time (scripts/prerender.mjs), and a
// signed-in user's journals page at request time (server/services/server-render.ts).
import { MantineProvider } from '@mantine/core';
import {
  type DehydratedState,
  dehydrate,
  type QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { PaymentStatus } from '../contract/entities';
import { renderedWithGlance } from './components/stats/glance-open';
import { site } from './i18n/en/site';
// Up front here: the browser loads these texts as a lazy chunk, the server has them ready.
import { translation as portuguese } from './i18n/pt-br';
import { type Locale, renderedIn, texts } from './i18n/store';
import { journalsPageQueries } from './queries/journals-page';
import { billingKeys } from './queries/keys';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const translationOf = (locale: Locale) => (locale === 'pt-BR' ? portuguese : null);

async function renderPath(
  path: string,
  queryClient: QueryClient,
  options: { serverRender?: boolean; locale?: Locale; glanceOpen?: boolean } = {},
): Promise<string> {
  const { locale = 'en', glanceOpen = false, ...routerOptions } = options;
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }), {
    ...routerOptions,
    inNode: true,
  });
  await router.load();
  return renderedWithGlance(glanceOpen, () =>
    renderedIn(locale, translationOf(locale), () =>
      renderToString(
        <MantineProvider
          theme={theme}
          defaultColorScheme="auto"
          cssVariablesResolver={cssVariablesResolver}
        >
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </MantineProvider>,
      ),
    ),
  );
}

/** A public page, as static HTML. */
export function render(path: string): Promise<string> {
  return renderPath(path, createQueryClient());
}

/**
 * A month's journals page with its data: `reads` are the bodies of the page's seven reads in
 * journalsPageQueries' order (contract/screen-reads.ts lists their paths), which the server
 * fetched for the signed-in user. Nothing is fetched here. Returns the page, its tab title and the
 * query state it was rendered from, which the browser hydrates the page with (src/main.tsx), in
 * the user's `locale`, with the month at a glance open or not as the user keeps it (`glanceOpen`).
 * `paymentStatus`, the user's answer to the payment check, goes into that state too: a page opened
 * this way asks the API nothing, so this is how the app learns that a subscription has ended and
 * shows its notice and Renew over the entries, which stay readable.
 */
export async function renderJournalsPage(
  monthId: number,
  reads: readonly unknown[],
  locale: Locale = 'en',
  glanceOpen = false,
  paymentStatus?: PaymentStatus,
): Promise<{ html: string; title: string; state: DehydratedState }> {
  const queries = journalsPageQueries(monthId);
  if (reads.length !== queries.length) {
    throw new Error(`the journals page has ${queries.length} reads, not ${reads.length}`);
  }
  const queryClient = createQueryClient();
  // The server read them from the API, whose answers these are: typed as the queries' data.
  for (const [index, query] of queries.entries()) {
    queryClient.setQueryData<unknown>(query.queryKey, reads[index]);
  }
  if (paymentStatus) queryClient.setQueryData(billingKeys.status(), paymentStatus);
  const html = await renderPath(`/months/${monthId}/journals`, queryClient, {
    serverRender: true,
    locale,
    glanceOpen,
  });
  const month = queryClient.getQueryData(queries[0].queryKey);
  const t = renderedIn(locale, translationOf(locale), () => texts('site', site));
  return {
    html,
    title: month ? t.pageTitle(month.name) : t.siteTitle,
    state: dehydrate(queryClient),
  };
}
