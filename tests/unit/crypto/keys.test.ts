// @vitest-environment node
// The key hierarchy: month and account key wraps, the password and recovery paths, a password change, typed failures.
import { bytesToHex } from '@noble/ciphers/utils.js';
import type { Argon2Params } from '../../../src/crypto/argon2';
import { fromBase64url, toBase64url } from '../../../src/crypto/base64url';
import { decryptText, encryptText } from '../../../src/crypto/content';
import { UndecryptableError, WrongKeyError } from '../../../src/crypto/errors';
import {
  changePassword,
  createAccountKey,
  generateKey,
  unwrapMonthKey,
  unwrapWithPassword,
  unwrapWithRecoveryKey,
  wrapMonthKey,
  wrapWithPassword,
  wrapWithRecoveryKey,
} from '../../../src/crypto/keys';
import { derivePasswordKey } from '../../../src/crypto/password-key';

// Node, not jsdom: one realm's Uint8Array, as in a browser. The unit setup clears localStorage
// after each test, which node lacks and this code never uses.
vi.stubGlobal('localStorage', { clear: () => {} });

/** Cheap enough for a test to derive many times: 64 KiB, one pass. */
const CHEAP: Argon2Params = { memoryKiB: 64, passes: 1, parallelism: 1 };
const hex = bytesToHex;

describe('month keys', () => {
  const accountKey = generateKey();

  it('are random 256-bit keys', () => {
    expect(generateKey()).toHaveLength(32);
    expect(hex(generateKey())).not.toBe(hex(generateKey()));
  });

  it('wrap under the account key and unwrap for their own month only', () => {
    const monthKey = generateKey();
    const wrapped = wrapMonthKey(monthKey, accountKey, 3);
    expect(hex(unwrapMonthKey(JSON.parse(JSON.stringify(wrapped)), accountKey, 3))).toBe(
      hex(monthKey),
    );
    expect(() => unwrapMonthKey(wrapped, accountKey, 4)).toThrow(UndecryptableError);
    expect(() => unwrapMonthKey(wrapped, generateKey(), 3)).toThrow(UndecryptableError);
  });

  it('refuse two months’ wrapped keys swapped', () => {
    const [march, april] = [generateKey(), generateKey()];
    const wrappedMarch = wrapMonthKey(march, accountKey, 3);
    const wrappedApril = wrapMonthKey(april, accountKey, 4);
    expect(() => unwrapMonthKey(wrappedApril, accountKey, 3)).toThrow(UndecryptableError);
    expect(() => unwrapMonthKey(wrappedMarch, accountKey, 4)).toThrow(UndecryptableError);
  });
});

