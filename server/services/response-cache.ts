// An in-process, bounded LRU (lru-cache) of serialized answers, each valid for one version of its user's data.
import { LRUCache } from 'lru-cache';

export interface ResponseCacheLimits {
  /** Most entries kept. */
  maxEntries: number;
  /** Bodies larger than this are not kept: they would crowd out many small ones. */
  maxBodyBytes: number;
  /** Most bytes of bodies kept in all (10,000 bodies of 512 KB would be 5 GB). */
  maxTotalBytes: number;
}

export const DEFAULT_LIMITS: ResponseCacheLimits = {
  maxEntries: 10_000,
  maxBodyBytes: 512 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
};

interface Entry {
  version: number;
  body: Buffer;
}

/**
 * Keys name the user, method and URL; the version is the user's data version read before the
 * data that made the body. Nothing here is shared between servers, so nothing needs invalidating:
 * an answer is only served for the version it was stored under, and any write moves the version
 * on in the database every server reads.
 */
export class ResponseCache {
  readonly #entries: LRUCache<string, Entry>;

  constructor(limits: Partial<ResponseCacheLimits> = {}) {
    const { maxEntries, maxBodyBytes, maxTotalBytes } = { ...DEFAULT_LIMITS, ...limits };
    this.#entries = new LRUCache({
      max: maxEntries,
      maxSize: maxTotalBytes,
      maxEntrySize: maxBodyBytes,
      // lru-cache wants a positive size; an answer is never empty JSON anyway.
      sizeCalculation: (entry) => Math.max(1, entry.body.length),
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  get totalBytes(): number {
    return this.#entries.calculatedSize;
  }

  /** The body stored for `key` under exactly `version`, or undefined. */
  get(key: string, version: number): Buffer | undefined {
    const entry = this.#entries.get(key);
    return entry?.version === version ? entry.body : undefined;
  }

  /** A body over maxBodyBytes is not kept, and what the key held goes (it is older). */
  set(key: string, version: number, body: Buffer): void {
    // A slow reader finishing late must not replace what a later version stored.
    const existing = this.#entries.peek(key);
    if (existing && existing.version > version) return;
    this.#entries.set(key, { version, body });
  }
}
