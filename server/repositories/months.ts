// The caller's months: every query is scoped by author_id.
import type { Kysely } from 'kysely';
import type { Month } from '../../contract/entities.js';
import type { CreateMonth, UpdateMonth } from '../../contract/requests.js';
import type { DB } from '../db/schema.js';
import { runCompiled } from './compiled.js';
import { ensureRoom, locked, lockUser } from './quotas.js';
import { discard } from './trash.js';

export class MonthRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
  ) {}

  private select() {
    return this.db
      .selectFrom('months')
      .select(['id', 'name', 'author_id as author'])
      .where('author_id', '=', this.userId);
  }

  list(): Promise<Month[]> {
    return runCompiled(this.db, 'months.list', () => this.select().orderBy('id'), [this.userId]);
  }

  get(id: number): Promise<Month | undefined> {
    return this.select().where('id', '=', id).executeTakeFirst();
  }

  /** True when the month exists and is the caller's. */
  async owns(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('months')
      .select('id')
      .where('id', '=', id)
      .where('author_id', '=', this.userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * True when the month exists and is the caller's; on PostgreSQL its row stays locked until the
   * transaction ends, so the caller can count what it holds before adding to it (quotas.ts).
   */
  async lockOwned(id: number): Promise<boolean> {
    const row = await locked(
      this.db,
      this.db
        .selectFrom('months')
        .select('id')
        .where('id', '=', id)
        .where('author_id', '=', this.userId),
    ).executeTakeFirst();
    return row !== undefined;
  }

  /** At most MONTHS_PER_ACCOUNT months (contract/quotas.ts). */
  async create(input: CreateMonth): Promise<Month> {
    await lockUser(this.db, this.userId);
    await ensureRoom(this.db, 'months', 'months', 'author_id', this.userId);
    return this.db
      .insertInto('months')
      .values({ author_id: this.userId, name: input.name })
      .returning(['id', 'name', 'author_id as author'])
      .executeTakeFirstOrThrow();
  }

  update(id: number, changes: UpdateMonth): Promise<Month | undefined> {
    if (changes.name === undefined) return this.get(id);
    return this.db
      .updateTable('months')
      .set({ name: changes.name })
      .where('id', '=', id)
      .where('author_id', '=', this.userId)
      .returning(['id', 'name', 'author_id as author'])
      .executeTakeFirst();
  }

  /** Into the bin (trash.ts): its journals, items and daily items go with it, atomically. */
  async remove(id: number): Promise<boolean> {
    return discard(this.db, this.userId, 'month', id);
  }
}
