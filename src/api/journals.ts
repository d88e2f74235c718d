// Journal endpoints.
import type { Journal } from '../../contract/entities';
import type { CreateJournal, UpdateJournal } from '../../contract/requests';
import type { JournalSearchHit } from '../../contract/search';
import { client } from './client';
import { idempotencyHeaders } from './idempotency';
import { withQuota } from './quota';

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

export function updateJournal(id: number, body: UpdateJournal): Promise<Journal> {
  return client.patch(`api/journals/${id}/`, { json: body }).json<Journal>();
}

export async function deleteJournal(id: number): Promise<void> {
  await client.delete(`api/journals/delete/${id}/`);
}
