// One-click unsubscribe tokens (RFC 8058): the user and the mail kind, signed with a key derived from JWT_SECRET; no login needed, nothing stored.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_KINDS, type MailKind } from '../../contract/reminder-rules.js';

export interface UnsubscribeTokens {
  sign(userId: number, kind: MailKind): string;
  /** The user and kind a token names, or null when it is malformed or its signature is wrong. */
  verify(token: string): { userId: number; kind: MailKind } | null;
}

/**
 * `{userId}.{kind}.{signature}`. The token never expires (an unsubscribe link in an old mail must
 * still work) and can only turn a mail kind off, so knowing one gives nothing else; the signature
 * stops anyone from unsubscribing other accounts by changing the number.
 */
export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = createHmac('sha256', secret).update('monthbook unsubscribe').digest();
  const signature = (userId: number, kind: string) =>
    createHmac('sha256', key).update(`${userId}.${kind}`).digest();
  return {
    sign(userId, kind) {
      return `${userId}.${kind}.${signature(userId, kind).toString('base64url')}`;
    },
    verify(token) {
      const match = /^([1-9]\d{0,15})\.([a-z]+)\.([\w-]{43})$/.exec(token);
      if (!match) return null;
      const userId = Number(match[1]);
      const kind = match[2] as MailKind;
      if (!Number.isSafeInteger(userId) || !MAIL_KINDS.includes(kind)) return null;
      const given = Buffer.from(match[3]!, 'base64url');
      const expected = signature(userId, kind);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { userId, kind };
    },
  };
}
