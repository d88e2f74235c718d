// The caller's goals for a month; every query is scoped by author_id.
import type { Kysely } from 'kysely';
import type { Goal } from '../../contract/entities.js';
import type { CreateGoal, MonthFilter, UpdateGoal } from '../../contract/requests.js';
import type { DB, Flag, GoalsTable } from '../db/schema.js';
import { InvalidInput } from './errors.js';
import { insertChecked } from './foreign-keys.js';
import type { PageRequest } from './keyset.js';
import type { MonthRepository } from './months.js';
import { ensureRoom } from './quotas.js';
import { type ExpectedVersions, updateAtVersion } from './row-versions.js';
import { sealedCreate, sealedUpdate, withEnvelopes } from './sealed.js';
import { discard } from './trash-bin.js';

const columns = [
  'id',
  'name',
  'is_completed',
  'author_id as author',
  'month_id as month',
  'month_id',
  'version',
  'sealed',
] as const;

type GoalRow = Omit<Goal, 'is_completed' | 'sealed'> & {
  is_completed: Flag;
  sealed: string | null;
};

const toGoal = (row: GoalRow): Goal => ({
  ...withEnvelopes(row),
  is_completed: row.is_completed === 1,
});
const flag = (value: boolean): Flag => (value ? 1 : 0);

export class GoalRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
    private readonly months: MonthRepository,
  ) {}

  private select() {
    return this.db.selectFrom('goals').select(columns).where('author_id', '=', this.userId);
  }

  async list(filter: MonthFilter): Promise<Goal[]> {
    let query = this.select();
    if (filter.month !== undefined) query = query.where('month_id', '=', filter.month);
    return (await query.orderBy('id').execute()).map(toGoal);
  }

  /** A page of the caller's goals of every month, by id (keyset: see JournalRepository.page). */
  async page(_filter: MonthFilter, { after, limit }: PageRequest): Promise<Goal[]> {
    let query = this.select();
    if (after) query = query.where('id', '>', after[0] as number);
    return (await query.orderBy('id').limit(limit).execute()).map(toGoal);
  }

  async get(id: number): Promise<Goal | undefined> {
    const row = await this.select().where('id', '=', id).executeTakeFirst();
    return row && toGoal(row);
  }

  async create(input: CreateGoal): Promise<Goal> {
    const missing = () => InvalidInput.invalidPk('month_id', input.month_id);
    if (!(await this.months.lockOwned(input.month_id))) throw missing();
    const sealed = await sealedCreate(this.db, this.userId, input.month_id, input.sealed);
    await ensureRoom(this.db, 'goals', 'goals', 'month_id', input.month_id);
    const row = await insertChecked(
      this.db,
      () =>
        this.db
          .insertInto('goals')
          .values({
            author_id: this.userId,
            month_id: input.month_id,
            // An envelope holds the name: the plaintext one goes.
            name: sealed.sealed ? '' : (input.name ?? ''),
            is_completed: flag(input.is_completed ?? false),
            ...sealed,
          })
          .returning(columns)
          .executeTakeFirstOrThrow(),
      missing,
    );
    return toGoal(row);
  }

  /** With `expected` (If-Match), only from one of those versions (row-versions.ts). */
  async update(
    id: number,
    changes: UpdateGoal,
    expected?: ExpectedVersions,
  ): Promise<Goal | undefined> {
    const sealed = await sealedUpdate(this.db, this.userId, 'goals', id, changes.sealed);
    const values: Partial<Pick<GoalsTable, 'name' | 'is_completed' | 'sealed'>> = { ...sealed };
    if (changes.name !== undefined) values.name = changes.name;
    if (sealed.sealed) values.name = '';
    if (changes.is_completed !== undefined) values.is_completed = flag(changes.is_completed);
    const row = { table: 'goals', id, authorId: this.userId } as const;
    return updateAtVersion(this.db, row, values, expected, () => this.get(id));
  }

  /** Into the bin (trash-bin.ts), restorable for 30 days. */
  async remove(id: number, expected?: ExpectedVersions): Promise<boolean> {
    return discard(this.db, this.userId, 'goal', id, expected);
  }
}
