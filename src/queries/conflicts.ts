// Sends an edit with If-Match and settles a 412 or a "deleted" 404: merge silently, or ask the user (one place for hooks and queue replays).
/**
 * Contract of `withConflictResolution` (for the edit mutations and the offline queue's replays):
 *
 * - `base`: the item as the edit saw it (from the cache); its `version` becomes If-Match. No
 * version (cached before versions existed): sent without If-Match, so it applies whatever the
 * version.
 * - `changes`: the PATCH body (only the fields the edit changes).
 * - `send(changes, ifMatch)`: the api call, e.g. `(body, v) => updateJournal(id, body, v)`.
 * - `restore`: for items the bin keeps (months, entries, goals), `() => restoreItem(kind, id)`.
 *
 * It resolves with the server's item after the edit (or as it is, when nothing was left to
 * send). On 412 it merges field by field (conflict-merge.ts): changes the other side did not
 * touch are re-sent with the new version at once; a field both changed asks the registered UI
 * (keep mine / keep the other / keep both). A question closed without an answer rejects with a
 * SyncRefusal that keeps the change waiting (see `unanswered`). On a 404 with code "deleted" it
 * asks to restore the item from the bin (then sends again) or to drop the change: dropping
 * rejects with ChangeDropped (the 404 as its cause), so the caller's usual "deleted elsewhere"
 * handling runs (deleted-elsewhere.ts: the item leaves the cache, the user is told) and the write
 * leaves the queue for good rather than being sent, and asked about, again. Any other error is
 * rethrown untouched. With no UI registered (a background replay before the app shell mounted), a
 * conflict rejects with the original 412 and a deletion with the 404.
 */
import { versionRefusal } from '../api/row-versions';
import { texts } from '../i18n/store';
import {
  applyChoice,
  type ConflictChoice,
  canKeepBoth,
  type FieldConflict,
  mergeEdit,
} from '../offline/conflict-merge';
import { SyncRefusal } from '../offline/sync';
import { OFFLINE_TEXTS } from '../offline/texts';
import { type ConflictSubject, conflictUi } from './conflict-ui';
import { ChangeDropped } from './deleted-elsewhere';
import { isPrivateMonth } from './month-privacy';
import type { PrivateRow } from './private-writes';

export { type ConflictSubject, type ConflictUi, registerConflictUi } from './conflict-ui';
export type { ConflictChoice, FieldConflict };

interface Versioned {
  version?: number;
}

export interface ConflictRequest<T extends Versioned, C extends object> {
  base: T | undefined;
  changes: C;
  send(changes: C, ifMatch: number | undefined): Promise<T>;
  restore?: () => Promise<unknown>;
  /** Named in the dialogs. */
  subject?: ConflictSubject;
  /** The row, sealed on the way out and opened on the way in when its month is private. */
  privateRow?: PrivateRow;
}

/**
 * A question closed without an answer: the change is kept, refused for now, in the list of
 * changes waiting to sync; its Retry sends it again, which asks again, and Discard drops it.
 */
const unanswered = (text: 'conflictUnanswered' | 'deletedUnanswered') =>
  new SyncRefusal(texts('offline', OFFLINE_TEXTS)[text], text === 'deletedUnanswered' ? 404 : 412);

/** Rounds of 412 before giving up (each round follows another device's new edit). */
const MAX_ROUNDS = 5;

export async function withConflictResolution<T extends Versioned, C extends object>(
  request: ConflictRequest<T, C>,
): Promise<T> {
  let base = request.base;
  let changes = request.changes;
  let restored = false;
  // Loaded with the first edit: the journals page's first load carries none of it.
  const row = request.privateRow;
  // Loaded only for a private month's row: a plain month's edit goes exactly as it always has.
  const sealing =
    row && isPrivateMonth(row.queryClient, row.monthId)
      ? await (await import('./private-writes')).sealingFor<T>(row)
      : null;
  for (let round = 0; ; round += 1) {
    try {
      return sealing
        ? await sealing.send(request.send, changes, base?.version, base)
        : await request.send(changes, base?.version);
    } catch (error) {
      const refusal = await versionRefusal<T>(error);
      if (!refusal || round >= MAX_ROUNDS) throw error;
      const ui = conflictUi();
      if (refusal.kind === 'deleted') {
        if (!ui || restored) throw error;
        const canRestore = request.restore !== undefined;
        const answer = await ui.restoreOrDrop({ canRestore, subject: request.subject });
        if (answer === 'later') throw unanswered('deletedUnanswered');
        if (answer === 'drop' || !request.restore)
          throw new ChangeDropped('Dropped: deleted elsewhere', { cause: error });
        await request.restore();
        restored = true;
        continue;
      }
      const theirs = sealing ? sealing.open(refusal.current) : refusal.current;
      const merged = mergeEdit(
        (base ?? {}) as Record<string, unknown>,
        changes as Record<string, unknown>,
        theirs as Record<string, unknown>,
      );
      let next = merged.changes;
      for (const conflict of merged.conflicts) {
        if (!ui) throw error;
        const choice = await ui.chooseVersion({
          conflict,
          canKeepBoth: canKeepBoth(conflict),
          subject: request.subject,
        });
        if (choice === 'later') throw unanswered('conflictUnanswered');
        next = applyChoice(next, conflict, choice);
      }
      // Nothing of this edit is left to send: the server's item is the result.
      if (Object.keys(next).length === 0) return theirs;
      base = theirs;
      changes = next as C;
    }
  }
}
