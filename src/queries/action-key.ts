// One Idempotency-Key per user action: sending the same input again (a retry) reuses the key, so the server makes one row.
import { useState } from 'react';
import { newIdempotencyKey } from '../api/idempotency';

export interface ActionKeys {
  /** The key for this input: the previous one while the input is unchanged, else a new one. */
  keyFor(input: unknown): string;
  /** The action is over (it succeeded, or what it made was undone): the next input gets a new key. */
  finish(): void;
}

export function createActionKeys(): ActionKeys {
  let last: { signature: string; key: string } | null = null;
  return {
    keyFor(input) {
      const signature = JSON.stringify(input);
      if (last?.signature !== signature) last = { signature, key: newIdempotencyKey() };
      return last.key;
    },
    finish() {
      last = null;
    },
  };
}

/** Action keys that live as long as the component using the mutation. */
export function useActionKeys(): ActionKeys {
  return useState(createActionKeys)[0];
}
