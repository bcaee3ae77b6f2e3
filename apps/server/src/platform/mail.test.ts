import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/support/logs.ts';
import { createFileMailer, createMemoryMailer, LINK_HEADER, outboxFileName } from './mail.ts';

describe('outboxFileName', () => {
  it('sorts by time and names the recipient safely', () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    expect(outboxFileName('ann@example.com', at)).toBe('2026-03-04T05-06-07-089Z-ann@example.com.eml');
    expect(outboxFileName('a/b c@example.com', at, 2)).toBe('2026-03-04T05-06-07-089Z-a_b_c@example.com-2.eml');
  });
});

describe('file mailer', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one .eml per message, with the link readable in a header', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tutti-mail-'));
    const mailer = createFileMailer(join(dir, 'mail'), 'Tutti <no-reply@tutti.local>');
    const link = 'http://localhost:8080/users/validate-account?token=abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123';
    for (let i = 0; i < 2; i++) {
      await mailer.send({ to: 'ann@example.com', subject: 'Confirmez', text: `Bonjour é\n\n${link}\n`, link });
    }
    const files = readdirSync(join(dir, 'mail'));
    expect(files).toHaveLength(2);
    const raw = readFileSync(join(dir, 'mail', files[0] ?? ''), 'utf8');
    expect(raw).toContain('To: ann@example.com');
    expect(raw).toContain('Subject: Confirmez');
    expect(raw).toContain(`${LINK_HEADER}: ${link}`);
    await mailer.close();
  });

  it('sends a calendar invitation as the text/calendar alternative with its method, and as an .ics file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tutti-mail-'));
    const mailer = createFileMailer(join(dir, 'mail'), 'Tutti <no-reply@tutti.local>');
    const content = 'BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n';
    await mailer.send({
      to: 'ann@example.com',
      subject: 'Cancelled',
      text: 'Cancelled',
      calendar: { method: 'CANCEL', content },
    });
    const [file] = readdirSync(join(dir, 'mail'));
    const raw = readFileSync(join(dir, 'mail', file ?? ''), 'utf8');
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
    expect(raw).toContain('invitation.ics');
    await mailer.close();
  });

  it('keeps messages to the server user: files 0600 in a 0700 folder, even one created open before', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tutti-mail-'));
    const outbox = join(dir, 'mail');
    mkdirSync(outbox);
    chmodSync(outbox, 0o755);
    const mailer = createFileMailer(outbox, 'Tutti <no-reply@tutti.local>');
    await mailer.send({ to: 'ann@example.com', subject: 'Recover', text: 'a secret link' });
    const [file] = readdirSync(outbox);
    expect(statSync(join(outbox, file ?? '')).mode & 0o777).toBe(0o600);
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
  });

  it('logs the link it wrote, for whoever reads the outbox through the console', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tutti-mail-'));
    const logs = captureLogs();
    const mailer = createFileMailer(join(dir, 'mail'), 'Tutti <no-reply@tutti.local>', logs.logger);
    const link = 'http://localhost:8080/users/recover-password?token=outbox-link-token';
    await mailer.send({ to: 'ann@example.com', subject: 'Recover', text: link, link });
    expect(logs.lines()).toEqual([
      expect.objectContaining({ msg: 'email written to the outbox', to: 'ann@example.com', link }),
    ]);
  });
});

describe('memory mailer', () => {
  it('records messages and finds the latest to an address', async () => {
    const mailer = createMemoryMailer();
    await mailer.send({ to: 'Ann@example.com', subject: 'one', text: '1' });
    await mailer.send({ to: 'bob@example.com', subject: 'two', text: '2' });
    await mailer.send({ to: 'ann@example.com', subject: 'three', text: '3' });
    expect(mailer.messages).toHaveLength(3);
    expect(mailer.lastTo('ANN@example.com')?.subject).toBe('three');
    expect(mailer.lastTo('carl@example.com')).toBeUndefined();
  });
});
