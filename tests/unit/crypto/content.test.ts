// @vitest-environment node
// An item's content: text and JSON round trips, and content moved to another item, kind or month refused.
// @vitest-environment node
import { seal } from '../../../src/crypto/aead';
import { decryptJson, decryptText, encryptJson, encryptText } from '../../../src/crypto/content';
import { UndecryptableError } from '../../../src/crypto/errors';
import { generateKey } from '../../../src/crypto/keys';

// Node, not jsdom: one realm's Uint8Array, as in a browser. The unit setup clears localStorage
// after each test, which node lacks and this code never uses.
vi.stubGlobal('localStorage', { clear: () => {} });

const monthKey = generateKey();

describe('item content', () => {
  it('round-trips text, any Unicode included', () => {
    const text = 'Café, 東京 and 🚲 — a good day\n\n- list';
    const envelope = encryptText(monthKey, 'entry', 7, text);
    expect(decryptText(monthKey, 'entry', 7, envelope)).toBe(text);
    expect(decryptText(monthKey, 'entry', 7, encryptText(monthKey, 'entry', 7, ''))).toBe('');
  });

  it('round-trips a JSON value', () => {
    const fields = { highlight: 'Walked to work', note: 'Rain later', mood: 4, tags: [] };
    const envelope = encryptJson(monthKey, 'entry', 7, fields);
    expect(decryptJson(monthKey, 'entry', 7, JSON.parse(JSON.stringify(envelope)))).toEqual(fields);
    expect(decryptJson(monthKey, 'goal', 2, encryptJson(monthKey, 'goal', 2, null))).toBeNull();
  });

  it('refuses to encrypt what JSON cannot hold', () => {
    expect(() => encryptJson(monthKey, 'entry', 7, undefined)).toThrow(TypeError);
  });

  it('refuses two items’ ciphertexts swapped by whoever stores them', () => {
    const first = encryptText(monthKey, 'entry', 7, 'First day');
    const second = encryptText(monthKey, 'entry', 8, 'Second day');
    expect(() => decryptText(monthKey, 'entry', 7, second)).toThrow(UndecryptableError);
    expect(() => decryptText(monthKey, 'entry', 8, first)).toThrow(UndecryptableError);
  });

  it('refuses content moved to another kind with the same id, or read with another month’s key', () => {
    const goal = encryptText(monthKey, 'goal', 5, 'Run 5 km');
    expect(() => decryptText(monthKey, 'habit', 5, goal)).toThrow(UndecryptableError);
    expect(() => decryptText(generateKey(), 'goal', 5, goal)).toThrow(UndecryptableError);
  });

  it('says malformed when what was sealed is not UTF-8 or not JSON', () => {
    const notUtf8 = seal(monthKey, Uint8Array.of(0xff, 0xfe), 'monthbook:v1:entry:9');
    expect(() => decryptText(monthKey, 'entry', 9, notUtf8)).toThrow(
      expect.objectContaining({ reason: 'malformed' }),
    );
    const notJson = encryptText(monthKey, 'entry', 9, '{oops');
    expect(() => decryptJson(monthKey, 'entry', 9, notJson)).toThrow(
      expect.objectContaining({ reason: 'malformed' }),
    );
  });
});
