// Kysely table types: the shape of every table as the migrations create it.
import type { ColumnType, Generated } from 'kysely';

/** Booleans are stored as 0/1 integers so both dialects read and write them the same way. */
export type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username; unique, so usernames are unique case-insensitively. */
  username_key: string;
  password_hash: string;
  date_joined: string;
  /** Bumped by a password change: refresh tokens of an older generation are refused (migration 005). */
  token_generation: Generated<number>;
  /** The confirmed email address, if any (migration 008): reset links go only here. */
  email: string | null;
  /** `email` lower-cased, for look-ups (contract/recovery.ts, emailKey). */
  email_key: string | null;
}

export interface RevokedTokensTable {
  jti: string;
  user_id: number;
  /** Unix seconds; rows past it can be purged. */
  expires_at: number;
}

export interface MonthsTable {
  id: Generated<number>;
  author_id: number;
  name: string;
  /** Moved by a trigger on every update (migration 010): the item's ETag, for If-Match. */
  version: Generated<number>;
  /** The calendar period (migration 014): both null or both set; month 1 to 12. */
  period_year: number | null;
  period_month: number | null;
  /** Whether its entries ask for a mood (migration 012). */
  mood_enabled: Generated<Flag>;
  /** The month's key wrapped by the account key, JSON `{v, nonce, ct}`: set exactly when the month is private (migration 027). */
  month_key: string | null;
  /** The row's private fields as the browser sealed them, JSON `{v, nonce, ct}`; null while plain (migration 027). */
  sealed: string | null;
}

export interface JournalsTable {
  id: Generated<number>;
  author_id: number;
  month_id: number;
  highlight: string;
  created_at: string;
  /** `highlight` and `note` folded for search (contract/search.ts), kept by the journals repository. */
  highlight_search: Generated<string>;
  /** Markdown, up to 20,000 characters; '' when none (migration 012). */
  note: Generated<string>;
  /** 1 … 5, or null when not given (migration 012). */
  mood: number | null;
  /** The row's private fields as the browser sealed them, JSON `{v, nonce, ct}`; null while plain (migration 027). */
  sealed: string | null;
  /** Moved by a trigger on every update (migration 010): the item's ETag, for If-Match. */
  version: Generated<number>;
}

export interface MonthItemsTable {
  id: Generated<number>;
  author_id: number;
  month_id: number;
  name: string;
  /** Moved by a trigger on every update (migration 010): the item's ETag, for If-Match. */
  version: Generated<number>;
  /** The row's private fields as the browser sealed them, JSON `{v, nonce, ct}`; null while plain (migration 027). */
  sealed: string | null;
}

/** A measure's unit and daily target (migration 013); null when not set. */
export interface MeasuresTable extends MonthItemsTable {
  unit: string | null;
  target: number | null;
  target_direction: 'at_least' | 'at_most' | null;
}

/** A habit's schedule (migration 011; contract/habit-schedule.ts scheduleColumns): default daily. */
export interface HabitsTable extends MonthItemsTable {
  schedule_kind: Generated<string>;
  /** A bit per weekday, bit 0 = Sunday; used by 'weekdays'. */
  schedule_days: Generated<number>;
  /** Used by 'times_per_week'. */
  schedule_times: Generated<number>;
}

export interface GoalsTable extends MonthItemsTable {
  is_completed: Flag;
}

export interface DailyHabitsTable {
  id: Generated<number>;
  author_id: number;
  journal_id: number;
  habit_id: number;
  is_practiced: Flag;
  /** A planned rest day (migration 011): neither done nor missed. */
  is_skipped: Generated<Flag>;
  /** The row's private fields as the browser sealed them, JSON `{v, nonce, ct}`; null while plain (migration 027). */
  sealed: string | null;
  /** Moved by a trigger on every update (migration 010): the item's ETag, for If-Match. */
  version: Generated<number>;
}

export interface DailyMeasuresTable {
  id: Generated<number>;
  author_id: number;
  journal_id: number;
  measure_id: number;
  metric: number;
  /** The row's private fields as the browser sealed them, JSON `{v, nonce, ct}`; null while plain (migration 027). */
  sealed: string | null;
  /** Moved by a trigger on every update (migration 010): the item's ETag, for If-Match. */
  version: Generated<number>;
}

export interface BillingAccountsTable {
  user_id: number;
  /** Stripe customer id; null in local mode and before the first Stripe checkout. */
  customer_id: string | null;
  /** The checkout the user was last sent to, until it completes or expires. */
  checkout_session_id: string | null;
  paid_once: Flag;
  subscription_id: string | null;
  subscription_status: string | null;
  has_paid: Flag;
  first_paid_at: string | null;
  updated_at: string;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  user_id: number | null;
  received_at: string;
}