describe('the account key', () => {
  it('opens with the password and with the recovery key, and then opens the months', async () => {
    const made = await createAccountKey('correct horse', CHEAP);
    const wrappedMonth = wrapMonthKey(generateKey(), made.accountKey, 3);
    const stored = JSON.parse(JSON.stringify(made.byPassword)) as unknown;
    const byPassword = await unwrapWithPassword(stored, 'correct horse');
    const byRecovery = unwrapWithRecoveryKey(made.byRecoveryKey, made.recoveryKey);
    expect(hex(byPassword)).toBe(hex(made.accountKey));
    expect(hex(byRecovery)).toBe(hex(made.accountKey));
    expect(unwrapMonthKey(wrappedMonth, byRecovery, 3)).toHaveLength(32);
  });

  it('keeps the Argon2id costs and salt beside the wrap, and the real cost by default', async () => {
    const made = await createAccountKey('correct horse', CHEAP);
    expect(made.byPassword.kdf).toMatchObject({ name: 'argon2id', ...CHEAP });
    expect(fromBase64url(made.byPassword.kdf.salt)).toHaveLength(16);
    const other = await wrapWithPassword(made.accountKey, 'correct horse', CHEAP);
    expect(other.kdf.salt).not.toBe(made.byPassword.kdf.salt);
  });

  it('gives WrongKeyError for a wrong password or recovery key', async () => {
    const made = await createAccountKey('correct horse', CHEAP);
    await expect(unwrapWithPassword(made.byPassword, 'Correct horse')).rejects.toThrow(
      WrongKeyError,
    );
    await expect(unwrapWithPassword(made.byPassword, 'Correct horse')).rejects.toMatchObject({
      secret: 'password',
    });
    expect(() => unwrapWithRecoveryKey(made.byRecoveryKey, generateKey())).toThrow(
      expect.objectContaining({ name: 'WrongKeyError', secret: 'recovery-key' }),
    );
  });

  it('keeps the password and recovery slots apart, even under the right key', async () => {
    const made = await createAccountKey('correct horse', CHEAP);
    const swapped = { ...made.byPassword, key: made.byRecoveryKey };
    await expect(unwrapWithPassword(swapped, 'correct horse')).rejects.toThrow(WrongKeyError);
    // The password's own key, offered as a recovery key: the associated data names the slot.
    const salt = fromBase64url(made.byPassword.kdf.salt);
    const passwordKey = await derivePasswordKey('correct horse', salt, CHEAP);
    expect(() => unwrapWithRecoveryKey(made.byPassword.key, passwordKey)).toThrow(WrongKeyError);
  });

  it('says malformed, not wrong password, for settings that are not ours or cost too much', async () => {
    const made = await createAccountKey('correct horse', CHEAP);
    const { kdf } = made.byPassword;
    const broken: unknown[] = [
      null,
      { key: made.byPassword.key },
      { ...made.byPassword, kdf: { ...kdf, name: 'scrypt' } },
      { ...made.byPassword, kdf: { ...kdf, memoryKiB: 4 * 1024 * 1024 } },
      { ...made.byPassword, kdf: { ...kdf, passes: 17 } },
      { ...made.byPassword, kdf: { ...kdf, parallelism: 0 } },
      { ...made.byPassword, kdf: { ...kdf, salt: toBase64url(new Uint8Array(4)) } },
      { ...made.byPassword, kdf: { ...kdf, salt: 'not base64!' } },
      { ...made.byPassword, key: { v: 1 } },
    ];
    for (const wrapped of broken) {
      await expect(unwrapWithPassword(wrapped, 'correct horse')).rejects.toMatchObject({
        name: 'UndecryptableError',
        reason: 'malformed',
      });
    }
  });

  it('re-wraps on a password change: same account key, old password refused, months untouched', async () => {
    const made = await createAccountKey('old password', CHEAP);
    const monthKey = generateKey();
    const wrappedMonth = wrapMonthKey(monthKey, made.accountKey, 3);
    const note = encryptText(monthKey, 'entry', 12, 'Still here');

    const changed = await changePassword(made.byPassword, 'old password', 'new password', CHEAP);
    expect(JSON.stringify(changed).length).toBeLessThan(1024);
    const accountKey = await unwrapWithPassword(changed, 'new password');
    expect(hex(accountKey)).toBe(hex(made.accountKey));
    await expect(unwrapWithPassword(changed, 'old password')).rejects.toThrow(WrongKeyError);
    expect(decryptText(unwrapMonthKey(wrappedMonth, accountKey, 3), 'entry', 12, note)).toBe(
      'Still here',
    );
    await expect(changePassword(made.byPassword, 'wrong', 'new', CHEAP)).rejects.toThrow(
      WrongKeyError,
    );
  });

  it('after a password reset by email, the recovery key opens it and a new password wraps it', async () => {
    const made = await createAccountKey('forgotten', CHEAP);
    const accountKey = unwrapWithRecoveryKey(made.byRecoveryKey, made.recoveryKey);
    const byNewPassword = await wrapWithPassword(accountKey, 'new password', CHEAP);
    expect(hex(await unwrapWithPassword(byNewPassword, 'new password'))).toBe(hex(made.accountKey));
  });

  it('refuses to wrap something that is not a 256-bit key', () => {
    expect(() => wrapWithRecoveryKey(new Uint8Array(16), generateKey())).toThrow(RangeError);
    expect(() => wrapMonthKey(generateKey(), new Uint8Array(31), 3)).toThrow(RangeError);
  });
});
