// Reads all of one user's journal data (or one month's) in a single snapshot, for the export and the CSV.
import type { Kysely } from 'kysely';
import type { DB, Flag } from '../db/schema.js';

export interface AccountData {
  months: { id: number; name: string }[];
  habits: { id: number; month_id: number; name: string }[];
  measures: { id: number; month_id: number; name: string }[];
  goals: { month_id: number; name: string; is_completed: Flag }[];
  journals: { id: number; month_id: number; created_at: string; highlight: string }[];
  dailyHabits: { journal_id: number; habit_id: number; is_practiced: Flag }[];
  dailyMeasures: { journal_id: number; measure_id: number; metric: number }[];
}

/**
 * Every query is scoped by author_id (and by month when `monthId` is given). They run in one
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
        .select(['id', 'name'])
        .where('author_id', '=', userId)
        .$if(one, (query) => query.where('id', '=', month))
        .orderBy('id')
        .execute();
      const items = (table: 'habits' | 'measures') =>
        trx
          .selectFrom(table as 'habits')
          .select(['id', 'month_id', 'name'])
          .where('author_id', '=', userId)
          .$if(one, (query) => query.where('month_id', '=', month))
          .orderBy('id')
          .execute();
      const habits = await items('habits');
      const measures = await items('measures');
      const goals = await trx
        .selectFrom('goals')
        .select(['month_id', 'name', 'is_completed'])
        .where('author_id', '=', userId)
        .$if(one, (query) => query.where('month_id', '=', month))
        .orderBy('id')
        .execute();
      const journals = await trx
        .selectFrom('journals')
        .select(['id', 'month_id', 'created_at', 'highlight'])
        .where('author_id', '=', userId)
        .$if(one, (query) => query.where('month_id', '=', month))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const dailyHabits = await trx
        .selectFrom('daily_habits as d')
        .innerJoin('journals as j', 'j.id', 'd.journal_id')
        .select(['d.journal_id', 'd.habit_id', 'd.is_practiced'])
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
