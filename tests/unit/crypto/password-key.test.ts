// @vitest-environment node
// The password key: Argon2id's reference answers, the real cost, NFKC, and the Web Worker's round trip.
import { bytesToHex } from '@noble/ciphers/utils.js';
import { type Argon2Params, argon2idKey } from '../../../src/crypto/argon2';
import { answer, type DeriveRequest } from '../../../src/crypto/argon2-worker';
import {
  derivePasswordKey,
  newSalt,
  PASSWORD_KEY_PARAMS,
  SALT_BYTES,
} from '../../../src/crypto/password-key';

// Node, not jsdom: one realm's Uint8Array, as in a browser. The unit setup clears localStorage
// after each test, which node lacks and this code never uses.
vi.stubGlobal('localStorage', { clear: () => {} });

const ascii = (text: string) => new TextEncoder().encode(text);
/** Cheap enough for a test to derive many times: 64 KiB, one pass. */
const CHEAP: Argon2Params = { memoryKiB: 64, passes: 1, parallelism: 1 };

describe('Argon2id', () => {
  // RFC 9106's own vector (section 5.3) uses a secret and associated data; hash-wasm takes no
  // associated data, so these are the Argon2id cases of the reference implementation's test
  // suite instead (phc-winner-argon2, src/test.c, version 0x13, 32-byte tags).
  it.each([
    [256, 2, 1, '9dfeb910e80bad0311fee20f9c0e2b12c17987b4cac90c2ef54d5b3021c68bfe'],
    [256, 2, 2, '6d093c501fd5999645e0ea3bf620d7b8be7fd2db59c20d9fff9539da2bf57037'],
    [65536, 2, 1, '09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7'],
  ])('matches the reference implementation at m=%i KiB, t=%i, p=%i', async (m, t, p, tag) => {
    const params = { memoryKiB: m, passes: t, parallelism: p };
    expect(bytesToHex(await argon2idKey(ascii('password'), ascii('somesalt'), params))).toBe(tag);
  });

  it('costs 64 MiB and 3 passes, with a 16-byte salt drawn anew each time', () => {
    expect(PASSWORD_KEY_PARAMS).toEqual({ memoryKiB: 65536, passes: 3, parallelism: 4 });
    expect(Object.isFrozen(PASSWORD_KEY_PARAMS)).toBe(true);
    expect(newSalt()).toHaveLength(SALT_BYTES);
    expect(bytesToHex(newSalt())).not.toBe(bytesToHex(newSalt()));
  });
});

describe('derivePasswordKey', () => {
  const salt = newSalt();

  it('runs inline where there is no Worker (node), at the real cost, making the same key as ever', async () => {
    // Pinned: a change to the cost, the normalisation or the library would lock every user out of
    // keys wrapped before it, so it must come with a new format version, never silently.
    expect(typeof Worker).toBe('undefined');
    const fixedSalt = Uint8Array.from({ length: 16 }, (_, index) => index);
    const key = await derivePasswordKey('correct horse battery staple', fixedSalt);
    expect(bytesToHex(key)).toBe(
      '853b272a44db1421c02962669a55eb0994f3cab385ed1c4c79253eee19bab49e',
    );
  });

  it('makes one key of a password typed composed or decomposed (NFKC)', async () => {
    const composed = await derivePasswordKey('caf\u00e9 ①', salt, CHEAP);
    const decomposed = await derivePasswordKey('cafe\u0301 1', salt, CHEAP);
    expect(bytesToHex(decomposed)).toBe(bytesToHex(composed));
    const other = await derivePasswordKey('cafe 1', salt, CHEAP);
    expect(bytesToHex(other)).not.toBe(bytesToHex(composed));
  });

  describe('in a Web Worker', () => {
    /** Stands in for the browser's Worker: each message goes through the worker module's answer. */
    class FakeWorker {
      static made: FakeWorker[] = [];
      onmessage: ((event: { data: unknown }) => void) | null = null;
      onerror: ((event: { message: string }) => void) | null = null;
      terminated = false;

      constructor(
        readonly url: URL,
        readonly options: WorkerOptions,
      ) {
        FakeWorker.made.push(this);
      }

      postMessage(request: DeriveRequest) {
        void answer(structuredClone(request)).then((data) => this.onmessage?.({ data }));
      }

      terminate() {
        this.terminated = true;
      }
    }

    beforeEach(() => {
      FakeWorker.made = [];
      vi.stubGlobal('Worker', FakeWorker);
    });
    afterEach(() => {
      vi.stubGlobal('Worker', undefined);
    });

    it('derives the same key in a module worker of argon2-worker.ts, then ends it', async () => {
      const key = await derivePasswordKey('correct horse', salt, CHEAP);
      const inline = await argon2idKey(ascii('correct horse'), salt, CHEAP);
      expect(bytesToHex(key)).toBe(bytesToHex(inline));
      const [worker] = FakeWorker.made;
      expect(worker?.url.pathname).toMatch(/\/src\/crypto\/argon2-worker\.ts$/);
      expect(worker?.options).toEqual({ type: 'module' });
      expect(worker?.terminated).toBe(true);
    });

    it('rejects with the worker’s error, and ends it', async () => {
      const tooLittleMemory = { memoryKiB: 1, passes: 1, parallelism: 1 };
      await expect(derivePasswordKey('x', salt, tooLittleMemory)).rejects.toThrow(
        /^Argon2id failed: /,
      );
      expect(FakeWorker.made[0]?.terminated).toBe(true);
    });
  });
});
