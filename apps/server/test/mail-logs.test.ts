import { readdirSync, statSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { pgliteDatabase } from './support/databases.ts';
import { captureLogs, type CapturedLogs } from './support/logs.ts';
import { newUser } from './support/users.ts';

/** Just enough SMTP for nodemailer to hand a message over: every command accepted, each DATA kept. */
function fakeSmtpServer() {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let data: string[] | null = null;
    socket.on('error', () => undefined);
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') data.push(line);
          else {
            messages.push(data.join('\n'));
            data = null;
            socket.write('250 queued\r\n');
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (command === 'DATA') {
          data = [];
          socket.write('354 go on\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return {
    messages,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Sign-up (confirmation link) then forgot-password (recovery link), through the API. */
async function requestBothLinks(t: TestApp): Promise<void> {
  const user = newUser();
  expect((await call(t, 'POST', 'v1/accounts', { body: user })).status).toBe(201);
  expect((await call(t, 'POST', 'v1/accounts/forgot-password', { body: { email: user.email } })).status).toBe(204);
}

describe('email links with SMTP_URL set', () => {
  const database = pgliteDatabase();
  const smtp = fakeSmtpServer();
  let t: TestApp;
  let logs: CapturedLogs;
  beforeAll(async () => {
    await database.setup();
    const port = await smtp.listen();
    logs = captureLogs();
    t = await startTestApp(
      database,
      { SMTP_URL: `smtp://127.0.0.1:${port}` },
      { logger: logs.logger, configuredMailer: true },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp.close();
    await database.teardown();
  });

  it('sends them and never logs them', async () => {
    await requestBothLinks(t);
    await expect.poll(() => smtp.messages.length).toBe(2);
    const tokens = smtp.messages.map((m) => /token=3D([A-Za-z0-9_-]{20,})|token=([A-Za-z0-9_-]{20,})/.exec(m));
    expect(tokens.every(Boolean)).toBe(true);
    const text = logs.text();
    expect(text).toContain('confirmation email sent');
    expect(text).toContain('password recovery email sent');
    expect(text).not.toContain('token=');
    for (const match of tokens) expect(text).not.toContain(match?.[1] ?? match?.[2]);
  });
});

describe('email links with the outbox (no SMTP_URL)', () => {
  const database = pgliteDatabase();
  let t: TestApp;
  let logs: CapturedLogs;
  beforeAll(async () => {
    await database.setup();
    logs = captureLogs();
    t = await startTestApp(database, {}, { logger: logs.logger, configuredMailer: true });
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('logs them with the file, which only the server user can read', async () => {
    await requestBothLinks(t);
    await expect.poll(() => logs.lines().filter((l) => l['msg'] === 'email written to the outbox').length).toBe(2);
    const written = logs.lines().filter((l) => l['msg'] === 'email written to the outbox');
    expect(written.map((l) => String(l['link']))).toEqual([
      expect.stringContaining('/users/validate-account?token='),
      expect.stringContaining('/users/recover-password?token='),
    ]);
    const outbox = t.config.mail.dir;
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(outbox)) expect(statSync(join(outbox, file)).mode & 0o777).toBe(0o600);
  });
});
