// One save at a time per form, its busy state drawn only for a save that takes a moment.
import { act, renderHook } from '@testing-library/react';
import { BUSY_SHOWN_AFTER_MS, useSubmitLock } from '../../../src/components/submit-lock';

function renderLock() {
  const busyStates: boolean[] = [];
  const view = renderHook(() => {
    const lock = useSubmitLock();
    busyStates.push(lock.busy);
    return lock;
  });
  return { ...view, busyStates };
}

afterEach(() => vi.useRealTimers());

describe('useSubmitLock', () => {
  it('never draws a quick save as busy, and takes no second save meanwhile', async () => {
    const { result, busyStates } = renderLock();
    const saves: string[] = [];
    await act(async () => {
      const first = result.current.run(async () => {
        saves.push('first');
      });
      // A double click: the second lands while the first runs.
      void result.current.run(() => saves.push('second'));
      await first;
    });
    expect(saves).toEqual(['first']);
    expect(busyStates).not.toContain(true);
    expect(result.current.isRunning()).toBe(false);
  });

  it('draws a save busy once it has taken a moment, and unlocks when it ends', async () => {
    vi.useFakeTimers();
    const { result, busyStates } = renderLock();
    let finish = () => {};
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.isRunning()).toBe(true);
    act(() => vi.advanceTimersByTime(BUSY_SHOWN_AFTER_MS - 1));
    expect(result.current.busy).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.busy).toBe(false);
    expect(busyStates.at(-1)).toBe(false);
  });
});
