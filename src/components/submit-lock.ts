// One save at a time per form: a second click or Enter while the first save runs does nothing.
import { useRef, useState } from 'react';

/**
 * `run` ignores calls while one is running; `busy` is for the Save button (aria-disabled, not
 * disabled: the pressed button keeps keyboard focus). A ref besides the state: a click in the
 * same task as the first must already see the lock, before React renders.
 */
export function useSubmitLock() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = async (save: () => unknown): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await save();
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run, isRunning: () => running.current };
}
