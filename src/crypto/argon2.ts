// Argon2id through hash-wasm: the one derivation the worker and the page both run.
import { argon2id } from 'hash-wasm';
import { KEY_BYTES } from './aead.js';

/** Argon2id's costs (version 0x13, the only one hash-wasm makes). */
export interface Argon2Params {
  /** Memory in KiB. */
  memoryKiB: number;
  /** Passes over that memory ("iterations", t). */
  passes: number;
  /** Lanes (p). */
  parallelism: number;
}

/** A 32-byte key from a password's bytes and a salt; no secret and no associated data. */
export function argon2idKey(
  password: Uint8Array,
  salt: Uint8Array,
  params: Argon2Params,
): Promise<Uint8Array> {
  return argon2id({
    password,
    salt,
    memorySize: params.memoryKiB,
    iterations: params.passes,
    parallelism: params.parallelism,
    hashLength: KEY_BYTES,
    outputType: 'binary',
  });
}
