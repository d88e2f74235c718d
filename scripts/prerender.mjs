// Writes the prerendered public pages into dist/web, and the bare app shell as spa.html for every other route.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const WEB = 'dist/web';
const PAGES = [
  { path: '/', file: 'index.html', title: 'Monthbook — a journal organised by month' },
  { path: '/tou', file: 'tou/index.html', title: 'Terms of use — Monthbook' },
  { path: '/pp', file: 'pp/index.html', title: 'Privacy policy — Monthbook' },
];
const SLOT = '<!--app-html-->';

// Vite's index.html is the template; a copy is kept so prerendering can run again on its own.
const TEMPLATE_COPY = 'dist/prerender/template.html';
const built = readFileSync(join(WEB, 'index.html'), 'utf8');
if (built.includes(SLOT)) writeFileSync(TEMPLATE_COPY, built);
const template = readFileSync(TEMPLATE_COPY, 'utf8');
writeFileSync(join(WEB, 'spa.html'), template.replace(SLOT, ''));

const { render } = await import('../dist/prerender/prerender.js');
for (const page of PAGES) {
  // The router's inline scroll-restoration script would only be blocked by the CSP (script-src 'self').
  const body = (await render(page.path)).replace(/<script>[\s\S]*?<\/script>/g, '');
  if (!body.includes('<h1')) throw new Error(`prerendering ${page.path} produced no heading`);
  const html = template
    .replace(SLOT, body)
    .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`);
  const target = join(WEB, page.file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, html);
  console.log(
    `prerendered ${page.path} → ${target} (${(body.length / 1024).toFixed(1)} KB of HTML)`,
  );
}
