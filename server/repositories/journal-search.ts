// Search over the journals' folded highlights: the stored text, the LIKE patterns, and the catch-up of unfolded rows.
import { type Kysely, type SqlBool, sql } from 'kysely';
import { foldForSearch } from '../../contract/search.js';
import type { DB } from '../db/schema.js';

/**
 * What `journals.highlight_search` holds for an entry: its highlight and, after a line break, its
 * note (#17), folded. One column, so a search still reads one column of one table; a searched
 * word holds no whitespace, so it never matches across the two. Never '', which marks a row
 * written without it (by an insert that is not the repository's): a highlight made only of marks
 * folds to nothing and is stored as ' ', which no searched word can match.
 */
export function searchText(highlight: string, note = ''): string {
  return foldForSearch(note === '' ? highlight : `${highlight}\n${note}`) || ' ';
}

/** `%word%` with LIKE's wildcards and the escape character taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** True when the row's folded highlight contains the (folded) word; the same on both dialects. */
export function containsWord(word: string) {
  // SQLite has no default LIKE escape character and PostgreSQL's is the backslash: name it.
  return sql<SqlBool>`journals.highlight_search like ${containsPattern(word)} escape '\\'`;
}

/**
 * Folds the user's rows still at '' (imported or written by SQL). Only the derived column
 * changes, which no answer but a search's shows, and a search runs this before it reads: no
 * data version bump is needed. Conditional on both columns, so it never overwrites a copy a
 * concurrent edit of the highlight has just written.
 */
export async function foldUnfolded(db: Kysely<DB>, userId: number): Promise<void> {
  const rows = await db
    .selectFrom('journals')
    .select(['id', 'highlight', 'note'])
    .where('author_id', '=', userId)
    .where('highlight_search', '=', '')
    .execute();
  for (const row of rows) {
    await db
      .updateTable('journals')
      .set({ highlight_search: searchText(row.highlight, row.note) })
      .where('id', '=', row.id)
      .where('highlight', '=', row.highlight)
      .where('note', '=', row.note)
      .where('highlight_search', '=', '')
      .execute();
  }
}
