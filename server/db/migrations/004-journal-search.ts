// The folded (case- and accent-free) copy of each journal's highlight that search matches against.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// The folding as it was when this migration was written, copied rather than imported: a
// migration must do the same thing on every database it ever runs on, whatever live code
// becomes (the search text now carries the note too).
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

function searchText(highlight: string): string {
  const folded = highlight
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(FOLDED_LETTERS, (letter) => LETTER_FOLDS[letter] ?? letter);
  return folded || ' ';
}

/**
 * Folding is done in JavaScript (neither SQLite nor a stock PostgreSQL can strip accents), once
 * per write, by the journals repository; this fills the rows that exist. `text`, not
 * varchar(255): compatibility decomposition can make the folded copy longer than the highlight.
 * The '' default keeps other insert paths working; the repository folds any row left at ''
 * before it searches (repositories/journals.ts), so such rows are found all the same.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('journals')
    .addColumn('highlight_search', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  // Untyped here: the migration must not depend on today's table types.
  const journals = db as unknown as Kysely<{
    journals: { id: number; highlight: string; highlight_search: string };
  }>;
  const rows = await journals.selectFrom('journals').select(['id', 'highlight']).execute();
  for (const row of rows) {
    await journals
      .updateTable('journals')
      .set({ highlight_search: searchText(row.highlight) })
      .where('id', '=', row.id)
      .execute();
  }
}
