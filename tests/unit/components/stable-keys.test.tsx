// React keys that survive a temporary id's swap for the server's: the card or checkbox is not remounted.
import { renderHook } from '@testing-library/react';
import { useStableKeys } from '../../../src/components/journals/stable-keys';

interface Row {
  id: number;
  text: string;
}
const keysOf = (rows: Row[]) =>
  renderHook(
    ({ list }) =>
      useStableKeys(
        list,
        (row) => row.id,
        (row) => row.text,
      ),
    {
      initialProps: { list: rows },
    },
  );

describe('useStableKeys', () => {
  it('keeps the key of a row whose temporary id became the server’s', () => {
    const saved = { id: 3, text: 'Older day' };
    const { result, rerender } = keysOf([saved, { id: -7, text: 'New day' }]);
    expect(result.current({ id: -7, text: 'New day' })).toBe('-7');

    rerender({ list: [saved, { id: 41, text: 'New day' }] });

    expect(result.current({ id: 41, text: 'New day' })).toBe('-7');
    expect(result.current(saved)).toBe('3');
  });

  it('gives a new row its own key when no temporary row that looks like it has left', () => {
    const { result, rerender } = keysOf([{ id: -7, text: 'New day' }]);
    rerender({
      list: [
        { id: -7, text: 'New day' },
        { id: 41, text: 'New day' },
      ],
    });
    expect(result.current({ id: 41, text: 'New day' })).toBe('41');
    rerender({ list: [{ id: 42, text: 'Another' }] });
    expect(result.current({ id: 42, text: 'Another' })).toBe('42');
  });
});
