// Wire shapes of the API's objects (api-contract.md "Objects"), as TypeBox schemas and their types.
import { type Static, Type } from '@sinclair/typebox';
import { measureTargetFields } from './measure-targets.js';
import { PERIOD_PATTERN } from './month-period.js';
import { MOOD_MAX, MOOD_MIN, NOTE_MAX_LENGTH } from './rules.js';
import { monthKeyRead, SealedEntryEnvelopeSchema, sealedRead } from './sealed.js';

const Id = Type.Integer();
/** `YYYY-MM-DD` */
const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/**
 * The row's version (migration 010), moved by every update: the detail's `ETag` is `"<version>"`,
 * and a PATCH/DELETE with `If-Match` of an older one is refused with 412. Optional on the wire so
 * objects from before it (saved caches, exports) still validate.
 */
const Version = Type.Optional(
  Type.Integer({ minimum: 1, description: 'Moved by every update; the ETag is `"<version>"`.' }),
);

/** The calendar month a month covers (month-period.ts); `nullable` as in measure-targets.ts. */
export const MonthPeriodSchema = Type.Unsafe<string | null>({
  type: 'string',
  nullable: true,
  pattern: PERIOD_PATTERN,
  description:
    'The calendar month the month covers, YYYY-MM (1900-01 to 2999-12); null when none is set.',
});

/** An entry's Markdown note beside its highlight; '' when none. */
export const JournalNoteSchema = Type.String({
  maxLength: NOTE_MAX_LENGTH,
  pattern: '^[^\\u0000]*$',
  description: `Markdown, up to ${NOTE_MAX_LENGTH} characters (raw HTML is shown as text); '' for none.`,
});
/** An entry's mood, 1 (awful) to 5 (great); `nullable` as in measure-targets.ts. */
export const JournalMoodSchema = Type.Unsafe<number | null>({
  type: 'integer',
  nullable: true,
  minimum: MOOD_MIN,
  maximum: MOOD_MAX,
  description: `The day's mood, ${MOOD_MIN} (awful) to ${MOOD_MAX} (great); null for none.`,
});

export const MonthSchema = Type.Object(
  {
    id: Id,
    name: Type.String(),
    author: Id,
    version: Version,
    // Optional on the wire, as `version`, so months from before it (saved caches) still validate.
    period: Type.Optional(MonthPeriodSchema),
    /** Whether its entries ask for a mood (default true); optional as `period`. */
    mood_enabled: Type.Optional(
      Type.Boolean({ description: 'Whether its entries ask for a mood; true unless turned off.' }),
    ),
    /** A private month's key, wrapped by the account key; absent for a plain month. */
    month_key: monthKeyRead(),
    /** A private month's name, sealed; absent while plain (its `name` is then '' ). */
    sealed: sealedRead(),
  },
  { $id: 'Month' },
);
export type Month = Static<typeof MonthSchema>;

export const JournalSchema = Type.Object(
  {
    id: Id,
    created_at: DateString,
    highlight: Type.String(),
    author: Id,
    month: Id,
    month_id: Id,
    version: Version,
    // Optional on the wire, as `version`, so entries saved without them still validate.
    note: Type.Optional(JournalNoteSchema),
    mood: Type.Optional(JournalMoodSchema),
    /** In a private month, the highlight, note and mood sealed; absent for plain content. */
    sealed: sealedRead(SealedEntryEnvelopeSchema),
  },
  { $id: 'Journal' },
);
export type Journal = Static<typeof JournalSchema>;

const monthItemFields = {
  id: Id,
  name: Type.String(),
  author: Id,
  month: Id,
  month_id: Id,
  version: Version,
};

/**
 * When a habit is due (contract/habit-schedule.ts). One object rather than a union of
 * three (the serializer tries each branch of a union): `days` only for 'weekdays', `times` only
 * for 'times_per_week'.
 */
