// Repositories scoped to one user: the single place where ownership is enforced.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { DailyHabitRepository } from './daily-habits.js';
import { DailyMeasureRepository } from './daily-measures.js';
import { bumpDataVersion, dataVersionReader } from './data-versions.js';
import { GoalRepository } from './goals.js';
import { JournalRepository } from './journals.js';
import { MonthItemRepository } from './month-items.js';
import { MonthStatsRepository } from './month-stats.js';
import { MonthRepository } from './months.js';
import { TrashRepository } from './trash.js';

/** The writes of every data repository; each one changes what the user's reads answer. */
interface Writes {
  create(input: never): Promise<unknown>;
  update(id: number, changes: never): Promise<unknown>;
  remove(id: number): Promise<boolean>;
}

const WRITES = ['create', 'update', 'remove'] as const satisfies ReadonlyArray<keyof Writes>;

/**
 * Every query of every repository here carries `author_id = userId`, so another user's row
 * behaves exactly like a missing one. Repositories are made on first use: a request pays only
 * for what it touches.
 *
 * This is also the one place where the user's data version is bumped: the repositories handed
 * out here run each create, update and remove in a transaction, on repositories bound to it, and
 * bump the version in that transaction after the write (cascades included: they happen inside
 * the write's statement). Cached answers rely on the order: the bump never precedes the data.
 * A new write method must be added to `Writes`, or it would change data without a bump.
 */
export class UserRepositories {
  #months?: MonthRepository;
  #journals?: JournalRepository;
  #habits?: MonthItemRepository;
  #measures?: MonthItemRepository;

  /** `inWrite`: repositories bound to a write's transaction, whose writes the caller bumps. */
  constructor(
    private readonly db: Kysely<DB>,
    readonly userId: number,
    private readonly inWrite = false,
  ) {}

  get months(): MonthRepository {
    this.#months ??= this.versioned(new MonthRepository(this.db, this.userId), (r) => r.months);
    return this.#months;
  }

  get journals(): JournalRepository {
    this.#journals ??= this.versioned(
      new JournalRepository(this.db, this.userId, this.months),
      (r) => r.journals,
    );
    return this.#journals;
  }

  get habits(): MonthItemRepository {
    this.#habits ??= this.versioned(
      new MonthItemRepository(this.db, 'habits', this.userId, this.months),
      (r) => r.habits,
    );
    return this.#habits;
  }

  get measures(): MonthItemRepository {
    this.#measures ??= this.versioned(
      new MonthItemRepository(this.db, 'measures', this.userId, this.months),
      (r) => r.measures,
    );
    return this.#measures;
  }

  get goals(): GoalRepository {
    return this.versioned(new GoalRepository(this.db, this.userId, this.months), (r) => r.goals);
  }

  get dailyHabits(): DailyHabitRepository {
    return this.versioned(
      new DailyHabitRepository(this.db, this.userId, this.journals, this.habits),
      (r) => r.dailyHabits,
    );
  }

  get dailyMeasures(): DailyMeasureRepository {
    return this.versioned(
      new DailyMeasureRepository(this.db, this.userId, this.journals, this.measures),
      (r) => r.dailyMeasures,
    );
  }

  /** The Recently deleted bin; a restore bumps the data version itself (trash.ts). */
  get trash(): TrashRepository {
    return new TrashRepository(this.db, this.userId);
  }

  /** Read only (it writes nothing), so it is not versioned. */
  get monthStats(): MonthStatsRepository {
    return new MonthStatsRepository(this.db, this.userId);
  }

  /**
   * `repository` with its writes replaced by the same write on `pick(repositories of a
   * transaction)`, followed by the bump. Reads are inherited untouched (no transaction).
   */
  private versioned<R extends Writes>(repository: R, pick: (tx: UserRepositories) => R): R {
    if (this.inWrite) return repository;
    const wrapped = Object.create(repository) as R;
    for (const name of WRITES) {
      const write = (...args: unknown[]) =>
        this.write((tx) => {
          const target = pick(tx);
          return (target[name] as (...values: unknown[]) => Promise<unknown>).apply(target, args);
        });
      Object.defineProperty(wrapped, name, { value: write });
    }
    return wrapped;
  }

  /** An update or remove that found nothing (undefined, false) changed nothing: no bump. */
  private write<T>(work: (tx: UserRepositories) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const result = await work(new UserRepositories(trx, this.userId, true));
      if (result !== undefined && result !== false) await bumpDataVersion(trx, this.userId);
      return result;
    });
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
