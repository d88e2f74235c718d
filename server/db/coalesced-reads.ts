// Shares one database round trip among lookups that arrive while another is in flight, without ever answering one from a query sent before it.

/** Looks up many keys in one query; keys without a row are simply left out of the answer. */
export type LookupMany<Key, Value> = (keys: Key[]) => Promise<Map<Key, Value>>;

interface Waiter<Value> {
  resolve: (value: Value | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * One query at a time: lookups arriving while it is out wait for it to come back, then go out
 * together in the next one. So on a busy server a round trip serves many requests, while a lone
 * request goes out at once. A lookup is only answered by a query sent after it arrived: a query
 * already on its way might have been read before a write that this lookup's client has already
 * seen acknowledged (by another server, say), and the answer must show that write.
 */
export function coalescedLookup<Key, Value>(
  lookupMany: LookupMany<Key, Value>,
): (key: Key) => Promise<Value | undefined> {
  let inFlight = false;
  let waiting = new Map<Key, Waiter<Value>[]>();

  const send = (): void => {
    if (waiting.size === 0) {
      inFlight = false;
      return;
    }
    inFlight = true;
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
      .finally(send);
  };

  return (key) =>
    new Promise<Value | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!inFlight) send();
    });
}
