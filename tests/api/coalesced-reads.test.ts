// Lookups sharing a round trip: one query at a time, never answered by a query sent before they arrived.
import { coalescedLookup } from '../../server/db/coalesced-reads.js';

/** A stand-in for the database: records each query's keys, answers when the test says so. */
function fakeDatabase(rows: Map<number, number>) {
  const queries: { keys: number[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const lookupMany = (keys: number[]) =>
    new Promise<Map<number, number>>((resolve, reject) => {
      queries.push({
        keys,
        // Read at answer time, like a database answering with what is committed by then.
        answer: () =>
          resolve(new Map(keys.flatMap((k) => (rows.has(k) ? [[k, rows.get(k) as number]] : [])))),
        fail: reject,
      });
    });
  return { queries, lookupMany };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedLookup', () => {
  it('sends a lone lookup at once and answers it with its row, or undefined without one', async () => {
    const db = fakeDatabase(new Map([[1, 10]]));
    const lookup = coalescedLookup(db.lookupMany);

    const one = lookup(1);
    expect(db.queries.map((q) => q.keys)).toEqual([[1]]);
    db.queries[0]?.answer();
    expect(await one).toBe(10);

    await tick();
    const none = lookup(2);
    expect(db.queries).toHaveLength(2);
    db.queries[1]?.answer();
    expect(await none).toBeUndefined();
  });

  it('sends the lookups that arrive while a query is out together in the next query', async () => {
    const db = fakeDatabase(
      new Map([
        [1, 10],
        [2, 20],
        [3, 30],
      ]),
    );
    const lookup = coalescedLookup(db.lookupMany);

    const first = lookup(1);
    const waiting = [lookup(2), lookup(3), lookup(2), lookup(1)];
    expect(db.queries).toHaveLength(1);

    db.queries[0]?.answer();
    expect(await first).toBe(10);
    await tick();
    expect(db.queries.map((q) => q.keys)).toEqual([[1], [2, 3, 1]]);
    db.queries[1]?.answer();
    expect(await Promise.all(waiting)).toEqual([20, 30, 20, 10]);
  });

  it('never answers a lookup with a query that was already out when it arrived', async () => {
    const rows = new Map([[1, 10]]);
    const db = fakeDatabase(rows);
    const lookup = coalescedLookup(db.lookupMany);

    const early = lookup(1);
    // A write commits, and only then does the second lookup arrive (its client saw the write).
    rows.set(1, 11);
    const late = lookup(1);
    // The database answers the first query after the write, so it already sees 11 ...
    db.queries[0]?.answer();
    expect(await early).toBe(11);
    await tick();
    // ... yet the late lookup still waits for a query of its own.
    expect(db.queries).toHaveLength(2);
    rows.set(1, 12);
    db.queries[1]?.answer();
    expect(await late).toBe(12);
  });

  it('fails every lookup of a failed query, and the next lookup goes out afresh', async () => {
    const db = fakeDatabase(new Map([[1, 10]]));
    const lookup = coalescedLookup(db.lookupMany);

    const first = lookup(1);
    const second = lookup(1);
    db.queries[0]?.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    db.queries[1]?.fail(new Error('still down'));
    await expect(second).rejects.toThrow('still down');

    const afterwards = lookup(1);
    expect(db.queries).toHaveLength(3);
    db.queries[2]?.answer();
    expect(await afterwards).toBe(10);
  });

  it('fails the lookups of a query that throws before it is sent, and carries on', async () => {
    let calls = 0;
    const lookup = coalescedLookup<number, number>((keys) => {
      calls += 1;
      if (calls === 1) throw new Error('no connection');
      return Promise.resolve(new Map(keys.map((k) => [k, k * 10])));
    });

    await expect(lookup(1)).rejects.toThrow('no connection');
    expect(await lookup(2)).toBe(20);
  });

  it('with gatherOneTurn, sends one query on the next turn for every lookup made before it', async () => {
    const db = fakeDatabase(
      new Map([
        [1, 10],
        [2, 20],
      ]),
    );
    const lookup = coalescedLookup(db.lookupMany, { gatherOneTurn: true });

    const together = [lookup(1), lookup(2), lookup(1)];
    expect(db.queries).toHaveLength(0);
    await tick();
    expect(db.queries.map((q) => q.keys)).toEqual([[1, 2]]);
    const later = lookup(2);
    db.queries[0]?.answer();
    expect(await Promise.all(together)).toEqual([10, 20, 10]);
    await tick();
    expect(db.queries.map((q) => q.keys)).toEqual([[1, 2], [2]]);
    db.queries[1]?.answer();
    expect(await later).toBe(20);
  });
});
