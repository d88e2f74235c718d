// @vitest-environment node
// The envelope: XChaCha20-Poly1305's published vector, round trips, and every alteration refused as undecryptable.
// @vitest-environment node
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToHex, hexToBytes } from '@noble/ciphers/utils.js';
import {
  associatedData,
  type Envelope,
  FORMAT_VERSION,
  NONCE_BYTES,
  open,
  readEnvelope,
  seal,
} from '../../../src/crypto/aead';
import { fromBase64url, toBase64url } from '../../../src/crypto/base64url';
import { UndecryptableError } from '../../../src/crypto/errors';
import { generateKey } from '../../../src/crypto/keys';

// Node, not jsdom: one realm's Uint8Array, as in a browser. The unit setup clears localStorage
// after each test, which node lacks and this code never uses.
vi.stubGlobal('localStorage', { clear: () => {} });

/** Flips the lowest bit of one byte of a base64url field. */
function flip(field: string, index = 0): string {
  const bytes = fromBase64url(field);
  bytes[index] = (bytes[index] ?? 0) ^ 1;
  return toBase64url(bytes);
}

function refusal(run: () => unknown): UndecryptableError['reason'] | 'opened' {
  try {
    run();
    return 'opened';
  } catch (error) {
    if (error instanceof UndecryptableError) return error.reason;
    throw error;
  }
}

describe('XChaCha20-Poly1305', () => {
  it('matches the AEAD test vector of draft-irtf-cfrg-xchacha-03, appendix A.3.1', () => {
    const key = hexToBytes('808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f');
    const nonce = hexToBytes('404142434445464748494a4b4c4d4e4f5051525354555657');
    const ad = hexToBytes('50515253c0c1c2c3c4c5c6c7');
    const plaintext = new TextEncoder().encode(
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.",
    );
    const expected =
      'bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb' +
      '731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452' +
      '2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9' +
      '21f9664c97637da9768812f615c68b13b52e' +
      'c0875924c1c7987947deafd8780acf49'; // the tag
    expect(bytesToHex(xchacha20poly1305(key, nonce, ad).encrypt(plaintext))).toBe(expected);
    expect(xchacha20poly1305(key, nonce, ad).decrypt(hexToBytes(expected))).toEqual(plaintext);
  });
});

describe('base64url', () => {
  it('round-trips every byte value and long inputs, without padding', () => {
    const bytes = Uint8Array.from({ length: 40_000 }, (_, index) => index % 256);
    const text = toBase64url(bytes);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(bytesToHex(fromBase64url(text))).toBe(bytesToHex(bytes));
    expect(toBase64url(Uint8Array.of(0xfb, 0xff))).toBe('-_8');
  });

  it('refuses text that is not base64url', () => {
    for (const text of ['a+b/', 'abc=', 'a', 'ab cd']) {
      expect(() => fromBase64url(text)).toThrow(SyntaxError);
    }
  });
});

describe('seal and open', () => {
  const key = generateKey();
  const ad = associatedData.item('entry', 12);
  const plaintext = new TextEncoder().encode('Walked to work');

  it('names the item, kind and format in the associated data', () => {
    expect(ad).toBe('monthbook:v1:entry:12');
    expect(associatedData.monthKey(3)).toBe('monthbook:v1:month-key:3');
    expect(associatedData.accountKey('password')).toBe('monthbook:v1:account-key:password');
    expect(associatedData.accountKey('recovery')).toBe('monthbook:v1:account-key:recovery');
  });

  it('refuses ids that are not the server’s (a temporary negative id, zero, a fraction)', () => {
    for (const id of [-4, 0, 1.5, Number.NaN]) {
      expect(() => associatedData.item('goal', id)).toThrow(RangeError);
    }
  });

  it('round-trips in a JSON-safe envelope with a fresh 24-byte nonce each time', () => {
    const first = seal(key, plaintext, ad);
    const second = seal(key, plaintext, ad);
    expect(first.v).toBe(FORMAT_VERSION);
    expect(fromBase64url(first.nonce)).toHaveLength(NONCE_BYTES);
    expect(fromBase64url(first.ct)).toHaveLength(plaintext.length + 16);
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.ct).not.toBe(second.ct);
    const travelled = JSON.parse(JSON.stringify(first)) as unknown;
    expect(open(key, travelled, ad)).toEqual(plaintext);
  });

  it('refuses a flipped bit anywhere in the ciphertext, the tag or the nonce', () => {
    const envelope = seal(key, plaintext, ad);
    const tagStart = plaintext.length;
    expect(refusal(() => open(key, { ...envelope, ct: flip(envelope.ct, 3) }, ad))).toBe('forged');
    expect(refusal(() => open(key, { ...envelope, ct: flip(envelope.ct, tagStart) }, ad))).toBe(
      'forged',
    );
    expect(refusal(() => open(key, { ...envelope, nonce: flip(envelope.nonce, 23) }, ad))).toBe(
      'forged',
    );
  });

  it('refuses other associated data: another id, kind or format version', () => {
    const envelope = seal(key, plaintext, ad);
    for (const other of [
      associatedData.item('entry', 13),
      associatedData.item('goal', 12),
      'monthbook:v2:entry:12',
    ]) {
      expect(refusal(() => open(key, envelope, other))).toBe('forged');
    }
  });

  it('refuses another key', () => {
    expect(refusal(() => open(generateKey(), seal(key, plaintext, ad), ad))).toBe('forged');
  });

  it('tells a malformed envelope and an unknown version from a forged one', () => {
    const envelope = seal(key, plaintext, ad);
    const malformed: unknown[] = [
      null,
      'text',
      { ...envelope, v: '1' },
      { ...envelope, nonce: undefined },
      { ...envelope, nonce: envelope.nonce.slice(4) },
      { ...envelope, ct: 'AAAA' },
      { ...envelope, ct: `${envelope.ct}=` },
    ];
    for (const value of malformed) expect(refusal(() => readEnvelope(value))).toBe('malformed');
    const newer = { ...envelope, v: 2 } as unknown as Envelope;
    expect(refusal(() => open(key, newer, ad))).toBe('version');
  });
});
