// Request bodies and query strings of the API, as TypeBox schemas; the server validates with them.
import { type Static, Type } from '@sinclair/typebox';
import { JournalMoodSchema, JournalNoteSchema, MonthPeriodSchema } from './entities.js';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './quotas.js';
import {
  HIGHLIGHT_MAX_LENGTH,
  MAX_ID,
  METRIC_LIMIT,
  MONTH_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PRODUCT_TYPES,
  USERNAME_MAX_LENGTH,
} from './rules.js';
import { monthKeyField, SealedEntryEnvelopeSchema, sealedField } from './sealed.js';

export const IdSchema = Type.Integer({ minimum: 1, maximum: MAX_ID });
/** PostgreSQL cannot store NUL characters in text, so no text field accepts them. */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';
/** Text that may be '' (a private month's item, whose content is sealed); `notBlankUnlessSealed` says when. */
const maybeBlank = (maxLength: number) => Type.String({ maxLength, pattern: NO_NUL_PATTERN });

/**
 * A body with `sealed` (an envelope, or null for content that follows once the server's id is
 * known) may leave its text blank: the content is in the envelope. Without it, `notBlank` may not
 * be blank, with the message plain content has always had. (`sealed` in a plain month is refused
 * by the repositories, so this relaxes nothing there.)
 */
function notBlankUnlessSealed(notBlank: readonly string[]) {
  return {
    if: { required: ['sealed'] },
    else: {
      properties: Object.fromEntries(
        notBlank.map((name) => [name, { type: 'string', minLength: 1 }]),
      ),
    },
  };
}

const metric = Type.Number({ minimum: -METRIC_LIMIT, maximum: METRIC_LIMIT });

export const IdParamsSchema = Type.Object({ id: IdSchema });
export type IdParams = Static<typeof IdParamsSchema>;

/**
 * The page of a list not scoped by `?month=` (quotas bound a month, nothing bounds an account):
 * at most `limit` items, after the item the opaque `cursor` (from the previous answer's
 * `Link: <…>; rel="next"`) stands for. Scoped lists answer whole and ignore both.
 */
export const PageQuerySchema = Type.Object({
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: PAGE_LIMIT_MAX,
      description: `Most items in the answer (default ${PAGE_LIMIT_DEFAULT}) when the list is paginated.`,
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Where the page starts: copied from the `Link: <…>; rel="next"` header of the previous page.',
    }),
  ),
});
export type PageQuery = Static<typeof PageQuerySchema>;

export const MonthFilterSchema = Type.Object({
  month: Type.Optional(IdSchema),
  ...PageQuerySchema.properties,
});
export type MonthFilter = Static<typeof MonthFilterSchema>;

export const DailyFilterSchema = Type.Object({
  journal: Type.Optional(IdSchema),
  month: Type.Optional(IdSchema),
  ...PageQuerySchema.properties,
});
export type DailyFilter = Static<typeof DailyFilterSchema>;

export const CredentialsSchema = Type.Object({
  username: Type.String({ maxLength: USERNAME_MAX_LENGTH }),
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
});
export type Credentials = Static<typeof CredentialsSchema>;

export const RefreshBodySchema = Type.Object({ refresh: Type.String({ maxLength: 2048 }) });
export type RefreshBody = Static<typeof RefreshBodySchema>;

export const CreateMonthSchema = Type.Object(
  {
    /** Not blank unless the month is private: its name is then sealed, and stored as ''. */
    name: maybeBlank(MONTH_NAME_MAX_LENGTH),
    /**
     * A new month without it gets the period its name reads as ("March 2026", "2026-03",
     * "Março de 2026"; contract/month-period.ts), or none; a rename never changes it.
     */
    period: Type.Optional(MonthPeriodSchema),
    /** Whether its entries ask for a mood; true when absent. */
    mood_enabled: Type.Optional(Type.Boolean()),
    /** Makes it a private month: its key, wrapped by the account key. */
    month_key: monthKeyField(),
    /** A private month's name, sealed. */
    sealed: sealedField(),
  },
  {
    // A private month (a `month_key` envelope, not null) has no plaintext name.
    if: { required: ['month_key'], properties: { month_key: { type: 'object' } } },
    else: { properties: { name: { type: 'string', minLength: 1 } } },
  },
);
export type CreateMonth = Static<typeof CreateMonthSchema>;
/**
 * `month_key` set makes a plain month private; null makes a private month plain again, and
 * must come with its `name`.
 */
export const UpdateMonthSchema = Type.Object(
  {
    name: Type.Optional(maybeBlank(MONTH_NAME_MAX_LENGTH)),
    period: Type.Optional(MonthPeriodSchema),
    mood_enabled: Type.Optional(Type.Boolean()),
    month_key: monthKeyField(),
    sealed: sealedField(),
  },
  notBlankUnlessSealed(['name']),
);
export type UpdateMonth = Static<typeof UpdateMonthSchema>;

