// @vitest-environment node
// Round value-axis ticks for the measure chart.
import { niceTicks, valueAxis } from '../../../src/components/stats/nice-ticks';

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

describe('valueAxis', () => {
  const evenlySpaced = (ticks: number[]) => {
    const steps = ticks.slice(1).map((tick, index) => tick - (ticks[index] as number));
    return steps.every((step) => Math.abs(step - (steps[0] as number)) < 1e-9);
  };

  it('starts at 0 for values that come near it, with evenly spaced ticks (never 0, 2, 4, 8)', () => {
    const axis = valueAxis([2, 4, 8]);
    expect(axis.fromZero).toBe(true);
    expect(axis.ticks[0]).toBe(0);
    expect(axis.ticks.at(-1)).toBeGreaterThanOrEqual(8);
    expect(evenlySpaced(axis.ticks)).toBe(true);
  });

  it('keeps to the values when they sit far from 0, so 80.5 and 81 kg differ', () => {
    const axis = valueAxis([80.5, 81]);
    expect(axis.fromZero).toBe(false);
    expect(axis.domain[0]).toBeGreaterThan(70);
    expect(axis.domain[0]).toBeLessThanOrEqual(80.5);
    expect(axis.domain[1]).toBeGreaterThanOrEqual(81);
    // The half kilogram is a good part of the axis, not 0.6 % of it.
    expect(0.5 / (axis.domain[1] - axis.domain[0])).toBeGreaterThan(0.25);
    expect(evenlySpaced(axis.ticks)).toBe(true);
  });

  it('draws a single value, or all equal, from 0 (nothing to compare)', () => {
    expect(valueAxis([80.5]).fromZero).toBe(true);
    expect(valueAxis([]).fromZero).toBe(true);
  });

  it('covers negative values, 0 included when they straddle it', () => {
    const axis = valueAxis([-3, 5]);
    expect(axis.ticks[0]).toBeLessThanOrEqual(-3);
    expect(axis.ticks).toContain(0);
    expect(evenlySpaced(axis.ticks)).toBe(true);
  });
});
