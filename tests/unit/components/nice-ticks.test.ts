// Round value-axis ticks for the measure chart.
import { niceTicks } from '../../../src/components/stats/nice-ticks';

describe('niceTicks', () => {
  it.each([
    [68.6, 72.4, [68, 70, 72, 74]],
    [10, 14, [10, 12, 14]],
    [-3, 2.5, [-4, -2, 0, 2, 4]],
    [0.11, 0.13, [0.11, 0.12, 0.13]],
  ])('covers %d…%d with round steps', (min, max, ticks) => {
    const axis = niceTicks(min, max);
    expect(axis.ticks).toEqual(ticks);
    expect(axis.domain).toEqual([ticks[0], ticks.at(-1)]);
  });

  it.each([11, 0, -7.5, 1e12])('gives a flat line at %d an axis around it', (value) => {
    const { domain, ticks } = niceTicks(value, value);
    expect(domain[0]).toBeLessThan(value);
    expect(domain[1]).toBeGreaterThan(value);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(6);
  });

  it('never gives more than a handful of ticks, however wide the range', () => {
    for (const [min, max] of [
      [-1e12, 1e12],
      [0, 1e-9],
      [123.456, 123.457],
    ] as const) {
      const { ticks } = niceTicks(min, max);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks[0]).toBeLessThanOrEqual(min);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    }
  });
});