/** A journal's day, `YYYY-MM-DD`: a real calendar date (Ajv's `date` format checks the days of the month). */
export const JournalDateSchema = Type.String({
  format: 'date',
  description: 'The day the entry is about, YYYY-MM-DD; today (UTC) when a new entry omits it.',
});
export const CreateJournalSchema = Type.Object(
  {
    /** '' in a private month (its envelope holds it). */
    highlight: maybeBlank(HIGHLIGHT_MAX_LENGTH),
    month_id: IdSchema,
    /** The day the entry is about; the server's today (UTC) when absent, as for old clients. */
    created_at: Type.Optional(JournalDateSchema),
    /** '' (none) when absent. */
    note: Type.Optional(JournalNoteSchema),
    /** None when absent; null clears it on PATCH. */
    mood: Type.Optional(JournalMoodSchema),
    /** In a private month: the highlight, note and mood sealed together. */
    sealed: sealedField(SealedEntryEnvelopeSchema),
  },
  notBlankUnlessSealed(['highlight']),
);
export type CreateJournal = Static<typeof CreateJournalSchema>;
export const UpdateJournalSchema = Type.Object(
  {
    highlight: Type.Optional(maybeBlank(HIGHLIGHT_MAX_LENGTH)),
    created_at: Type.Optional(JournalDateSchema),
    note: Type.Optional(JournalNoteSchema),
    mood: Type.Optional(JournalMoodSchema),
    sealed: sealedField(SealedEntryEnvelopeSchema),
  },
  notBlankUnlessSealed(['highlight']),
);
export type UpdateJournal = Static<typeof UpdateJournalSchema>;

/** A named item's fields (goals, habits, measures): the name sealed in a private month. */
const namedFields = {
  /** '' in a private month (its envelope holds it). */
  name: maybeBlank(NAME_MAX_LENGTH),
  sealed: sealedField(),
};
const updateNamedFields = { ...namedFields, name: Type.Optional(namedFields.name) };
const notBlankName = notBlankUnlessSealed(['name']);

export const CreateNamedSchema = Type.Object({ ...namedFields, month_id: IdSchema }, notBlankName);
export type CreateNamed = Static<typeof CreateNamedSchema>;
export const UpdateNamedSchema = Type.Object(updateNamedFields, notBlankName);
export type UpdateNamed = Static<typeof UpdateNamedSchema>;

/**
 * A habit's schedule, checked by contract/habit-schedule.ts parseSchedule (so a bad one
 * gets one clear message, and no coercion: `"3"` is not 3). Omitted on create: daily.
 */
const habitSchedule = Type.Unknown({
  description:
    'When the habit is due: {"kind": "daily"} (the default), {"kind": "weekdays", "days": [0-6, …]} (0 = Sunday) or {"kind": "times_per_week", "times": 1-7}.',
});
export const CreateHabitSchema = Type.Object(
  { ...CreateNamedSchema.properties, schedule: Type.Optional(habitSchedule) },
  notBlankName,
);
export type CreateHabit = Static<typeof CreateHabitSchema>;
export const UpdateHabitSchema = Type.Object(
  { ...UpdateNamedSchema.properties, schedule: Type.Optional(habitSchedule) },
  notBlankName,
);
export type UpdateHabit = Static<typeof UpdateHabitSchema>;
export type CreateMeasure = CreateNamed;

export const CreateGoalSchema = Type.Object(
  { ...namedFields, month_id: IdSchema, is_completed: Type.Optional(Type.Boolean()) },
  notBlankName,
);
export type CreateGoal = Static<typeof CreateGoalSchema>;
export const UpdateGoalSchema = Type.Object(
  { ...updateNamedFields, is_completed: Type.Optional(Type.Boolean()) },
  notBlankName,
);
export type UpdateGoal = Static<typeof UpdateGoalSchema>;

export const CreateDailyHabitSchema = Type.Object({
  journal_id: IdSchema,
  habit_id: IdSchema,
  is_practiced: Type.Optional(Type.Boolean()),
  /** A planned rest day; refused with `is_practiced: true` (400). */
  is_skipped: Type.Optional(Type.Boolean()),
  /** In a private month: the day's tick sealed (`is_practiced` and `is_skipped` then false). */
  sealed: sealedField(),
});
export type CreateDailyHabit = Static<typeof CreateDailyHabitSchema>;
export const UpdateDailyHabitSchema = Type.Object({
  is_practiced: Type.Optional(Type.Boolean()),
  /** A planned rest day; the day's state may not end up both practiced and skipped (400). */
  is_skipped: Type.Optional(Type.Boolean()),
  sealed: sealedField(),
});
export type UpdateDailyHabit = Static<typeof UpdateDailyHabitSchema>;

export const CreateDailyMeasureSchema = Type.Object({
  journal_id: IdSchema,
  measure_id: IdSchema,
  metric,
  /** In a private month: the day's value sealed (`metric` then 0). */
  sealed: sealedField(),
});
export type CreateDailyMeasure = Static<typeof CreateDailyMeasureSchema>;
export const UpdateDailyMeasureSchema = Type.Object({
  metric: Type.Optional(metric),
  sealed: sealedField(),
});
export type UpdateDailyMeasure = Static<typeof UpdateDailyMeasureSchema>;

export const CheckoutBodySchema = Type.Object({
  product_type: Type.Union(PRODUCT_TYPES.map((t) => Type.Literal(t))),
});
export type CheckoutBody = Static<typeof CheckoutBodySchema>;
