import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectClient, musicianWithClient } from '../support/musician.ts';
import { expect, test, type NalsEmulator } from '../support/nals.ts';
import { apiSessionOf, gradientPng, region, SESSION_WORDS, slotRow } from '../support/sessions.ts';
import { openBrowser, readStoredKey } from '../support/ui.ts';

const w = SESSION_WORDS.en;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Once a one-click Join or "Create and join" has taken the page in: the slot the audio client was sent to. */
async function inRoom(page: Page, client: NalsEmulator): Promise<number> {
  await expect(page.getByRole('heading', { name: w.manager })).toBeVisible();
  await expectClient(client, 'room link', (s) => s.connection?.phase, 'connected');
  const slot = (await client.state()).connection?.player ?? -1;
  // The page names the slot it sent in `connect` (1-based on screen).
  await expect(page.getByText(`You are in the room, slot ${slot + 1}.`)).toBeVisible();
  return slot;
}

/** Counts the notes the page's Web Audio plays (the join and leave chime has two): a spy on AudioContext. */
async function spyOnChimes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __chimeNotes: number };
    w.__chimeNotes = 0;
    const Original = window.AudioContext;
    if (!Original) return;
    window.AudioContext = class extends Original {
      override createOscillator(): OscillatorNode {
        w.__chimeNotes++;
        return super.createOscillator();
      }
    };
  });
}
const chimeNotes = (page: Page) => page.evaluate(() => (window as unknown as { __chimeNotes: number }).__chimeNotes);

