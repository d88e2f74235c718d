// How search reads text, without schemas (so the browser can use it without TypeBox): folding, words, limits.

/** Longest `search` accepted, in characters. */
export const SEARCH_MAX_LENGTH = 200;
/** Most hits one search answers: the newest ones. */
export const SEARCH_RESULTS_LIMIT = 50;

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

/** The distinct folded words of a search, in order; none for a blank one. */
export function searchWords(search: string): string[] {
  return [...new Set(foldForSearch(search).split(/\s+/u).filter(Boolean))];
}
