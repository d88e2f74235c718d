// Measures: month items with an optional unit and daily target, through the month-item repository.
import type { Measure } from '../../contract/entities.js';
import {
  type CreateMeasure,
  type MeasureTarget,
  resolveMeasureTarget,
  type UpdateMeasure,
} from '../../contract/measure-targets.js';
import { InvalidInput } from './errors.js';
import type { MonthItemKind } from './month-items.js';

const NO_TARGET: MeasureTarget = { unit: null, target: null, target_direction: null };

function resolved(current: MeasureTarget, changes: Partial<MeasureTarget>): MeasureTarget {
  const result = resolveMeasureTarget(current, changes);
  if ('errors' in result) throw new InvalidInput(result.errors);
  return result.value;
}

export const MEASURES: MonthItemKind<Measure, CreateMeasure, UpdateMeasure> = {
  table: 'measures',
  columns: ['unit', 'target', 'target_direction'],
  toEntity: (row) => row as unknown as Measure,
  createValues: (input) => ({ ...resolved(NO_TARGET, input) }),
  /** A change of the target is checked against what is stored with it. */
  async updateValues(changes, current) {
    const { unit, target, target_direction } = changes;
    if (unit === undefined && target === undefined && target_direction === undefined) return {};
    const stored = await current();
    if (!stored) return {};
    return {
      ...resolved(
        {
          unit: stored.unit ?? null,
          target: stored.target ?? null,
          target_direction: stored.target_direction ?? null,
        },
        changes,
      ),
    };
  },
};
