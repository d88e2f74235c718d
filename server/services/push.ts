// Sends a web push: web-push builds the encrypted (aes128gcm) request with its VAPID header, fetch delivers it.
import webpush from 'web-push';
import type { PushPayload } from '../../contract/reminders.js';
import type { VapidConfig } from '../config.js';

export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  /** 'gone' when the push service answers 404 or 410: the subscription will never work again. */
  send(
    target: PushTarget,
    payload: PushPayload,
  ): Promise<{ outcome: PushOutcome; status: number | null }>;
}

/** A reminder is useless the next day: push services may hold it 12 hours for an offline device. */
const TTL_SECONDS = 12 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * web-push's own sendNotification speaks only https; building the request with
 * generateRequestDetails and sending it with fetch lets tests point a subscription at a loopback
 * http push service (routes/reminders.ts accepts http only for loopback, and not in production).
 */
export function createPushSender(vapid: VapidConfig): PushSender {
  return {
    async send(target, payload) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        // fetch sets the length from the body itself.
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      try {
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers,
          body: details.body ?? undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await response.arrayBuffer().catch(() => undefined);
        const outcome: PushOutcome =
          response.status === 404 || response.status === 410
            ? 'gone'
            : response.ok
              ? 'sent'
              : 'failed';
        return { outcome, status: response.status };
      } catch {
        return { outcome: 'failed', status: null };
      }
    },
  };
}
