// Recognises another app's export from its content (never its name) and reads it into a history: Day One, Daylio (CSV or backup), Loop Habit Tracker, jrnl or Apple Health.
import { healthReader, looksLikeHealthXml } from './apple-health.js';
import { isDayOneJournal, readDayOne } from './day-one.js';
import { isDaylioCsv, readDaylio } from './daylio.js';
import { isDaylioBackupName, parseDaylioBackup, readDaylioBackup } from './daylio-backup.js';
import { type History, UnreadableImport } from './history.js';
import { isJrnlExport, readJrnl } from './jrnl.js';
import { isLoopExport, readLoop } from './loop.js';
import { isZip, readZip, textCollector, type ZipLimits } from './zip.js';

export interface ReadOptions {
  locale: 'en' | 'pt-BR';
  /** The user's answers for mood names Daylio's defaults do not cover: name → 1…5. */
  moodLevels?: Record<string, number>;
  zipLimits?: ZipLimits;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UnreadableImport('notJson');
  }
}

function fromZip(bytes: Uint8Array, options: ReadOptions): History {
  const texts = new Map<string, string>();
  const health = healthReader(options.locale);
  let sawHealth = false;
  let daylioBackup: string | undefined;
  const names = readZip(
    bytes,
    (name) => {
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
    },
    options.zipLimits,
  );
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
}

/**
 * The history in `bytes`, or null when the file is a JSON document none of these apps wrote (a
 * Monthbook export goes its own way). Throws UnreadableImport with a message for the user.
 */
export function readOtherExport(bytes: Uint8Array, options: ReadOptions): History | null {
  if (isZip(bytes)) return fromZip(bytes, options);
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8');
  if (looksLikeHealthXml(head)) {
    const health = healthReader(options.locale);
    for (let at = 0; at < bytes.length; at += 1 << 20)
      health.write(bytes.subarray(at, at + (1 << 20)));
    return health.close();
  }
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
