import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { bearer, createConfirmedUser, errorCodeOf, refreshViaApi, signInViaApi, type Tokens } from '../support/api.ts';
import { logInViaUi, openBrowser, readStoredKey } from '../support/ui.ts';

test('a refresh token replayed after its rotation is refused and kills the device session', async ({ request }) => {
  const user = await createConfirmedUser(request, { prefix: 'rpl' });
  const serial = randomUUID();
  const first = await signInViaApi(request, user, serial);

  const rotated = await refreshViaApi(request, first.refreshToken, serial);
  expect(rotated.status(), await rotated.text()).toBe(200);
  const second = (await rotated.json()) as Tokens;
  expect(second.refreshToken).not.toBe(first.refreshToken);
  expect((await request.get('/api/v1/me', { headers: bearer(second.accessToken, serial) })).status()).toBe(200);

  // The thief replays the token the device already spent.
  const replay = await refreshViaApi(request, first.refreshToken, serial);
  expect(replay.status()).toBe(401);

  // The whole chain of that device is dead: its live access token and its newest refresh token.
  const me = await request.get('/api/v1/me', { headers: bearer(second.accessToken, serial) });
  expect(me.status()).toBe(403);
  expect(await errorCodeOf(me)).toBe('SESSION_REVOKED');
  expect((await refreshViaApi(request, second.refreshToken, serial)).status()).toBe(401);

  // Other devices of the same account are untouched.
  const otherSerial = randomUUID();
  const other = await signInViaApi(request, user, otherSerial);
  expect((await request.get('/api/v1/me', { headers: bearer(other.accessToken, otherSerial) })).status()).toBe(200);
});

test('the browser whose refresh token was stolen and replayed is logged out', async ({ browser, request }) => {
  const user = await createConfirmedUser(request, { prefix: 'stl' });
  const { context, page } = await openBrowser(browser);
  await logInViaUi(page, user);
  await page.goto('/me/preferences');
  const save = page.getByRole('tabpanel').getByRole('button', { name: 'Save' });
  await expect(save).toBeVisible();

  // What a thief copying localStorage would get.
  const stolen = await readStoredKey(page, 'refresh_token');
  const serial = await readStoredKey(page, 'device_serial');
  const thief = await refreshViaApi(request, stolen, serial);
  expect(thief.status(), await thief.text()).toBe(200);
  // The browser still holds the spent token; presenting it again is the replay that revokes the device. The live
  // bus then closes the browser's socket (4403): the page checks with the API, is refused and signs out by itself.
  const refused = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 403);
  expect((await refreshViaApi(request, stolen, serial)).status()).toBe(401);
  const thiefTokens = (await thief.json()) as Tokens;
  expect((await request.get('/api/v1/me', { headers: bearer(thiefTokens.accessToken, serial) })).status()).toBe(403);
  expect(await errorCodeOf(await refused)).toBe('SESSION_REVOKED');
  await expect(page).toHaveURL(/\/users\/login/);
  await page.goto('/studio/hall');
  await expect(page).toHaveURL(/\/users\/login/);
  await context.close();
});

test('a signed-in page whose device was revoked elsewhere is logged out at once, without doing anything', async ({
  browser,
  request,
}) => {
  const user = await createConfirmedUser(request, { prefix: 'rvk' });
  const { context, page } = await openBrowser(browser);
  await logInViaUi(page, user);
  await page.goto('/me/preferences');
  const save = page.getByRole('tabpanel').getByRole('button', { name: 'Save' });
  await expect(save).toBeVisible();

  // Another device of the same account disconnects this browser through the API.
  const refused = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 403);
  const serial = randomUUID();
  const admin = await signInViaApi(request, user, serial);
  const devices = (await (
    await request.get('/api/v1/me/devices', { headers: bearer(admin.accessToken, serial) })
  ).json()) as { id: string; current: boolean }[];
  const browserDevice = devices.find((d) => !d.current);
  expect(devices).toHaveLength(2);
  const del = await request.delete(`/api/v1/devices/${browserDevice!.id}`, {
    headers: bearer(admin.accessToken, serial),
  });
  expect(del.status()).toBe(204);

  // The page does nothing: the live bus closes the revoked device's socket (4403), the page checks with the API, is
  // refused SESSION_REVOKED and signs out.
  expect(await errorCodeOf(await refused)).toBe('SESSION_REVOKED');
  await expect(page).toHaveURL(/\/users\/login/);
  await context.close();
});

test('a device of another account cannot be disconnected: 404, and it stays signed in', async ({ request }) => {
  const alice = await createConfirmedUser(request, { prefix: 'al' });
  const bob = await createConfirmedUser(request, { prefix: 'bob' });
  const aliceSerial = randomUUID();
  const bobSerial = randomUUID();
  const aliceTokens = await signInViaApi(request, alice, aliceSerial);
  const bobTokens = await signInViaApi(request, bob, bobSerial);
  const [bobDevice] = (await (
    await request.get('/api/v1/me/devices', { headers: bearer(bobTokens.accessToken, bobSerial) })
  ).json()) as { id: string }[];
  const del = await request.delete(`/api/v1/devices/${bobDevice!.id}`, {
    headers: bearer(aliceTokens.accessToken, aliceSerial),
  });
  expect(del.status()).toBe(404);
  expect((await request.get('/api/v1/me', { headers: bearer(bobTokens.accessToken, bobSerial) })).status()).toBe(200);
});
