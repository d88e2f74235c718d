// Journal endpoints.
import type { Journal } from '../../contract/entities';
import type { CreateJournal, UpdateJournal } from '../../contract/requests';
import { client } from './client';

export function listJournals(monthId: number): Promise<Journal[]> {
  return client.get('api/journals/', { searchParams: { month: monthId } }).json<Journal[]>();
}

export function createJournal(body: CreateJournal): Promise<Journal> {
  return client.post('api/journals/', { json: body }).json<Journal>();
}

export function updateJournal(id: number, body: UpdateJournal): Promise<Journal> {
  return client.patch(`api/journals/${id}/`, { json: body }).json<Journal>();
}

export async function deleteJournal(id: number): Promise<void> {
  await client.delete(`api/journals/delete/${id}/`);
}
