// Round, evenly spaced tick values for the charts' value axes (recharts' own choice can land on 68.25, 69.3…, and drops ticks it finds crowded: 0, 2, 4, 8).

const STEPS = [1, 2, 2.5, 5, 10];

/** About `count` evenly spaced round values covering min…max, and the domain they span. */
export function niceTicks(
  min: number,
  max: number,
  count = 4,
): { domain: [number, number]; ticks: number[] } {
  // A flat line still gets an axis around it.
  const span = max - min || Math.abs(max) * 0.1 || 1;
  const raw = span / (count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = (STEPS.find((s) => s * magnitude >= raw) ?? 10) * magnitude;
  const low = Math.floor((max === min ? min - span / 2 : min) / step) * step;
  const high = Math.ceil((max === min ? max + span / 2 : max) / step) * step;
  const ticks: number[] = [];
  // Rounded to the step's precision, so 0.1 + 0.2 prints as 0.3.
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let value = low; value <= high + step / 2; value += step) {
    ticks.push(Number(value.toFixed(digits)));
  }
  return { domain: [ticks[0] ?? low, ticks.at(-1) ?? high], ticks };
}

/**
 * The value axis of a chart of `values`: from 0 when the values come near it (0 is within their
 * own spread of the lowest), so bars and counts keep their true proportions; otherwise only
 * around the values, so 80.5 and 81 kg do not look the same on an axis running up from 0. A
 * chart whose axis does not start at 0 draws a line, never bars: a bar's length would lie.
 */
export function valueAxis(
  values: readonly number[],
  count = 4,
): { domain: [number, number]; ticks: number[]; fromZero: boolean } {
  if (values.length === 0) return { ...niceTicks(0, 1, count), fromZero: true };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const spread = max - min;
  // One value (or all equal): nothing to compare, so nothing to magnify.
  const nearZero = spread === 0 || (min <= 0 ? max >= 0 || -max <= spread : min <= spread);
  if (!nearZero) return { ...niceTicks(min, max, count), fromZero: false };
  return { ...niceTicks(Math.min(0, min), Math.max(0, max), count), fromZero: true };
}
