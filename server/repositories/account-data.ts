// Reads all of one user's journal data (or one month's) in a single snapshot, for the export and the CSV.
import type { Kysely } from 'kysely';
import type { AccountData } from '../../contract/export-assembly.js';
import type { DB } from '../db/schema.js';

export type { AccountData } from '../../contract/export-assembly.js';

/** A habit's columns in an export or CSV, with its schedule (migration 011). */
const HABIT_COLUMNS = [
  'id',
  'month_id',
  'name',
  'schedule_kind',
  'schedule_days',
  'schedule_times',
] as const;

/** A measure's columns in an export or CSV, with its unit and target (migration 013). */
const MEASURE_COLUMNS = ['id', 'month_id', 'name', 'unit', 'target', 'target_direction'] as const;

/**
 * Plain months only: a private month's content is sealed, the browser's to export. Every query
 * is scoped by author_id (and by month when `monthId` is given). They run in one
 * transaction, REPEATABLE READ on PostgreSQL, so a write landing meanwhile cannot leave a daily
 * item pointing at a journal the export does not hold. Rows come in the order the app lists
 * them: months, items and daily items by id, journals by date then id.
 */
export function readAccountData(
  db: Kysely<DB>,
  userId: number,
  monthId?: number,
): Promise<AccountData> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const one = monthId !== undefined;
      const month = monthId ?? 0;
      const months = await trx
        .selectFrom('months')
        .select(['id', 'name', 'mood_enabled', 'period_year', 'period_month'])
        .where('author_id', '=', userId)
        .where('month_key', 'is', null)
        .$if(one, (query) => query.where('id', '=', month))
        .orderBy('id')
        .execute();
      const items = (table: 'habits' | 'measures') =>
        trx
          .selectFrom(table as 'habits')
          .select(HABIT_COLUMNS)
          .where('author_id', '=', userId)
          .$if(one, (query) => query.where('month_id', '=', month))
          .orderBy('id')
          .execute();
      const habits = await items('habits');
      const measures = await trx
        .selectFrom('measures')
        .select(MEASURE_COLUMNS)
        .where('author_id', '=', userId)
        .$if(one, (query) => query.where('month_id', '=', month))
        .orderBy('id')
        .execute();
      const goals = await trx
        .selectFrom('goals')
        .select(['month_id', 'name', 'is_completed'])
        .where('author_id', '=', userId)
        .$if(one, (query) => query.where('month_id', '=', month))
        .orderBy('id')
        .execute();
      const journals = await trx
        .selectFrom('journals')
        .select(['id', 'month_id', 'created_at', 'highlight', 'note', 'mood'])
        .where('author_id', '=', userId)
        .$if(one, (query) => query.where('month_id', '=', month))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const dailyHabits = await trx
        .selectFrom('daily_habits as d')
        .innerJoin('journals as j', 'j.id', 'd.journal_id')
        .select(['d.journal_id', 'd.habit_id', 'd.is_practiced', 'd.is_skipped'])
        .where('d.author_id', '=', userId)
        .$if(one, (query) => query.where('j.month_id', '=', month))
        .orderBy('d.id')
        .execute();
      const dailyMeasures = await trx
        .selectFrom('daily_measures as d')
        .innerJoin('journals as j', 'j.id', 'd.journal_id')
        .select(['d.journal_id', 'd.measure_id', 'd.metric'])
        .where('d.author_id', '=', userId)
        .$if(one, (query) => query.where('j.month_id', '=', month))
        .orderBy('d.id')
        .execute();
      return { months, habits, measures, goals, journals, dailyHabits, dailyMeasures };
    });
}

/** A month's id and name, as the export and the CSV name it. */
export type MonthName = AccountData['months'][number];

