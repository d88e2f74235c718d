// How much one month and one account may hold, and the size of a page of an unscoped list: the one place to change them.

/** Most journal entries in one month (a month has at most 31 days; 200 leaves room for several a day). */
export const JOURNALS_PER_MONTH = 200;
export const HABITS_PER_MONTH = 50;
export const MEASURES_PER_MONTH = 20;
export const GOALS_PER_MONTH = 200;
/** Most months in one account: a hundred years of months. */
export const MONTHS_PER_ACCOUNT = 1200;
/**
 * Most daily habits (measures) of one journal: one per habit (measure) of its month, so a month's
 * daily items, listed with `?month=`, are bounded by the quotas above too.
 */
export const DAILY_HABITS_PER_JOURNAL = HABITS_PER_MONTH;
export const DAILY_MEASURES_PER_JOURNAL = MEASURES_PER_MONTH;

/**
 * Most months one year view reads (GET /api/years/{year}/), by period then id: three months for
 * each calendar month (a month may be split, or kept twice); more are left out and it says so.
 */
export const YEAR_VIEW_MONTHS = 36;

export { QUOTA_EXCEEDED } from './quota-code.js';

/** Items per page of a paginated list when `?limit=` is absent, and the most `?limit=` may ask for. */
export const PAGE_LIMIT_DEFAULT = 100;
export const PAGE_LIMIT_MAX = 500;

export type QuotaKind =
  | 'journals'
  | 'habits'
  | 'measures'
  | 'goals'
  | 'months'
  | 'daily_habits'
  | 'daily_measures';

const QUOTAS: Record<QuotaKind, { max: number; holder: string; items: string }> = {
  journals: { max: JOURNALS_PER_MONTH, holder: 'a month', items: 'journals' },
  habits: { max: HABITS_PER_MONTH, holder: 'a month', items: 'habits' },
  measures: { max: MEASURES_PER_MONTH, holder: 'a month', items: 'measures' },
  goals: { max: GOALS_PER_MONTH, holder: 'a month', items: 'goals' },
  months: { max: MONTHS_PER_ACCOUNT, holder: 'an account', items: 'months' },
  daily_habits: { max: DAILY_HABITS_PER_JOURNAL, holder: 'a journal', items: 'daily habits' },
  daily_measures: { max: DAILY_MEASURES_PER_JOURNAL, holder: 'a journal', items: 'daily measures' },
};

export function quotaOf(kind: QuotaKind): number {
  return QUOTAS[kind].max;
}

/** `a month holds at most 200 journals.` */
export function quotaRule(kind: QuotaKind): string {
  const { max, holder, items } = QUOTAS[kind];
  return `${holder} holds at most ${max.toLocaleString('en-US')} ${items}.`;
}

/** `Journal not created — a month holds at most 200 journals.` */
export function quotaMessage(what: string, kind: QuotaKind): string {
  return `${what} — ${quotaRule(kind)}`;
}

/** What a create beyond each quota answers as its `detail`. */
export const QUOTA_MESSAGES: Record<QuotaKind, string> = {
  journals: quotaMessage('Journal not created', 'journals'),
  habits: quotaMessage('Habit not created', 'habits'),
  measures: quotaMessage('Measure not created', 'measures'),
  goals: quotaMessage('Goal not created', 'goals'),
  months: quotaMessage('Month not created', 'months'),
  daily_habits: quotaMessage('Daily habit not created', 'daily_habits'),
  daily_measures: quotaMessage('Daily measure not created', 'daily_measures'),
};

/** The number of items of a kind already in an import's month, for `importQuotaProblem`. */
export interface ImportMonthCounts {
  name: string;
  journals: number;
  habits: number;
  measures: number;
  goals: number;
  /** The most daily habits (measures) of any one of its journals. */
  dailyHabitsPerJournal: number;
  dailyMeasuresPerJournal: number;
}

/**
 * Why an import of months with these counts into an account holding `existingMonths` would pass a
 * quota, or null. Names the first month that overflows, in file order.
 */
export function importQuotaProblem(
  months: readonly ImportMonthCounts[],
  existingMonths: number,
): string | null {
  const what = 'Import refused';
  for (const [index, month] of months.entries()) {
    const at = `month "${month.name}" (months[${index}])`;
    if (existingMonths + index + 1 > MONTHS_PER_ACCOUNT) {
      return quotaMessage(
        `${what}: ${at} would be month ${(existingMonths + index + 1).toLocaleString('en-US')} of the account`,
        'months',
      );
    }
    const counts: [QuotaKind, number][] = [
      ['journals', month.journals],
      ['habits', month.habits],
      ['measures', month.measures],
      ['goals', month.goals],
      ['daily_habits', month.dailyHabitsPerJournal],
      ['daily_measures', month.dailyMeasuresPerJournal],
    ];
    for (const [kind, count] of counts) {
      if (count > quotaOf(kind)) {
        const has = kind.startsWith('daily_') ? 'has a journal with' : 'has';
        return quotaMessage(
          `${what}: ${at} ${has} ${count.toLocaleString('en-US')} ${QUOTAS[kind].items}`,
          kind,
        );
      }
    }
  }
  return null;
}
