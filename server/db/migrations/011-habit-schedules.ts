// Habit schedules and skip days: a habit's schedule, a daily habit's skip flag.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * `habits.schedule_kind` is 'daily', 'weekdays' or 'times_per_week' (contract/habit-schedule.ts);
 * `schedule_days` a bit per weekday (bit 0 = Sunday), used by 'weekdays'; `schedule_times` the
 * times a week, used by 'times_per_week'. The defaults are a daily habit, so every existing habit
 * (and every client that never sends a schedule) keeps the spec's behaviour.
 *
 * `daily_habits.is_skipped` (0/1 like every flag): a planned rest day, neither done nor missed.
 * The API refuses it together with `is_practiced`; no CHECK (SQLite cannot add one to a table).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('habits')
    .addColumn('schedule_kind', 'varchar(16)', (col) => col.notNull().defaultTo('daily'))
    .execute();
  await db.schema
    .alterTable('habits')
    .addColumn('schedule_days', 'integer', (col) => col.notNull().defaultTo(127))
    .execute();
  await db.schema
    .alterTable('habits')
    .addColumn('schedule_times', 'integer', (col) => col.notNull().defaultTo(7))
    .execute();
  await db.schema
    .alterTable('daily_habits')
    .addColumn('is_skipped', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
