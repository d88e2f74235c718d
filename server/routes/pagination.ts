// One page of a list with the RFC 8288 `Link: <…>; rel="next"` that fetches the next; how a route reads `?limit=` and `?cursor=`.
import { PAGE_LIMIT_DEFAULT } from '../../contract/quotas.js';
import type { PageQuery } from '../../contract/requests.js';
import { HttpError } from '../http-error.js';
import {
  type CursorKey,
  decodeCursor,
  encodeCursor,
  type KeyShape,
  type PageRequest,
} from '../repositories/keyset.js';

export const INVALID_CURSOR = 'Invalid cursor.';

/** A page that is not the last: its items (the answer's body) and the Link header to the next. */
export class Page {
  constructor(
    readonly items: readonly unknown[],
    readonly link: string,
  ) {}
}

/**
 * `Link: </api/journals/?limit=2&cursor=…>; rel="next"`: the request's own path and query with
 * the cursor replaced. A relative reference, resolved against the request's URL (RFC 8288 §3.1),
 * so it stays right behind any proxy.
 */
export function nextLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, 'http://localhost');
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** The page a query asks for; `?cursor=` that is not one of ours is a 400 field error. */
export function pageRequest(query: PageQuery, shape: KeyShape, defaultLimit = PAGE_LIMIT_DEFAULT) {
  const limit = query.limit ?? defaultLimit;
  if (query.cursor === undefined) return { limit };
  const after = decodeCursor(query.cursor, shape);
  if (!after) throw HttpError.field('cursor', INVALID_CURSOR);
  return { after, limit };
}

/**
 * Reads one more item than asked: when it exists there is a next page, which starts after the
 * last item answered. The items alone when this is the last page.
 */
export async function loadPage<Item>(
  requestUrl: string,
  request: PageRequest,
  load: (request: PageRequest) => Promise<Item[]>,
  keyOf: (item: Item) => CursorKey,
): Promise<Item[] | Page> {
  const rows = await load({ ...request, limit: request.limit + 1 });
  if (rows.length <= request.limit) return rows;
  const items = rows.slice(0, request.limit);
  const last = items[items.length - 1] as Item;
  return new Page(items, nextLink(requestUrl, encodeCursor(keyOf(last))));
}
