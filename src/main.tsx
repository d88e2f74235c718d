// Browser entry: mounts the providers (Mantine, react-query) and the router.
// Notifications mount with the app layout: public pages show no toasts and skip their code.
import './components/base-styles.css';
import './components/global.css';
import { MantineProvider } from '@mantine/core';
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentLocale, preferredLocale, setLocale } from './i18n/store';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import {
  dropServerHtml,
  readServerState,
  SERVER_RENDERED_ATTRIBUTE,
  takeOverServerHtml,
} from './server-html';
import { cssVariablesResolver, theme } from './theme';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A journals page the server rendered brings the query state it was rendered from (src/server-html.ts):
// in the cache before the router loads, its loaders find every read answered and ask for nothing.
const serverState = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE) ? readServerState() : null;
if (serverState) hydrate(queryClient, serverState);
// The language the server rendered in (its <html lang>), read before the app sets its own.
const serverLocale = document.documentElement.lang;

type Handoff = typeof import('./prerender-handoff');

/** Time for the page's content to hydrate after the app around it, before it is made usable anyway. */
const TAKE_OVER_FALLBACK_MS = 3000;

/**
 * Around the app while it hydrates the server's HTML. The page's own content hydrates after the app
 * around it (a Suspense boundary of its own) and takes the page over itself (takeOverServerHtml);
 * should it fail to render, the clicks held meanwhile must not stay held.
 */
function Hydrating({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    const timer = setTimeout(takeOverServerHtml, TAKE_OVER_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, []);
  return children;
}

/** Whether the router, loaded here, shows the page the server rendered, so hydration can match it. */
function showsServerPage(): boolean {
  const { location, matches, status } = router.state;
  return (
    status === 'idle' &&
    location.pathname === window.location.pathname &&
    matches.every((match) => match.status === 'success')
  );
}

/**
 * Shows the page once the app has rendered it, in the visitor's language: a prerendered page in
 * another one was kept unseen until now (public/color-scheme.js).
 */
function LanguageShown({ children }: { children: React.ReactNode }) {
  useEffect(() => document.documentElement.removeAttribute('data-language-pending'), []);
  return children;
}

function app(children: React.ReactNode = <RouterProvider router={router} />) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
      >
        <QueryClientProvider client={queryClient}>
          <LanguageShown>{children}</LanguageShown>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}

function mount(root: HTMLElement, handoff: Handoff | null = null) {
  if (root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
    // In another language (chosen in another tab since, or whose texts failed to load), every
    // word would mismatch: rendered afresh instead.
    if (serverState && showsServerPage() && currentLocale() === serverLocale) {
      // The server rendered under the same router state (src/prerender.tsx): told so, the router
      // renders the same tree as there (no Suspense boundary of its own around the matches).
      router.ssr = { manifest: undefined };
      hydrateRoot(
        root,
        app(
          <Hydrating>
            <RouterProvider router={router} />
          </Hydrating>,
        ),
      );
      return;
    }
    // Not the page the server rendered (another session, a redirect to /login): rendered afresh.
    dropServerHtml(root);
  }
  // What the visitor typed into a prerendered form moves into the live one (see prerender-handoff.ts).
  const typed = handoff?.captureTypedState(root, document.activeElement);
  if (!handoff || !typed) {
    createRoot(root).render(app());
    return;
  }
  // Synchronously: a concurrent render yields to the event loop, and a keystroke landing in the
  // prerendered form then would vanish with it.
  const reactRoot = createRoot(root);
  flushSync(() => reactRoot.render(app()));
  handoff.restoreTypedState(root, typed);
}

// The language is set first, so app screens render in it at once: English at once,
// pt-BR after its texts' chunk has loaded; the prerendered page stays on screen meanwhile, and a
// journals page the server rendered in pt-BR is hydrated only once those texts are in.
const localeReady = setLocale(preferredLocale());

// A prerendered page (/, /tou, /pp, /login, /register, or a journals page the server rendered for
// the user) stays on screen until its route's code has loaded, so the first render matches it
// instead of showing a blank pending state.
// A promise, not a top-level await: with one, Rollup splits the entry into many small chunks
// and the landing page's JavaScript grows by about 6 KB gzipped.
if (container.hasChildNodes()) {
  // Only prerendered forms (/login, /register) load the handoff: the landing page's budget is tight.
  const handoff =
    !container.hasAttribute(SERVER_RENDERED_ATTRIBUTE) && container.querySelector('input, textarea')
      ? import('./prerender-handoff')
      : null;
  void Promise.all([router.load(), localeReady, handoff]).then(([, , module]) =>
    mount(container, module),
  );
} else void localeReady.then(() => mount(container));
