// Searching journal entries by the words of their highlight (`GET /api/journals/?search=`): the query and the hits.
import { type Static, Type } from '@sinclair/typebox';
import { JournalSchema } from './entities.js';
import { IdSchema, NO_NUL_PATTERN, PageQuerySchema } from './requests.js';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from './search-text.js';

export {
  foldForSearch,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_WORDS,
  SEARCH_MESSAGES,
  SEARCH_MIN_WORD_LENGTH,
  SEARCH_RESULTS_LIMIT,
  searchPeriodDates,
  searchRefusal,
  searchWords,
} from './search-text.js';

/**
 * The journals list's query: `month` filters by month; `search` (words separated by spaces)
 * turns the answer into pages of hits, newest first, each with its month's name. Empty or blank
 * `search` is a 400 (`This field may not be blank.`), never "everything"; so are more than
 * SEARCH_MAX_WORDS words, and words that are all single letters. `period` keeps the hits dated
 * in one year or one calendar month.
 */
export const JournalListQuerySchema = Type.Object({
  month: Type.Optional(IdSchema),
  search: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: SEARCH_MAX_LENGTH,
      pattern: NO_NUL_PATTERN,
      description:
        'Words separated by spaces, all of which a highlight must contain (case and accents ignored). ' +
        'The answer is then the hits, newest first, 50 a page, each with `month_name`. Single ' +
        'letters are left out; a blank search, one of single letters only, or one of more than ' +
        `${SEARCH_MAX_WORDS} words is a 400.`,
    }),
  ),
  period: Type.Optional(
    Type.String({
      // Its form is checked with the search (searchPeriodDates), for a message that names it.
      maxLength: 7,
      pattern: NO_NUL_PATTERN,
      description:
        'With `search`: only entries dated in this year (`2025`) or calendar month (`2025-01`).',
    }),
  ),
  ...PageQuerySchema.properties,
});
export type JournalListQuery = Static<typeof JournalListQuerySchema>;

/** A journal found by a search: the Journal, plus the name of its month (`month` is its id). */
export const JournalSearchHitSchema = Type.Object(
  { ...JournalSchema.properties, month_name: Type.String() },
  { $id: 'JournalSearchHit' },
);
export type JournalSearchHit = Static<typeof JournalSearchHitSchema>;

/**
 * One item of the list route's answer: a plain Journal without `search` (byte for byte the
 * contract's Journal), a JournalSearchHit with it. One object schema with an optional field
 * serializes both fast.
 */
export const JournalListItemSchema = Type.Object(
  { ...JournalSchema.properties, month_name: Type.Optional(Type.String()) },
  { $id: 'JournalListItem', description: 'A Journal; `month_name` only when `search` was given.' },
);
