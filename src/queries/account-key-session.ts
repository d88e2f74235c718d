// Whether the account key (private months) is open on this device: held in memory for this page, saved on the device so a reload does not ask again, forgotten at logout.
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { sessionUserId } from '../api/tokens';
import { accountKeysQueryOptions } from './account-keys';
import { onSessionEndedHere } from './session';

/**
 * `checking`: the device's copy is being read, or the login's password is opening the key.
 * `locked`: not open here; `needsRecoveryKey` when the account's password (just accepted at login)
 * does not open it, which is what a reset by email leaves.
 */
export type AccountKeyState =
  | { status: 'checking' }
  | { status: 'open' }
  | { status: 'locked'; needsRecoveryKey: boolean };

interface Memory {
  userId: number;
  key: Uint8Array | null;
  /** The device's copy has been read for this user. */
  read: boolean;
  /** The read under way: a month's lists, opening together, wait for one read. */
  reading?: Promise<void>;
  /** The login's password is opening the key. */
  opening: boolean;
  needsRecoveryKey: boolean;
}

// A small store of its own, not a query: the key's bytes must never reach the query cache, whose
// month data is saved on the device and copied to the other tabs.
let memory: Memory | null = null;
const listeners = new Set<() => void>();
/** One snapshot per change, so React sees a new state only when there is one. */
let snapshot: AccountKeyState = { status: 'checking' };

const device = () => import('../offline/account-key-device');
const keyCrypto = () => import('./account-key-crypto');

function memoryFor(userId: number): Memory {
  if (memory?.userId !== userId) {
    memory?.key?.fill(0);
    memory = { userId, key: null, read: false, opening: false, needsRecoveryKey: false };
  }
  return memory;
}

function changed(): void {
  const userId = sessionUserId();
  const here = userId === null || memory?.userId !== userId ? null : memory;
  snapshot = here?.key
    ? { status: 'open' }
    : here?.read && !here.opening
      ? { status: 'locked', needsRecoveryKey: here.needsRecoveryKey }
      : { status: 'checking' };
  for (const listener of listeners) listener();
}

/** The signed-in user's account key if it is open on this device (for the months that use it). */
export function openAccountKey(): Uint8Array | null {
  const userId = sessionUserId();
  return userId !== null && memory?.userId === userId ? memory.key : null;
}

/**
 * Holds the signed-in user's key for this page and saves it on the device; a device that cannot
 * save only asks again after a reload.
 */
export async function keepAccountKey(key: Uint8Array): Promise<void> {
  const userId = sessionUserId();
  if (userId === null) {
    key.fill(0);
    return;
  }
  const here = memoryFor(userId);
  here.key = key;
  here.read = true;
  here.needsRecoveryKey = false;
  changed();
  try {
    await (await device()).saveAccountKey(userId, key);
  } catch (error) {
    console.error('Could not keep the account key on this device', error);
  }
}

/** Reads the device's copy once per user and page. */
function readFromDevice(userId: number): Promise<void> {
  const here = memoryFor(userId);
  if (here.read || here.key) return Promise.resolve();
  here.reading ??= readInto(here, userId);
  return here.reading;
}

async function readInto(here: Memory, userId: number): Promise<void> {
  let key: Uint8Array | null = null;
  try {
    key = await (await device()).loadAccountKey(userId);
  } catch (error) {
    console.error('Could not read the account key kept on this device', error);
  }
  // Opened by other means meanwhile, or another user signed in: that state stands.
  if (memory !== here || here.key) return;
  here.key = key;
  here.read = true;
  changed();
}

/**
 * After a login: the password just accepted opens the account key, in the background. The login
 * neither waits for it nor fails with it; a password that does not open the key (the wrap is still
 * under the password before a reset by email) leaves private months locked until the recovery key.
 */
export async function openAfterLogin(queryClient: QueryClient, password: string): Promise<void> {
  const userId = sessionUserId();
  if (userId === null) return;
  const here = memoryFor(userId);
  here.opening = true;
  changed();
  let key: Uint8Array | null = null;
  try {
    const keys = await queryClient.fetchQuery(accountKeysQueryOptions());
    if (keys === null) return;
    key = await (await keyCrypto()).openWithPassword(keys.by_password, password);
    if (!key) here.needsRecoveryKey = true;
  } finally {
    here.opening = false;
    changed();
  }
  // Logged out, or another user logged in, while Argon2id ran.
  if (memory !== here || sessionUserId() !== userId) key?.fill(0);
  else if (key) await keepAccountKey(key);
}

/**
 * The account key for reading a private month, once this device's copy has been read: null while
 * it is not open here (or still opening after a login: `onAccountKeyOpened` tells when it is).
 */
export async function accountKeyForReading(): Promise<Uint8Array | null> {
  const userId = sessionUserId();
  if (userId === null) return null;
  await readFromDevice(userId);
  return openAccountKey();
}

/** Calls `listener` each time the key becomes open on this page; returns how to stop. */
export function onAccountKeyOpened(listener: () => void): () => void {
  let wasOpen = snapshot.status === 'open';
  return subscribe(() => {
    const open = snapshot.status === 'open';
    if (open && !wasOpen) listener();
    wasOpen = open;
  });
}

/** Logout: the key leaves this page's memory (the device's copy goes with the saved data). */
export function forgetAccountKeyHere(): void {
  memory?.key?.fill(0);
  memory = null;
  changed();
}
onSessionEndedHere(forgetAccountKeyHere);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's state on this device, reading the device's copy on first use. */
export function useAccountKeyState(): AccountKeyState {
  const state = useSyncExternalStore(subscribe, () => snapshot);
  const userId = sessionUserId();
  useEffect(() => {
    if (userId === null) return;
    changed();
    void readFromDevice(userId);
  }, [userId]);
  return state;
}
