// How search reads text, without schemas (so the browser can use it without TypeBox): folding, words, limits.

/** Longest `search` accepted, in characters. */
export const SEARCH_MAX_LENGTH = 200;
/** Hits in one page of a search, the newest first; the `next` link carries on to the oldest. */
export const SEARCH_RESULTS_LIMIT = 50;
/**
 * Most words one search may hold (counting only those it matches). Each word is one more pass
 * over the entries the index leaves, so the cap bounds what one search can cost the server.
 */
export const SEARCH_MAX_WORDS = 8;
/**
 * Shortest word a search matches, in characters: a single letter ("a", "e" in Portuguese) is in
 * nearly every entry and tells nothing, so it is left out of the search, as search engines leave
 * out such words. Two letters ("tv", "5k") still narrow the hits.
 */
export const SEARCH_MIN_WORD_LENGTH = 2;

/** The 400s a search can get besides a blank or too long one (`{"search": [message]}`). */
export const SEARCH_MESSAGES = {
  tooManyWords: `Search for at most ${SEARCH_MAX_WORDS} words.`,
  tooShort: `Type a word of at least ${SEARCH_MIN_WORD_LENGTH} characters.`,
  periodWithoutSearch: 'A period filters a search only; add search words.',
  period: 'Enter a year as YYYY or a calendar month as YYYY-MM.',
} as const;

/**
 * The first and last dates of a search's `period`: a year (`2025`) or a calendar month
 * (`2025-01`); null when it is neither. Dates as entries carry them, so they compare as text.
 */
export function searchPeriodDates(period: string): { from: string; to: string } | null {
  const match = /^(\d{4})(?:-(0[1-9]|1[0-2]))?$/u.exec(period);
  if (!match || match[1] === '0000') return null;
  const [, year, month] = match;
  if (month === undefined) return { from: `${year}-01-01`, to: `${year}-12-31` };
  // Not Date.UTC, which reads years below 100 as 19xx.
  const y = Number(year);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const lastDay = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Number(month) - 1];
  return { from: `${year}-${month}-01`, to: `${year}-${month}-${lastDay}` };
}

// Letters that carry no combining mark to strip but that people type without their stroke.
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const FOLDED_LETTERS = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'gu');

/**
 * Case- and accent-insensitive form of a text: compatibility-decomposed, combining marks dropped,
 * lower-cased ("Café" → "cafe", "ﬁ" → "fi"). Stored beside each highlight and applied to the
 * searched words, so both sides are folded by this one function.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(FOLDED_LETTERS, (letter) => LETTER_FOLDS[letter] ?? letter);
}

/**
 * What an entry is searched in (the server keeps it in `journals.highlight_search`; the browser
 * computes it for a private month's entries): its highlight and, after a line break, its
 * note, folded. One column, so a search still reads one column of one table; a searched word
 * holds no whitespace, so it never matches across the two. Never '', which marks a row written
 * without it (by an insert that is not the repository's): a highlight made only of marks folds
 * to nothing and is stored as ' ', which no searched word can match.
 */
export function searchText(highlight: string, note = ''): string {
  return foldForSearch(note === '' ? highlight : `${highlight}\n${note}`) || ' ';
}

/** The distinct folded words of a search, in order; none for a blank one. */
export function typedWords(search: string): string[] {
  return [...new Set(foldForSearch(search).split(/\s+/u).filter(Boolean))];
}

/** Characters as people count them (code points, so an emoji is one). */
export const wordLength = (word: string): number => [...word].length;

/**
 * The words a search matches: its distinct folded words without the single letters
 * (SEARCH_MIN_WORD_LENGTH); none when it has nothing else.
 */
export function searchWords(search: string): string[] {
  return typedWords(search).filter((word) => wordLength(word) >= SEARCH_MIN_WORD_LENGTH);
}

/** Why the server would refuse these words, or null when it would search them. */
export function searchRefusal(search: string): string | null {
  const words = searchWords(search);
  if (words.length > SEARCH_MAX_WORDS) return SEARCH_MESSAGES.tooManyWords;
  if (words.length === 0 && typedWords(search).length > 0) return SEARCH_MESSAGES.tooShort;
  return null;
}
