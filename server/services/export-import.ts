// Turns a user's rows into the versioned export file, with ids that only mean something inside the file.

import type { Kysely } from 'kysely';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFile } from '../../contract/export.js';
import { type AccountData, ExportNumbering } from '../../contract/export-assembly.js';
import type { DB } from '../db/schema.js';
import { readMonthPage, readMonthsData } from '../repositories/account-data.js';

/*
 * Private months are not in the file: the server holds only their envelopes, which the file
 * could not bring back (their associated data binds ids an import does not keep). The browser,
 * which can open them, adds them to the file it saves (src/queries/export-private.ts). So the
 * account key's wraps are not in the file either: with nothing to open, they would only hand
 * whoever gets the file the password wrap to guess passwords against, offline.
 */

/** The whole file at once, from all of an account's rows (readAccountData). */
export function buildExport(data: AccountData, now: Date = new Date()): ExportFile {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    months: new ExportNumbering().months(data),
  };
}

/** Months per page of the streamed export: few queries per page, and little held at once. */
const MONTHS_PER_PAGE = 10;

/**
 * The same bytes as `JSON.stringify(buildExport(readAccountData(…), now))` (the keys in the
 * schema's order, as the response serializer wrote them), a page of months at a time: memory
 * holds one page, never the account. Run it inside one transaction (REPEATABLE READ on
 * PostgreSQL), so a write landing meanwhile cannot leave a daily item pointing at a journal the
 * file does not hold.
 */
export async function* exportChunks(
  db: Kysely<DB>,
  userId: number,
  now: Date = new Date(),
): AsyncGenerator<string> {
  const head = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exported_at: now.toISOString() };
  let chunk = `${JSON.stringify(head).slice(0, -1)},"months":[`;
  const numbering = new ExportNumbering();
  let afterId = 0;
  let first = true;
  for (;;) {
    const page = await readMonthPage(db, userId, afterId, MONTHS_PER_PAGE);
    if (page.length === 0) break;
    afterId = page[page.length - 1]!.id;
    for (const month of numbering.months(await readMonthsData(db, userId, page))) {
      chunk += `${first ? '' : ','}${JSON.stringify(month)}`;
      first = false;
    }
    yield chunk;
    chunk = '';
  }
  yield `${chunk}]}`;
}
