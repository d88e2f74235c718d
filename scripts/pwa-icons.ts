// Renders the install icons (public/icons/*.png) from the brand mark in public/favicon.svg, in Chromium.
// Run by hand after changing the brand: `npx tsx scripts/pwa-icons.ts`; the PNGs are committed.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../tests/e2e/support/chromium.js';

const OUT = 'public/icons';
const BRAND = '#1971c2';

/** The favicon's book, drawn on a 32-unit grid (x 9–23, y 8–24). */
function bookPaths(svg: string): string {
  const paths = svg.match(/<path[^>]*\/>/g);
  if (!paths || paths.length === 0) throw new Error('public/favicon.svg has no <path> to draw');
  return paths.join('');
}

/**
 * `any` icons keep the favicon's rounded square. The maskable one fills the whole canvas, since
 * the platform cuts its own shape: the book (farthest corner 10.6 units from the centre) sits
 * inside the safe zone, a circle of radius 12.8 units (40% of the size).
 */
function iconSvg(book: string, maskable: boolean): string {
  const background = maskable
    ? `<rect width="32" height="32" fill="${BRAND}"/>`
    : `<rect width="32" height="32" rx="7" fill="${BRAND}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}${book}</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

const book = bookPaths(readFileSync('public/favicon.svg', 'utf8'));
mkdirSync(OUT, { recursive: true });
const browser = await launchChromium();
try {
  for (const { file, size, maskable } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = iconSvg(book, maskable).replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`,
    );
    await page.screenshot({ path: join(OUT, file), omitBackground: true });
    await page.close();
    console.log(`wrote ${join(OUT, file)} (${size}×${size}${maskable ? ', maskable' : ''})`);
  }
} finally {
  await browser.close();
}
