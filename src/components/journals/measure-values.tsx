// A journal card's measure values: each with its unit, and whether the day is on the measure's
// target.
import type { DailyMeasure, Measure } from '../../../contract/entities';
import { isOnTarget } from '../../../contract/measure-target-rules';
import { measureTargets } from '../../i18n/en/measure-targets';
import { formatMetric } from '../../i18n/format';
import { useLocale, useTexts } from '../../i18n/store';
import { withUnit } from './measure-value';

interface MeasureValuesProps {
  dailyMeasures: DailyMeasure[];
  /** The month's measures by id, for their units and targets; absent: names and numbers only. */
  measures?: ReadonlyMap<number, Measure>;
}

export function MeasureValues({ dailyMeasures, measures }: MeasureValuesProps) {
  const t = useTexts('measureTargets', measureTargets);
  const locale = useLocale();
  return dailyMeasures.map((daily) => {
    const measure = measures?.get(daily.measure_id);
    const onTarget = isOnTarget(
      daily.metric,
      measure?.target ?? null,
      measure?.target_direction ?? null,
    );
    return (
      <p key={daily.id} className="mb-journal-measure">
        {/* The month's measure: in a private month only its name is opened (the value's copy is blank). */}
        <strong>{(measure ?? daily.measure).name}:</strong>{' '}
        {withUnit(formatMetric(daily.metric, locale), measure?.unit)}
        {/* A space, so a screen reader says "8 h on target", not "8 hon target". */}
        {onTarget !== null && ' '}
        {onTarget !== null && (
          <span className="mb-target" data-on={onTarget}>
            <span aria-hidden="true">{onTarget ? '✓' : '✗'}</span>
            {onTarget ? t.onTarget : t.offTarget}
          </span>
        )}
      </p>
    );
  });
}
