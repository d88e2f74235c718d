// Searching private months' entries in the browser: the server cannot read them, so the words are matched here, in the month lists opened on this device (which the month data saved on the device keeps sealed, and opens again after a reload).
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
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

/** The private months and their entry lists, read and opened: what a search of them matches in. */
async function privateEntryLists(client: QueryClient, months: Month[]) {
  return Promise.all(
    months.map(async (month) => ({
      name: month.name,
      entries: await client.ensureQueryData(journalsQueryOptions(month.id)),
    })),
  );
}

/**
 * Reads the private months' entry lists ahead, when the search dialog opens: a first search of
 * a ten-year account otherwise waits for 120 lists, the browser reading six at a time, while the
 * words are typed.
 */
export async function warmPrivateSearch(client: QueryClient): Promise<void> {
  const months = (await client.ensureQueryData(monthsQueryOptions())).filter(
    (month) => month.month_key != null,
  );
  if (months.length === 0 || !(await accountKeyForReading())) return;
  await privateEntryLists(client, months);
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
      const lists = await privateEntryLists(client, months);
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