/** Bumped after every write of the user's journal data; cached answers are valid for one version. */
export interface DataVersionsTable {
  user_id: number;
  version: number;
}

/** A deleted month, journal entry or goal with its rows as JSON, restorable for 30 days (migration 007). */
export interface TrashTable {
  id: Generated<number>;
  author_id: number;
  kind: string;
  item_id: number;
  month_id: number | null;
  label: string;
  item_date: string | null;
  deleted_at: string;
  payload: string;
  /** A month's card counts as it was deleted (migration 016); null for entries and goals. */
  journal_count: number | null;
  goal_count: number | null;
  goals_done_count: number | null;
  /** The snapshot's size in UTF-8 bytes, counted against the bin's limit (migration 020). */
  payload_bytes: number | null;
}

/** A create request's answer by its Idempotency-Key (migration 006); status_code null while it runs. */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** sha256 of the method, route and body, hex. */
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  /** Unix milliseconds. */
  created_at: number;
}

/** A single-use link's sha256 (migration 008): confirm an address, or reset the password. */
export interface RecoveryTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'confirm_email' | 'reset_password';
  /** sha256 of the token, hex. */
  token_hash: string;
  /** The address the link was sent to: for a confirmation, the address it confirms. */
  email: string;
  /** Unix milliseconds. */
  created_at: number;
  expires_at: number;
}

/** Migration 009: a user's reminder settings (no row: the defaults). */
export interface ReminderSettingsTable {
  user_id: number;
  /** "HH:MM" local to `time_zone`; null: no daily reminder. */
  time: string | null;
  time_zone: string;
  by_email: Flag;
  by_push: Flag;
  weekly_digest: Flag;
  language: string;
  /** Unix ms from which the scheduler looks at the daily reminder again; null: off (migration 018). */
  reminder_due_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** The same for the weekly digest. */
  digest_due_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** Unix milliseconds. */
  created_at: number;
  /** Pushes failed in a row; the subscription is not tried before `retry_at` (Unix ms). */
  failures: Generated<number>;
  retry_at: Generated<number>;
}

/** The sent-log: one row per (user, kind, period) ever claimed (server/services/reminders.ts). */
export interface ReminderSendsTable {
  user_id: number;
  kind: 'reminder' | 'digest';
  /** "YYYY-MM-DD" (reminder, the user's local date) or "YYYY-Www" (digest, ISO week). */
  period: string;
  state: 'claimed' | 'sent';
  /** Unix milliseconds of the claim. */
  claimed_at: number;
}

/** Items imported from another app, by the sha256 of their key there (migration 023). */
export interface ImportKeysTable {
  author_id: number;
  source: string;
  key_hash: string;
  /** The import that recorded it (migration 024); null for keys recorded before that. */
  import_id: number | null;
  /** The entry it was written as or onto (migration 025); null for keys recorded before that. */
  journal_id: number | null;
}

/** One import and the ids of what it created, for its undo (migration 024). */
export interface ImportsTable {
  id: Generated<number>;
  author_id: number;
  /** An ImportOrigin: another app's name, or 'monthbook'. */
  source: string;
  imported_at: string;
  /** JSON of ImportCreated (repositories/import-undo.ts). */
  created: string;
}

/** The account key's two wraps, as JSON text (migration 026; contract/account-keys.ts). */
export interface AccountKeysTable {
  user_id: number;
  by_password: string;
  by_recovery_key: string;
  version: Generated<number>;
  /** ISO 8601, UTC. */
  created_at: string;
  updated_at: string;
}

export interface DB {
  users: UsersTable;
  revoked_tokens: RevokedTokensTable;
  months: MonthsTable;
  journals: JournalsTable;
  habits: HabitsTable;
  measures: MeasuresTable;
  goals: GoalsTable;
  daily_habits: DailyHabitsTable;
  daily_measures: DailyMeasuresTable;
  billing_accounts: BillingAccountsTable;
  billing_events: BillingEventsTable;
  data_versions: DataVersionsTable;
  trash: TrashTable;
  idempotency_keys: IdempotencyKeysTable;
  recovery_tokens: RecoveryTokensTable;
  reminder_settings: ReminderSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_sends: ReminderSendsTable;
  import_keys: ImportKeysTable;
  imports: ImportsTable;
  account_keys: AccountKeysTable;
}
