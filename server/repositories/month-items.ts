// The caller's habits or measures: named items of a month, one repository for both kinds; every query is scoped by author_id.
import type { Kysely } from 'kysely';
import type { MonthFilter } from '../../contract/requests.js';
import type { SealedEnvelope } from '../../contract/sealed.js';
import type { DB } from '../db/schema.js';
import { InvalidInput } from './errors.js';
import { insertChecked } from './foreign-keys.js';
import type { PageRequest } from './keyset.js';
import type { MonthRepository } from './months.js';
import { ensureRoom } from './quotas.js';
import {
  currentAtVersion,
  deleteAtVersion,
  type ExpectedVersions,
  type OwnedRow,
  updateAtVersion,
} from './row-versions.js';
import { sealedCreate, sealedUpdate, withEnvelopes } from './sealed.js';

/** The columns every month item has, as the wire names them. */
const SHARED_COLUMNS = [
  'id',
  'name',
  'author_id as author',
  'month_id as month',
  'month_id',
  'version',
  'sealed',
] as const;

interface MonthItemEntity {
  id: number;
  name: string;
  month_id: number;
  version?: number;
}

/** What tells habits and measures apart: the table, its own columns and their rules. */
export interface MonthItemKind<Entity extends MonthItemEntity, Create, Update> {
  table: 'habits' | 'measures';
  /** The columns beyond the shared ones (a habit's schedule, a measure's unit and target). */
  columns: readonly string[];
  toEntity(row: Record<string, unknown>): Entity;
  /** The own columns of a create (throws InvalidInput for bad input, before anything is read). */
  createValues(input: Create): Record<string, unknown>;
  /**
   * The own columns an update sets, {} for none. `current` reads the item (undefined when it is
   * gone), already checked against If-Match, for rules that depend on what is stored.
   */
  updateValues(
    changes: Update,
    current: () => Promise<Entity | undefined>,
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
}

type Sealable = { name?: string | undefined; sealed?: SealedEnvelope | null | undefined };
type Named = Sealable & { month_id: number };

export class MonthItemRepository<Entity extends MonthItemEntity, Create extends Named, Update> {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
    private readonly months: MonthRepository,
    private readonly kind: MonthItemKind<Entity, Create, Update>,
  ) {}

  private columns(prefix = '') {
    return [...SHARED_COLUMNS, ...this.kind.columns].map(
      (column) => `${prefix}${column}`,
    ) as unknown as readonly ['id'];
  }

  private select() {
    return this.db
      .selectFrom(this.kind.table as 'habits')
      .select(this.columns())
      .where('author_id', '=', this.userId);
  }

  private toEntity = (row: unknown): Entity =>
    this.kind.toEntity(withEnvelopes(row as { sealed: string | null }) as Record<string, unknown>);

  async list(filter: MonthFilter): Promise<Entity[]> {
    let query = this.select();
    if (filter.month !== undefined) query = query.where('month_id', '=', filter.month);
    return (await query.orderBy('id').execute()).map(this.toEntity);
  }

  /** A page of the caller's items of every month, by id (keyset: see JournalRepository.page). */
  async page(_filter: MonthFilter, { after, limit }: PageRequest): Promise<Entity[]> {
    let query = this.select();
    if (after) query = query.where('id', '>', after[0] as number);
    return (await query.orderBy('id').limit(limit).execute()).map(this.toEntity);
  }

  async get(id: number): Promise<Entity | undefined> {
    const row = await this.select().where('id', '=', id).executeTakeFirst();
    return row && this.toEntity(row);
  }

  /** The item when it is the caller's and belongs to `monthId`. */
  async inMonth(id: number, monthId: number): Promise<Entity | undefined> {
    const row = await this.select()
      .where('id', '=', id)
      .where('month_id', '=', monthId)
      .executeTakeFirst();
    return row && this.toEntity(row);
  }

  /** The item when it is the caller's and of the same month as the caller's journal `journalId`. */
  async forJournal(id: number, journalId: number): Promise<Entity | undefined> {
    const row = await this.db
      .selectFrom(`${this.kind.table} as i` as 'habits as i')
      .innerJoin('journals as j', 'j.month_id', 'i.month_id')
      .select(this.columns('i.') as unknown as readonly ['i.id'])
      .where('i.id', '=', id)
      .where('i.author_id', '=', this.userId)
      .where('j.id', '=', journalId)
      .where('j.author_id', '=', this.userId)
      .executeTakeFirst();
    return row && this.toEntity(row);
  }

  async create(input: Create): Promise<Entity> {
    const { table } = this.kind;
    // Checked before anything is read or locked: bad input changes nothing.
    const values = this.kind.createValues(input);
    const missing = () => InvalidInput.invalidPk('month_id', input.month_id);
    if (!(await this.months.lockOwned(input.month_id))) throw missing();
    const sealed = await sealedCreate(this.db, this.userId, input.month_id, input.sealed);
    await ensureRoom(this.db, table, table, 'month_id', input.month_id);
    return insertChecked(
      this.db,
      () =>
        this.db
          .insertInto(table as 'habits')
          .values({
            author_id: this.userId,
            month_id: input.month_id,
            // An envelope holds the name: the plaintext one goes.
            name: sealed.sealed ? '' : (input.name ?? ''),
            ...values,
            ...sealed,
          } as never)
          .returning(this.columns())
          .executeTakeFirstOrThrow()
          .then(this.toEntity),
      missing,
    );
  }

  /** With `expected` (If-Match), only from one of those versions (row-versions.ts). */
  async update(
    id: number,
    changes: Update & Sealable,
    expected?: ExpectedVersions,
  ): Promise<Entity | undefined> {
    const current = () => currentAtVersion(expected, () => this.get(id));
    const sealed = await sealedUpdate(this.db, this.userId, this.kind.table, id, changes.sealed);
    // An envelope holds the name: the plaintext one goes.
    const name = sealed.sealed ? '' : changes.name;
    const values = {
      ...(name === undefined ? {} : { name }),
      ...(await this.kind.updateValues(changes, current)),
      ...sealed,
    };
    return updateAtVersion(this.db, this.row(id), values, expected, () => this.get(id));
  }

  /** Its daily items cascade with it. */
  async remove(id: number, expected?: ExpectedVersions): Promise<boolean> {
    return deleteAtVersion(this.db, this.row(id), expected, () => this.get(id));
  }

  private row(id: number): OwnedRow {
    return { table: this.kind.table, id, authorId: this.userId };
  }
}
