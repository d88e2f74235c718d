// Writes the prerendered public pages into dist/web, and the bare app shell as spa.html for every other route.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const WEB = 'dist/web';
/**
 * Public pages. The login and register forms can be typed into before the app replaces them:
 * src/prerender-handoff.ts carries the text, focus and caret over.
 */
const PAGES = [
  // Their code is a chunk of its own (vite.config.ts): preloaded, so the page starts as soon.
  {
    path: '/',
    file: 'index.html',
    title: 'Monthbook — a journal organised by month',
    chunks: ['src/routes/index.tsx?tsr-split=component'],
  },
  {
    path: '/tou',
    file: 'tou/index.html',
    title: 'Terms of use — Monthbook',
    chunks: ['src/routes/tou.tsx?tsr-split=component'],
  },
  {
    path: '/pp',
    file: 'pp/index.html',
    title: 'Privacy policy — Monthbook',
    chunks: ['src/routes/pp.tsx?tsr-split=component'],
  },
  // Their route chunks bring the stylesheet the forms use: linked up front, or the page would
  // show unstyled and shift when the app starts.
  {
    path: '/login',
    file: 'login/index.html',
    title: 'Login — Monthbook',
    chunks: ['src/routes/login.tsx?tsr-split=component'],
  },
  {
    path: '/register',
    file: 'register/index.html',
    title: 'Register — Monthbook',
    chunks: ['src/routes/register.tsx?tsr-split=component'],
  },
  // What the server answers, with status 404, for a path that is no route of the app.
  { path: '/404', file: '404.html', title: 'Page not found — Monthbook' },
];
/** Every other route is an app screen inside the protected layout: spa.html preloads its code. */
const SHELL_CHUNKS = ['src/routes/_auth.tsx?tsr-split=component'];
/**
 * The two screens people open most get a shell of their own that also preloads the screen's code,
 * so it comes with the entry instead of after the router has started. The server picks them by
 * path (server/plugins/web-app.ts, SCREEN_SHELLS); any other host can serve spa.html for all three.
 */
const SCREEN_SHELLS = [
  { file: 'shells/months.html', chunk: 'src/routes/_auth/months/index.tsx?tsr-split=component' },
  {
    file: 'shells/journals.html',
    chunk: 'src/routes/_auth/months/$monthId/journals.tsx?tsr-split=component',
  },
];
const SLOT = '<!--app-html-->';

// Vite's index.html is the template; a copy is kept so prerendering can run again on its own.
const TEMPLATE_COPY = 'dist/prerender/template.html';
const built = readFileSync(join(WEB, 'index.html'), 'utf8');
if (built.includes(SLOT)) writeFileSync(TEMPLATE_COPY, built);
const template = readFileSync(TEMPLATE_COPY, 'utf8');
const manifest = JSON.parse(readFileSync(join(WEB, '.vite/manifest.json'), 'utf8'));

/** Which chunk file holds each source module (written by the build: vite.config.ts, moduleChunks). */
const moduleChunks = JSON.parse(readFileSync(join(WEB, '.vite/module-chunks.json'), 'utf8'));

/**
 * The manifest key of the chunk holding a module: the module's own key when it is a chunk's
 * entry, else (Rollup merged it into a chunk with other code) that chunk's key, found by file.
 */
function chunkKey(moduleId) {
  if (manifest[moduleId]) return moduleId;
  const file = moduleChunks[moduleId];
  const key = file && Object.keys(manifest).find((k) => manifest[k].file === file);
  if (!key) throw new Error(`no chunk holds ${moduleId} in this build`);
  return key;
}

/**
 * Link tags for chunks (and their static imports and stylesheets), so a page fetches them with the
 * entry instead of after it: for the bare shell, the protected layout (nothing paints until it
 * runs); for a prerendered form, its route's code and the stylesheet its form uses.
 */
function preloadTags(keys) {
  const scripts = new Set();
  const styles = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the Vite manifest`);
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(chunkKey(key));
  const entry = manifest['index.html'];
  const inEntry = new Set([entry.file, ...(entry.css ?? [])]);
  return [
    ...[...styles]
      .filter((f) => !inEntry.has(f))
      .map((f) => `<link rel="stylesheet" href="/${f}">`),
    ...[...scripts]
      .filter((f) => !inEntry.has(f))
      .map((f) => `<link rel="modulepreload" href="/${f}">`),
  ].join('\n    ');
}

const withPreloads = (html, keys) =>
  keys.length === 0 ? html : html.replace('</head>', `  ${preloadTags(keys)}\n  </head>`);

const page = (body, title, chunks = []) =>
  withPreloads(
    template.replace(SLOT, body).replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`),
    chunks,
  );

const appShell = (keys) => withPreloads(template.replace(SLOT, ''), keys);

const shell = appShell(SHELL_CHUNKS);
writeFileSync(join(WEB, 'spa.html'), shell);
mkdirSync(join(WEB, 'shells'), { recursive: true });
for (const { file, chunk } of SCREEN_SHELLS) {
  writeFileSync(join(WEB, file), appShell([...SHELL_CHUNKS, chunk]));
}

const { render } = await import('../dist/prerender/prerender.js');
for (const { path, file, title, chunks } of PAGES) {
  const body = await render(path);
  if (!body.includes('<h1')) throw new Error(`prerendering ${path} produced no heading`);
  // The CSP (script-src 'self') would block an inline script (src/router.tsx leaves them out).
  if (/<script(?![^>]*\bsrc=)/.test(body))
    throw new Error(`prerendering ${path} wrote an inline script`);
  const target = join(WEB, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, page(body, title, chunks));
  console.log(`prerendered ${path} → ${target} (${(body.length / 1024).toFixed(1)} KB of HTML)`);
}
