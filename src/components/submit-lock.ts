// One save at a time per form: a second click or Enter while the first save runs does nothing.
import { useRef, useState } from 'react';

/**
 * A save shows its lock (the busy Save button) only once it has taken this long: most saves are
 * queued within the click, and drawing the form locked and then unlocked cost a whole form's
 * render twice for a state nobody saw. The lock itself holds from the first click.
 */
export const BUSY_SHOWN_AFTER_MS = 150;

/**
 * `run` ignores calls while one is running; `busy` (from BUSY_SHOWN_AFTER_MS on) is for the Save
 * button (aria-disabled, not disabled: the pressed button keeps keyboard focus). A ref besides the
 * state: a click in the same task as the first must already see the lock, before React renders.
 */
export function useSubmitLock() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = async (save: () => unknown): Promise<void> => {
    if (running.current) return;
    running.current = true;
    const showBusy = setTimeout(() => setBusy(true), BUSY_SHOWN_AFTER_MS);
    try {
      await save();
    } finally {
      clearTimeout(showBusy);
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run, isRunning: () => running.current };
}
