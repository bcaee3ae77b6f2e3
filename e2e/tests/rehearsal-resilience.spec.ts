import type { Page } from '@playwright/test';
import type { Lang } from '../support/api.ts';
import { expectAccessible } from '../support/a11y.ts';
import { expectClient, musicianWithClient } from '../support/musician.ts';
import { expect, test, type NalsEmulator } from '../support/nals.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { apiSessionOf, createOpenRehearsalViaApi, SESSION_WORDS, slotRow } from '../support/sessions.ts';
import { BROWSER_LOCALE, openBrowser } from '../support/ui.ts';

const w = SESSION_WORDS.en;

const AWAY = {
  closed: 'The sound has stopped: your audio client was closed.',
  back: 'Sound is back: your audio client is in the room again.',
};

const DRIVER = {
  en: {
    title: 'The audio driver failed to start',
    open: 'Open the audio configuration',
    dialog: 'Audio configuration',
  },
  fr: {
    title: 'Le pilote audio n’a pas pu démarrer',
    open: 'Ouvrir la configuration audio',
    dialog: 'Configuration audio',
  },
} satisfies Record<Lang, Record<string, string>>;

/** Opens the session page, joins, and waits for the audio client to be in the room; returns its slot. */
async function joinSession(page: Page, sessionId: string, client: NalsEmulator): Promise<number> {
  await page.goto(`/studio/open-rehearsal/${sessionId}`);
  await page.getByRole('button', { name: w.join }).click();
  await expect(page.getByRole('heading', { name: w.manager })).toBeVisible();
  await expectClient(client, 'room link', (s) => s.connection?.phase, 'connected');
  return (await client.state()).connection?.player ?? -1;
}

const framesReceived = async (client: NalsEmulator) => (await client.state()).connection?.framesReceived ?? 0;

test('the page follows its audio client: killed mid-rehearsal, the loss is shown; restarted, back in the room', async ({
  page,
  browser,
  request,
  nals,
}) => {
  test.setTimeout(180_000);
  const ben = await openBrowser(browser);
  const [ana, bob] = await Promise.all([
    musicianWithClient(page, request, nals, {}, 'en', { prefix: 'ana' }),
    musicianWithClient(ben.page, request, nals, {}, 'en', { prefix: 'ben' }),
  ]);
  const benName = bob.user.username;
  const session = await createOpenRehearsalViaApi(request, await apiSessionOf(request, ana.user), {
    name: `Crash ${ana.user.username.slice(-4)}`,
    public: true,
  });
  const anaSlot = await joinSession(page, session.id, ana.client);
  await joinSession(ben.page, session.id, bob.client);
  await expect.poll(() => framesReceived(bob.client), { message: 'B hears A', timeout: 15_000 }).toBeGreaterThan(0);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  // A's client crashes: the broker publishes its last will (bye); A's page says so over a mixer that is disabled.
  await ana.client.kill();
  const away = page.getByTestId('client-away');
  await expect(away).toContainText(AWAY.closed);
  await expect(away.getByRole('button', { name: 'Start the audio client' })).toBeVisible();
  await expect(away.getByRole('link', { name: 'Download the audio client' })).toBeVisible();
  const benRow = slotRow(page, 'en', benName);
  // A disabled Mantine slider thumb leaves the tab order (tabindex -1) and the accessibility tree: find it by label.
  const volume = benRow.locator(`[aria-label="Volume of ${benName}"]`);
  await expect(volume).toHaveAttribute('aria-disabled', 'true');
  await expect(benRow.getByRole('button', { name: `Mute ${benName}` })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Record to a file' })).toBeDisabled();
  // Still in the room on the server's side: the slot is kept for the client's return.
  await expect(page.getByText(`You are in the room, slot ${anaSlot + 1}.`)).toBeVisible();
  await expectAccessible(page, 'rehearsal, audio client away');
  await screenshotAtWidths(page, 'rehearsal-client-away', 'en');

  // A restarts the client (same token): without a click, the page sends it back to the same room and slot.
  const restarted = await nals.start({ token: ana.token });
  await expectClient(restarted, 'room link after the restart', (s) => s.connection?.phase, 'connected');
  expect((await restarted.state()).connection?.player).toBe(anaSlot);
  await expect(page.getByRole('status').filter({ hasText: AWAY.back })).toBeVisible();
  await expect(away).toHaveCount(0);
  await expect(benRow.getByRole('slider', { name: `Volume of ${benName}` })).toBeEnabled();
  await expect(volume).not.toHaveAttribute('aria-disabled', 'true');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  // B hears A again, through the room server.
  const before = await framesReceived(bob.client);
  await expect
    .poll(() => framesReceived(bob.client), { message: "B hears A's restarted client", timeout: 15_000 })
    .toBeGreaterThan(before);

  await ben.context.close();
});

for (const lang of ['en', 'fr'] as const) {
  test(`an audio driver failure is an alert with what to check, in and out of a rehearsal (${lang})`, async ({
    browser,
    request,
    nals,
  }) => {
    const d = DRIVER[lang];
    const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE[lang] });
    const ana = await musicianWithClient(page, request, nals, { fail: ['AUDIO_DRIVER_NOT_STARTED'] }, lang);
    const alert = page.getByTestId('driver-alert');
    await expect(alert).toContainText(d.title);
    await expect(alert.getByRole('listitem')).toHaveCount(3);
    await expectAccessible(page, `hall with a driver failure (${lang})`);
    await screenshotAtWidths(page, 'driver-alert', lang);
    await alert.getByRole('button', { name: d.open }).click();
    await expect(page.getByRole('dialog', { name: d.dialog })).toBeVisible();
    await page.keyboard.press('Escape');

    // In a rehearsal too: the client is connected (it can be sent to a room) but plays silence.
    const session = await createOpenRehearsalViaApi(request, await apiSessionOf(request, ana.user), {
      name: `Driver ${ana.user.username.slice(-4)}`,
      public: false,
    });
    await page.goto(`/studio/open-rehearsal/${session.id}`);
    await expect(page.getByTestId('driver-alert')).toContainText(d.title);
    await context.close();
  });
}
