// Search over the journals' folded text: the stored copy, the bounds on a search, the index-backed query, and the catch-up of unfolded rows.
import { type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import { MESSAGES } from '../../contract/rules.js';
import type { JournalSearchHit } from '../../contract/search.js';
import {
  SEARCH_MESSAGES,
  searchPeriodDates,
  searchRefusal,
  searchText,
  searchWords,
} from '../../contract/search-text.js';
import type { DB } from '../db/schema.js';
import { InvalidInput } from './errors.js';

/** What an entry is searched in: one function for the server's stored copy and the browser. */
export { searchText };

import { afterDateId, type PageRequest } from './keyset.js';

/** `%word%` with LIKE's wildcards and the escape character taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Words this long have a trigram, which the search index (migration 017) can look up. */
const INDEXED_WORD_LENGTH = 3;

const isIndexed = (word: string) => [...word].length >= INDEXED_WORD_LENGTH;

/** The distinct three-character pieces of the words: what the SQLite index holds per entry. */
export function trigrams(words: readonly string[]): string[] {
  const pieces = new Set<string>();
  for (const word of words) {
    const chars = [...word];
    for (let i = 0; i + INDEXED_WORD_LENGTH <= chars.length; i++) {
      pieces.add(chars.slice(i, i + INDEXED_WORD_LENGTH).join(''));
    }
  }
  return [...pieces];
}

/** An FTS5 query that needs every piece: each a quoted string (quotes doubled), ANDed. */
export function ftsQuery(pieces: readonly string[]): string {
  return pieces.map((piece) => `"${piece.replaceAll('"', '""')}"`).join(' AND ');
}

export interface SearchRequest {
  search: string;
  month?: number;
  /** `YYYY` or `YYYY-MM`: only entries dated in it. */
  period?: string;
  page: PageRequest;
}

/**
 * The user's journals whose folded text contains every word of the search (AND), newest date
 * first, one page of them, each with its month's name.
 *
 * The index narrows the entries to those holding every trigram of the words of three characters
 * or more; each word is then confirmed on those entries alone (SQLite's index knows which entries
 * hold a trigram, not where; PostgreSQL rechecks LIKE itself), and two-letter words, which have
 * no trigram, are checked there too. Few words (SEARCH_MAX_WORDS) and no single letters bound
 * the passes a search makes over the entries the index leaves.
 */
export async function searchJournals(
  db: Kysely<DB>,
  userId: number,
  { search, month, period, page }: SearchRequest,
): Promise<JournalSearchHit[]> {
  const words = searchWords(search);
  const refusal = searchRefusal(search);
  if (refusal !== null) throw InvalidInput.field('search', refusal);
  if (words.length === 0) throw InvalidInput.field('search', MESSAGES.blank);
  const dates = period === undefined ? undefined : searchPeriodDates(period);
  if (dates === null) throw InvalidInput.field('period', SEARCH_MESSAGES.period);
  await foldUnfolded(db, userId);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // The page's ids first, then their rows: sorted with the rows, every matching entry's note
  // (up to 20,000 characters) would be read and sorted to keep 50 of them.
  let keys = db
    .selectFrom('journals')
    .select('journals.id')
    .where('journals.author_id', '=', userId);
  const pieces = trigrams(words.filter(isIndexed));
  if (!postgres && pieces.length > 0) {
    keys = keys.where(
      sql<SqlBool>`journals.id in (select rowid from journal_search where journal_search match ${ftsQuery(pieces)})`,
    );
  }
  if (month !== undefined) keys = keys.where('journals.month_id', '=', month);
  // A private month's entries are never found: sealed ones hold no text, and the plain ones a
  // month still holds while the browser seals it item by item must not be found either.
  keys = keys.where('journals.month_id', 'not in', (months) =>
    months
      .selectFrom('months')
      .select('months.id')
      .where('months.author_id', '=', userId)
      .where('months.month_key', 'is not', null),
  );
  if (dates) {
    keys = keys
      .where('journals.created_at', '>=', dates.from)
      .where('journals.created_at', '<=', dates.to);
  }
  for (const word of words) keys = keys.where(containsWord(word, postgres));
  if (page.after) {
    keys = keys.where(
      afterDateId<DB, 'journals'>(
        'journals.created_at',
        'journals.id',
        page.after as readonly [string, number],
        'desc',
      ),
    );
  }
  const ids = await keys
    .orderBy('journals.created_at', 'desc')
    .orderBy('journals.id', 'desc')
    .limit(page.limit)
    .execute();
  if (ids.length === 0) return [];
  return db
    .selectFrom('journals')
    .innerJoin('months', 'months.id', 'journals.month_id')
    .select([
      'journals.id',
      'journals.created_at',
      'journals.highlight',
      'journals.author_id as author',
      'journals.month_id as month',
      'journals.month_id',
      'journals.version',
      'journals.note',
      'journals.mood',
      'months.name as month_name',
    ])
    .where(
      'journals.id',
      'in',
      ids.map((row) => row.id),
    )
    .where('journals.author_id', '=', userId)
    .orderBy('journals.created_at', 'desc')
    .orderBy('journals.id', 'desc')
    .execute();
}

/**
 * True when the row's folded text contains the (folded) word, by LIKE: on both databases several
 * times faster over long notes than instr or strpos, which count characters as they go. The text
 * is folded to lower case, so SQLite's ASCII-only case folding in LIKE changes nothing.
 * PostgreSQL: a word too short for a trigram is matched on an expression its trigram index does
 * not cover (`|| ''`), so the index is never asked for it (it would read all of itself).
 */
function containsWord(word: string, postgres: boolean) {
  // SQLite has no default LIKE escape character and PostgreSQL's is the backslash: name it.
  const pattern = containsPattern(word);
  if (postgres && !isIndexed(word)) {
    return sql<SqlBool>`(journals.highlight_search || '') like ${pattern} escape '\\'`;
  }
  return sql<SqlBool>`journals.highlight_search like ${pattern} escape '\\'`;
}

/**
 * Folds the user's rows still at '' (imported or written by SQL). Only the derived column
 * changes, which no answer but a search's shows, and a search runs this before it reads: no
 * data version bump is needed. Conditional on both columns, so it never overwrites a copy a
 * concurrent edit of the highlight has just written. The '' is written out, not bound, so both
 * databases use the partial index of such rows (migration 017).
 */
export async function foldUnfolded(db: Kysely<DB>, userId: number): Promise<void> {
  const unfolded = sql<SqlBool>`highlight_search = ''`;
  const rows = await db
    .selectFrom('journals')
    .select(['id', 'highlight', 'note'])
    .where('author_id', '=', userId)
    .where(unfolded)
    .execute();
  for (const row of rows) {
    await db
      .updateTable('journals')
      .set({ highlight_search: searchText(row.highlight, row.note) })
      .where('id', '=', row.id)
      .where('highlight', '=', row.highlight)
      .where('note', '=', row.note)
      .where(unfolded)
      .execute();
  }
}
