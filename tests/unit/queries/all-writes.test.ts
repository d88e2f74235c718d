// @vitest-environment node
// The list of write kinds a client registers before saved writes are restored: a kind missing from
// it would leave its saved writes, after a reload, without a function to send them.
import { loadWriteKinds } from '../../../src/queries/all-writes';

const modules = {
  journals: () => import('../../../src/queries/journals'),
  daily: () => import('../../../src/queries/daily'),
  goals: () => import('../../../src/queries/goals'),
  months: () => import('../../../src/queries/months'),
  habits: () => import('../../../src/queries/habits'),
  measures: () => import('../../../src/queries/measures'),
  trash: () => import('../../../src/queries/trash'),
};

/** An exported value shaped as a write kind: a name, its request and what it is about. */
const isWriteKind = (value: unknown): value is { name: string } =>
  typeof value === 'object' &&
  value !== null &&
  'name' in value &&
  typeof value.name === 'string' &&
  'run' in value &&
  typeof value.run === 'function' &&
  'subject' in value &&
  typeof value.subject === 'function';

describe('every write kind', () => {
  it('is registered, once, under its own name', async () => {
    const listed = await loadWriteKinds();
    const exported = (await Promise.all(Object.values(modules).map((load) => load()))).flatMap(
      (module) => Object.values(module).filter(isWriteKind),
    );
    expect(exported.length).toBeGreaterThan(0);
    expect(new Set(listed)).toEqual(new Set(exported));
    expect(new Set(listed.map((kind) => kind.name)).size).toBe(listed.length);
  });
});
