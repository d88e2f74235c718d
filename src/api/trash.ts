// The Recently deleted bin's endpoints: list it, restore an item, delete an item for good.
import type { Goal, Journal, Month } from '../../contract/entities';
import type { TrashItem } from '../../contract/trash';
import { type RowTrashKind, TRASH_COLLECTIONS, type TrashKind } from '../../contract/trash-rules';
import { client } from './client';
import { getAll } from './pages';

/**
 * The whole bin, newest first: its pages followed to the end. Most bins fit the first page (100
 * items); a full one (TRASH_MAX_ITEMS) is ten.
 */
export function listTrash(): Promise<TrashItem[]> {
  return getAll<TrashItem>('api/trash/');
}

export interface Restored {
  month: Month;
  journal: Journal;
  goal: Goal;
}

export function restoreItem<K extends RowTrashKind>(kind: K, id: number): Promise<Restored[K]> {
  return client.post(`api/${TRASH_COLLECTIONS[kind]}/${id}/restore/`).json<Restored[K]>();
}

export async function purgeTrashItem(kind: TrashKind, id: number): Promise<void> {
  await client.delete(`api/trash/${kind}/${id}/`);
}
