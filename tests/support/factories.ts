// Seed helpers for API tests: build a user's months and everything under them through the repositories.
import { randomBytes } from 'node:crypto';
import type {
  AccountKeyWraps,
  PasswordWrap,
  WrappedKeyEnvelope,
} from '../../contract/account-keys.js';
import type {
  DailyHabit,
  DailyMeasure,
  Goal,
  Habit,
  Journal,
  Measure,
  Month,
} from '../../contract/entities.js';
import type { UserRepositories } from '../../server/repositories/index.js';
import type { TestApp, TestUser } from './test-app.js';

export function reposOf(testApp: TestApp, user: TestUser): UserRepositories {
  return testApp.app.repos.forUser(user.id);
}

export function seedMonth(testApp: TestApp, user: TestUser, name = 'January'): Promise<Month> {
  return reposOf(testApp, user).months.create({ name });
}

export function seedJournal(
  testApp: TestApp,
  user: TestUser,
  monthId: number,
  highlight = 'A good day',
): Promise<Journal> {
  return reposOf(testApp, user).journals.create({ month_id: monthId, highlight });
}

export function seedHabit(
  testApp: TestApp,
  user: TestUser,
  monthId: number,
  name = 'Read',
): Promise<Habit> {
  return reposOf(testApp, user).habits.create({ month_id: monthId, name });
}

export function seedMeasure(
  testApp: TestApp,
  user: TestUser,
  monthId: number,
  name = 'Weight',
): Promise<Measure> {
  return reposOf(testApp, user).measures.create({ month_id: monthId, name });
}

export function seedGoal(
  testApp: TestApp,
  user: TestUser,
  monthId: number,
  name = 'Run 100 km',
): Promise<Goal> {
  return reposOf(testApp, user).goals.create({ month_id: monthId, name });
}

export function seedDailyHabit(
  testApp: TestApp,
  user: TestUser,
  journalId: number,
  habitId: number,
  isPracticed = false,
): Promise<DailyHabit> {
  return reposOf(testApp, user).dailyHabits.create({
    journal_id: journalId,
    habit_id: habitId,
    is_practiced: isPracticed,
  });
}

export function seedDailyMeasure(
  testApp: TestApp,
  user: TestUser,
  journalId: number,
  measureId: number,
  metric = 70.5,
): Promise<DailyMeasure> {
  return reposOf(testApp, user).dailyMeasures.create({
    journal_id: journalId,
    measure_id: measureId,
    metric,
  });
}

export interface SeededMonth {
  month: Month;
  journal: Journal;
  habit: Habit;
  measure: Measure;
  goal: Goal;
  dailyHabit: DailyHabit;
  dailyMeasure: DailyMeasure;
}

/** A month with one of everything under it: a journal, habit, measure, goal and both daily items. */
export async function seedFullMonth(
  testApp: TestApp,
  user: TestUser,
  name = 'January',
): Promise<SeededMonth> {
  const month = await seedMonth(testApp, user, name);
  const journal = await seedJournal(testApp, user, month.id);
  const habit = await seedHabit(testApp, user, month.id);
  const measure = await seedMeasure(testApp, user, month.id);
  const goal = await seedGoal(testApp, user, month.id);
  const dailyHabit = await seedDailyHabit(testApp, user, journal.id, habit.id, true);
  const dailyMeasure = await seedDailyMeasure(testApp, user, journal.id, measure.id);
  return { month, journal, habit, measure, goal, dailyHabit, dailyMeasure };
}

const base64url = (bytes: number) => randomBytes(bytes).toString('base64url');

/** A 32-byte key sealed in an envelope, as the browser sends one: random bytes of the right sizes. */
export function wrappedKey(): WrappedKeyEnvelope {
  return { v: 1, nonce: base64url(24), ct: base64url(48) };
}

/** The account key under a password, at the app's Argon2id costs, with a fresh salt. */
export function passwordWrap(): PasswordWrap {
  return {
    kdf: { name: 'argon2id', salt: base64url(16), memoryKiB: 65536, passes: 3, parallelism: 4 },
    key: wrappedKey(),
  };
}

/** Both wraps, as the first private month sends them. */
export function accountKeyWraps(): AccountKeyWraps {
  return { by_password: passwordWrap(), by_recovery_key: wrappedKey() };
}
