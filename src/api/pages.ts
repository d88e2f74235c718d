// Reads a paginated list to its end, following each page's RFC 8288 `Link: <…>; rel="next"`.
import type { KyInstance, Options } from 'ky';
import { client } from './client';

/** A server that kept answering a next page would otherwise keep the read going forever. */
export const MAX_PAGES = 1000;

/**
 * The absolute URL of the `rel="next"` link of `response`, or null when it has none. The link may
 * be relative (ours are): it is resolved against the URL of the response it came with.
 */
export function nextPageUrl(response: Response): string | null {
  const header = response.headers.get('link');
  if (!header) return null;
  // Each link-value is `<uri>` then its `; param` list, up to the next `<`.
  for (const [, target = '', params = ''] of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes('next')) return new URL(target, response.url).href;
  }
  return null;
}

/**
 * Every item of the list at `input` (a path under the API, as for `client.get`): the first page,
 * then each page its `next` link names, in order. A list the server answers whole (no Link) costs
 * the one request it always did.
 */
export async function getAll<Item>(
  input: string,
  options: Options = {},
  http: KyInstance = client,
): Promise<Item[]> {
  const items: Item[] = [];
  let response = await http.get(input, options);
  for (let pages = 1; ; pages++) {
    items.push(...(await response.json<Item[]>()));
    const next = nextPageUrl(response);
    if (next === null) return items;
    if (pages >= MAX_PAGES) throw new Error(`More than ${MAX_PAGES} pages at ${input}`);
    // The next URL is absolute and carries the whole query (the cursor included).
    response = await http.get(next, {
      prefixUrl: '',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  }
}
