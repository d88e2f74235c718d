// A write answered 404: the item was deleted in another tab or device, so the cache drops it and the screen says so.
import { journals } from '../i18n/en/journals';
import { texts } from '../i18n/store';
import { errorBody, errorStatus } from './errors';

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

/**
 * Whether a 400 says the item `field` names does not exist: a row made in an entry deleted
 * elsewhere is refused so (`{"journal_id": ["Invalid pk \"4\" - object does not exist."]}`),
 * not with a 404.
 */
async function namesMissing(error: unknown, field: string): Promise<boolean> {
  if (errorStatus(error) !== 400) return false;
  const messages = (await errorBody(error))?.[field];
  return Array.isArray(messages) && messages.some((m) => String(m).includes('does not exist'));
}

/**
 * Runs a write; a 404 (or, for a row made in the item, a 400 saying its `parentField` does not
 * exist) runs `forget` (drop the item from the cache) and becomes a DeletedElsewhereError.
 */
export async function orDeletedElsewhere<T>(
  kind: DeletedKind,
  write: () => Promise<T>,
  forget: () => void,
  parentField?: string,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const dropped = error instanceof ChangeDropped;
    const gone =
      dropped ||
      errorStatus(error) === 404 ||
      (parentField !== undefined && (await namesMissing(error, parentField)));
    if (!gone) throw error;
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
