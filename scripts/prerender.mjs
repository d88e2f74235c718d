// Writes the prerendered public pages into dist/web, and the bare app shell as spa.html for every other route.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const WEB = 'dist/web';
/** Only pages without forms: a prerendered form could be typed into before the app replaces it. */
const PAGES = [
  { path: '/', file: 'index.html', title: 'Monthbook — a journal organised by month' },
  { path: '/tou', file: 'tou/index.html', title: 'Terms of use — Monthbook' },
  { path: '/pp', file: 'pp/index.html', title: 'Privacy policy — Monthbook' },
];
/** Every other route is an app screen inside the protected layout: spa.html preloads its code. */
const SHELL_CHUNKS = ['src/routes/_auth.tsx?tsr-split=component'];
const SLOT = '<!--app-html-->';

// Vite's index.html is the template; a copy is kept so prerendering can run again on its own.
const TEMPLATE_COPY = 'dist/prerender/template.html';
const built = readFileSync(join(WEB, 'index.html'), 'utf8');
if (built.includes(SLOT)) writeFileSync(TEMPLATE_COPY, built);
const template = readFileSync(TEMPLATE_COPY, 'utf8');
const manifest = JSON.parse(readFileSync(join(WEB, '.vite/manifest.json'), 'utf8'));

/**
 * Link tags for the chunks (and their static imports and stylesheets) of the protected layout, so
 * the bare shell fetches them with the entry instead of after it: nothing paints until they run.
 */
function shellPreloadTags() {
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
  for (const key of SHELL_CHUNKS) visit(key);
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

const page = (body, title) =>
  template.replace(SLOT, body).replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);

const shell = template.replace(SLOT, '').replace('</head>', `  ${shellPreloadTags()}\n  </head>`);
writeFileSync(join(WEB, 'spa.html'), shell);

const { render } = await import('../dist/prerender/prerender.js');
for (const { path, file, title } of PAGES) {
  // The router's inline scroll-restoration script would only be blocked by the CSP (script-src 'self').
  const body = (await render(path)).replace(/<script>[\s\S]*?<\/script>/g, '');
  if (!body.includes('<h1')) throw new Error(`prerendering ${path} produced no heading`);
  const target = join(WEB, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, page(body, title));
  console.log(`prerendered ${path} → ${target} (${(body.length / 1024).toFixed(1)} KB of HTML)`);
}
