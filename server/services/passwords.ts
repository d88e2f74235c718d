// Hashes and verifies passwords with argon2id on libuv's thread pool, never on the event loop.
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Argon2id; written as its value because the package's enum is an ambient const enum. */
const ARGON2ID = 2 as Algorithm.Argon2id;

export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface PasswordService {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a hash that does not parse. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the same work as a real verification and returns false, so a login for an
   * unknown username takes as long as one with a wrong password.
   */
  verifyNothing(password: string): Promise<false>;
}

export function createPasswordService(cost: Argon2Cost): PasswordService {
  const options = { ...cost, algorithm: ARGON2ID };
  let decoy: Promise<string> | null = null;

  const check = async (passwordHash: string, password: string): Promise<boolean> => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };

  return {
    hash: (password) => hash(password, options),
    verify: check,
    async verifyNothing(password) {
      decoy ??= hash(`decoy-${Math.random()}`, options);
      await check(await decoy, password);
      return false;
    },
  };
}
