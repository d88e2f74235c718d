// A loopback SMTP server (smtp-server) that keeps every mail it receives, for tests of the app's email.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** Envelope recipients. */
  to: string[];
  subject: string;
  /** Header names lower-cased; the last one wins. */
  headers: Map<string, string>;
  /** The text/plain part, decoded. */
  text: string;
  /** The text/html part, decoded ('' when there is none). */
  html: string;
  raw: string;
}

export interface SmtpCatcher {
  /** For SMTP_URL, e.g. smtp://127.0.0.1:40123 */
  url: string;
  mails: CaughtMail[];
  /** The first mail (already caught or still to come) that `match` accepts. */
  waitFor(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (body: string): string => {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
};

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header. */
const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_all, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
  }
  return headers;
}

function splitPart(part: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(part);
  if (!match) return { headers: parseHeaders(part), body: '' };
  return {
    headers: parseHeaders(part.slice(0, match.index)),
    body: part.slice(match.index + match[0].length),
  };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  return body;
}

/** Enough MIME for the app's mails: a text part and an HTML part, possibly in multipart/alternative. */
export function parseMail(raw: string, to: string[] = []): CaughtMail {
  const { headers, body } = splitPart(raw);
  const parts: Array<{ headers: Map<string, string>; body: string }> = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      parts.push(splitPart(chunk.replace(/^\r?\n/, '')));
    }
  } else {
    parts.push({ headers, body });
  }
  const partOf = (type: string) => {
    const part = parts.find((p) =>
      (p.headers.get('content-type') ?? 'text/plain').startsWith(type),
    );
    return part ? decodeBody(part.headers, part.body) : '';
  };
  return {
    to,
    subject: decodeWords(headers.get('subject') ?? ''),
    headers,
    text: partOf('text/plain'),
    html: partOf('text/html'),
    raw,
  };
}

/** `delayMs` holds each mail's final answer that long: a slow mail server. */
export async function startSmtpCatcher({ delayMs = 0 } = {}): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => unknown>();
  const server = new SMTPServer({
    // Loopback and plain text: no TLS certificate, no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        for (const wake of waiters) wake();
        setTimeout(() => callback(), delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${mails.length} caught)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The token of the first app link to `path` in a mail's text. */
export function linkToken(mail: CaughtMail, path: string): string {
  const escaped = path.replace(/[/-]/g, '\\$&');
  const token = new RegExp(`${escaped}#token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${path} link in the mail "${mail.subject}"`);
  return token;
}
