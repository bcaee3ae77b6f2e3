import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import mqtt, { ErrorWithSubackPacket, type MqttClient } from 'mqtt';
import { nalsInTopic, nalsOutTopic } from '@tutti/contract/nals';
import { createConfirmedUser, signInViaApi } from '../support/api.ts';
import { nalsTokenOf } from '../support/audio.ts';
import { BROKER_URL } from '../support/env.ts';

/** MQTT's "failure" return code in a SUBACK: the broker refused that topic filter. */
const SUBACK_REFUSED = 128;

/** The return codes of the broker's SUBACK, one per topic; mqtt.js rejects a refusal but keeps the packet. */
async function subscribeCodes(client: MqttClient, topics: string[]): Promise<number[]> {
  try {
    const granted = await client.subscribeAsync(topics, { qos: 1 });
    return granted.map((grant) => grant.qos);
  } catch (err) {
    if (err instanceof ErrorWithSubackPacket) return err.packet.granted.map((code) => Number(code));
    throw err;
  }
}

// Browsers isolation is covered by the server's broker tests; this checks the running product's broker from outside.
test("one user's access token cannot subscribe to another user's audio client topic", async ({ request }) => {
  const alice = await createConfirmedUser(request, { prefix: 'alice' });
  const bob = await createConfirmedUser(request, { prefix: 'bob' });
  const aliceToken = await nalsTokenOf(request, alice);
  const bobToken = await nalsTokenOf(request, bob);
  const bobSession = await signInViaApi(request, bob, randomUUID());

  // Bob connects exactly as his browser does: account id as user name, current access token as password.
  const broker = await mqtt.connectAsync(BROKER_URL, {
    username: bobSession.accountId,
    password: bobSession.accessToken,
    clientId: `e2e-bob-${randomUUID()}`,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  try {
    const refused = await subscribeCodes(broker, [nalsOutTopic(aliceToken), nalsInTopic(aliceToken)]);
    expect(refused).toEqual([SUBACK_REFUSED, SUBACK_REFUSED]);

    // The connection stays up, and Bob's own topic is his to read.
    expect(broker.connected).toBe(true);
    expect(await subscribeCodes(broker, [nalsOutTopic(bobToken)])).toEqual([1]);
  } finally {
    await broker.endAsync(true);
  }
});
