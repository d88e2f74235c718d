// The Recently deleted bin's endpoints: list it, restore an item, delete an item for good.
import type { Goal, Journal, Month } from '../../contract/entities';
import type { TrashItem } from '../../contract/trash';
import { TRASH_COLLECTIONS, type TrashKind } from '../../contract/trash-rules';
import { client } from './client';

export function listTrash(): Promise<TrashItem[]> {
  return client.get('api/trash/').json<TrashItem[]>();
}

export interface Restored {
  month: Month;
  journal: Journal;
  goal: Goal;
}

export function restoreItem<K extends TrashKind>(kind: K, id: number): Promise<Restored[K]> {
  return client.post(`api/${TRASH_COLLECTIONS[kind]}/${id}/restore/`).json<Restored[K]>();
}

export async function purgeTrashItem(kind: TrashKind, id: number): Promise<void> {
  await client.delete(`api/trash/${kind}/${id}/`);
}
