import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** Outbox files hold live links (password recovery): readable by the server's user only, like their folder. */
export const OUTBOX_FILE_MODE = 0o600;
export const OUTBOX_DIR_MODE = 0o700;

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The action link the email carries (confirmation, recovery), also in the text. */
  link?: string;
  /** An iCalendar invitation (RFC 5545/5546): sent as the text/calendar alternative calendars act on, and as an
   *  .ics attachment for the others. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
  /** Files sent with the message (an invoice's PDF with its receipt). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** What nodemailer sends for a message: the calendar as its `icalEvent`. */
function transportMessage({ calendar, ...message }: Omit<MailMessage, 'link'>) {
  return {
    ...message,
    ...(calendar && {
      icalEvent: { method: calendar.method, filename: 'invitation.ics', content: calendar.content },
    }),
  };
}

/** Outbox files repeat the link in this header: the body is quoted-printable (long lines, accents), a header line
 *  is not, so tools can read the link with a plain regular expression. */
export const LINK_HEADER = 'X-Tutti-Link';

export interface Mailer {
  kind: 'file' | 'smtp' | 'memory';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** `2026-01-31T10-20-30-123Z-ann@example.com.eml`: sorts by time, names the recipient, safe on every file system. */
export function outboxFileName(to: string, at: Date, attempt = 0): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const who = to.replace(/[^A-Za-z0-9@._+-]/g, '_');
  return `${stamp}-${who}${attempt ? `-${attempt}` : ''}.eml`;
}

/** The embedded default: every message becomes an .eml file in the outbox folder (RFC 822, opens in any client).
 *  Its link is logged too, for whoever runs the server without a mail client: the outbox is theirs to read anyway.
 *  No other mailer logs links (they would give an account to anyone who reads the logs). */
export function createFileMailer(dir: string, from: string, log?: FastifyBaseLogger): Mailer {
  let folderReady = false;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    send: async ({ link, ...message }) => {
      // `prepared`: written verbatim, not folded onto a second line.
      const headers = link ? { [LINK_HEADER]: { prepared: true, value: link } } : undefined;
      const info = await transport.sendMail({ from, ...transportMessage(message), ...(headers && { headers }) });
      if (!folderReady) {
        mkdirSync(dir, { recursive: true, mode: OUTBOX_DIR_MODE });
        // mkdir's mode is masked by the umask and leaves an existing folder as it was. A folder the server does not
        // own (a mounted volume) stays as it is: the files themselves are still 0600.
        try {
          chmodSync(dir, OUTBOX_DIR_MODE);
        } catch (e) {
          log?.warn({ dir, code: (e as NodeJS.ErrnoException).code }, 'outbox folder left with its permissions');
        }
        folderReady = true;
      }
      const raw = info.message as Buffer;
      const at = new Date();
      for (let attempt = 0; ; attempt++) {
        try {
          const file = outboxFileName(message.to, at, attempt);
          // 'wx': two messages to one address in the same millisecond must not overwrite each other.
          writeFileSync(join(dir, file), raw, { flag: 'wx', mode: OUTBOX_FILE_MODE });
          log?.info({ to: message.to, file, ...(link && { link }) }, 'email written to the outbox');
          return;
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        }
      }
    },
    close: async () => transport.close(),
  };
}

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    send: async ({ link: _link, ...message }) => {
      await transport.sendMail({ from, ...transportMessage(message) });
    },
    close: async () => transport.close(),
  };
}

export interface MemoryMailer extends Mailer {
  readonly messages: MailMessage[];
  /** The latest message sent to that address, if any. */
  lastTo(to: string): MailMessage | undefined;
}

/** Keeps messages in memory: tests and tools read what was "sent". Recorded synchronously, at the call. */
export function createMemoryMailer(): MemoryMailer {
  const messages: MailMessage[] = [];
  return {
    kind: 'memory',
    messages,
    send: (message) => {
      messages.push({ ...message });
      return Promise.resolve();
    },
    lastTo: (to) => [...messages].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase()),
    close: () => Promise.resolve(),
  };
}

export function createMailer(
  config: { dir: string; smtpUrl: string | null; from: string },
  log?: FastifyBaseLogger,
): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.from)
    : createFileMailer(config.dir, config.from, log);
}
