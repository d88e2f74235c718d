// Where the conflict dialogs register: its own small module, so the app shell's dialog
// host does not bring the merge code and the row-version API into every screen's first load.
import type { ConflictChoice, FieldConflict } from '../offline/conflict-merge';

/**
 * What the edit changed, so the dialog can name it ("Entry of Jan 9 · Stretch", "Goal “Swim”"):
 * an edit sent later from the queue may ask long after the user made it, on another screen.
 * Undefined parts were not known (not in the cache): the dialog then names only the kind.
 */
export type ConflictSubject =
  | { kind: 'entry'; date: string | undefined; part?: string | undefined }
  | { kind: 'goal' | 'month'; name: string | undefined };

/**
 * The user's dialogs: one question per conflicting field, one for an item deleted elsewhere.
 * `later`: closed without an answer, so the change waits, with the question to ask again.
 */
export interface ConflictUi {
  chooseVersion(question: {
    conflict: FieldConflict;
    canKeepBoth: boolean;
    subject?: ConflictSubject;
  }): Promise<ConflictChoice | 'later'>;
  restoreOrDrop(question: {
    canRestore: boolean;
    subject?: ConflictSubject;
  }): Promise<'restore' | 'drop' | 'later'>;
}

let ui: ConflictUi | null = null;

/** Called by the dialog host (components/sync/conflict-dialog.tsx) while it is mounted. */
export function registerConflictUi(next: ConflictUi | null): void {
  ui = next;
}

/** The registered dialogs, or null (no app shell mounted: a background replay). */
export function conflictUi(): ConflictUi | null {
  return ui;
}
