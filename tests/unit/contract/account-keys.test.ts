// @vitest-environment node
// The wire rules of the account key's wraps agree with what src/crypto writes and reads back: the server keeps every wrap the browser makes, and nothing the browser would refuse to open.
import { Value } from '@sinclair/typebox/value';
import {
  KDF_BOUNDS,
  NONCE_BYTES,
  SALT_BYTES,
  WRAPPED_KEY_BYTES,
} from '../../../contract/account-key-rules';
import {
  CreateAccountKeysSchema,
  PasswordWrapSchema,
  WrappedKeyEnvelopeSchema,
} from '../../../contract/account-keys';
import { NONCE_BYTES as CRYPTO_NONCE_BYTES, KEY_BYTES } from '../../../src/crypto/aead';
import { UndecryptableError } from '../../../src/crypto/errors';
import { createAccountKey, unwrapWithPassword } from '../../../src/crypto/keys';
import {
  SALT_BYTES as CRYPTO_SALT_BYTES,
  PASSWORD_KEY_PARAMS,
} from '../../../src/crypto/password-key';

// Node, not jsdom: one realm's Uint8Array, as in a browser. The unit setup clears localStorage
// after each test, which node lacks and this code never uses.
vi.stubGlobal('localStorage', { clear: () => {} });

describe('the account key wraps on the wire', () => {
  it('name the sizes src/crypto uses', () => {
    expect(NONCE_BYTES).toBe(CRYPTO_NONCE_BYTES);
    expect(WRAPPED_KEY_BYTES).toBe(KEY_BYTES + 16);
    expect(SALT_BYTES).toBe(CRYPTO_SALT_BYTES);
  });

  it("take the app's own costs as the floor", () => {
    expect(PASSWORD_KEY_PARAMS.memoryKiB).toBe(KDF_BOUNDS.memoryKiB.min);
    expect(PASSWORD_KEY_PARAMS.passes).toBe(KDF_BOUNDS.passes.min);
    expect(PASSWORD_KEY_PARAMS.parallelism).toBeGreaterThanOrEqual(KDF_BOUNDS.parallelism.min);
  });

  it('accept the wraps a new account key is sent with', async () => {
    const password = 'correct horse battery staple';
    const created = await createAccountKey(password);

    const body = {
      password,
      by_password: created.byPassword,
      by_recovery_key: created.byRecoveryKey,
    };

    expect([...Value.Errors(CreateAccountKeysSchema, body)]).toEqual([]);
    expect(Value.Check(PasswordWrapSchema, created.byPassword)).toBe(true);
    expect(Value.Check(WrappedKeyEnvelopeSchema, created.byRecoveryKey)).toBe(true);
  });

  it.each([
    ['memoryKiB', KDF_BOUNDS.memoryKiB.max + 1],
    ['passes', KDF_BOUNDS.passes.max + 1],
    ['parallelism', KDF_BOUNDS.parallelism.max + 1],
  ] as const)(
    'refuse a %s of %i, as the browser does when reading one back',
    async (field, value) => {
      const wrap = {
        kdf: {
          name: 'argon2id',
          salt: 'AAAAAAAAAAAAAAAAAAAAAA',
          ...PASSWORD_KEY_PARAMS,
          [field]: value,
        },
        key: { v: 1, nonce: 'A'.repeat(32), ct: 'A'.repeat(64) },
      };

      expect(Value.Check(PasswordWrapSchema, wrap)).toBe(false);
      await expect(unwrapWithPassword(wrap, 'any password')).rejects.toThrow(UndecryptableError);
    },
  );
});
