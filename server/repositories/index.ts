// Repositories scoped to one user: the single place where ownership is enforced.
import type { Kysely } from 'kysely';
import type { Habit, Measure } from '../../contract/entities.js';
import type { CreateMeasure, UpdateMeasure } from '../../contract/measure-targets.js';
import type { CreateHabit, UpdateHabit } from '../../contract/requests.js';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { AccountKeyRepository } from './account-keys.js';
import { DAILY_HABITS } from './daily-habits.js';
import { DailyItemRepository } from './daily-items.js';
import { DAILY_MEASURES } from './daily-measures.js';
import { dataVersionReader } from './data-versions.js';
import { GoalRepository } from './goals.js';
import { HABITS } from './habits.js';
import { JournalRepository } from './journals.js';
import { MEASURES } from './measures.js';
import { MonthItemRepository } from './month-items.js';
import { MonthStatsRepository } from './month-stats.js';
import { MonthRepository } from './months.js';
import { lockUser } from './quotas.js';
import { TrashRepository } from './trash.js';
import { YearViewRepository } from './year-view.js';

/**
 * Every query of every repository here carries `author_id = userId`, so another user's row
 * behaves exactly like a missing one. Repositories are made on first use: a request pays only
 * for what it touches. The user's data version needs nothing from them: the database moves it on
 * every write of the user's rows (migration 015).
 */
export class UserRepositories {
  #months?: MonthRepository;
  #journals?: JournalRepository;
  #habits?: MonthItemRepository<Habit, CreateHabit, UpdateHabit>;
  #measures?: MonthItemRepository<Measure, CreateMeasure, UpdateMeasure>;

  constructor(
    private readonly db: Kysely<DB>,
    readonly userId: number,
  ) {}

  /**
   * Runs `work` on repositories bound to one transaction. Every write goes through here: creates
   * lock and count before inserting (quotas.ts), a delete snapshots into the bin before removing,
   * and a stale If-Match throws after either (row-versions.ts), all of which must commit or roll
   * back whole.
   *
   * On PostgreSQL it first locks the user's row, so one user's write transactions run one at a
   * time: each of them moves the user's data version (a trigger, migration 015), and two that
   * locked items in different orders before reaching that row would deadlock, one of them
   * failing with a 500. A user's writes queued on that row anyway; other users' never wait.
   */
  transaction<T>(work: (repos: UserRepositories) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockUser(trx, this.userId);
      return work(new UserRepositories(trx, this.userId));
    });
  }

  get months(): MonthRepository {
    this.#months ??= new MonthRepository(this.db, this.userId);
    return this.#months;
  }

  get journals(): JournalRepository {
    this.#journals ??= new JournalRepository(this.db, this.userId, this.months);
    return this.#journals;
  }

  get habits() {
    this.#habits ??= new MonthItemRepository(this.db, this.userId, this.months, HABITS);
    return this.#habits;
  }

  get measures() {
    this.#measures ??= new MonthItemRepository(this.db, this.userId, this.months, MEASURES);
    return this.#measures;
  }

  get goals(): GoalRepository {
    return new GoalRepository(this.db, this.userId, this.months);
  }

  get dailyHabits() {
    return new DailyItemRepository(this.db, this.userId, this.journals, this.habits, DAILY_HABITS);
  }

  get dailyMeasures() {
    return new DailyItemRepository(
      this.db,
      this.userId,
      this.journals,
      this.measures,
      DAILY_MEASURES,
    );
  }

  /** The Recently deleted bin (trash.ts). */
  get trash(): TrashRepository {
    return new TrashRepository(this.db, this.userId);
  }

  get monthStats(): MonthStatsRepository {
    return new MonthStatsRepository(this.db, this.userId);
  }

  get yearView(): YearViewRepository {
    return new YearViewRepository(this.db, this.userId);
  }

  /** The account key's wraps (private months). */
  get accountKeys(): AccountKeyRepository {
    return new AccountKeyRepository(this.db, this.userId);
  }
}

export interface Repositories {
  forUser(userId: number): UserRepositories;
  /** The user's data version (data-versions.ts); read it before the data it validates. */
  dataVersion(userId: number): Promise<number | undefined>;
}

export function createRepositories(database: Database): Repositories {
  const { db } = database;
  return {
    forUser: (userId) => new UserRepositories(db, userId),
    dataVersion: dataVersionReader(database),
  };
}
