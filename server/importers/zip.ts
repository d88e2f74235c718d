// Reads the files of an uploaded zip through fflate's streaming inflater, counting every byte it inflates, so a zip bomb or a path that climbs out is refused before it costs memory.
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { UnreadableImport } from './history.js';

export interface ZipLimits {
  /** Bytes inflated across the whole archive, whatever the headers claim. */
  maxTotalBytes: number;
  /** Inflated bytes per compressed byte of the archive: real exports stay far below it. */
  maxRatio: number;
  maxFiles: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 1024 * 1024 * 1024,
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

/**
 * Calls `open(name)` for every file of the archive, in order; the reader it returns (if any) gets
 * the file's bytes. Throws UnreadableImport for a bomb, a climbing path or a damaged archive.
 */
/**
 * Whether the archive ends with its central directory's end record (within the last 64 KiB, where
 * a comment may follow it): a download cut short lacks it, though its first files may be whole.
 */
function hasEnd(bytes: Uint8Array): boolean {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1)
    if (
      bytes[at] === 0x50 &&
      bytes[at + 1] === 0x4b &&
      bytes[at + 2] === 0x05 &&
      bytes[at + 3] === 0x06
    )
      return true;
  return false;
}

export function readZip(
  bytes: Uint8Array,
  open: (name: string) => ZipFileReader | undefined,
  limits: ZipLimits = ZIP_LIMITS,
): string[] {
  if (!hasEnd(bytes)) throw new UnreadableImport('zipTruncated');
  const names: string[] = [];
  const budget = Math.min(limits.maxTotalBytes, bytes.length * limits.maxRatio);
  let inflated = 0;
  let failure: Error | undefined;
  let openFiles = 0;
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
    const reader = file.name.endsWith('/') ? undefined : open(file.name);
    if (!reader) return;
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
  // Pushed in slices, so a bomb is stopped after its budget, not after inflating a whole slice.
  const slice = 64 * 1024;
  try {
    for (let at = 0; at < bytes.length && !failure; at += slice)
      unzip.push(bytes.subarray(at, at + slice), at + slice >= bytes.length);
  } catch {
    failure ??= new UnreadableImport('zipTruncated');
  }
  if (failure) throw failure;
  // A file whose last bytes never came: the archive was cut short.
  if (openFiles !== 0 || names.length === 0) throw new UnreadableImport('zipTruncated');
  return names;
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
