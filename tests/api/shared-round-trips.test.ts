// Per-user reads sharing a round trip on PostgreSQL: one query at a time, never answered by a query sent before they were made.
import { oneQueryAtATime } from '../../server/db/user-column-read.js';

/** A stand-in for the database: records each query's user ids, answers when the test says so. */
function fakeDatabase(rows: Map<number, number>) {
  const queries: { userIds: number[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const readMany = (userIds: readonly number[]) =>
    new Promise<Map<number, number>>((resolve, reject) => {
      queries.push({
        userIds: [...userIds],
        // Read at answer time, like a database answering with what is committed by then.
        answer: () =>
          resolve(
            new Map(userIds.flatMap((id) => (rows.has(id) ? [[id, rows.get(id) as number]] : []))),
          ),
        fail: reject,
      });
    });
  return { queries, readMany };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('oneQueryAtATime', () => {
  it('sends a lone lookup at once and answers it with its row, or undefined without one', async () => {
    const db = fakeDatabase(new Map([[1, 10]]));
    const lookup = oneQueryAtATime(db.readMany);

    const one = lookup(1);
    await tick();
    expect(db.queries.map((q) => q.userIds)).toEqual([[1]]);
    db.queries[0]?.answer();
    expect(await one).toBe(10);

    const none = lookup(2);
    await tick();
    expect(db.queries).toHaveLength(2);
    db.queries[1]?.answer();
    expect(await none).toBeUndefined();
  });

  it('sends the lookups made while a query is out together in the next query', async () => {
    const db = fakeDatabase(
      new Map([
        [1, 10],
        [2, 20],
        [3, 30],
      ]),
    );
    const lookup = oneQueryAtATime(db.readMany);

    const first = lookup(1);
    await tick();
    const waiting = [lookup(2), lookup(3), lookup(2), lookup(1)];
    await tick();
    expect(db.queries).toHaveLength(1);

    db.queries[0]?.answer();
    expect(await first).toBe(10);
    await tick();
    expect(db.queries.map((q) => q.userIds)).toEqual([[1], [2, 3, 2, 1]]);
    db.queries[1]?.answer();
    expect(await Promise.all(waiting)).toEqual([20, 30, 20, 10]);
  });

  it('never answers a lookup with a query that was already out when it was made', async () => {
    const rows = new Map([[1, 10]]);
    const db = fakeDatabase(rows);
    const lookup = oneQueryAtATime(db.readMany);

    const early = lookup(1);
    await tick();
    // A write commits, and only then is the second lookup made (its client saw the write).
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
    const lookup = oneQueryAtATime(db.readMany);

    const first = lookup(1);
    await tick();
    const second = lookup(1);
    db.queries[0]?.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    db.queries[1]?.fail(new Error('still down'));
    await expect(second).rejects.toThrow('still down');

    const afterwards = lookup(1);
    await tick();
    expect(db.queries).toHaveLength(3);
    db.queries[2]?.answer();
    expect(await afterwards).toBe(10);
  });

  it('fails the lookups of a query that throws before it is sent, and carries on', async () => {
    let calls = 0;
    const lookup = oneQueryAtATime((userIds) => {
      calls += 1;
      if (calls === 1) throw new Error('no connection');
      return Promise.resolve(new Map(userIds.map((id) => [id, id * 10])));
    });

    await expect(lookup(1)).rejects.toThrow('no connection');
    expect(await lookup(2)).toBe(20);
  });
});
