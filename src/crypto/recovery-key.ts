// The recovery key as the user keeps it: 24 words of BIP39's English list (with its checksum), or a small text file.
import { entropyToMnemonic, mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { KEY_BYTES } from './aead.js';

/** 256 bits and BIP39's 8-bit checksum, 11 bits a word. */
export const RECOVERY_WORD_COUNT = 24;

/** The file's first line that is not a comment: what tells a recovery file from any text. */
export const RECOVERY_FILE_HEADER = 'monthbook-recovery-key v1';
export const RECOVERY_FILE_NAME = 'monthbook-recovery-key.txt';

/**
 * What is wrong with words the user typed: too few or too many (`word-count`), words not on the
 * list (`unknown-word`, with their 1-based positions), or a checksum that does not match, which
 * is what a wrong word from the list gives (all but 1 in 256 times).
 */
export class RecoveryKeyError extends Error {
  override readonly name = 'RecoveryKeyError';
  readonly reason: 'word-count' | 'unknown-word' | 'checksum' | 'not-a-recovery-file';
  /** For `unknown-word`: where the words are, counting from 1. */
  readonly positions: number[];

  constructor(reason: RecoveryKeyError['reason'], message: string, positions: number[] = []) {
    super(message);
    this.reason = reason;
    this.positions = positions;
  }
}

export function recoveryKeyToWords(recoveryKey: Uint8Array): string[] {
  if (recoveryKey.length !== KEY_BYTES) throw new RangeError(`A key is ${KEY_BYTES} bytes.`);
  return entropyToMnemonic(recoveryKey, wordlist).split(' ');
}

/**
 * The key from the words as a person copies them back: any case, any spacing or line breaks,
 * with or without the numbers of a numbered list ("1. abandon 2) ability").
 */
export function recoveryKeyFromWords(text: string): Uint8Array {
  const words = text
    .toLowerCase()
    .split(/[\s,;]+/)
    .map((token) => token.replace(/^\d+[.):]?/, ''))
    .filter(Boolean);
  if (words.length !== RECOVERY_WORD_COUNT) {
    throw new RecoveryKeyError(
      'word-count',
      `A recovery key is ${RECOVERY_WORD_COUNT} words; this has ${words.length}.`,
    );
  }
  const unknown = words.flatMap((word, index) => (wordlist.includes(word) ? [] : [index + 1]));
  if (unknown.length > 0) {
    throw new RecoveryKeyError(
      'unknown-word',
      `Not a recovery word: ${unknown.map((position) => `word ${position}`).join(', ')}.`,
      unknown,
    );
  }
  try {
    return mnemonicToEntropy(words.join(' '), wordlist);
  } catch {
    throw new RecoveryKeyError('checksum', 'These words are not a recovery key: one is wrong.');
  }
}

/**
 * The file to save: the header, then the words six to a line. `comments` (the app's words, in the
 * user's language: what the file is, where to keep it) go first as `#` lines, which are ignored.
 */
export function recoveryKeyFile(recoveryKey: Uint8Array, comments: string[] = []): string {
  const words = recoveryKeyToWords(recoveryKey);
  const lines = [...comments.map((line) => `# ${line}`), RECOVERY_FILE_HEADER];
  for (let start = 0; start < words.length; start += 6) {
    lines.push(words.slice(start, start + 6).join(' '));
  }
  return `${lines.join('\n')}\n`;
}

export function recoveryKeyFromFile(text: string): Uint8Array {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (lines[0] !== RECOVERY_FILE_HEADER) {
    throw new RecoveryKeyError('not-a-recovery-file', 'This is not a Monthbook recovery file.');
  }
  return recoveryKeyFromWords(lines.slice(1).join(' '));
}
