// Gzipped JavaScript per route: the scripts Chromium actually loads on a first visit, gzipped (level 9) from the build.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { type storageFor, trackRequests, VIEWPORT } from './browser-bench.js';

export interface RouteBundle {
  route: string;
  /** Where the visit ended (a guard may redirect). */
  landedOn: string;
  files: number;
  gzipKb: number;
}

/** Routes to visit: public ones anonymously, the others signed in. */
export function benchRoutes(journalsPath: string): Array<{ route: string; signedIn: boolean }> {
  return [
    { route: '/', signedIn: false },
    { route: '/login', signedIn: false },
    { route: '/register', signedIn: false },
    { route: '/tou', signedIn: false },
    { route: '/pp', signedIn: false },
    { route: '/settings', signedIn: true },
    { route: '/months', signedIn: true },
    { route: journalsPath, signedIn: true },
  ];
}

export async function measureRouteBundles(
  browser: Browser,
  baseUrl: string,
  webDir: string,
  routes: Array<{ route: string; signedIn: boolean }>,
  storage: ReturnType<typeof storageFor>,
): Promise<RouteBundle[]> {
  const results: RouteBundle[] = [];
  const gzipped = new Map<string, number>();
  for (const { route, signedIn } of routes) {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      ...(signedIn ? { storageState: storage } : {}),
    });
    try {
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.add(new URL(response.url()).pathname);
      });
      const requests = trackRequests(page);
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'load' });
      await requests.quiet(700);
      let bytes = 0;
      for (const script of scripts) {
        const file = join(webDir, script);
        if (!existsSync(file)) continue;
        let size = gzipped.get(file);
        if (size === undefined) {
          size = gzipSync(readFileSync(file), { level: 9 }).length;
          gzipped.set(file, size);
        }
        bytes += size;
      }
      results.push({
        route,
        landedOn: new URL(page.url()).pathname,
        files: scripts.size,
        gzipKb: Math.round((bytes / 1024) * 10) / 10,
      });
    } finally {
      await context.close();
    }
  }
  return results;
}
