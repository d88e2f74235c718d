// Where the conflict dialogs register: its own small module, so the app shell's dialog
// host does not bring the merge code and the row-version API into every screen's first load.
import type { ConflictChoice, FieldConflict } from '../offline/conflict-merge';

/** The user's dialogs: one question per conflicting field, one for an item deleted elsewhere. */
export interface ConflictUi {
  chooseVersion(question: {
    conflict: FieldConflict;
    canKeepBoth: boolean;
  }): Promise<ConflictChoice>;
  restoreOrDrop(question: { canRestore: boolean }): Promise<'restore' | 'drop'>;
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
