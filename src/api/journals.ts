// Journal endpoints.
import type { Journal } from '../../contract/entities';
import type { CreateJournal, UpdateJournal } from '../../contract/requests';
import type { JournalSearchHit } from '../../contract/search';
import { client } from './client';
import { idempotencyHeaders } from './idempotency';
import { withQuota } from './quota';
import { ifMatchHeaders } from './row-versions';

export function listJournals(monthId: number): Promise<Journal[]> {
  return client.get('api/journals/', { searchParams: { month: monthId } }).json<Journal[]>();
}

/** Entries of every month whose highlight has all the words (case- and accent-insensitive). */
export function searchJournals(words: string, signal?: AbortSignal): Promise<JournalSearchHit[]> {
  return client
    .get('api/journals/', { searchParams: { search: words }, signal })
    .json<JournalSearchHit[]>();
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
