// Shares one database read among lookups that arrive together, without ever answering one from a query sent before it.

/** Looks up many keys in one query; keys without a row are simply left out of the answer. */
export type LookupMany<Key, Value> = (keys: Key[]) => Promise<Map<Key, Value>>;

interface Waiter<Value> {
  resolve: (value: Value | undefined) => void;
  reject: (error: unknown) => void;
}

export interface CoalescingOptions {
  /**
   * Send each query on the event loop's next check phase (setImmediate) rather than at once: for
   * a database answered in-process (SQLite), where a query is never "out" long enough for others
   * to join it, this lets the requests read from the sockets in one turn share it.
   */
  gatherOneTurn?: boolean;
}

/**
 * One query at a time: lookups arriving while it is out go together in the next one (with
 * `gatherOneTurn`, a query waits for the next check phase and takes every lookup made until then).
 * So on a busy server one read serves many requests, while a lone request goes out at once. A lookup is only ever answered by a query sent after it arrived:
 * a query already on its way might have been read before a write that this lookup's client has
 * already seen acknowledged (by another server, say), and the answer must show that write.
 */
export function coalescedLookup<Key, Value>(
  lookupMany: LookupMany<Key, Value>,
  { gatherOneTurn = false }: CoalescingOptions = {},
): (key: Key) => Promise<Value | undefined> {
  /** A query is out or scheduled. */
  let busy = false;
  let waiting = new Map<Key, Waiter<Value>[]>();

  const next = (): void => {
    if (waiting.size === 0) {
      busy = false;
      return;
    }
    busy = true;
    if (gatherOneTurn) setImmediate(send);
    else send();
  };

  const send = (): void => {
    const batch = waiting;
    waiting = new Map();
    let answer: Promise<Map<Key, Value>>;
    try {
      answer = lookupMany([...batch.keys()]);
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer
      .then(
        (values) => {
          for (const [key, waiters] of batch) {
            for (const waiter of waiters) waiter.resolve(values.get(key));
          }
        },
        (error: unknown) => {
          for (const waiters of batch.values()) {
            for (const waiter of waiters) waiter.reject(error);
          }
        },
      )
      .finally(next);
  };

  return (key) =>
    new Promise<Value | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!busy) next();
    });
}