/** The user's months in id order, `limit` of them after id `afterId`: the export's keyset pages. */
export function readMonthPage(
  db: Kysely<DB>,
  userId: number,
  afterId: number,
  limit: number,
): Promise<MonthName[]> {
  return (
    db
      .selectFrom('months')
      .select(['id', 'name', 'mood_enabled', 'period_year', 'period_month'])
      .where('author_id', '=', userId)
      // Private months are the browser's to export: the server cannot read them.
      .where('month_key', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute()
  );
}

/** One month of the user's, or undefined (another user's month is a missing one). */
export function readMonthName(
  db: Kysely<DB>,
  userId: number,
  monthId: number,
): Promise<MonthName | undefined> {
  return db
    .selectFrom('months')
    .select(['id', 'name', 'mood_enabled', 'period_year', 'period_month'])
    .where('author_id', '=', userId)
    .where('id', '=', monthId)
    .executeTakeFirst();
}

/**
 * What readAccountData reads, for the given months only (a page of readMonthPage): the export
 * holds one page in memory at a time. Same order as readAccountData, so each month's part is the
 * same; run it inside the export's transaction for one snapshot of the whole account.
 */
export async function readMonthsData(
  db: Kysely<DB>,
  userId: number,
  months: MonthName[],
): Promise<AccountData> {
  const ids = months.map((month) => month.id);
  if (ids.length === 0) {
    return {
      months,
      habits: [],
      measures: [],
      goals: [],
      journals: [],
      dailyHabits: [],
      dailyMeasures: [],
    };
  }
  const items = (table: 'habits' | 'measures') =>
    db
      .selectFrom(table as 'habits')
      .select(HABIT_COLUMNS)
      .where('author_id', '=', userId)
      .where('month_id', 'in', ids)
      .orderBy('id')
      .execute();
  const habits = await items('habits');
  const measures = await db
    .selectFrom('measures')
    .select(MEASURE_COLUMNS)
    .where('author_id', '=', userId)
    .where('month_id', 'in', ids)
    .orderBy('id')
    .execute();
  const goals = await db
    .selectFrom('goals')
    .select(['month_id', 'name', 'is_completed'])
    .where('author_id', '=', userId)
    .where('month_id', 'in', ids)
    .orderBy('id')
    .execute();
  const journals = await db
    .selectFrom('journals')
    .select(['id', 'month_id', 'created_at', 'highlight', 'note', 'mood'])
    .where('author_id', '=', userId)
    .where('month_id', 'in', ids)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const dailyHabits = await db
    .selectFrom('daily_habits as d')
    .innerJoin('journals as j', 'j.id', 'd.journal_id')
    .select(['d.journal_id', 'd.habit_id', 'd.is_practiced', 'd.is_skipped'])
    .where('d.author_id', '=', userId)
    .where('j.month_id', 'in', ids)
    .orderBy('d.id')
    .execute();
  const dailyMeasures = await db
    .selectFrom('daily_measures as d')
    .innerJoin('journals as j', 'j.id', 'd.journal_id')
    .select(['d.journal_id', 'd.measure_id', 'd.metric'])
    .where('d.author_id', '=', userId)
    .where('j.month_id', 'in', ids)
    .orderBy('d.id')
    .execute();
  return { months, habits, measures, goals, journals, dailyHabits, dailyMeasures };
}

/**
 * One month's journals in CSV order (date, then id), `limit` of them after the (date, id)
 * `after`, with their daily items: the CSV is written a page at a time. Run inside one
 * transaction for one snapshot.
 */
export async function readJournalPage(
  db: Kysely<DB>,
  userId: number,
  monthId: number,
  after: { created_at: string; id: number } | null,
  limit: number,
): Promise<Pick<AccountData, 'journals' | 'dailyHabits' | 'dailyMeasures'>> {
  const journals = await db
    .selectFrom('journals')
    .select(['id', 'month_id', 'created_at', 'highlight', 'note', 'mood'])
    .where('author_id', '=', userId)
    .where('month_id', '=', monthId)
    .$if(after !== null, (query) =>
      query.where((eb) =>
        eb.or([
          eb('created_at', '>', after?.created_at ?? ''),
          eb.and([eb('created_at', '=', after?.created_at ?? ''), eb('id', '>', after?.id ?? 0)]),
        ]),
      ),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  const ids = journals.map((journal) => journal.id);
  if (ids.length === 0) return { journals, dailyHabits: [], dailyMeasures: [] };
  const dailyHabits = await db
    .selectFrom('daily_habits')
    .select(['journal_id', 'habit_id', 'is_practiced', 'is_skipped'])
    .where('author_id', '=', userId)
    .where('journal_id', 'in', ids)
    .orderBy('id')
    .execute();
  const dailyMeasures = await db
    .selectFrom('daily_measures')
    .select(['journal_id', 'measure_id', 'metric'])
    .where('author_id', '=', userId)
    .where('journal_id', 'in', ids)
    .orderBy('id')
    .execute();
  return { journals, dailyHabits, dailyMeasures };
}

/** The month's habits and measures, the CSV's columns. */
export async function readMonthItems(
  db: Kysely<DB>,
  userId: number,
  monthId: number,
): Promise<Pick<AccountData, 'habits' | 'measures'>> {
  const items = (table: 'habits' | 'measures') =>
    db
      .selectFrom(table as 'habits')
      .select(HABIT_COLUMNS)
      .where('author_id', '=', userId)
      .where('month_id', '=', monthId)
      .orderBy('id')
      .execute();
  const measures = await db
    .selectFrom('measures')
    .select(MEASURE_COLUMNS)
    .where('author_id', '=', userId)
    .where('month_id', '=', monthId)
    .orderBy('id')
    .execute();
  return { habits: await items('habits'), measures };
}
