// Sends a web push: web-push builds the encrypted (aes128gcm) request with its VAPID header; node:http(s) delivers it to an address checked to be public.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import type { PushPayload } from '../../contract/reminders.js';
import type { VapidConfig } from '../config.js';

/**
 * 'gone': the push service answered 404 or 410, or the subscription's keys cannot encrypt: it
 * will never work again. 'failed': anything else (5xx, timeout, refused address): try later.
 */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  send(
    target: PushTarget,
    payload: PushPayload,
  ): Promise<{ outcome: PushOutcome; status: number | null; reason?: string }>;
  /** Ends kept-alive connections (the app is closing). */
  close(): void;
}

export interface PushSenderOptions {
  /**
   * Let pushes reach loopback and private addresses (PUSH_ALLOW_PRIVATE=on): for tests and a
   * developer's local push service only. Off, a subscription cannot make the server call itself
   * or the machines next to it, whatever its host name resolves to.
   */
  allowPrivateAddresses: boolean;
  /** The whole request, connection included; a dead push service must not hold the reminders up. */
  timeoutMs?: number;
}

/** A reminder is useless the next day: push services may hold it 12 hours for an offline device. */
const TTL_SECONDS = 12 * 60 * 60;
export const PUSH_TIMEOUT_MS = 5_000;

/** Addresses no push service has: loopback, private, link-local, shared, unspecified, multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP literal) is one a push service could have. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const lower = address.toLowerCase();
  // IPv4 written inside IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d, compatible ::a.b.c.d)
  // reaches the IPv4 address: judge that one.
  const embedded = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  if (embedded) return isPublicAddress(embedded);
  const mapped = /^(?:::ffff:|64:ff9b::)([\da-f]{1,4}):([\da-f]{1,4})$/.exec(lower);
  if (mapped) {
    const high = Number.parseInt(mapped[1]!, 16);
    const low = Number.parseInt(mapped[2]!, 16);
    return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return !NOT_PUBLIC.check(address, 'ipv6');
}

class RefusedAddress extends Error {
  readonly code = 'ERR_PUSH_ADDRESS_REFUSED';
}

/**
 * A DNS lookup that fails when the name has any non-public address. The socket connects to the
 * address this answered, so the check cannot be undone by the name resolving again differently
 * (DNS rebinding) between the check and the connection.
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const failure = new RefusedAddress(`${hostname} resolves to a non-public address`);
      return callback(failure as NodeJS.ErrnoException, '', 4);
    }
    if (options.all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    return callback(null, first.address, first.family);
  });
};

/**
 * web-push's own sendNotification speaks only https and takes no lookup; building the request
 * with generateRequestDetails and sending it here lets every connection go through the address
 * check above, and lets tests point a subscription at a loopback http push service (allowed only
 * with PUSH_ALLOW_PRIVATE=on; routes/reminders.ts accepts http only outside production).
 */
export function createPushSender(vapid: VapidConfig, options: PushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const lookup = options.allowPrivateAddresses ? undefined : publicLookup;
  // Kept-alive connections per push service: a minute's reminders mostly go to two or three hosts.
  const agents = {
    'http:': new HttpAgent({ keepAlive: true, maxSockets: 32, ...(lookup ? { lookup } : {}) }),
    'https:': new HttpsAgent({ keepAlive: true, maxSockets: 32, ...(lookup ? { lookup } : {}) }),
  };

  return {
    async send(target, payload) {
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: vapid,
            TTL: TTL_SECONDS,
            urgency: 'normal',
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (error) {
        // Keys saved before they were checked on subscribing: nothing can ever be encrypted for them.
        return { outcome: 'gone', status: null, reason: errorText(error) };
      }
      let url: URL;
      try {
        url = new URL(details.endpoint);
      } catch {
        return { outcome: 'gone', status: null, reason: 'not a URL' };
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        return { outcome: 'gone', status: null, reason: 'not http(s)' };
      }
      // An IP literal is connected to without a lookup: check it here.
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (lookup && isIP(host) && !isPublicAddress(host)) {
        return { outcome: 'failed', status: null, reason: 'non-public address' };
      }
      try {
        const status = await post(url, details, agents[url.protocol], timeoutMs);
        const outcome: PushOutcome =
          status === 404 || status === 410
            ? 'gone'
            : status >= 200 && status < 300
              ? 'sent'
              : 'failed';
        return { outcome, status };
      } catch (error) {
        return { outcome: 'failed', status: null, reason: errorText(error) };
      }
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** POSTs the push and answers its status; the whole exchange ends after `timeoutMs`. */
function post(
  url: URL,
  details: ReturnType<typeof webpush.generateRequestDetails>,
  agent: HttpAgent,
  timeoutMs: number,
): Promise<number> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
    const request = send(url, { method: details.method, headers, agent }, (response) => {
      response.resume();
      response.once('end', () => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
      });
      response.once('error', reject);
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer in ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(details.body ?? undefined);
  });
}
