// @vitest-environment node
// The recovery key as words and as a file: BIP39's vectors, lenient reading, and a clear error for a wrong word.
import { bytesToHex, hexToBytes } from '@noble/ciphers/utils.js';
import { generateKey } from '../../../src/crypto/keys';
import {
  RECOVERY_FILE_HEADER,
  RECOVERY_WORD_COUNT,
  RecoveryKeyError,
  recoveryKeyFile,
  recoveryKeyFromFile,
  recoveryKeyFromWords,
  recoveryKeyToWords,
} from '../../../src/crypto/recovery-key';

// Node, not jsdom: one realm's Uint8Array, as in a browser. The unit setup clears localStorage
// after each test, which node lacks and this code never uses.
vi.stubGlobal('localStorage', { clear: () => {} });

function failure(run: () => unknown): RecoveryKeyError {
  try {
    run();
  } catch (error) {
    if (error instanceof RecoveryKeyError) return error;
    throw error;
  }
  throw new Error('It was read as a recovery key.');
}

describe('recovery key words', () => {
  it('match BIP39’s English vectors for 256-bit entropy', () => {
    // From the BIP39 reference vectors (trezor/python-mnemonic, vectors.json).
    const zeros = new Uint8Array(32);
    expect(recoveryKeyToWords(zeros).join(' ')).toBe(`${'abandon '.repeat(23)}art`);
    const sevens = hexToBytes('7f'.repeat(32));
    expect(recoveryKeyToWords(sevens).join(' ')).toBe(
      `${'legal winner thank year wave sausage worth useful '.repeat(2)}legal winner thank year wave sausage worth title`,
    );
  });

  it('are 24 words that read back as the same key', () => {
    const key = generateKey();
    const words = recoveryKeyToWords(key);
    expect(words).toHaveLength(RECOVERY_WORD_COUNT);
    expect(bytesToHex(recoveryKeyFromWords(words.join(' ')))).toBe(bytesToHex(key));
  });

  it('read back in any case, spacing and line breaks, numbered or not', () => {
    const key = generateKey();
    const words = recoveryKeyToWords(key);
    const typed = words.map((word, index) => `${index + 1}. ${word.toUpperCase()}`).join('\n  ');
    expect(bytesToHex(recoveryKeyFromWords(typed))).toBe(bytesToHex(key));
    const numberedTight = words.map((word, index) => `${index + 1})${word}`).join(', ');
    expect(bytesToHex(recoveryKeyFromWords(numberedTight))).toBe(bytesToHex(key));
  });

  it('say which words are not on the list', () => {
    const words = recoveryKeyToWords(generateKey());
    words[4] = 'abandn';
    words[19] = 'qwerty';
    const error = failure(() => recoveryKeyFromWords(words.join(' ')));
    expect(error.reason).toBe('unknown-word');
    expect(error.positions).toEqual([5, 20]);
    expect(error.message).toBe('Not a recovery word: word 5, word 20.');
  });

  it('catch a wrong word from the list by the checksum', () => {
    const words = recoveryKeyToWords(hexToBytes('7f'.repeat(32)));
    words[0] = 'abandon';
    const error = failure(() => recoveryKeyFromWords(words.join(' ')));
    expect(error.reason).toBe('checksum');
  });

  it('say how many words there should be', () => {
    const words = recoveryKeyToWords(generateKey());
    const error = failure(() => recoveryKeyFromWords(words.slice(1).join(' ')));
    expect(error.reason).toBe('word-count');
    expect(error.message).toBe('A recovery key is 24 words; this has 23.');
  });
});

describe('the recovery file', () => {
  it('holds the header and the words, the app’s comments first, and reads back', () => {
    const key = generateKey();
    const file = recoveryKeyFile(key, ['Monthbook recovery key', 'Keep it safe.']);
    const lines = file.trimEnd().split('\n');
    expect(lines.slice(0, 3)).toEqual([
      '# Monthbook recovery key',
      '# Keep it safe.',
      RECOVERY_FILE_HEADER,
    ]);
    expect(lines.slice(3).map((line) => line.split(' ').length)).toEqual([6, 6, 6, 6]);
    expect(bytesToHex(recoveryKeyFromFile(file))).toBe(bytesToHex(key));
    expect(bytesToHex(recoveryKeyFromFile(file.replaceAll('\n', '\r\n')))).toBe(bytesToHex(key));
  });

  it('refuses a file that is not one', () => {
    const words = recoveryKeyToWords(generateKey()).join(' ');
    expect(failure(() => recoveryKeyFromFile(words)).reason).toBe('not-a-recovery-file');
    const edited = recoveryKeyFile(generateKey()).replace(/\n\w+ /, '\n');
    expect(failure(() => recoveryKeyFromFile(edited)).reason).toBe('word-count');
  });
});
