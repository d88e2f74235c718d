// How a measure's value, unit and target read on cards, in the journal modal and in the month at a
// glance.
import type { Measure } from '../../../contract/entities';
import { formatMetric } from '../../i18n/format';
import type { Locale } from '../../i18n/store';

interface Words {
  goal: (atLeast: boolean, value: string) => string;
}

/** "7.5 h", or just "7.5" without a unit. */
export function withUnit(value: string, unit: string | null | undefined): string {
  return unit ? `${value} ${unit}` : value;
}

/** "Sleep (h)": a field's label. */
export function labelWithUnit(name: string, unit: string | null | undefined): string {
  return unit ? `${name} (${unit})` : name;
}

/** "at least 7 h", or null when the measure has no target. */
export function goalText(
  measure: Pick<Measure, 'unit' | 'target' | 'target_direction'> | undefined,
  locale: Locale,
  words: Words,
): string | null {
  if (measure?.target === null || measure?.target === undefined || !measure.target_direction)
    return null;
  return words.goal(
    measure.target_direction === 'at_least',
    withUnit(formatMetric(measure.target, locale), measure.unit),
  );
}
