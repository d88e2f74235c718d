// Reads the files of an uploaded zip through fflate's streaming inflater, from bytes or from a file read as a stream, counting every byte it inflates, so a zip bomb or a path that climbs out is refused before it costs memory.
import { open as openFile } from 'node:fs/promises';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { UnreadableImport } from './history.js';

export interface ZipLimits {
  /** Bytes inflated across the whole archive, whatever the headers claim. */
  maxTotalBytes: number;
  /** Inflated bytes per compressed byte of the archive: real exports stay far below it. */
  maxRatio: number;
  maxFiles: number;
}

/**
 * Nothing inflated is held whole (Health's export.xml goes through a streaming parser, the other
 * files are capped by textCollector), so the total bounds the time an archive takes, not memory:
 * 4 GB lets through the export.xml of years of watch data (a few GB) beside its other files.
 */
export const ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 4 * 1024 * 1024 * 1024,
  maxRatio: 200,
  maxFiles: 100_000,
};

/** What to do with one file's bytes as they are inflated. */
export interface ZipFileReader {
  data(chunk: Uint8Array): void;
  end(): void;
}

export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  bytes[2] === 0x03 &&
  bytes[3] === 0x04;

/** A name that could reach outside the folder it is unpacked into. */
function climbsOut(name: string): boolean {
  const normalised = name.replaceAll('\\', '/');
  return (
    normalised.startsWith('/') ||
    /^[a-zA-Z]:/.test(normalised) ||
    normalised.split('/').some((part) => part === '..')
  );
}

/** How far from its end the central directory's end record can be: its 22 bytes and a comment. */
const END_SEARCH = 22 + 0xffff;

/**
 * Whether the archive ends with its central directory's end record (within the last 64 KiB, where
 * a comment may follow it): a download cut short lacks it, though its first files may be whole.
 * `tail` is the archive's last END_SEARCH bytes (or all of it).
 */
function hasEnd(tail: Uint8Array): boolean {
  for (let at = tail.length - 22; at >= 0; at -= 1)
    if (
      tail[at] === 0x50 &&
      tail[at + 1] === 0x4b &&
      tail[at + 2] === 0x05 &&
      tail[at + 3] === 0x06
    )
      return true;
  return false;
}

/** Pushed in slices, so a bomb is stopped after its budget, not after inflating a whole slice. */
const SLICE = 64 * 1024;

/**
 * The archive's bytes are pushed in order (`push`), then `finish` answers the names of its files.
 * Calls `open(name)` for every file, in order; the reader it returns (if any) gets the file's
 * bytes. Throws UnreadableImport for a bomb, a climbing path or a damaged archive.
 */
function zipReader(
  size: number,
  open: (name: string) => ZipFileReader | undefined,
  limits: ZipLimits,
) {
  const names: string[] = [];
  const budget = Math.min(limits.maxTotalBytes, size * limits.maxRatio);
  let inflated = 0;
  let failure: Error | undefined;
  let openFiles = 0;
  let pushed = 0;
  const unzip = new Unzip((file) => {
    if (failure) return;
    if (climbsOut(file.name)) {
      failure = new UnreadableImport('zipUnsafePath');
      return;
    }
    names.push(file.name);
    if (names.length > limits.maxFiles) {
      failure = new UnreadableImport('zipTooManyFiles');
      return;
    }
    if (file.name.endsWith('/')) return;
    // A file nobody reads is inflated and dropped all the same: fflate keeps the compressed bytes
    // of a file that is never started, which, read from a stream, would be every photo in memory.
    const reader = open(file.name) ?? { data: () => {}, end: () => {} };
    openFiles += 1;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new UnreadableImport('zipTruncated');
        return;
      }
      inflated += chunk.length;
      if (inflated > budget) {
        failure = new UnreadableImport('zipBomb');
        file.terminate();
        return;
      }
      try {
        reader.data(chunk);
        if (final) {
          openFiles -= 1;
          reader.end();
        }
      } catch (error) {
        failure = error as Error;
        file.terminate();
      }
    };
    try {
      file.start();
    } catch {
      failure = new UnreadableImport('zipTruncated');
    }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  return {
    push(bytes: Uint8Array): void {
      for (let at = 0; at < bytes.length; at += SLICE) {
        if (failure) throw failure;
        const slice = bytes.subarray(at, at + SLICE);
        pushed += slice.length;
        try {
          unzip.push(slice, pushed >= size);
        } catch {
          failure ??= new UnreadableImport('zipTruncated');
        }
      }
      if (failure) throw failure;
    },
    finish(): string[] {
      if (failure) throw failure;
      // A file whose last bytes never came: the archive was cut short.
      if (openFiles !== 0 || names.length === 0) throw new UnreadableImport('zipTruncated');
      return names;
    },
  };
}

export function readZip(
  bytes: Uint8Array,
  open: (name: string) => ZipFileReader | undefined,
  limits: ZipLimits = ZIP_LIMITS,
): string[] {
  if (!hasEnd(bytes.subarray(Math.max(0, bytes.length - END_SEARCH)))) {
    throw new UnreadableImport('zipTruncated');
  }
  const reader = zipReader(bytes.length, open, limits);
  reader.push(bytes);
  return reader.finish();
}

/** As readZip, from a file read a slice at a time: memory holds a slice, never the archive. */
export async function readZipFile(
  path: string,
  open: (name: string) => ZipFileReader | undefined,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<string[]> {
  const handle = await openFile(path);
  try {
    const { size } = await handle.stat();
    const tail = Buffer.alloc(Math.min(size, END_SEARCH));
    await handle.read(tail, 0, tail.length, size - tail.length);
    if (!hasEnd(tail)) throw new UnreadableImport('zipTruncated');
    const reader = zipReader(size, open, limits);
    for await (const chunk of handle.createReadStream({ start: 0, highWaterMark: SLICE }))
      reader.push(chunk as Buffer);
    return reader.finish();
  } finally {
    await handle.close();
  }
}

/**
 * The most one collected file may hold: far above any real journal or backup, and well below the
 * longest string JavaScript can make (about 512 million characters), past which reading it would
 * fail as a server error instead of a refusal.
 */
export const TEXT_MAX_BYTES = 256 * 1024 * 1024;

/** A reader that collects a file as UTF-8 text (for the JSON, CSV and base64 files of exports). */
export function textCollector(
  done: (text: string) => void,
  maxBytes = TEXT_MAX_BYTES,
): ZipFileReader {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return {
    data: (chunk) => {
      size += chunk.length;
      if (size > maxBytes) throw new UnreadableImport('zipFileTooLarge');
      chunks.push(chunk);
    },
    end: () => done(Buffer.concat(chunks).toString('utf8')),
  };
}
