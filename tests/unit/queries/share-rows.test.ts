// @vitest-environment node
import { shareRowsById } from '../../../src/queries/share-rows';
import { createQueryClient } from '../../../src/query-client';

const row = (id: number, text = `row ${id}`) => ({ id, text });

describe('shareRowsById', () => {
  it('keeps every unchanged row’s object when a new row goes first', () => {
    const previous = [row(1), row(2), row(3)];
    const next = [row(9), row(1), row(2), row(3)];
    const shared = shareRowsById(previous, next) as ReturnType<typeof row>[];
    expect(shared.map((r) => r.id)).toEqual([9, 1, 2, 3]);
    expect(shared.slice(1).every((r, index) => r === previous[index])).toBe(true);
  });

  it('gives a changed row its new object and keeps the others', () => {
    const previous = [row(1), row(2)];
    const shared = shareRowsById(previous, [row(2), row(1, 'edited')]) as ReturnType<typeof row>[];
    expect(shared[0]).toBe(previous[1]);
    expect(shared[1]).not.toBe(previous[0]);
    expect(shared[1]).toEqual(row(1, 'edited'));
  });

  it('answers the previous list itself when nothing changed', () => {
    const previous = [row(1), row(2)];
    expect(shareRowsById(previous, [row(1), row(2)])).toBe(previous);
  });

  it('shares anything else as react-query does', () => {
    const previous = { name: 'May', habits: [1, 2] };
    expect(shareRowsById(previous, { name: 'May', habits: [1, 2] })).toBe(previous);
    const changed = shareRowsById(previous, { name: 'June', habits: [1, 2] }) as typeof previous;
    expect(changed.name).toBe('June');
    expect(changed.habits).toBe(previous.habits);
  });

  it('is the app’s QueryClient default for every query', () => {
    expect(createQueryClient().getDefaultOptions().queries?.structuralSharing).toBe(shareRowsById);
  });
});
