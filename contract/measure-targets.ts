// A measure's unit and daily target: the API's fields and request bodies as TypeBox schemas (the
// plain rules: measure-target-rules.ts).
import { type Static, Type } from '@sinclair/typebox';
import {
  MEASURE_UNIT_MAX_LENGTH,
  TARGET_DIRECTIONS,
  type TargetDirection,
} from './measure-target-rules.js';
import { MAX_ID, METRIC_LIMIT, NAME_MAX_LENGTH } from './rules.js';
import { sealedField } from './sealed.js';

export * from './measure-target-rules.js';

/**
 * `nullable` rather than a union, as in stats.ts: the serializer and the input clean-up
 * (server/routes/clean-input.ts lets null through only for nullable fields) both read it.
 */
export const MeasureUnitSchema = Type.Unsafe<string | null>({
  type: 'string',
  nullable: true,
  maxLength: MEASURE_UNIT_MAX_LENGTH,
  pattern: '^[^\\u0000]*$',
  description: `What the values count ("kg", "h", "km"), at most ${MEASURE_UNIT_MAX_LENGTH} characters; null or "" for none.`,
});
export const MeasureTargetSchema = Type.Unsafe<number | null>({
  type: 'number',
  nullable: true,
  minimum: -METRIC_LIMIT,
  maximum: METRIC_LIMIT,
  description: 'A daily target for the values; null for none. Needs `target_direction`.',
});
export const TargetDirectionSchema = Type.Unsafe<TargetDirection | null>({
  type: 'string',
  nullable: true,
  enum: [...TARGET_DIRECTIONS, null],
  description:
    'Whether a day is on target when its value is at least (`at_least`) or at most (`at_most`) the target; required with `target`.',
});

/**
 * The fields a Measure carries beyond the spec's: the server always sends them (null when not
 * set); optional so measures from before them (saved caches) still validate.
 */
export const measureTargetFields = {
  unit: Type.Optional(MeasureUnitSchema),
  target: Type.Optional(MeasureTargetSchema),
  target_direction: Type.Optional(TargetDirectionSchema),
};

const IdSchema = Type.Integer({ minimum: 1, maximum: MAX_ID });
/** Not blank unless `sealed` is sent (a private month's measure: then '' or left out). */
const name = Type.String({ maxLength: NAME_MAX_LENGTH, pattern: '^[^\\u0000]*$' });
const notBlankUnlessSealed = {
  if: { required: ['sealed'] },
  else: { properties: { name: { type: 'string', minLength: 1 } } },
};

/** POST /api/measures/: the spec's `{name, month_id}`, plus the optional unit and target. */
export const CreateMeasureSchema = Type.Object(
  {
    name,
    month_id: IdSchema,
    unit: Type.Optional(MeasureUnitSchema),
    target: Type.Optional(MeasureTargetSchema),
    target_direction: Type.Optional(TargetDirectionSchema),
    /** In a private month: the name (and whatever else the browser keeps private) sealed. */
    sealed: sealedField(),
  },
  notBlankUnlessSealed,
);
export type CreateMeasure = Static<typeof CreateMeasureSchema>;

/** PATCH /api/measures/{id}/: any of them; null clears the unit or the target (and its direction). */
export const UpdateMeasureSchema = Type.Object(
  {
    name: Type.Optional(name),
    unit: Type.Optional(MeasureUnitSchema),
    target: Type.Optional(MeasureTargetSchema),
    target_direction: Type.Optional(TargetDirectionSchema),
    sealed: sealedField(),
  },
  notBlankUnlessSealed,
);
export type UpdateMeasure = Static<typeof UpdateMeasureSchema>;
