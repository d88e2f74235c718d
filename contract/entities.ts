// Wire shapes of the API's objects (api-contract.md "Objects"), as TypeBox schemas and their types.
import { type Static, Type } from '@sinclair/typebox';

const Id = Type.Integer();
/** `YYYY-MM-DD` */
const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const MonthSchema = Type.Object(
  { id: Id, name: Type.String(), author: Id },
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
  },
  { $id: 'Journal' },
);
export type Journal = Static<typeof JournalSchema>;

const monthItemFields = { id: Id, name: Type.String(), author: Id, month: Id, month_id: Id };

export const HabitSchema = Type.Object(monthItemFields, { $id: 'Habit' });
export type Habit = Static<typeof HabitSchema>;

export const MeasureSchema = Type.Object(monthItemFields, { $id: 'Measure' });
export type Measure = Static<typeof MeasureSchema>;

export const GoalSchema = Type.Object(
  { ...monthItemFields, is_completed: Type.Boolean() },
  { $id: 'Goal' },
);
export type Goal = Static<typeof GoalSchema>;

export const DailyHabitSchema = Type.Object(
  {
    id: Id,
    is_practiced: Type.Boolean(),
    habit: Type.Object(monthItemFields),
    habit_id: Id,
    journal: Id,
    journal_id: Id,
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
  /** Refresh tokens only: the user's token generation when issued, absent for 0 (migration 005). */
  gen?: number;
}

export const PaymentStatusSchema = Type.Object({ has_paid: Type.Boolean() });
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
