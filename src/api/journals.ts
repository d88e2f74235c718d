// Journal endpoints.
import type { Journal } from '../../contract/entities';
import type { CreateJournal, UpdateJournal } from '../../contract/requests';
import type { JournalSearchHit } from '../../contract/search';
import { client } from './client';
import { idempotencyHeaders } from './idempotency';
import { nextPageUrl } from './pages';
import { withQuota } from './quota';
import { ifMatchHeaders } from './row-versions';

export function listJournals(monthId: number): Promise<Journal[]> {
  return client.get('api/journals/', { searchParams: { month: monthId } }).json<Journal[]>();
}

/** One page of a search: its hits, and the URL of the next page (null on the last). */
export interface SearchPage {
  hits: JournalSearchHit[];
  next: string | null;
}

/**
 * Entries of every month whose highlight or note has all the words (case- and accent-insensitive),
 * newest first, a page at a time: the first page, or the one a page's `next` names. `period`
 * (`YYYY` or `YYYY-MM`) keeps the entries dated in it.
 */
export async function searchJournals(
  words: string,
  period: string | null,
  next: string | null,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const response =
    next === null
      ? await client.get('api/journals/', {
          searchParams: { search: words, ...(period === null ? {} : { period }) },
          signal,
        })
      : // The next URL is absolute and carries the whole query, the cursor included.
        await client.get(next, { prefixUrl: '', signal });
  return { hits: await response.json<JournalSearchHit[]>(), next: nextPageUrl(response) };
}

export function createJournal(body: CreateJournal, idempotencyKey?: string): Promise<Journal> {
  return withQuota(
    client
      .post('api/journals/', { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<Journal>(),
  );
}

/** `ifMatch`: the version the edit is based on (412 when the item moved on; api/row-versions.ts). */
export function updateJournal(id: number, body: UpdateJournal, ifMatch?: number): Promise<Journal> {
  return client
    .patch(`api/journals/${id}/`, { json: body, headers: ifMatchHeaders(ifMatch) })
    .json<Journal>();
}

export async function deleteJournal(id: number, ifMatch?: number): Promise<void> {
  await client.delete(`api/journals/delete/${id}/`, { headers: ifMatchHeaders(ifMatch) });
}
