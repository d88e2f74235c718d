// A loopback web push service for tests: takes the app's push requests, checks their VAPID header and decrypts them (RFC 8291, aes128gcm).
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The status the service answered ('never': it did not). */
  status: number | 'never';
}

/** A browser's subscription made in the test: its JSON and the private half to decrypt with. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The plaintext of a push sent to this subscription (throws when it does not decrypt). */
  decrypt(body: Buffer): string;
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  /** A new subscription at `${origin}/push/{name}`, with fresh ECDH (prime256v1) and auth keys. */
  subscribe(name: string): TestSubscription;
  /**
   * Answer `status` (e.g. 410) to pushes for this subscription from now on (default 201), or
   * 'never': take the request and never answer (a dead push service).
   */
  answer(subscription: { endpoint: string }, status: number | 'never'): void;
  /** The first push (already received or still to come) to this subscription. */
  waitFor(subscription: { endpoint: string }): Promise<ReceivedPush>;
  close(): Promise<void>;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8188 + RFC 8291: one aes128gcm record, as web-push sends it. */
export function decryptAes128gcm(
  body: Buffer,
  uaPrivate: ReturnType<typeof createECDH>,
  authSecret: Buffer,
): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || record.length > rs) throw new Error('unexpected aes128gcm header');
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  // RFC 8291 §3.4: IKM from the ECDH secret and the auth secret, bound to both public keys.
  const prkKey = hmac(authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  // RFC 8188 §2.2-2.3: content encryption key and nonce.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): the JWT is ES256, signed by
 * the key in `k`, which must be `expectedPublicKey`. Returns the claims, or throws.
 */
export function verifyVapid(
  authorization: string | undefined,
  expectedPublicKey: string,
): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [, jwt, key] = match as unknown as [string, string, string];
  if (key !== expectedPublicKey) throw new Error('VAPID k= is not the server key');
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID JWT signature does not verify');
  const alg = JSON.parse(Buffer.from(header, 'base64url').toString()).alg;
  if (alg !== 'ES256') throw new Error(`VAPID JWT alg ${alg}`);
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as VapidClaims;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number | 'never'>();
  const waiters = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const status = statuses.get(path) ?? 201;
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks), status });
      for (const wake of waiters) wake();
      if (status !== 'never') response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      return {
        endpoint: `${origin}/push/${name}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
        decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
      };
    },
    answer(subscription, status) {
      statuses.set(new URL(subscription.endpoint).pathname, status);
    },
    waitFor(subscription) {
      const path = new URL(subscription.endpoint).pathname;
      return new Promise((resolve) => {
        const check = () => {
          const push = received.find((candidate) => candidate.path === path);
          if (!push) return;
          waiters.delete(check);
          resolve(push);
        };
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