test('two musicians rehearse together, from the invitation to the end of the session', async ({
  page,
  browser,
  request,
  nals,
}) => {
  test.setTimeout(180_000);
  const recordings = await mkdtemp(path.join(tmpdir(), 'tutti-e2e-rec-'));
  await spyOnChimes(page);
  const ben = await openBrowser(browser);
  const [ana, bob] = await Promise.all([
    musicianWithClient(page, request, nals, { recordings }, 'en', { prefix: 'ana' }),
    musicianWithClient(ben.page, request, nals, {}, 'en', { prefix: 'ben' }),
  ]);
  const anaName = ana.user.username;
  const benName = bob.user.username;
  const name = `Jam ${anaName.slice(-4)}`;

  // B waits on the hall; a marker on its window proves later that nothing reloaded the page.
  const invitations = region(ben.page, w.invitations);
  await expect(invitations.getByText('No invitation for now.')).toBeVisible();
  await ben.page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  // A creates the rehearsal: public, now, B invited.
  await page.getByRole('main').getByRole('link', { name: w.newSession }).click();
  await expect(page).toHaveURL(/\/studio\/sessions\/new$/);
  await expect(page).toHaveTitle('New session | Tutti');
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('textbox', { name: 'Description' }).fill('Blues in A, medium tempo.');
  await form.getByRole('radio', { name: 'Public' }).check();
  await form.getByRole('radio', { name: 'Now' }).check();
  const invite = form.getByLabel(w.invite);
  await invite.fill(benName);
  await invite.press('Enter');
  await form.getByRole('button', { name: w.createAndJoin }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/open-rehearsal/${UUID.source}$`));
  const sessionId = UUID.exec(page.url())?.[0] as string;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveTitle(`${name} | Tutti`);

  // B sees the invitation arrive, with a notice, without reloading; the public session shows in the live list.
  await expect(invitations.getByText(name)).toBeVisible();
  await expect(invitations.getByText(`Invited by ${anaName}`)).toBeVisible();
  await expect(ben.page.getByRole('status').filter({ hasText: `${anaName} invited you to ${name}` })).toBeVisible();
  // Listed once: an invitation is under Invitations, not repeated among the live sessions.
  await expect(invitations.getByRole('link', { name: `Join ${name}` })).toBeVisible();
  await expect(region(ben.page, w.live).getByText(name)).toHaveCount(0);
  expect(await ben.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // "Create and join" took A in; B's Join on the hall is one click too. Each audio client is sent to the room with
  // its own slot, and they hear each other.
  const anaSlot = await inRoom(page, ana.client);
  await expect(page.getByTestId('free-minutes')).toContainText(/\d+ minutes? left/);
  // The free-minutes line leads to the subscription screen and to the help section that explains them.
  await expect(page.getByTestId('free-minutes').getByRole('link', { name: w.subscribe })).toHaveAttribute(
    'href',
    '/me/subscription',
  );
  const help = page.getByRole('link', { name: w.freeMinutesHelp });
  await expect(help).toBeVisible();
  await expect(help).toHaveAttribute('href', /\/help\.html#free-minutes$/);
  // A's own join made no sound.
  expect(await chimeNotes(page)).toBe(0);
  await invitations.getByRole('link', { name: `Join ${name}` }).click();
  await expect(ben.page).toHaveURL(new RegExp(`/studio/open-rehearsal/${sessionId}$`));
  const benSlot = await inRoom(ben.page, bob.client);
  expect(benSlot).not.toBe(anaSlot);
  // B's join chimed on A's page: one two-note chime.
  await expect.poll(() => chimeNotes(page), { message: "the join chime on A's page" }).toBe(2);

  // The chime's switch is on by default; turned off, that is kept in this browser (the next visit reads it).
  const chime = page.getByRole('switch', { name: 'Sound on join and leave' });
  await expect(chime).toBeChecked();
  await chime.uncheck();
  await expect(chime).not.toBeChecked();
  expect(await readStoredKey(page, 'join_leave_sound')).toBe('0');
  await chime.check();
  expect(await readStoredKey(page, 'join_leave_sound')).toBe('1');
  const [anaLink, benLink] = [(await ana.client.state()).connection, (await bob.client.state()).connection];
  expect(benLink?.room, 'both clients in the same room').toBe(anaLink?.room);
  expect(`${benLink?.ip}:${benLink?.port}`).toBe(`${anaLink?.ip}:${anaLink?.port}`);
  for (const client of [ana.client, bob.client]) {
    await expect
      .poll(async () => (await client.state()).connection?.framesReceived ?? 0, {
        message: 'audio frames from the other player, through the room server',
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
  }

  // Each page shows the other player in its rehearsal manager, and the room's quality, live.
  await expect(slotRow(page, 'en', benName)).toBeVisible();
  await expect(slotRow(page, 'en', anaName)).toContainText('(me)');
  await expect(slotRow(ben.page, 'en', anaName)).toBeVisible();
  for (const p of [page, ben.page]) {
    await expect(p.getByText(w.figures)).toBeVisible({ timeout: 30_000 });
    await expect(p.getByRole('img', { name: w.chart })).toBeVisible();
  }

  // A mixes B's slot; every change reaches A's audio client.
  const benRow = slotRow(page, 'en', benName);
  // B's meter on A's page moves with what A's client hears of B.
  const benMeter = benRow.getByRole('meter', { name: `Level of ${benName}` });
  await expect
    .poll(async () => Number(await benMeter.getAttribute('data-level')), { message: "B's level on A's page" })
    .toBeGreaterThan(0);
  const volume = benRow.getByRole('slider', { name: `Volume of ${benName}` });
  await volume.focus();
  for (let i = 0; i < 10; i++) await volume.press('ArrowLeft');
  await expect
    .poll(async () => (await ana.client.state()).mixer[String(benSlot)]?.volume, { message: 'slot volume' })
    .toBeCloseTo(0.9, 5);
  // The fader says its value, on screen and to a screen reader.
  await expect(volume).toHaveAttribute('aria-valuetext', '90%');
  await expect(benRow.getByText('90%', { exact: true }).first()).toBeVisible();
  const pan = benRow.getByRole('slider', { name: `Pan of ${benName}` });
  await pan.focus();
  for (let i = 0; i < 4; i++) await pan.press('ArrowRight');
  await expect
    .poll(async () => (await ana.client.state()).mixer[String(benSlot)]?.direction, { message: 'slot direction' })
    .toBeCloseTo(0.2, 5);
  await expect(pan).toHaveAttribute('aria-valuetext', '20% right');
  const mute = benRow.getByRole('button', { name: `Mute ${benName}` });
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await expectClient(ana.client, 'slot mute', (s) => s.mixer[String(benSlot)]?.muted, true);
  await benRow.getByRole('button', { name: `Solo ${benName}` }).click();
  await expectClient(ana.client, 'slot solo', (s) => s.mixer[String(benSlot)]?.solo, true);
  // B's own mix is B's: nothing of it changed.
  expect((await bob.client.state()).mixer[String(benSlot)]?.muted ?? false).toBe(false);

  await page.getByRole('radio', { name: 'The room' }).click();
  await expectClient(ana.client, 'reverb side', (s) => s.config.reverbSide, 'room');
  const reverb = page.getByRole('slider', { name: 'Reverb amount' });
  await reverb.focus();
  for (let i = 0; i < 5; i++) await reverb.press('ArrowRight');
  const shown = Number(await reverb.getAttribute('aria-valuenow'));
  await expect
    .poll(async () => (await ana.client.state()).config.reverbValue, { message: 'reverb amount' })
    .toBeCloseTo(shown / 100, 5);

  await page.getByRole('button', { name: 'Record to a file' }).click();
  await expect.poll(async () => (await ana.client.state()).recording?.name ?? null).not.toBeNull();
  // The manager's clock runs (minutes and seconds); after the stop it says where the take went, by its human name.
  await expect(page.getByRole('timer', { name: 'Elapsed time' })).toHaveText(/^00:0[1-9]$/);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expectClient(ana.client, 'recording stopped', (s) => s.recording, null);
  expect((await ana.client.state()).recordings.length).toBeGreaterThan(0);
  await expect(page.getByTestId('recording-notice')).toHaveText(/^Saved as \w+day \d{1,2} \w+ at \d\d:\d\d$/);

  // A edits the name (B sees it live) and the cover picture; B has no such controls.
  const renamed = `${name} (blues)`;
  await page.getByRole('button', { name: 'Edit the session' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit the session' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(ben.page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change the cover picture' }).click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: gradientPng() });
  await expect(page.getByText('The cover picture was updated.')).toBeVisible();
  await expect(page.getByRole('img', { name: `Cover picture of ${renamed}` })).toBeVisible();
  await expect(ben.page.getByRole('img', { name: `Cover picture of ${renamed}` })).toBeVisible();

  await expect(ben.page.getByRole('region', { name: 'Organizer tools' })).toHaveCount(0);
  for (const control of ['Edit the session', 'Change the cover picture', 'Invite']) {
    await expect(ben.page.getByRole('button', { name: control, exact: true })).toHaveCount(0);
  }

  // A hall open elsewhere (B's second tab) lists the live session B is invited to.
  const hall = await ben.context.newPage();
  await hall.goto('/studio/hall');
  const liveList = region(hall, w.invitations);
  await expect(liveList.getByRole('link', { name: `Join ${renamed}` })).toBeVisible();

  // A closes the tab: A's audio client leaves the room, and B sees A leave.
  await page.close({ runBeforeUnload: true });
  await expect(ben.page.getByRole('status').filter({ hasText: `${anaName} left` })).toBeVisible();
  await expect(slotRow(ben.page, 'en', anaName)).toHaveCount(0);
  // The page sends `disconnect` from its pagehide handler, but a closing tab may never flush it; the server's quit
  // also drops A's slot from the room, so A's client is refused at its next packet and its room link ends either way.
  await expect
    .poll(async () => (await ana.client.state()).connection, {
      message: "A's audio client left the room when A's tab closed (its room link ended)",
      timeout: 15_000,
    })
    .toBeNull();
  await expect(slotRow(ben.page, 'en', benName)).toBeVisible();

  // B leaves: nobody is left, yet the session waits for its players for a grace period (still live in the hall).
  await ben.page.getByRole('button', { name: w.leave }).click();
  await expect(ben.page.getByText(w.left)).toBeVisible();
  await expectClient(bob.client, 'room link after leaving', (s) => s.connection, null);
  await expect(ben.page.getByText(/Everyone has left\. The session stays open until/)).toBeVisible();
  await expect(liveList.getByText(renamed)).toBeVisible();
  // A, the organizer, ends it from elsewhere: B's page and the hall follow without a reload.
  const organizer = await apiSessionOf(request, ana.user);
  const end = await request.put(`/api/v1/open-rehearsal/${sessionId}`, {
    headers: organizer.headers,
    data: { status: 'ended' },
  });
  expect(end.status()).toBe(200);
  await expect(ben.page.getByText(/^This session ended at /)).toBeVisible();
  await expect(liveList.getByText(renamed)).toHaveCount(0);
  await expect(region(hall, w.activity).getByText(`${renamed} ended`)).toBeVisible();

  await ben.context.close();
});
