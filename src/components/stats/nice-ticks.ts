// Round tick values for the measure chart's value axis (recharts' own choice can land on 68.25, 69.3…).

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
