// React.lazy, tracked: a lazy component whose code is still loading when a test file ends would
// finish loading after jsdom is torn down. React then schedules its root, and a transition update
// left from the test (the router's, after unmount) makes that schedule read `window.event`: an
// "Uncaught ReferenceError: window is not defined" that fails the whole run. The unit setup mocks
// React's `lazy` with this one and waits for every load before the environment goes.

type Factory<T> = () => Promise<T>;

const pending = new Set<Promise<unknown>>();

/** Wraps a lazy component's factory so its load is known until it settles. */
export function trackLoad<T>(factory: Factory<T>): Factory<T> {
  return () => {
    const load = factory();
    pending.add(load);
    const forget = () => pending.delete(load);
    load.then(forget, forget);
    return load;
  };
}

/** Resolves once every lazy component's code that began loading has loaded (or failed to). */
export async function settleLazyLoads(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
