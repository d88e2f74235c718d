// Whether another app's history fits the quotas once merged into the account: checked before anything is written, so a file past one is refused whole.
import type { Transaction } from 'kysely';
import { type ImportMonthCounts, importQuotaProblem } from '../../contract/quotas.js';
import type { DB } from '../db/schema.js';
import type { MonthItem, MonthItems } from './history-items.js';
import type { PlannedMonth } from './history-plan.js';
import { fold } from './import-names.js';
import { quotaExceeded } from './quotas.js';

const most = (counts: number[]) => counts.reduce((max, count) => Math.max(max, count), 0);

/**
 * How many habits (measures) the month holds once the file's are added, those of a name it has
 * reused. Its rows count, not its names: two of its habits (or measures) may share a name.
 */
function countAfter(
  rows: readonly MonthItem[],
  target: number | undefined,
  file: { name: string }[],
) {
  const existing = target === undefined ? [] : rows.filter((row) => row.month_id === target);
  const names = new Set(existing.map((row) => fold(row.name)));
  return existing.length + file.filter((item) => !names.has(fold(item.name))).length;
}

/**
 * Throws 400 `quota_exceeded` when the planned months would take a month or the account past a
 * quota. `targets` says, for each planned month, the account's month it goes into (undefined for
 * a new one); `items` is what those months hold, and `accountMonths` how many months the account has.
 */
export async function ensureHistoryFits(
  trx: Transaction<DB>,
  userId: number,
  months: readonly PlannedMonth[],
  targets: readonly (number | undefined)[],
  items: MonthItems,
  accountMonths: number,
): Promise<void> {
  const targetIds = targets.flatMap((target) => (target === undefined ? [] : [target]));
  const countOf = async (table: 'journals' | 'goals') =>
    new Map(
      targetIds.length === 0
        ? []
        : (
            await trx
              .selectFrom(table)
              .select((eb) => ['month_id', eb.fn.countAll<number>().as('count')])
              .where('author_id', '=', userId)
              .where('month_id', 'in', targetIds)
              .groupBy('month_id')
              .execute()
          ).map((row) => [row.month_id, Number(row.count)]),
    );
  const [journalCounts, goalCounts] = [await countOf('journals'), await countOf('goals')];

  const counts = months.map(({ month, additions }, index): ImportMonthCounts => {
    const target = targets[index];
    return {
      name: month.name,
      journals:
        month.journals.length + (target === undefined ? 0 : (journalCounts.get(target) ?? 0)),
      habits: countAfter(items.habits, target, month.habits),
      measures: countAfter(items.measures, target, month.measures),
      goals: target === undefined ? 0 : (goalCounts.get(target) ?? 0),
      dailyHabitsPerJournal: most([
        ...month.journals.map((journal) => journal.daily_habits.length),
        ...additions.map((addition) => addition.holds.habits + addition.habits.length),
      ]),
      dailyMeasuresPerJournal: most([
        ...month.journals.map((journal) => journal.daily_measures.length),
        ...additions.map((addition) => addition.holds.measures + addition.measures.length),
      ]),
    };
  });
  const problem =
    importQuotaProblem(
      counts.filter((_, index) => targets[index] === undefined),
      accountMonths,
    ) ??
    importQuotaProblem(
      counts.filter((_, index) => targets[index] !== undefined),
      0,
    );
  if (problem) throw quotaExceeded('months', problem);
}
