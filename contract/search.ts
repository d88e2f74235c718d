// Searching journal entries by the words of their highlight (`GET /api/journals/?search=`): the query and the hits.
import { type Static, Type } from '@sinclair/typebox';
import { JournalSchema } from './entities.js';
import { IdSchema, NO_NUL_PATTERN, PageQuerySchema } from './requests.js';
import { SEARCH_MAX_LENGTH } from './search-text.js';

export {
  foldForSearch,
  SEARCH_MAX_LENGTH,
  SEARCH_RESULTS_LIMIT,
  searchWords,
} from './search-text.js';

/**
 * The journals list's query: `month` filters as before; `search` (words separated by spaces)
 * turns the answer into the newest hits, each with its month's name. Empty or blank `search`
 * is a 400 (`This field may not be blank.`), never "everything".
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
        'The answer is then the newest hits, 50 a page, each with `month_name`; a blank search is a 400.',
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
 * One item of the list route's answer: a plain Journal without `search` (byte for byte as before),
 * a JournalSearchHit with it. One object schema with an optional field serializes both fast.
 */
export const JournalListItemSchema = Type.Object(
  { ...JournalSchema.properties, month_name: Type.Optional(Type.String()) },
  { $id: 'JournalListItem', description: 'A Journal; `month_name` only when `search` was given.' },
);
