// Vite build of the browser app, its dev server (proxying /api) and the Vitest projects.
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const apiPort = process.env.API_PORT ?? '3001';

/**
 * Pages scripts/prerender.mjs writes after this build (as `<page>/index.html`), precached under
 * the URL the server answers them at. They, and spa.html, are made from this build's index.html,
 * so its content is their revision. tests/build/pwa.test.ts checks this list against the build.
 */
const PRERENDERED_PAGES = ['tou', 'pp', 'login', 'register'];

/**
 * Installable and readable offline: the web app manifest, and a service
 * worker that precaches the app (not the demo video) and answers app routes with spa.html when
 * offline. The API always goes to the network: offline data comes from the persisted query cache.
 * Registered by a small deferred /registerSW.js, so the CSP needs no inline script and the
 * landing page's bundle does not grow.
 */
const pwa = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: 'script-defer',
  // The icons are precached by the glob below already.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Monthbook',
    short_name: 'Monthbook',
    description: 'A personal journal organised by month.',
    lang: 'en',
    start_url: '/months',
    scope: '/',
    display: 'standalone',
    theme_color: '#1971c2',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  workbox: {
    // Code, styles, pages and icons; big media (public/demo.webm) stays out.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    templatedURLs: Object.fromEntries(
      ['spa.html', ...PRERENDERED_PAGES].map((url) => [url, ['index.html']]),
    ),
    // The page that installed the worker is served by it at once, so it works offline without a reload.
    clientsClaim: true,
    navigateFallback: 'spa.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    runtimeCaching: [
      { urlPattern: ({ url }) => url.pathname.startsWith('/api/'), handler: 'NetworkOnly' },
    ],
    // Daily reminders by web push: the push and notificationclick handlers.
    importScripts: ['push-sw.js'],
  },
});

/**
 * Writes `.vite/module-chunks.json` beside Vite's manifest: each of our source modules (path from
 * the project root, query kept, e.g. `src/routes/_auth.tsx?tsr-split=component`) and the file of
 * the chunk that holds it. Once Rollup merges small chunks, a route's code can sit in a chunk the
 * manifest keys by file name only; scripts/prerender.mjs and the bundle-budget test look it up here.
 */
const moduleChunks: Plugin = {
  name: 'monthbook-module-chunks',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks: Record<string, string> = {};
    const root = `${process.cwd()}/`;
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      for (const id of output.moduleIds) {
        if (id.startsWith(`${root}src/`) || id.startsWith(`${root}contract/`))
          chunks[id.slice(root.length)] = output.fileName;
      }
    }
    this.emitFile({
      type: 'asset',
      fileName: '.vite/module-chunks.json',
      source: `${JSON.stringify(chunks, null, 2)}\n`,
    });
  },
};

export default defineConfig({
  plugins: [
    moduleChunks,
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    pwa,
  ],
  resolve: {
    alias: {
      // React 19 has useSyncExternalStore: TanStack Store's selector hook needs no shim for
      // older Reacts, which would ship with every page (the landing's budget too).
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Terser's two passes make the JavaScript about 2% smaller gzipped than esbuild's minifier,
    // which keeps every route within its bundle budget (tests/build) at the cost of a slower build.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // Read by the bundle-budget test (tests/build) to know which chunks each route loads.
    manifest: true,
    rollupOptions: {
      output: {
        // Route splitting left ~55 small chunks for the journals page, and HTTP/1.1 fetches six at
        // a time, so Rollup merges chunks under this size into others. It does so even where a page
        // then loads code it never runs: at 20 KB it put the landing and legal pages into the entry
        // (every app screen) and lazy code (the Undo toast, recovery) into page chunks. At 5 KB it
        // later put the offline texts, the toasts' words and the privacy page into the entry (+1.9
        // KB on every page); 4 KB keeps those apart for one more file on the journals page
        // (tests/build/bundle-budget.test.ts).
        experimentalMinChunkSize: 4_000,
      },
    },
  },
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  test: {
    // A fork per core. Vitest's default leaves one core to itself (one fork on two cores), yet a
    // fork's file mostly waits on loading jsdom, the app or a database: on two cores the unit suite
    // takes 187 s instead of 300, the server suite 103 s instead of 207. The reliability project
    // keeps to one fork of its own. The browser tests run under Playwright (playwright.config.ts).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          globals: true,
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/element-stacks.ts', 'tests/unit/setup.ts'],
          // Route tests render whole screens; under CI load they can take several seconds.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          globals: true,
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/api/setup.ts'],
          // One database per file; files run in parallel processes.
          pool: 'forks',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'build',
          globals: true,
          environment: 'node',
          include: ['tests/build/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'reliability',
          globals: true,
          environment: 'node',
          include: ['tests/reliability/**/*.test.ts'],
          // Load, crash and outage tests each take the whole machine: one file at a time.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
