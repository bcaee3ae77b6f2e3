import type { CurrentUser } from '@tutti/contract/accounts';
import { nalsInTopic, nalsOutTopic } from '@tutti/contract/nals';
import type { Config } from '@tutti/contract/reference';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { call, expiredToken, startTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { brokerUrl, closed, connectMqtt, inbox, publishJson, sleep, subscribeGranted } from './support/mqtt.ts';
import { createUser, getMe, type SignedInUser } from './support/users.ts';

const REFUSED = { message: expect.stringMatching(/Bad username or password/i) };

describe.each(databases())('embedded MQTT broker on $name', (database) => {
  let t: TestApp;
  let ann: SignedInUser;
  let bob: SignedInUser;
  let annToken: string;
  let bobToken: string;
  const open: MqttClient[] = [];
  /** Connected, and closed after the test. */
  const connect = async (username: string, password: string) => {
    const client = await connectMqtt(t, username, password);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database, { BROKER_ENABLED: 'true', BROKER_PORT: '0' });
    ann = await createUser(t);
    bob = await createUser(t);
    annToken = (await getMe(t, ann.accessToken)).nalsToken;
    bobToken = (await getMe(t, bob.accessToken)).nalsToken;
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.endAsync(true)));
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('tells browsers where it listens in v1/config', async () => {
    const res = await call<Config>(t, 'GET', 'v1/config');
    expect(res.json.queueHost).toBe(`ws://localhost:${t.app.tutti.broker()?.port}`);
  });

  describe('authentication', () => {
    it('lets a browser in with its account id and access token, and an audio client with its nalsToken', async () => {
      expect((await getMe(t, ann.accessToken)).audioClientSeen).toBe(false);
      expect((await connect(ann.id, ann.accessToken)).connected).toBe(true);
      // A browser is not an audio client: the account has still never seen one.
      expect((await getMe(t, ann.accessToken)).audioClientSeen).toBe(false);
      expect((await connect('nals', annToken)).connected).toBe(true);
      // From now on, on every device, the hall stops offering to set the audio client up; not for another account.
      expect((await getMe(t, ann.accessToken)).audioClientSeen).toBe(true);
      expect((await getMe(t, bob.accessToken)).audioClientSeen).toBe(false);
    });

    it('refuses a wrong nalsToken, a wrong access token, and a token used for another account', async () => {
      await expect(connectMqtt(t, 'nals', 'not-a-token')).rejects.toMatchObject(REFUSED);
      await expect(connectMqtt(t, 'nals', '')).rejects.toBeDefined();
      await expect(connectMqtt(t, ann.id, `${ann.accessToken.slice(0, -4)}abcd`)).rejects.toMatchObject(REFUSED);
      await expect(connectMqtt(t, bob.id, ann.accessToken)).rejects.toMatchObject(REFUSED);
      await expect(connectMqtt(t, 'someone', annToken)).rejects.toMatchObject(REFUSED);
    });

    it('refuses an expired access token, and the token of a signed-out device', async () => {
      await expect(connectMqtt(t, ann.id, await expiredToken(t, ann.id, ann.deviceId))).rejects.toMatchObject(REFUSED);
      const carl = await createUser(t);
      expect((await call(t, 'DELETE', 'v1/auth', { token: carl.accessToken })).status).toBe(204);
      await expect(connectMqtt(t, carl.id, carl.accessToken)).rejects.toMatchObject(REFUSED);
    });
  });

  describe('authorization', () => {
    it('refuses another user’s topics with granted QoS 128 and keeps the connection', async () => {
      const annNals = await connect('nals', annToken);
      expect(await subscribeGranted(annNals, nalsInTopic(bobToken))).toEqual([128]);
      const annBrowser = await connect(ann.id, ann.accessToken);
      expect(await subscribeGranted(annBrowser, nalsOutTopic(bobToken))).toEqual([128]);
      for (const topic of ['/topic/nals/+/out', '#', '/topic/nals/#']) {
        expect(await subscribeGranted(annBrowser, topic)).toEqual([128]);
      }
      // Still connected, and its own topic is granted.
      expect(annNals.connected && annBrowser.connected).toBe(true);
      expect(await subscribeGranted(annNals, nalsInTopic(annToken))).toEqual([1]);
    });

    it('refuses the wrong direction: a browser cannot read /in, an audio client cannot read /out', async () => {
      const browser = await connect(ann.id, ann.accessToken);
      expect(await subscribeGranted(browser, nalsInTopic(annToken))).toEqual([128]);
      const client = await connect('nals', annToken);
      expect(await subscribeGranted(client, nalsOutTopic(annToken))).toEqual([128]);
    });

    it('drops a publish in the wrong direction or to another user, without disconnecting', async () => {
      const reader = await connect(ann.id, ann.accessToken);
      await reader.subscribeAsync(nalsOutTopic(annToken), { qos: 1 });
      const readerInbox = inbox(reader);
      const bobNals = await connect('nals', bobToken);
      await bobNals.subscribeAsync(nalsInTopic(bobToken), { qos: 1 });
      const bobInbox = inbox(bobNals);

      const otherTab = await connect(ann.id, ann.accessToken);
      await publishJson(otherTab, nalsOutTopic(annToken), { signal: 'hello', data: { forged: true } });
      await publishJson(otherTab, nalsInTopic(bobToken), { action: 'stop' });
      const annNals = await connect('nals', annToken);
      await publishJson(annNals, nalsInTopic(bobToken), { action: 'stop' });
      // The legitimate sender of /out comes after the forged message: only its message arrives.
      await publishJson(annNals, nalsOutTopic(annToken), { signal: 'bye' });
      await readerInbox.waitFor(1);
      await sleep(150);
      expect(readerInbox.messages).toEqual([{ topic: nalsOutTopic(annToken), payload: { signal: 'bye' } }]);
      expect(bobInbox.messages).toEqual([]);
      expect(otherTab.connected && annNals.connected).toBe(true);
    });

    it('carries messages both ways between a browser and an audio client of the same token', async () => {
      const browser = await connect(ann.id, ann.accessToken);
      await browser.subscribeAsync(nalsOutTopic(annToken), { qos: 1 });
      const client = await connect('nals', annToken);
      await client.subscribeAsync(nalsInTopic(annToken), { qos: 1 });
      const toClient = inbox(client);
      const toBrowser = inbox(browser);

      await publishJson(browser, nalsInTopic(annToken), { action: 'hello' });
      await toClient.waitFor(1);
      expect(toClient.messages).toEqual([{ topic: nalsInTopic(annToken), payload: { action: 'hello' } }]);

      const hello = { signal: 'hello', data: { name: 'nals', host: 'h', hostname: 'h', version: '0.11.0' } };
      await publishJson(client, nalsOutTopic(annToken), hello);
      await toBrowser.waitFor(1);
      expect(toBrowser.messages).toEqual([{ topic: nalsOutTopic(annToken), payload: hello }]);
    });
  });

  it('sends each MQTT packet as one WebSocket frame (a page handles one message event per signal)', async () => {
    // A raw WebSocket, to see the frames themselves: CONNECT and SUBSCRIBE written by hand (MQTT 3.1.1).
    const text = (s: string) => {
      const bytes = Buffer.from(s);
      return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
    };
    const remainingLength = (n: number): number[] => (n < 128 ? [n] : [(n % 128) | 128, ...remainingLength(n >> 7)]);
    const packet = (header: number, body: Buffer) =>
      Buffer.concat([Buffer.from([header, ...remainingLength(body.length)]), body]);
    const socket = new WebSocket(brokerUrl(t), 'mqtt');
    const frames: Buffer[] = [];
    const arrived = (count: number) => vi.waitFor(() => expect(frames.length).toBeGreaterThanOrEqual(count));
    socket.on('message', (data: Buffer) => frames.push(data));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const flags = 0b1100_0010; // user name, password, clean session
    socket.send(
      packet(
        0x10,
        Buffer.concat([
          text('MQTT'),
          Buffer.from([4, flags, 0, 60]),
          text('raw-page'),
          text(ann.id),
          text(ann.accessToken),
        ]),
      ),
    );
    await arrived(1);
    expect([...frames[0]!]).toEqual([0x20, 2, 0, 0]); // CONNACK, accepted
    socket.send(packet(0x82, Buffer.concat([Buffer.from([0, 1]), text(nalsOutTopic(annToken)), Buffer.from([1])])));
    await arrived(2);
    expect([...frames[1]!]).toEqual([0x90, 3, 0, 1, 1]); // SUBACK, QoS 1 granted

    const client = await connect('nals', annToken);
    await publishJson(client, nalsOutTopic(annToken), { signal: 'audio_levels', data: { input: 0.5 } });
    await arrived(3);
    await sleep(100);
    socket.close();
    // One frame: the whole PUBLISH (QoS 1), its length as announced, the payload at its end.
    expect(frames).toHaveLength(3);
    const publish = frames[2]!;
    expect(publish[0]! & 0xf0).toBe(0x30);
    expect(publish[1]).toBe(publish.length - 2);
    expect(publish.toString().endsWith('{"signal":"audio_levels","data":{"input":0.5}}')).toBe(true);
  });

  describe('token rotation', () => {
    it('closes every connection of the old token; the old token no longer connects, the new one does', async () => {
      const dan = await createUser(t);
      const oldToken = (await getMe(t, dan.accessToken)).nalsToken;
      const browser = await connect(dan.id, dan.accessToken);
      const client = await connect('nals', oldToken);
      const bystander = await connect('nals', annToken);

      const res = await call<CurrentUser>(t, 'POST', 'v1/me/preferences', {
        token: dan.accessToken,
        body: { rotateNalsToken: true },
      });
      expect(res.status).toBe(200);
      const newToken = res.json.nalsToken;
      expect(newToken).not.toBe(oldToken);
      expect(newToken).toMatch(/^[\w-]{40,}$/);
      await Promise.all([closed(browser), closed(client)]);
      expect(bystander.connected).toBe(true);

      await expect(connectMqtt(t, 'nals', oldToken)).rejects.toMatchObject(REFUSED);
      const renewed = await connect('nals', newToken);
      expect(await subscribeGranted(renewed, nalsInTopic(newToken))).toEqual([1]);
      // The browser reconnects with the same access token and is now bound to the new token.
      const browserAgain = await connect(dan.id, dan.accessToken);
      expect(await subscribeGranted(browserAgain, nalsOutTopic(oldToken))).toEqual([128]);
      expect(await subscribeGranted(browserAgain, nalsOutTopic(newToken))).toEqual([1]);
    });

    it('keeps the token when rotateNalsToken is false or absent', async () => {
      const before = (await getMe(t, ann.accessToken)).nalsToken;
      const res = await call<CurrentUser>(t, 'POST', 'v1/me/preferences', {
        token: ann.accessToken,
        body: { rotateNalsToken: false, newsOptIn: true },
      });
      expect(res.json.nalsToken).toBe(before);
    });
  });
});

describe('embedded MQTT broker on a port in use', () => {
  const [database] = databases();
  it('refuses to start, naming the port and the way out', async () => {
    await database!.setup();
    const first = await startTestApp(database!, { BROKER_ENABLED: 'true', BROKER_PORT: '0' });
    try {
      const port = String(first.app.tutti.broker()?.port);
      await expect(startTestApp(database!, { BROKER_ENABLED: 'true', BROKER_PORT: port })).rejects.toThrow(
        new RegExp(`cannot listen on port ${port}.*BROKER_PORT`),
      );
    } finally {
      await first.close();
      await database!.teardown();
    }
  });
});
