import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { BASE_URL, MAIL_DIR } from './env.ts';

/** One email from the server's outbox (MAIL_DIR/*.eml), decoded enough to read its headers and text. */
export interface OutboxMail {
  file: string;
  writtenAt: number;
  to: string;
  subject: string;
  text: string;
  /** The iCalendar invitation it carries (its text/calendar alternative), if any. */
  calendar: string | null;
}

/** Header block of a MIME entity, keys lower-cased, folded lines unfolded. */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Encoded words in headers (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes accented subjects. */
function decodeHeaderValue(value: string): string {
  // Whitespace between two encoded words is folding, not text (RFC 2047 section 6.2).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

interface Part {
  type: string;
  text: string;
}

/** Every leaf part of an entity, each decoded with its own transfer encoding. */
function collectParts(entity: string): Part[] {
  const split = entity.search(/\r?\n\r?\n/);
  const headers = parseHeaders(split === -1 ? entity : entity.slice(0, split));
  const body = split === -1 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => collectParts(part.replace(/^\r?\n/, '')));
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return [{ type: type.toLowerCase(), text }];
}

export async function readOutbox(address: string): Promise<OutboxMail[]> {
  const names = await readdir(MAIL_DIR).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const wanted = address.toLowerCase();
  const mails: OutboxMail[] = [];
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(MAIL_DIR, name);
    const raw = await readFile(file, 'utf8');
    const headerEnd = raw.search(/\r?\n\r?\n/);
    const headers = parseHeaders(headerEnd === -1 ? raw : raw.slice(0, headerEnd));
    if (!(headers.to ?? '').toLowerCase().includes(wanted)) continue;
    const parts = collectParts(raw);
    mails.push({
      file,
      writtenAt: (await stat(file)).mtimeMs,
      to: headers.to ?? '',
      subject: decodeHeaderValue(headers.subject ?? ''),
      text: parts
        .filter((p) => p.type.startsWith('text/plain'))
        .map((p) => p.text)
        .join('\n'),
      calendar: parts.find((p) => p.type.startsWith('text/calendar'))?.text ?? null,
    });
  }
  // Oldest first; the file name (it starts with a timestamp) breaks ties within the same millisecond.
  return mails.sort((a, b) => a.writtenAt - b.writtenAt || a.file.localeCompare(b.file));
}

/** Waits until the address has received more than `alreadySeen` emails and returns the newest. */
export async function waitForNewMail(address: string, alreadySeen = 0): Promise<OutboxMail> {
  let mails: OutboxMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await readOutbox(address);
        return mails.length;
      },
      { message: `an email to ${address} in ${MAIL_DIR}`, timeout: 15_000 },
    )
    .toBeGreaterThan(alreadySeen);
  return mails[mails.length - 1] as OutboxMail;
}

export type LinkKind = 'validate-account' | 'recover-password';

/** The confirmation or recovery link in an email, exactly as the server wrote it (PUBLIC_URL + path + token). */
export function extractLink(mail: OutboxMail, kind: LinkKind): string {
  const escapedBase = BASE_URL.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escapedBase}/users/${kind}\\?token=[^\\s"'<>&)\\]]+`).exec(mail.text);
  if (!match) throw new Error(`No ${kind} link in ${mail.file}:\n${mail.text}`);
  return match[0];
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}
