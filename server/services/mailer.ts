// Sends the app's email through SMTP (nodemailer), or without SMTP_URL writes it to DATA_DIR/outbox and the log, so every flow works offline.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { RECOVERY_PATHS } from '../../contract/recovery-rules.js';
import type { MailConfig } from '../config.js';

/**
 * One email. Only words the app writes go in: never a journal entry, goal or any other text a
 * user typed (a username and an address excepted), so a mailbox leaks nothing of the journal.
 */
export interface MailContent {
  /** What kind of mail, for the log (e.g. `reset_password`). */
  kind: string;
  to: string;
  subject: string;
  /** Paragraphs of plain text, in order. */
  paragraphs: string[];
  /** The one button of the mail, an absolute URL made by `link`. */
  action?: { label: string; url: string };
  /** Extra headers, e.g. List-Unsubscribe on reminder mails. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** True without SMTP_URL: mail is written to the outbox and the log, not sent. */
  readonly offline: boolean;
  readonly outboxDir: string;
  send(mail: MailContent): Promise<void>;
  /**
   * An absolute URL on PUBLIC_URL (never built from the request, so no link can point elsewhere);
   * `fragment` values ride after `#`, which browsers never send to a server or in a Referer.
   */
  link(path: string, fragment?: Record<string, string>): string;
  /**
   * Runs `task` a little later (LATER_DELAY_MS, at random), never right after the answer: so
   * neither the answer nor the requests that follow it are held up by what the task does (a
   * look-up, a token, a mail), and their timing tells nothing about what it found. Tracked:
   * closing waits for it, and tests await `settled()`. A failure is logged.
   */
  later(what: string, task: () => Promise<void>): void;
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  mail: MailConfig;
  publicUrl: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** How long `later` work waits, at least and at most (ms); LATER_DELAY_MS by default. */
  laterDelayMs?: readonly [number, number];
}

/**
 * `later` work starts this long (ms, uniform at random) after it is queued. Work started the
 * moment the answer was written ran while the client's next request arrived, and made that
 * request measurably slower when there was a mail to send; a random wait far longer than a
 * request takes puts the work at a moment nothing can tie to the request that caused it.
 */
export const LATER_DELAY_MS = [250, 750] as const;

/** The header that marks a mail written to the outbox instead of sent. */
export const OUTBOX_HEADER = 'X-Monthbook-Outbox';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** Plain text and a small HTML version of the same words; every mail ends with the settings link. */
export function renderMail(mail: MailContent, settingsUrl: string): { text: string; html: string } {
  const footer = 'You get this email because of your Monthbook account. Email settings:';
  const text = [
    ...mail.paragraphs,
    ...(mail.action ? [`${mail.action.label}:\n${mail.action.url}`] : []),
    `--\n${footer}\n${settingsUrl}`,
  ].join('\n\n');
  const paragraph = (words: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(words)}</p>`;
  const button = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="background:#0b7285;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(mail.action.label)}</a></p>` +
      paragraph(`Or open this address: ${mail.action.url}`)
    : '';
  const html =
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:0 auto;padding:24px">' +
    mail.paragraphs.map(paragraph).join('') +
    button +
    `<hr style="border:none;border-top:1px solid #dee2e6;margin:24px 0"><p style="font-size:13px;color:#495057">${escapeHtml(footer)} <a href="${escapeHtml(settingsUrl)}">${escapeHtml(settingsUrl)}</a></p>` +
    '</body></html>';
  return { text, html };
}

export function createMailer({
  mail,
  publicUrl,
  dataDir,
  log,
  laterDelayMs = LATER_DELAY_MS,
}: MailerOptions): Mailer {
  const offline = mail.smtpUrl === null;
  const outboxDir = join(dataDir, 'outbox');
  // The outbox transport only builds the message; nothing leaves the machine.
  const transport: Transporter = offline
    ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    : // Pooled: a minute's reminders are thousands of mails, and a connection (and TLS
      // handshake) per mail made the mail server the bottleneck. SMTP_URL's own options (e.g.
      // ?pool=false&maxConnections=2) win over these.
      nodemailer.createTransport({
        url: mail.smtpUrl!,
        pool: true,
        maxConnections: 5,
        maxMessages: 1000,
      });
  const pending = new Set<Promise<void>>();

  const link = (path: string, fragment?: Record<string, string>) => {
    const hash = fragment ? `#${new URLSearchParams(fragment).toString()}` : '';
    return `${publicUrl}${path}${hash}`;
  };
  const settingsUrl = link(RECOVERY_PATHS.settings);

  if (offline) {
    log.info(
      { outbox: outboxDir },
      'SMTP_URL is not set: email is written to the outbox and the log, not sent',
    );
  }

  /** Readable only by this server's user: the files hold links that open accounts. */
  const writeToOutbox = (raw: Buffer, kind: string): string => {
    mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
    chmodSync(outboxDir, 0o700);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(outboxDir, `${stamp}-${kind}-${randomBytes(4).toString('hex')}.eml`);
    writeFileSync(file, raw, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return file;
  };

  return {
    offline,
    outboxDir,
    link,

    async send(content) {
      const { text, html } = renderMail(content, settingsUrl);
      const headers = {
        ...content.headers,
        ...(offline ? { [OUTBOX_HEADER]: 'not sent: SMTP_URL is unset' } : {}),
      };
      const info = await transport.sendMail({
        from: mail.from,
        to: content.to,
        subject: content.subject,
        text,
        html,
        headers,
      });
      if (offline) {
        const file = writeToOutbox(info.message as Buffer, content.kind);
        log.info(
          { mail: { kind: content.kind, to: content.to, subject: content.subject, text }, file },
          'email NOT sent (no SMTP_URL): written to the outbox',
        );
      } else {
        log.info({ mail: { kind: content.kind }, messageId: info.messageId }, 'email sent');
      }
    },

    later(what, task) {
      const [least, most] = laterDelayMs;
      const wait = least + Math.random() * (most - least);
      const run = new Promise<void>((resolve) => setTimeout(resolve, wait))
        .then(task)
        .catch((error: unknown) => log.error({ err: error, task: what }, 'background mail failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },

    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },

    async close() {
      while (pending.size > 0) await Promise.all(pending);
      transport.close();
    },
  };
}
