// An in-process, bounded LRU of serialized answers, each valid for one version of its user's data.

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
  /** A Map iterates in insertion order: re-inserting on use keeps the least recent first. */
  readonly #entries = new Map<string, Entry>();
  #totalBytes = 0;
  readonly #limits: ResponseCacheLimits;

  constructor(limits: Partial<ResponseCacheLimits> = {}) {
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
  }

  get size(): number {
    return this.#entries.size;
  }

  get totalBytes(): number {
    return this.#totalBytes;
  }

  /** The body stored for `key` under exactly `version`, or undefined. */
  get(key: string, version: number): Buffer | undefined {
    const entry = this.#entries.get(key);
    if (entry?.version !== version) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.body;
  }

  set(key: string, version: number, body: Buffer): void {
    const existing = this.#entries.get(key);
    // A slow reader finishing late must not replace what a later version stored.
    if (existing && existing.version > version) return;
    if (existing) this.#remove(key, existing);
    if (body.length > this.#limits.maxBodyBytes) return;
    this.#entries.set(key, { version, body });
    this.#totalBytes += body.length;
    for (const [oldestKey, oldest] of this.#entries) {
      if (
        this.#entries.size <= this.#limits.maxEntries &&
        this.#totalBytes <= this.#limits.maxTotalBytes
      ) {
        break;
      }
      this.#remove(oldestKey, oldest);
    }
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#totalBytes -= entry.body.length;
  }
}