export const HabitScheduleSchema = Type.Object(
  {
    kind: Type.Union([
      Type.Literal('daily'),
      Type.Literal('weekdays'),
      Type.Literal('times_per_week'),
    ]),
    days: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
        minItems: 1,
        maxItems: 7,
        description: "'weekdays': the days it is due, 0 = Sunday … 6 = Saturday.",
      }),
    ),
    times: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 7,
        description: "'times_per_week': how many days of an ISO week (Monday–Sunday) meet it.",
      }),
    ),
  },
  {
    description:
      'When the habit is due: {"kind": "daily"} (the default), {"kind": "weekdays", "days": [1, 3]} or {"kind": "times_per_week", "times": 3}.',
  },
);

export const HabitSchema = Type.Object(
  // Optional on the wire, as `version`, so habits from before it (saved caches) still validate.
  { ...monthItemFields, schedule: Type.Optional(HabitScheduleSchema), sealed: sealedRead() },
  { $id: 'Habit' },
);
export type Habit = Static<typeof HabitSchema>;

/** The spec's fields, plus the optional unit and daily target (contract/measure-targets.ts). */
export const MeasureSchema = Type.Object(
  { ...monthItemFields, ...measureTargetFields, sealed: sealedRead() },
  { $id: 'Measure' },
);
export type Measure = Static<typeof MeasureSchema>;

export const GoalSchema = Type.Object(
  { ...monthItemFields, is_completed: Type.Boolean(), sealed: sealedRead() },
  { $id: 'Goal' },
);
export type Goal = Static<typeof GoalSchema>;

export const DailyHabitSchema = Type.Object(
  {
    id: Id,
    is_practiced: Type.Boolean(),
    /** A planned rest day, neither done nor missed; never true with `is_practiced`. */
    is_skipped: Type.Optional(Type.Boolean()),
    habit: Type.Object(monthItemFields),
    habit_id: Id,
    journal: Id,
    journal_id: Id,
    version: Version,
    sealed: sealedRead(),
  },
  { $id: 'DailyHabit' },
);
export type DailyHabit = Static<typeof DailyHabitSchema>;

export const DailyMeasureSchema = Type.Object(
  {
    id: Id,
    metric: Type.Number(),
    measure: Type.Object(monthItemFields),
    measure_id: Id,
    journal: Id,
    journal_id: Id,
    version: Version,
    sealed: sealedRead(),
  },
  { $id: 'DailyMeasure' },
);
export type DailyMeasure = Static<typeof DailyMeasureSchema>;

export const UserSchema = Type.Object({ id: Id, username: Type.String() }, { $id: 'User' });
export type User = Static<typeof UserSchema>;

export const TokenPairSchema = Type.Object({ refresh: Type.String(), access: Type.String() });
export type TokenPair = Static<typeof TokenPairSchema>;

export const AccessTokenSchema = Type.Object({ access: Type.String() });
export type AccessToken = Static<typeof AccessTokenSchema>;

/** Claims of our HS256 JWTs (SimpleJWT's layout). */
export interface TokenClaims {
  token_type: 'access' | 'refresh';
  exp: number;
  iat: number;
  jti: string;
  user_id: number;
  /** The user's token generation when issued, absent for 0 (migration 005): older ones are refused. */
  gen?: number;
}

export const PaymentStatusSchema = Type.Object({
  has_paid: Type.Boolean(),
  /**
   * Ours, beyond the reference: true when `has_paid` is false for someone who has paid before (a
   * subscription that ended): their data stays readable, and writing needs a plan again.
   */
  lapsed: Type.Optional(Type.Boolean()),
});
export type PaymentStatus = Static<typeof PaymentStatusSchema>;

export const CheckoutSessionSchema = Type.Object({ checkout_url: Type.String() });
export type CheckoutSession = Static<typeof CheckoutSessionSchema>;

export const PortalSessionSchema = Type.Object({ portal_url: Type.String() });
export type PortalSession = Static<typeof PortalSessionSchema>;

export const LaunchOfferSchema = Type.Object({
  percent_off: Type.Integer(),
  remaining: Type.Integer(),
});
export type LaunchOffer = Static<typeof LaunchOfferSchema>;

export const DetailErrorSchema = Type.Object({
  detail: Type.String(),
  code: Type.Optional(Type.String()),
});
export type DetailError = Static<typeof DetailErrorSchema>;

/** DRF-style validation error: field name → messages. */
export type FieldErrors = Record<string, string[]>;
