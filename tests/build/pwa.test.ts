// The installable, offline-readable build: web app manifest, icons, service worker and its
// precache.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** dist/web, or a private copy of a build (`PWA_BUILD_DIR=/tmp/mine/web`). */
const WEB = process.env.PWA_BUILD_DIR ?? 'dist/web';
const read = (file: string) => readFileSync(join(WEB, file), 'utf8');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(join(WEB, file));
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** The URLs the generated sw.js precaches (workbox's minified `{url:"…",revision:…}` list). */
function precachedUrls(sw: string): string[] {
  return [...sw.matchAll(/\{url:"([^"]+)",revision:/g)].map((match) => match[1] ?? '');
}

describe('PWA build', () => {
  if (!existsSync(join(WEB, 'index.html')))
    throw new Error(`${WEB} has no build: run \`npm run build\` first.`);
  const files = filesUnder(WEB);
  const prerendered = files.filter((file) => /^[^/]+\/index\.html$/.test(file));

  describe('web app manifest', () => {
    const manifest = JSON.parse(read('manifest.webmanifest')) as WebManifest;

    it('names the app and opens its months, standalone, in the brand colour', () => {
      expect(manifest).toMatchObject({
        name: 'Monthbook',
        short_name: 'Monthbook',
        start_url: '/months',
        scope: '/',
        display: 'standalone',
        theme_color: '#1971c2',
      });
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    });

    it.each([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ])('has a %s %s PNG icon of that size in the build', (sizes, purpose) => {
      const icon = manifest.icons.find(
        (i) => i.sizes === sizes && (i.purpose ?? 'any') === purpose,
      );
      expect(icon?.type).toBe('image/png');
      const [width, height] = sizes.split('x').map(Number);
      expect(pngSize(icon?.src.replace(/^\//, '') ?? '')).toEqual({ width, height });
    });
  });

  describe('every page', () => {
    it.each([
      'index.html',
      'spa.html',
      'shells/months.html',
      'shells/journals.html',
      ...prerendered,
    ])('%s links the manifest and registers the service worker from a file, not inline', (file) => {
      const html = read(file);
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(html).toMatch(/<script[^>]* src="\/registerSW\.js" defer><\/script>/);
      // The CSP (script-src 'self') would block any inline script.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    });

    it('registers /sw.js for the whole site with a script of a few hundred bytes', () => {
      const register = read('registerSW.js');
      expect(register).toContain("navigator.serviceWorker.register('/sw.js', { scope: '/' })");
      expect(register.length).toBeLessThan(512);
    });
  });

  describe('service worker', () => {
    const sw = read('sw.js');
    const urls = precachedUrls(sw);

    it('precaches the whole app: every script and stylesheet, the landing page and the app shell', () => {
      const code = files.filter((file) => /^assets\/.+\.(js|css)$/.test(file));
      expect(code.length).toBeGreaterThan(10);
      for (const file of [...code, 'index.html', 'spa.html', 'color-scheme.js', 'favicon.svg'])
        expect(urls).toContain(file);
    });

    it('precaches each prerendered page under the address the server answers it at', () => {
      expect(prerendered.length).toBeGreaterThan(0);
      for (const file of prerendered) expect(urls).toContain(file.replace(/\/index\.html$/, ''));
    });

    it('leaves out big media and precompressed copies', () => {
      expect(urls).not.toContain('demo.webm');
      expect(urls.filter((url) => /\.(webm|mp4|br|gz)$/.test(url))).toEqual([]);
    });

    it('answers app routes with spa.html, but never an /api address', () => {
      expect(sw).toMatch(
        /NavigationRoute\(\w+\.createHandlerBoundToURL\("spa\.html"\),\{denylist:\[\/\^\\\/api\(\\\/\|\$\)\/\]\}\)/,
      );
    });

    it('imports the push handlers (push-sw.js), which show the reminder and open the app on a click', () => {
      expect(sw).toMatch(/importScripts\(\s*"push-sw\.js"\s*\)/);
      const push = read('push-sw.js');
      expect(push).toContain("addEventListener('push'");
      expect(push).toContain("addEventListener('notificationclick'");
      expect(push).toContain("action: 'write'");
    });

    it('sends /api requests to the network only, never to a cache', () => {
      expect(sw).toMatch(/pathname\.startsWith\("\/api\/"\),new \w+\.NetworkOnly/);
      expect(sw).not.toMatch(/CacheFirst|StaleWhileRevalidate|NetworkFirst/);
    });
  });
});

describe('screen shells', () => {
  // Which chunk holds each source module (vite.config.ts, moduleChunks): a route's code may have
  // been merged into a chunk with other code.
  const chunkOf = JSON.parse(read('.vite/module-chunks.json')) as Record<string, string>;
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" href="\/([^"]+)">/g)].map((match) => match[1]);

  it.each([
    ['shells/months.html', 'src/routes/_auth/months/index.tsx?tsr-split=component'],
    ['shells/journals.html', 'src/routes/_auth/months/$monthId/journals.tsx?tsr-split=component'],
  ])("%s preloads its screen's code on top of the app shell's", (shell, module) => {
    const own = preloads(read(shell));
    const spa = preloads(read('spa.html'));
    expect(own).toContain(chunkOf[module]);
    expect(spa).not.toContain(chunkOf[module]);
    expect(own).toEqual(expect.arrayContaining(spa));
  });
});
