import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '@tutti/contract/reference';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createUser, getMe } from './support/users.ts';

/** A throwaway self-signed certificate for localhost (openssl is part of the base system). */
function selfSigned(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'broker.pem');
  const key = join(dir, 'broker.key');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

describe('embedded MQTT broker with TLS', () => {
  const [database] = databases();
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tutti-tls-'));
    const { cert, key } = selfSigned(dir);
    await database!.setup();
    t = await startTestApp(database!, {
      BROKER_ENABLED: 'true',
      BROKER_PORT: '0',
      BROKER_TLS_CERT: cert,
      BROKER_TLS_KEY: key,
    });
  });
  afterAll(async () => {
    await t?.close();
    await database!.teardown();
    rmSync(dir, { recursive: true, force: true });
  });

  it('speaks wss, and says so in v1/config', async () => {
    const port = t.app.tutti.broker()?.port;
    expect((await call<Config>(t, 'GET', 'v1/config')).json.queueHost).toBe(`wss://localhost:${port}`);
    const user = await createUser(t);
    const token = (await getMe(t, user.accessToken)).nalsToken;
    const client = await mqtt.connectAsync(`wss://127.0.0.1:${port}`, {
      username: 'nals',
      password: token,
      reconnectPeriod: 0,
      rejectUnauthorized: false,
    });
    expect(client.connected).toBe(true);
    await client.endAsync(true);
  });
});
