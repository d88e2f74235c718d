// Browser entry: mounts the providers (Mantine, react-query) and the router.
// Notifications mount with the app layout: public pages show no toasts and skip their code.
import './components/base-styles.css';
import './components/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { preferredLocale, setLocale } from './i18n/store';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

type Handoff = typeof import('./prerender-handoff');

/**
 * Shows the page once the app has rendered it, in the visitor's language: a prerendered page in
 * another one was kept unseen until now (public/color-scheme.js).
 */
function LanguageShown({ children }: { children: React.ReactNode }) {
  useEffect(() => document.documentElement.removeAttribute('data-language-pending'), []);
  return children;
}

function app() {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
      >
        <QueryClientProvider client={queryClient}>
          <LanguageShown>
            <RouterProvider router={router} />
          </LanguageShown>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}

function mount(root: HTMLElement, handoff: Handoff | null = null) {
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
// pt-BR after its texts' chunk has loaded; the prerendered page stays on screen meanwhile.
const localeReady = setLocale(preferredLocale());

// A prerendered page (/, /tou, /pp, /login, /register) stays on screen until its route's code has
// loaded, so the first render matches it instead of showing a blank pending state.
// A promise, not a top-level await: with one, Rollup splits the entry into many small chunks
// and the landing page's JavaScript grows by about 6 KB gzipped.
if (container.hasChildNodes()) {
  // Only prerendered forms (/login, /register) load the handoff: the landing page's budget is tight.
  const handoff = container.querySelector('input, textarea') ? import('./prerender-handoff') : null;
  void Promise.all([router.load(), localeReady, handoff]).then(([, , module]) =>
    mount(container, module),
  );
} else void localeReady.then(() => mount(container));
