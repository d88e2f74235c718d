// The caller's daily items: a habit's or a measure's value on a journal's day, one repository for both kinds.
import { type Kysely, sql } from 'kysely';
import type { FieldErrors } from '../../contract/entities.js';
import type { DailyFilter } from '../../contract/requests.js';
import { MESSAGES } from '../../contract/rules.js';
import type { SealedEnvelope } from '../../contract/sealed.js';
import type { DB } from '../db/schema.js';
import { InvalidInput } from './errors.js';
import { insertChecked } from './foreign-keys.js';
import type { JournalRepository } from './journals.js';
import type { PageRequest } from './keyset.js';
import { ensureRoom, locked } from './quotas.js';
import {
  deleteAtVersion,
  type ExpectedVersions,
  type OwnedRow,
  updateAtVersion,
} from './row-versions.js';
import { sealedCreate, sealedUpdate, withEnvelopes } from './sealed.js';

/** The month item a daily item belongs to, as its repository answers it. */
interface MonthItemRef {
  id: number;
  name: string;
  month_id: number;
}

/** The queries a daily item needs of its month items' repository (habits or measures). */
export interface MonthItemLookup {
  get(id: number): Promise<MonthItemRef | undefined>;
  inMonth(id: number, monthId: number): Promise<MonthItemRef | undefined>;
  forJournal(id: number, journalId: number): Promise<MonthItemRef | undefined>;
}

/** A row as read: the daily item's columns, its value columns, and its month item's name and month. */
export interface DailyRow {
  id: number;
  journal_id: number;
  version: number;
  item_id: number;
  item_name: string;
  item_month: number;
  [value: string]: unknown;
}

/** What tells daily habits and daily measures apart: tables, value columns and their rules. */
export interface DailyKind<Entity extends Versioned, Create, Update> {
  table: 'daily_habits' | 'daily_measures';
  itemTable: 'habits' | 'measures';
  /** The month item's id, as a column and as the create's field. */
  itemColumn: 'habit_id' | 'measure_id';
  /** The columns that hold the day's value. */
  valueColumns: readonly string[];
  toEntity(row: DailyRow, author: number): Entity;
  /** The value columns of a create (throws a field error for bad input). */
  createValues(input: Create): Record<string, unknown>;
  /** The value columns an update sets; empty when it sets none (throws for bad input). */
  updateValues(changes: Update): Record<string, unknown>;
  /**
   * What a create for a pair that already has its row changes in that row (see `create`); the
   * create's input has passed `createValues`.
   */
  mergeValues(input: Create): Record<string, unknown>;
}

type Versioned = { version?: number };

/** Every create names the journal and the month item. */
type DailyCreate = { journal_id: number; sealed?: SealedEnvelope | null | undefined } & Partial<
  Record<'habit_id' | 'measure_id', number>
>;
/** Every update may carry the day's sealed value. */
type DailyUpdate = { sealed?: SealedEnvelope | null | undefined };

export class DailyItemRepository<
  Entity extends Versioned,
  Create extends DailyCreate,
  Update extends DailyUpdate,
