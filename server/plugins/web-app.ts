// Serves the built browser app (files, prerendered pages, the app shell for its routes, the 404 page
// for other paths) and JSON 404/405s.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../contract/rules.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Vite puts content-hashed files here: they never change, so browsers may keep them a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A top-level dot-folder of a build holds the bundler's own records (Vite's `.vite/manifest.json`
 * names every module of the app), not something a browser needs; neither is any other dotfile.
 */
const isHidden = (path: string) => path.startsWith('.');

/** Every file under `root` that may be served, as forward-slash paths relative to it. */
function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (!isHidden(path)) files.add(path);
  }
  return files;
}

function pathOf(request: FastifyRequest): string | null {
  const path = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Screens whose own app shell also preloads their code (written by scripts/prerender.mjs);
 * every other app route gets spa.html. Paths here are without their leading slash.
 */
const SCREEN_SHELLS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^months$/, 'shells/months.html'],
  [/^months\/[^/]+\/journals$/, 'shells/journals.html'],
];

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * The browser app's routes (src/routes), as paths without their slashes. Any other path that is
 * no file answers 404 with the not-found page, not the app shell with 200;
 * tests/api/web-app.test.ts checks this list against the router's route tree.
 */
const APP_ROUTES: readonly RegExp[] = [
  /^$/,
  /^(login|register|logout|pp|tou|settings|subscribe|months)$/,
  /^(forgot-password|reset-password|confirm-email|unsubscribe)$/,
  /^months\/[^/]+\/journals$/,
  /^years\/[^/]+$/,
];

export const isAppRoute = (page: string): boolean => APP_ROUTES.some((route) => route.test(page));

/**
 * What a 404 for a page answers with: the prerendered not-found page, else the app shell, whose
 * router shows the same page. Null for paths no page should answer (assets, dot-folders).
 */
export function notFoundPage(files: ReadonlySet<string>, path: string): string | null {
  const relativePath = path.replace(/^\/+/, '');
  if (isHidden(relativePath) || relativePath.startsWith('assets/')) return null;
  return ['404.html', 'spa.html', 'index.html'].find((file) => files.has(file)) ?? null;
}

/**
 * The file a GET for `path` should answer with: the file itself, a prerendered page
 * (`/tou` → `tou/index.html`), or the app shell so the browser's router takes over.
 */
export function resolveWebFile(files: ReadonlySet<string>, path: string): string | null {
  const relativePath = path.replace(/^\/+/, '');
  if (isHidden(relativePath)) return null;
  if (files.has(relativePath)) return relativePath;
  // A missing hashed file is a stale page asking for an old build: the app shell would not help.
  if (relativePath.startsWith('assets/')) return null;
  const page = relativePath.replace(/\/+$/, '');
  const prerendered = page === '' ? 'index.html' : `${page}/index.html`;
  if (files.has(prerendered)) return prerendered;
  const screenShell = SCREEN_SHELLS.find(([pattern]) => pattern.test(page))?.[1];
  if (screenShell !== undefined && files.has(screenShell)) return screenShell;
  if (!isAppRoute(page)) return null;
  if (files.has('spa.html')) return 'spa.html';
  return files.has('index.html') ? 'index.html' : null;
}

export default fp(
  async function webApp(app: FastifyInstance) {
    /** Methods another route answers at this URL, so a wrong method gets 405 and not 404. */
    const allowedMethods = (path: string): string[] =>
      METHODS.filter((method) => {
        const route = app.findRoute({ method, url: path });
        // The app's catch-all GET is not an API route.
        return route !== null && !('*' in (route.params ?? {}));
      });

    app.setNotFoundHandler(async (request, reply) => {
      const path = pathOf(request);
      if (path !== null && isApiPath(path)) {
        const allowed = allowedMethods(path);
        if (allowed.length > 0 && !allowed.includes(request.method)) {
          return reply
            .code(405)
            .header('allow', allowed.join(', '))
            .send({ detail: MESSAGES.methodNotAllowed(request.method) });
        }
      }
      return reply.code(404).send({ detail: MESSAGES.notFound });
    });

    const root = app.config.webDir;
    if (root === null || !existsSync(root) || !statSync(root).isDirectory()) {
      if (root !== null)
        app.log.warn({ webDir: root }, 'no browser app build: serving the API only');
      return;
    }
    const files = listFiles(root);
    // The .br/.gz copies the build wrote (scripts/compress.mjs) are sent to clients that take them.
    await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
    /** `revalidate: false` for a 404's page: no ETag, so no 304 can stand in for the 404. */
    const send = (reply: FastifyReply, file: string, revalidate = true) =>
      reply
        .header('cache-control', file.startsWith('assets/') ? IMMUTABLE : 'no-cache')
        // The body may be the .br or .gz copy, chosen by the request's Accept-Encoding.
        .header('vary', 'accept-encoding')
        .sendFile(file, {
          cacheControl: false,
          ...(revalidate ? {} : { etag: false, lastModified: false }),
        });

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const path = pathOf(request);
      if (path === null || isApiPath(path)) return reply.callNotFound();
      const file = resolveWebFile(files, path);
      if (file === null) {
        const page = notFoundPage(files, path);
        if (page === null) return reply.callNotFound();
        return send(reply.code(404), page, false);
      }
      return send(reply, file);
    });
  },
  { name: 'web-app' },
);
