// Browser entry: mounts the providers (Mantine, react-query) and the router.
// Notifications mount with the app layout: public pages show no toasts and skip their code.
import './components/base-styles.css';
import './components/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function mount(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
      >
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

// A prerendered page (/, /tou, /pp) stays on screen until its route's code has loaded, so the
// first render replaces it with the same content instead of a blank pending state.
// A promise, not a top-level await: with one, Rollup splits the entry into many small chunks
// and the landing page's JavaScript grows by about 6 KB gzipped.
if (container.hasChildNodes()) void router.load().then(() => mount(container));
else mount(container);
