// This device's side of web push: whether it can, the permission, and its PushSubscription with the app's service worker.
// The browser's Push API, not HTTP: the push service behind PushManager is the browser's, not ours.
import type { PushSubscriptionInput } from '../../contract/reminders';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** Push needs a service worker, PushManager and notifications; iOS has them only once installed. */
export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

/** Thrown when the person (or the browser's settings) refuses notifications. */
export class PushPermissionDenied extends Error {
  constructor() {
    super('Notification permission denied');
    this.name = 'PushPermissionDenied';
  }
}

/** Thrown when the page has no service worker to receive pushes (a first visit still installing it, dev mode). */
export class NoServiceWorker extends Error {
  constructor() {
    super('No service worker controls this page');
    this.name = 'NoServiceWorker';
  }
}

/** Thrown when the browser's push service does not give this device a subscription. */
export class PushUnavailable extends Error {
  constructor(cause: unknown) {
    super('The push service refused a subscription', { cause });
    this.name = 'PushUnavailable';
  }
}

/** Waits for the worker registered by /registerSW.js; it is installing on a first visit. */
async function registration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  const ready = await Promise.race([navigator.serviceWorker.ready, timeout]);
  if (!ready) throw new NoServiceWorker();
  return ready;
}

/** This device's subscription, if it has one (null without a worker or support). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const found = await navigator.serviceWorker.getRegistration('/');
  return (await found?.pushManager.getSubscription()) ?? null;
}

/** The server's VAPID key (base64url) as the bytes PushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission (call it from a click: browsers only prompt on a user's gesture), then
 * subscribes this device with the server's key. A subscription made with another key (the
 * server's keys changed) is replaced, since the push service would refuse our pushes to it.
 */
export async function subscribeDevice(vapidPublicKey: string): Promise<PushSubscriptionInput> {
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const worker = await registration();
  const key = applicationServerKey(vapidPublicKey);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch (error) {
    // Chromium without its push service (some builds, no network) answers AbortError here.
    throw new PushUnavailable(error);
  }
  return toInput(subscription);
}

/** Ends this device's subscription; answers its endpoint (for the server to forget), or null. */
export async function unsubscribeDevice(): Promise<string | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

function sameKey(saved: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!saved) return false;
  const bytes = new Uint8Array(saved);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

function toInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
