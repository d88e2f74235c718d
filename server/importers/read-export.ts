// Recognises another app's export from its content (never its name) and reads it into a history: Day One, Daylio (CSV or backup), Loop Habit Tracker, jrnl or Apple Health.
import { open } from 'node:fs/promises';
import { healthReader, looksLikeHealthXml } from './apple-health.js';
import { isDayOneJournal, readDayOne } from './day-one.js';
import { isDaylioCsv, readDaylio } from './daylio.js';
import { isDaylioBackupName, parseDaylioBackup, readDaylioBackup } from './daylio-backup.js';
import { type History, UnreadableImport } from './history.js';
import { isJrnlExport, readJrnl } from './jrnl.js';
import { isLoopExport, readLoop } from './loop.js';
import {
  isZip,
  readZip,
  readZipFile,
  TEXT_MAX_BYTES,
  textCollector,
  type ZipFileReader,
  type ZipLimits,
} from './zip.js';

export interface ReadOptions {
  locale: 'en' | 'pt-BR';
  /** The user's answers for mood names Daylio's defaults do not cover: name → 1…5. */
  moodLevels?: Record<string, number>;
  zipLimits?: ZipLimits;
}

/** How much of a file its kind is recognised from. */
const HEAD_BYTES = 4096;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UnreadableImport('notJson');
  }
}

/**
 * Takes an archive's files as they are read (`open`, for readZip or readZipFile), then turns them
 * into the history of the one app they come from (`history`, given the archive's names).
 */
function zipHistory(options: ReadOptions) {
  const texts = new Map<string, string>();
  const health = healthReader(options.locale);
  let sawHealth = false;
  let daylioBackup: string | undefined;
  const open = (name: string): ZipFileReader | undefined => {
    if (/(^|\/)export\.xml$/.test(name)) {
      sawHealth = true;
      return { data: (chunk) => health.write(chunk), end: () => {} };
    }
    if (isDaylioBackupName(name))
      return textCollector((text) => {
        daylioBackup = text;
      });
    // Day One's journals and Loop's CSVs; photos, Health's routes and clinical records are skipped.
    if (
      /\.(json|csv)$/i.test(name) &&
      !/(^|\/)(photos|workout-routes|clinical-records)\//.test(name)
    )
      return textCollector((text) => texts.set(name, text.replace(/^\uFEFF/, '')));
    return undefined;
  };
  const history = (names: string[]): History => {
    const loop = isLoopExport(names);
    const journals = [...texts]
      .filter(([name]) => name.toLowerCase().endsWith('.json'))
      .map(([, text]) => parseJson(text))
      .filter(isDayOneJournal);
    const found = [loop, journals.length > 0, sawHealth, daylioBackup !== undefined].filter(
      Boolean,
    ).length;
    if (found === 0) throw new UnreadableImport('unknown');
    if (found > 1) throw new UnreadableImport('mixed');
    if (loop) return readLoop(texts);
    if (sawHealth) return health.close();
    if (daylioBackup !== undefined) return readDaylioBackup(parseDaylioBackup(daylioBackup));
    return readDayOne(journals);
  };
  return { open, history };
}

/**
 * The history in `bytes`, or null when the file is a JSON document none of these apps wrote (a
 * Monthbook export goes its own way). Throws UnreadableImport with a message for the user.
 */
export function readOtherExport(bytes: Uint8Array, options: ReadOptions): History | null {
  if (isZip(bytes)) {
    const zip = zipHistory(options);
    return zip.history(readZip(bytes, zip.open, options.zipLimits));
  }
  const head = Buffer.from(bytes.subarray(0, HEAD_BYTES)).toString('utf8');
  if (looksLikeHealthXml(head)) {
    const health = healthReader(options.locale);
    for (let at = 0; at < bytes.length; at += 1 << 20)
      health.write(bytes.subarray(at, at + (1 << 20)));
    return health.close();
  }
  return fromText(bytes, options);
}

/**
 * As readOtherExport, from a file on disk. A zip and Health's XML, which run to gigabytes, are
 * read a slice at a time; the other kinds (JSON, CSV) are a few MB in practice and are read
 * whole, up to TEXT_MAX_BYTES (the longest text JavaScript can hold comfortably).
 */
export async function readOtherExportFile(
  path: string,
  options: ReadOptions,
): Promise<History | null> {
  const file = await open(path);
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    await file.read(head, 0, head.length, 0);
    if (isZip(head)) {
      const zip = zipHistory(options);
      return zip.history(await readZipFile(path, zip.open, options.zipLimits));
    }
    if (looksLikeHealthXml(head.toString('utf8'))) {
      const health = healthReader(options.locale);
      for await (const chunk of file.createReadStream({ start: 0, autoClose: false }))
        health.write(chunk as Buffer);
      return health.close();
    }
    if (size > TEXT_MAX_BYTES) throw new UnreadableImport('textTooLarge');
    return fromText(await file.readFile(), options);
  } finally {
    await file.close();
  }
}

/** A JSON or CSV export, whole in memory. */
function fromText(bytes: Uint8Array, options: ReadOptions): History | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new UnreadableImport('notUtf8');
  }
  if (/^\s*[{[]/.test(text)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      // Broken JSON is answered as the API answers any: by the Monthbook import's own parse.
      return null;
    }
    if (isDayOneJournal(value)) return readDayOne([value]);
    if (isJrnlExport(value)) return readJrnl(value);
    return null;
  }
  if (isDaylioCsv(text)) return readDaylio(text, options.moodLevels);
  throw new UnreadableImport('unknown');
}
