// Repositories scoped to one user: the single place where ownership is enforced.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { DailyHabitRepository } from './daily-habits.js';
import { DailyMeasureRepository } from './daily-measures.js';
import { GoalRepository } from './goals.js';
import { JournalRepository } from './journals.js';
import { MonthItemRepository } from './month-items.js';
import { MonthRepository } from './months.js';

/**
 * Every query of every repository here carries `author_id = userId`, so another user's row
 * behaves exactly like a missing one. Repositories are made on first use: a request pays only
 * for what it touches.
 */
export class UserRepositories {
  #months?: MonthRepository;
  #journals?: JournalRepository;
  #habits?: MonthItemRepository;
  #measures?: MonthItemRepository;

  constructor(
    private readonly db: Kysely<DB>,
    readonly userId: number,
  ) {}

  get months(): MonthRepository {
    this.#months ??= new MonthRepository(this.db, this.userId);
    return this.#months;
  }

  get journals(): JournalRepository {
    this.#journals ??= new JournalRepository(this.db, this.userId, this.months);
    return this.#journals;
  }

  get habits(): MonthItemRepository {
    this.#habits ??= new MonthItemRepository(this.db, 'habits', this.userId, this.months);
    return this.#habits;
  }

  get measures(): MonthItemRepository {
    this.#measures ??= new MonthItemRepository(this.db, 'measures', this.userId, this.months);
    return this.#measures;
  }

  get goals(): GoalRepository {
    return new GoalRepository(this.db, this.userId, this.months);
  }

  get dailyHabits(): DailyHabitRepository {
    return new DailyHabitRepository(this.db, this.userId, this.journals, this.habits);
  }

  get dailyMeasures(): DailyMeasureRepository {
    return new DailyMeasureRepository(this.db, this.userId, this.journals, this.measures);
  }
}

export interface Repositories {
  forUser(userId: number): UserRepositories;
}

export function createRepositories(db: Kysely<DB>): Repositories {
  return { forUser: (userId) => new UserRepositories(db, userId) };
}
