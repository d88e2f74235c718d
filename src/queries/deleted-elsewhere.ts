// A write answered 404: the item was deleted in another tab or device, so the cache drops it and the screen says so.
import { journals } from '../i18n/en/journals';
import { texts } from '../i18n/store';
import { errorStatus } from './errors';

export type DeletedKind = 'journal' | 'goal' | 'month' | 'habit';

/**
 * Thrown instead of the 404: its message tells the user what happened (shown under the spec's
 * toast). Its fields are plain, so a saved queue keeps them across a reload.
 */
export class DeletedElsewhereError extends Error {
  override readonly name = 'DeletedElsewhereError';
  readonly text: string;
  constructor(
    readonly kind: DeletedKind,
    cause: unknown,
    /** The user answered 'Drop my change': the write is over for good, in every tab. */
    readonly dropped = false,
  ) {
    super(texts('journals', journals).deletedElsewhere[kind], { cause });
    this.text = this.message;
  }
}

export function isDeletedElsewhere(error: unknown): error is DeletedElsewhereError {
  return error instanceof DeletedElsewhereError;
}

/** The answer 'Drop my change' to an item deleted elsewhere (src/queries/conflicts.ts). */
export class ChangeDropped extends Error {
  override readonly name = 'ChangeDropped';
}

/** Runs a write; a 404 runs `forget` (drop the item from the cache) and becomes a DeletedElsewhereError. */
export async function orDeletedElsewhere<T>(
  kind: DeletedKind,
  write: () => Promise<T>,
  forget: () => void,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const dropped = error instanceof ChangeDropped;
    if (!dropped && errorStatus(error) !== 404) throw error;
    forget();
    throw new DeletedElsewhereError(kind, dropped ? error.cause : error, dropped);
  }
}

/** A delete answered 404 has what it wanted: the item is gone (deleted elsewhere first). */
export async function goneAnyway(remove: () => Promise<void>): Promise<void> {
  try {
    await remove();
  } catch (error) {
    if (errorStatus(error) !== 404) throw error;
  }
}
