// Searching private months' entries in the browser: the server cannot read them, so the words are matched here, in the month lists opened on this device (which the month data saved on the device keeps sealed, and opens again after a reload).
import { queryOptions } from '@tanstack/react-query';
import type { JournalSearchHit } from '../../contract/search';
import { searchPeriodDates, searchText, searchWords } from '../../contract/search-text';
import { accountKeyForReading } from './account-key-session';
import { journalsQueryOptions } from './journal-list';
import { journalSearchKeys } from './keys';
import { monthsQueryOptions } from './months';
import { unreadable } from './private-rows';

export interface PrivateSearch {
  /** The matching entries of private months, newest first, each with its month's name. */
  hits: JournalSearchHit[];
  /** How many private months the account has. */
  months: number;
  /** They are locked on this device: none was searched. */
  locked: boolean;
}

/**
 * `words` as the server's search takes them (normalizeSearch), `period` its filter. Each private
 * month's entries are read once (then from the cache, as the month's page reads them); an entry
 * whose content could not be opened here matches nothing.
 */
export function privateSearchQueryOptions(words: string, period: string | null) {
  return queryOptions({
    queryKey: [...journalSearchKeys.words(words, period), 'private'] as const,
    enabled: words !== '',
    queryFn: async ({ client }): Promise<PrivateSearch> => {
      const months = (await client.ensureQueryData(monthsQueryOptions())).filter(
        (month) => month.month_key != null,
      );
      const none = { hits: [], months: months.length };
      if (months.length === 0) return { ...none, locked: false };
      if (!(await accountKeyForReading())) return { ...none, locked: true };
      const wanted = searchWords(words);
      const dates = period ? searchPeriodDates(period) : null;
      const lists = await Promise.all(
        months.map(async (month) => ({
          name: month.name,
          entries: await client.ensureQueryData(journalsQueryOptions(month.id)),
        })),
      );
      const hits = lists.flatMap(({ name, entries }) =>
        entries
          .filter(
            (entry) =>
              unreadable(entry) === null &&
              (!dates || (entry.created_at >= dates.from && entry.created_at <= dates.to)) &&
              wanted.every((word) => searchText(entry.highlight, entry.note).includes(word)),
          )
          .map((entry) => ({ ...entry, month_name: name })),
      );
      hits.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
      return { hits, months: months.length, locked: false };
    },
  });
}
