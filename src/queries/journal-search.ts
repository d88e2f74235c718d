// The search of journal entries across months, by the words of their highlight and note, a page at a time.
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { searchPeriodDates, searchRefusal, searchWords } from '../../contract/search-text';
import { type SearchPage, searchJournals } from '../api/journals';
import { journalSearchKeys } from './keys';

/**
 * The words as the server will read them; '' when there is nothing it would search for (blank,
 * single letters only, or more words than it takes: the search box says why instead).
 */
export function normalizeSearch(text: string): string {
  if (searchWords(text).length === 0 || searchRefusal(text) !== null) return '';
  return text.trim().replace(/\s+/gu, ' ');
}

/** `YYYY-MM` from a year and a month (1–12), `YYYY` from a year alone; null for no filter. */
export function searchPeriod(year: number | null, month: number | null): string | null {
  if (year === null) return null;
  const period = month === null ? String(year) : `${year}-${String(month).padStart(2, '0')}`;
  return searchPeriodDates(period) ? period : null;
}

/**
 * `words` should come through normalizeSearch, so "Cafe " and "Cafe" share a cache entry. Stays
 * disabled for '' (the server refuses a blank search); the last hits stay shown while the next
 * words load, so the list does not flicker as the user types. Each page's `next` link is the
 * next page's parameter, so "Load more" reaches the oldest hit.
 */
export function journalSearchQueryOptions(words: string, period: string | null = null) {
  return infiniteQueryOptions({
    queryKey: journalSearchKeys.words(words, period),
    queryFn: ({ pageParam, signal }) => searchJournals(words, period, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: SearchPage) => last.next,
    enabled: words !== '',
    placeholderData: keepPreviousData,
    // Journal writes invalidate searches; a short life keeps months renamed elsewhere honest.
    staleTime: 10_000,
  });
}
