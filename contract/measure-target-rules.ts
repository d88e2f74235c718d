// A measure's unit and daily target: plain limits, the pairing rule and the "on target" rule, for
// server and browser (no TypeBox, so the browser's pages stay light).

export const MEASURE_UNIT_MAX_LENGTH = 16;
export const TARGET_DIRECTIONS = ['at_least', 'at_most'] as const;
export type TargetDirection = (typeof TARGET_DIRECTIONS)[number];

export interface MeasureTarget {
  unit: string | null;
  target: number | null;
  target_direction: TargetDirection | null;
}

export const TARGET_MESSAGES = {
  directionRequired: 'Choose at_least or at_most when a target is set.',
  targetRequired: 'A direction needs a target.',
} as const;

/**
 * The stored unit and target after applying `changes` to `current`, or the field errors that
 * forbid it: a target needs a direction, a direction needs a target; clearing the target clears
 * its direction; a blank unit is no unit.
 */
export function resolveMeasureTarget(
  current: MeasureTarget,
  changes: Partial<MeasureTarget>,
): { value: MeasureTarget } | { errors: Record<string, string[]> } {
  const unit = changes.unit === undefined ? current.unit : changes.unit?.trim() || null;
  const target = changes.target === undefined ? current.target : changes.target;
  let direction =
    changes.target_direction === undefined ? current.target_direction : changes.target_direction;
  if (changes.target === null && changes.target_direction === undefined) direction = null;
  if (target !== null && direction === null) {
    return { errors: { target_direction: [TARGET_MESSAGES.directionRequired] } };
  }
  if (target === null && direction !== null) {
    return { errors: { target: [TARGET_MESSAGES.targetRequired] } };
  }
  return { value: { unit, target, target_direction: direction } };
}

/** Whether a day's value meets the target; null when the measure has none. */
export function isOnTarget(
  value: number,
  target: number | null,
  direction: TargetDirection | null,
): boolean | null {
  if (target === null || direction === null) return null;
  return direction === 'at_least' ? value >= target : value <= target;
}