> {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
    private readonly journals: JournalRepository,
    private readonly items: MonthItemLookup,
    private readonly kind: DailyKind<Entity, Create, Update>,
  ) {}

  private columns() {
    const { itemColumn, valueColumns } = this.kind;
    return [
      'd.id',
      'd.journal_id',
      'd.version',
      `d.${itemColumn} as item_id`,
      'i.name as item_name',
      'i.month_id as item_month',
      'd.sealed',
      ...valueColumns.map((column) => `d.${column}`),
    ] as unknown as readonly ['d.id'];
  }

  /** One query with the month item joined in, so a whole month costs a single round trip. */
  private from() {
    const { table, itemTable, itemColumn } = this.kind;
    return this.db
      .selectFrom(`${table} as d` as 'daily_habits as d')
      .innerJoin(`${itemTable} as i` as 'habits as i', 'i.id', `d.${itemColumn}` as 'd.habit_id')
      .select(this.columns());
  }

  private select() {
    return this.from().where('d.author_id', '=', this.userId);
  }

  /**
   * Filtered lists scope by author with `+d.author_id`, which SQLite cannot answer from an index:
   * without statistics its planner would otherwise walk every daily item the user ever made
   * through the author index instead of using the far narrower month or journal index.
   */
  private selectFiltered() {
    return this.from().where(sql<number>`+${sql.ref('d.author_id')}`, '=', this.userId);
  }

  /** The kind's entity, with its envelope when sealed (left out while plain, as sealed.ts says). */
  private toEntity = (row: unknown): Entity => {
    const { sealed, ...rest } = row as DailyRow & { sealed?: string | null };
    const entity = this.kind.toEntity(rest as DailyRow, this.userId);
    return sealed == null ? entity : { ...entity, ...withEnvelopes({ sealed }) };
  };

  async list(filter: DailyFilter): Promise<Entity[]> {
    const { journal, month } = filter;
    let query =
      journal === undefined && month === undefined ? this.select() : this.selectFiltered();
    if (journal !== undefined) query = query.where('d.journal_id', '=', journal);
    if (month !== undefined) query = query.where('i.month_id', '=', month);
    const rows = await query.orderBy('d.id').execute();
    return rows.map(this.toEntity);
  }

  /** A page of the caller's daily items of every month, by id (keyset: see JournalRepository.page). */
  async page(_filter: DailyFilter, { after, limit }: PageRequest): Promise<Entity[]> {
    let query = this.select();
    if (after) query = query.where('d.id', '>', after[0] as number);
    const rows = await query.orderBy('d.id').limit(limit).execute();
    return rows.map(this.toEntity);
  }

  async get(id: number): Promise<Entity | undefined> {
    const row = await this.select().where('d.id', '=', id).executeTakeFirst();
    return row && this.toEntity(row);
  }

  /**
   * The month item must be the caller's and of the same month as the caller's journal. An entry
   * has one row per month item (a unique index, migration 021): a create for a pair that already
   * has one merges into it and answers it, as two tabs or devices that each saw no row yet both
   * create one. A tick or a value wins; an unticked create leaves a tick alone, since it only says
   * that its sender saw no row.
   */
  async create(input: Create): Promise<Entity> {
    const { table, itemColumn } = this.kind;
    // Checked before anything is read or locked: bad input changes nothing.
    const values = this.kind.createValues(input);
    const item = await this.items.forJournal(this.itemIdOf(input), input.journal_id);
    if (!item) throw await this.invalidParents(input);
    const sealed = await sealedCreate(this.db, this.userId, item.month_id, input.sealed);
    // One per month item is all a day needs: the month's list stays bounded (quotas.ts). The lock
    // also keeps two creates of the same pair from both finding no row.
    await locked(
      this.db,
      this.db.selectFrom('journals').select('id').where('id', '=', input.journal_id),
    ).execute();
    const existing = (await this.db
      .selectFrom(table as 'daily_habits')
      .select(['id', ...(this.kind.valueColumns as 'is_practiced'[])])
      .where('journal_id', '=', input.journal_id)
      .where(itemColumn as 'habit_id', '=', item.id)
      .where('author_id', '=', this.userId)
      .executeTakeFirst()) as ({ id: number } & Record<string, unknown>) | undefined;
    if (existing) {
      // Only what differs is written: a create that changes nothing leaves the version alone, so
      // an edit based on it elsewhere does not meet a conflict.
      const changed = {
        ...Object.fromEntries(
          Object.entries(this.kind.mergeValues(input)).filter(
            ([column, value]) => Number(existing[column]) !== Number(value),
          ),
        ),
        ...sealed,
      };
      const merged = await updateAtVersion(this.db, this.row(existing.id), changed, undefined, () =>
        this.get(existing.id),
      );
      if (merged) return merged;
    }
    await ensureRoom(this.db, table, table, 'journal_id', input.journal_id);
    const row = await insertChecked(
      this.db,
      () =>
        this.db
          .insertInto(table as 'daily_habits')
          .values({
            author_id: this.userId,
            journal_id: input.journal_id,
            [itemColumn]: item.id,
            ...values,
            ...sealed,
          } as never)
          .returning(['id', 'version'])
          .executeTakeFirstOrThrow(),
      // The journal or the item went between the check and the insert: say which.
      () => this.invalidParents(input),
    );
    return this.toEntity({
      ...values,
      ...sealed,
      id: row.id,
      journal_id: input.journal_id,
      version: row.version,
      item_id: item.id,
      item_name: item.name,
      item_month: item.month_id,
    });
  }

  private itemIdOf(input: Create): number {
    return input[this.kind.itemColumn] as number;
  }

  /** Names every id that is missing, not the caller's, or (for the month item) of another month. */
  private async invalidParents(input: Create): Promise<InvalidInput> {
    const itemId = this.itemIdOf(input);
    const errors: FieldErrors = {};
    const monthId = await this.journals.monthOf(input.journal_id);
    if (monthId === undefined) errors.journal_id = [MESSAGES.invalidPk(input.journal_id)];
    const item =
      monthId === undefined
        ? await this.items.get(itemId)
        : await this.items.inMonth(itemId, monthId);
    if (!item) errors[this.kind.itemColumn] = [MESSAGES.invalidPk(itemId)];
    if (Object.keys(errors).length === 0)
      errors.journal_id = [MESSAGES.invalidPk(input.journal_id)];
    return new InvalidInput(errors);
  }

  /** With `expected` (If-Match), only from one of those versions (row-versions.ts). */
  async update(
    id: number,
    changes: Update,
    expected?: ExpectedVersions,
  ): Promise<Entity | undefined> {
    const values = {
      ...this.kind.updateValues(changes),
      ...(await sealedUpdate(this.db, this.userId, this.kind.table, id, changes.sealed)),
    };
    return updateAtVersion(this.db, this.row(id), values, expected, () => this.get(id));
  }

  async remove(id: number, expected?: ExpectedVersions): Promise<boolean> {
    return deleteAtVersion(this.db, this.row(id), expected, () => this.get(id));
  }

  private row(id: number): OwnedRow {
    return { table: this.kind.table, id, authorId: this.userId };
  }
}
