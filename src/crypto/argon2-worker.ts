// The Web Worker that runs Argon2id, so 64 MiB and a third of a second of hashing never freeze the page.
import { type Argon2Params, argon2idKey } from './argon2.js';

export interface DeriveRequest {
  password: Uint8Array;
  salt: Uint8Array;
  params: Argon2Params;
}

export type DeriveAnswer = { key: Uint8Array } | { error: string };

/** Loads and compiles Argon2id ahead of a derive; answered with nothing. */
export interface WarmRequest {
  warm: true;
}

/** The smallest derive Argon2id takes: enough to compile its WebAssembly. */
const WARM_UP = { memoryKiB: 8, passes: 1, parallelism: 1 };

/** One request's answer; exported so a test can run the worker's side without a Worker. */
export async function answer({ password, salt, params }: DeriveRequest): Promise<DeriveAnswer> {
  try {
    return { key: await argon2idKey(password, salt, params) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

// Only a worker's global scope has this name: imported anywhere else, the module just exports.
declare const WorkerGlobalScope: unknown;

if (typeof WorkerGlobalScope !== 'undefined') {
  self.onmessage = async (event: MessageEvent<DeriveRequest | WarmRequest>) => {
    if ('warm' in event.data) {
      await answer({ password: new Uint8Array(1), salt: new Uint8Array(8), params: WARM_UP });
      return;
    }
    const reply = await answer(event.data);
    self.postMessage(reply, { transfer: 'key' in reply ? [reply.key.buffer] : [] });
  };
}
