// The search of journal entries across months, by the words of their highlight.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { searchWords } from '../../contract/search-text';
import { searchJournals } from '../api/journals';
import { journalSearchKeys } from './keys';

/** The words as the server will read them; '' when there is nothing to search for. */
export function normalizeSearch(text: string): string {
  return searchWords(text).length === 0 ? '' : text.trim().replace(/\s+/gu, ' ');
}

/**
 * `words` should come through normalizeSearch, so "Cafe " and "Cafe" share a cache entry. Stays
 * disabled for '' (the server refuses a blank search); the last hits stay shown while the next
 * words load, so the list does not flicker as the user types.
 */
export function journalSearchQueryOptions(words: string) {
  return queryOptions({
    queryKey: journalSearchKeys.words(words),
    queryFn: ({ signal }) => searchJournals(words, signal),
    enabled: words !== '',
    placeholderData: keepPreviousData,
    // Journal writes invalidate searches; a short life keeps months renamed elsewhere honest.
    staleTime: 10_000,
  });
}
