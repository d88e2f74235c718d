// The key a password makes: Argon2id at a cost fixed here, in a Web Worker when the page has one.
import { randomBytes } from '@noble/ciphers/utils.js';
import type { Argon2Params } from './argon2.js';
import type { DeriveAnswer, DeriveRequest, WarmRequest } from './argon2-worker.js';

/**
 * RFC 9106's second recommended setting (64 MiB, 3 passes, 4 lanes), for devices that cannot
 * spare its first (2 GiB). hash-wasm runs the lanes one after another, so 4 lanes cost the page
 * no more time than 1, and an attacker's parallel hardware gains nothing from them either.
 */
export const PASSWORD_KEY_PARAMS: Readonly<Argon2Params> = Object.freeze({
  memoryKiB: 64 * 1024,
  passes: 3,
  parallelism: 4,
});

/** 128 bits, drawn anew each time a password wraps the account key. */
export const SALT_BYTES = 16;

export function newSalt(): Uint8Array {
  return randomBytes(SALT_BYTES);
}

/**
 * The password's bytes. NFKC first, so the same password typed on another keyboard or system
 * (an accent composed or not, a full-width digit) makes the same key.
 */
function passwordBytes(password: string): Uint8Array {
  return new TextEncoder().encode(password.normalize('NFKC'));
}

const startWorker = () =>
  new Worker(new URL('./argon2-worker.ts', import.meta.url), { type: 'module' });

/**
 * A worker started before it is needed (the login form starts one while the password is typed):
 * its script loaded and its WebAssembly compiled, the derive after the Login click waits for
 * Argon2id alone. One at most; the next derive takes it.
 */
let warmWorker: Worker | null = null;

/** Long enough for a login to need it; an account without private months never does. */
const WARM_FOR_MS = 60_000;

export function warmPasswordKey(): void {
  if (warmWorker || typeof Worker === 'undefined') return;
  const worker = startWorker();
  worker.postMessage({ warm: true } satisfies WarmRequest);
  warmWorker = worker;
  setTimeout(() => {
    if (warmWorker !== worker) return;
    worker.terminate();
    warmWorker = null;
  }, WARM_FOR_MS);
}

function deriveInWorker(request: DeriveRequest): Promise<Uint8Array> {
  const worker = warmWorker ?? startWorker();
  warmWorker = null;
  return new Promise<Uint8Array>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<DeriveAnswer>) =>
      'key' in data ? resolve(data.key) : reject(new Error(`Argon2id failed: ${data.error}`));
    worker.onerror = (event) => reject(new Error(`The Argon2id worker failed: ${event.message}`));
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

/**
 * The 32-byte key that wraps the account key. Tests pass cheaper `params`; the app stores the
 * params it used beside the salt, so a later raise of the cost still opens older wraps.
 */
export async function derivePasswordKey(
  password: string,
  salt: Uint8Array,
  params: Argon2Params = PASSWORD_KEY_PARAMS,
): Promise<Uint8Array> {
  const request: DeriveRequest = { password: passwordBytes(password), salt, params };
  if (typeof Worker !== 'undefined') return deriveInWorker(request);
  // Loaded only here: where there is a Worker, hash-wasm ships in the worker's file alone.
  const { argon2idKey } = await import('./argon2.js');
  return argon2idKey(request.password, request.salt, request.params);
}
