// @vitest-environment node
// Unit and property tests of the 412 merge: one-sided changes merge silently, two-sided ones conflict, keep both fits 255.
import fc from 'fast-check';
import {
  applyChoice,
  BOTH_SEPARATOR,
  canKeepBoth,
  keepBoth,
  mergeEdit,
} from '../../../src/offline/conflict-merge';

const base = { id: 1, highlight: 'Walked to work', created_at: '2026-03-02', version: 1 };

describe('mergeEdit', () => {
  it('re-sends my highlight when the other device changed only the date', () => {
    const theirs = { ...base, created_at: '2026-03-03', version: 2 };
    expect(mergeEdit(base, { highlight: 'Cycled to work' }, theirs)).toEqual({
      changes: { highlight: 'Cycled to work' },
      conflicts: [],
    });
  });

  it('keeps a tick from one device and a name edit from the other', () => {
    const goal = { id: 3, name: 'Run', is_completed: false, version: 1 };
    const theirs = { ...goal, is_completed: true, version: 2 };
    const merged = mergeEdit(goal, { name: 'Run 5 km' }, theirs);
    expect(merged).toEqual({ changes: { name: 'Run 5 km' }, conflicts: [] });
  });

  it('needs nothing when both devices made the same change', () => {
    const theirs = { ...base, highlight: 'Same', version: 2 };
    expect(mergeEdit(base, { highlight: 'Same' }, theirs)).toEqual({ changes: {}, conflicts: [] });
  });

  it('reports a conflict when both changed the highlight differently', () => {
    const theirs = { ...base, highlight: 'Took the bus', version: 2 };
    expect(mergeEdit(base, { highlight: 'Cycled' }, theirs).conflicts).toEqual([
      { field: 'highlight', base: 'Walked to work', mine: 'Cycled', theirs: 'Took the bus' },
    ]);
  });

  it('compares objects by value (a habit schedule)', () => {
    const habit = { id: 1, schedule: { kind: 'weekdays', days: [1, 3] } };
    const theirs = { ...habit, schedule: { kind: 'weekdays', days: [1, 3] } };
    expect(mergeEdit(habit, { schedule: { kind: 'daily' } }, theirs).conflicts).toEqual([]);
  });

  const record = fc.dictionary(
    fc.constantFrom('a', 'b', 'c', 'd'),
    fc.oneof(fc.string({ maxLength: 5 }), fc.boolean(), fc.integer()),
  );

  it('never loses a field only one side changed, and conflicts only where both did', () => {
    fc.assert(
      fc.property(record, record, record, (start, mineEdit, theirEdit) => {
        const theirs = { ...start, ...theirEdit };
        const { changes, conflicts } = mergeEdit(start, mineEdit, theirs);
        const result = { ...theirs, ...changes };
        for (const [field, value] of Object.entries(mineEdit)) {
          const theyChanged = !Object.is(theirs[field], start[field]);
          if (!theyChanged) expect(result[field]).toBe(value);
          const conflicted = conflicts.some((conflict) => conflict.field === field);
          expect(conflicted).toBe(theyChanged && !Object.is(theirs[field], value));
        }
        for (const field of Object.keys(theirEdit)) {
          if (!(field in mineEdit)) expect(result[field]).toBe(theirs[field]);
        }
      }),
    );
  });
});

describe('keep both', () => {
  it('joins the other device’s text, the separator and mine', () => {
    expect(keepBoth('Took the bus', 'Cycled')).toBe(`Took the bus${BOTH_SEPARATOR}Cycled`);
  });

  it('does not repeat an empty side', () => {
    expect(keepBoth('', 'Cycled')).toBe('Cycled');
    expect(keepBoth('Bus', '  ')).toBe('Bus');
  });

  it('is refused (null) when the joined text would pass 255 characters, never cut', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 255 }), fc.string({ maxLength: 255 }), (a, b) => {
        const joined = keepBoth(a, b);
        if (joined === null) {
          expect(a.length + BOTH_SEPARATOR.length + b.length).toBeGreaterThan(255);
        } else {
          expect(joined.length).toBeLessThanOrEqual(255);
          expect(joined.includes(a.trim() === '' ? b : a)).toBe(true);
        }
      }),
    );
  });

  it('is offered for texts only, when they fit', () => {
    const conflict = { field: 'highlight', base: 'x', mine: 'a', theirs: 'b' };
    expect(canKeepBoth(conflict)).toBe(true);
    expect(canKeepBoth({ ...conflict, mine: 'a'.repeat(200), theirs: 'b'.repeat(60) })).toBe(false);
    expect(canKeepBoth({ field: 'is_completed', base: false, mine: true, theirs: false })).toBe(
      false,
    );
  });
});

describe('applyChoice', () => {
  const conflict = { field: 'highlight', base: 'Walk', mine: 'Cycle', theirs: 'Bus' };

  it('sends mine, nothing, or both texts for the field', () => {
    expect(applyChoice({ created_at: 'x' }, conflict, 'mine')).toEqual({
      created_at: 'x',
      highlight: 'Cycle',
    });
    expect(applyChoice({}, conflict, 'theirs')).toEqual({});
    expect(applyChoice({}, conflict, 'both')).toEqual({ highlight: `Bus${BOTH_SEPARATOR}Cycle` });
  });

  it('throws rather than cut when both do not fit', () => {
    const long = { ...conflict, mine: 'm'.repeat(200), theirs: 't'.repeat(100) };
    expect(() => applyChoice({}, long, 'both')).toThrow();
  });
});
