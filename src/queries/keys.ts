// The query-key factory: everything of one month lives under ['months', monthId, …].
import { MONTH_DATA_KEY } from '../offline/keys';

export const monthKeys = {
  all: MONTH_DATA_KEY,
  list: () => [...monthKeys.all, 'list'] as const,
  /** Prefix of every cache entry of one month: invalidating it refreshes the whole month. */
  scope: (monthId: number) => [...monthKeys.all, monthId] as const,
  detail: (monthId: number) => [...monthKeys.scope(monthId), 'detail'] as const,
  /**
   * A binned month's counts as this device last saw them. The bin lists no counts and the
   * summaries leave a deleted month out, so this is what a restore made offline shows until the
   * server answers (the month delete in queries/months.ts). Under the month's scope: saved for offline use.
   */
  binnedCounts: (monthId: number) => [...monthKeys.scope(monthId), 'binned-counts'] as const,
  /** The month cards' counts: under the months prefix, so invalidating every month refreshes them. */
  summaries: () => [...monthKeys.all, 'summaries'] as const,
};

export const journalKeys = {
  list: (monthId: number) => [...monthKeys.scope(monthId), 'journals'] as const,
};

export const goalKeys = {
  list: (monthId: number) => [...monthKeys.scope(monthId), 'goals'] as const,
};

export const habitKeys = {
  list: (monthId: number) => [...monthKeys.scope(monthId), 'habits'] as const,
};

export const measureKeys = {
  list: (monthId: number) => [...monthKeys.scope(monthId), 'measures'] as const,
};

export const dailyHabitKeys = {
  list: (monthId: number) => [...monthKeys.scope(monthId), 'daily-habits'] as const,
};

export const dailyMeasureKeys = {
  list: (monthId: number) => [...monthKeys.scope(monthId), 'daily-measures'] as const,
};

export const statsKeys = {
  month: (monthId: number) => [...monthKeys.scope(monthId), 'stats'] as const,
};

export const billingKeys = {
  all: ['billing'] as const,
  status: () => [...billingKeys.all, 'status'] as const,
  launchOffer: () => [...billingKeys.all, 'launch-offer'] as const,
};

/** Searches span every month, so they live outside the months' keys; journal writes invalidate them. */
export const journalSearchKeys = {
  all: ['journal-search'] as const,
  words: (words: string, period: string | null = null) =>
    [...journalSearchKeys.all, words, period] as const,
};

/** The Recently deleted bin: one list for the whole account. */
export const trashKeys = {
  all: ['trash'] as const,
  list: () => [...trashKeys.all, 'list'] as const,
};
