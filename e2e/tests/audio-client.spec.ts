import { AUDIO_WORDS, expectStatus, openConfiguration, openLogs, typeNumber } from '../support/audio.ts';
import { expectClient, musicianWithClient } from '../support/musician.ts';
import { expect, test, type NalsEmulatorState } from '../support/nals.ts';
import { chooseOption } from '../support/ui.ts';

const w = AUDIO_WORDS.en;
/** Units are written after a no-break space ("300 ms"). */
const NBSP = '\u00a0';
type Key = 'ArrowRight' | 'ArrowLeft' | 'Home' | 'End';

test('a connected client is configured from the dialog: every value lands in the client and the dialog shows it', async ({
  page,
  request,
  nals,
}) => {
  test.setTimeout(150_000);
  const { client } = await musicianWithClient(page, request, nals);
  const before = await client.state();
  expect(before.version).toBe('0.11.0');
  expect(before.broker.online).toBe(true);

  const dialog = await openConfiguration(page);
  await expect(dialog.getByText(`${before.hello.name} 0.11.0 on ${before.hello.hostname}`)).toBeVisible();

  // Device: one change at a time, each confirmed by the client before the next (each command carries the others).
  await chooseOption(page, 'Sound card', 'USB Audio Interface 2i2 (simulated)');
  await expectClient(client, 'sound card', (s) => s.config.soundCard, 'sim-usb-2i2');
  await chooseOption(page, 'Channel mode', 'Mono in, stereo out');
  await expectClient(client, 'channel mode', (s) => s.config.audioChannel, 2);
  await chooseOption(page, 'Quality', 'High');
  await expectClient(client, 'quality', (s) => s.config.audioQuality, 2);
  // Each buffer size says its latency (at 48 kHz).
  await chooseOption(page, 'Buffer size', '128 frames · 2.7\u00a0ms');
  await expectClient(client, 'buffer size', (s) => s.config.audioBufferSize, 128);
  await chooseOption(page, 'Preferred frame size', '512 frames');
  await expectClient(client, 'preferred frame size', (s) => s.config.prefAudioFrameSize, 512);

  // Jitter: automatic off, then both buffers by hand.
  const autoJitter = dialog.getByRole('switch', { name: 'Automatic jitter' });
  await expect(autoJitter).toBeChecked();
  await expect(dialog.getByLabel('Local jitter', { exact: true })).toBeDisabled();
  await autoJitter.click();
  await expect(dialog.getByLabel('Local jitter', { exact: true })).toBeEnabled();
  await expectClient(client, 'automatic jitter', (s) => s.config.jitterToggle, false);
  await typeNumber(dialog, 'Local jitter', 9);
  await expectClient(client, 'local jitter', (s) => s.config.jitterConfig.local, 9);
  await typeNumber(dialog, 'Server jitter', 12);
  await expectClient(client, 'jitter', (s) => s.config.jitterConfig, { local: 9, server: 12 });

  // Reverb: the room's, five steps above the client's 30 %.
  await chooseOption(page, 'Reverb side', 'Room');
  await expectClient(client, 'reverb side', (s) => s.config.reverbSide, 'room');
  const reverb = dialog.getByRole('slider', { name: 'Reverb level' });
  await expect(reverb).toHaveAttribute('aria-valuenow', '30');
  await reverb.focus();
  for (let i = 0; i < 5; i++) await reverb.press('ArrowRight');
  await expect
    .poll(async () => (await client.state()).config.reverbValue, { message: 'reverb level', timeout: 15_000 })
    .toBeCloseTo(0.35, 5);

  // Effects: amp, delay, chorus (a 0.11.0 client has all three).
  await expect(dialog.getByRole('heading', { name: w.effects })).toBeVisible();
  await chooseOption(page, 'Amp model', 'Lead');
  await expectClient(client, 'amp model', (s) => s.effects?.amp.stack, 2);
  // Each value a slider, nudged with the keyboard from the client's defaults (apps/nals: engine/effects.ts); each
  // press is sent. The client holds its own scale (seconds, 0 to 1), the slider says milliseconds and percent.
  const sliders: [string, Key, number, number, string, (s: NalsEmulatorState) => number | undefined][] = [
    ['Bass', 'ArrowRight', 2, 5.2, '5.2', (s) => s.effects?.amp.bass],
    ['Middle', 'ArrowLeft', 2, 4.8, '4.8', (s) => s.effects?.amp.middle],
    ['Treble', 'End', 1, 10, '10', (s) => s.effects?.amp.treble],
    ['Drive', 'Home', 1, 0, '0', (s) => s.effects?.amp.drive],
    ['Gain', 'ArrowLeft', 3, -1.5, `-1.5${NBSP}dB`, (s) => s.effects?.amp.gain],
    ['Delay time', 'ArrowRight', 2, 0.32, `320${NBSP}ms`, (s) => s.effects?.delay.timeInSec],
    ['Feedback', 'ArrowRight', 4, 0.34, '34%', (s) => s.effects?.delay.feedback],
    ['Delay mix', 'End', 1, 1, '100%', (s) => s.effects?.delay.mixer],
    ['Pitch', 'ArrowRight', 5, 0.0105, `10.5${NBSP}ms`, (s) => s.effects?.chorus?.pitchInSec],
    ['Voices', 'ArrowRight', 2, 5, `5${NBSP}voices`, (s) => s.effects?.chorus?.voices],
    ['Rate', 'ArrowRight', 3, 1.8, `1.8${NBSP}Hz`, (s) => s.effects?.chorus?.rateInHz],
    ['Depth', 'Home', 1, 0, '0%', (s) => s.effects?.chorus?.depth],
    ['Width', 'ArrowLeft', 3, 0.47, '47%', (s) => s.effects?.chorus?.width],
    ['Chorus mix', 'End', 1, 1, '100%', (s) => s.effects?.chorus?.mixer],
  ];
  for (const [label, key, times, value, text, pick] of sliders) {
    const slider = dialog.getByRole('slider', { name: label, exact: true });
    await slider.focus();
    for (let i = 0; i < times; i++) await slider.press(key);
    await expect(slider).toHaveAttribute('aria-valuetext', text);
    await expectClient(client, label, pick, value);
  }
  for (const [label, pick] of [
    ['Insane', (s: NalsEmulatorState) => s.effects?.amp.insane],
    ['Chorus on delay', (s: NalsEmulatorState) => s.effects?.delay.chorus],
  ] as const) {
    const toggle = dialog.getByRole('switch', { name: label, exact: true });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expectClient(client, label, pick, true);
  }

  // The dialog shows what the client holds, once more after closing and opening it again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const again = await openConfiguration(page);
  const state = await client.state();
  const selected = (label: string) => again.getByLabel(label, { exact: true }).locator('option:checked');
  await expect(selected('Sound card')).toHaveText('USB Audio Interface 2i2 (simulated)');
  await expect(selected('Channel mode')).toHaveText('Mono in, stereo out');
  await expect(selected('Quality')).toHaveText('High');
  await expect(selected('Buffer size')).toHaveText('128 frames · 2.7\u00a0ms');
  await expect(selected('Preferred frame size')).toHaveText('512 frames');
  await expect(again.getByRole('switch', { name: 'Automatic jitter' })).not.toBeChecked();
  await expect(again.getByLabel('Local jitter', { exact: true })).toHaveValue('9');
  await expect(again.getByLabel('Server jitter', { exact: true })).toHaveValue('12');
  await expect(selected('Reverb side')).toHaveText('Room');
  await expect(again.getByRole('slider', { name: 'Reverb level' })).toHaveAttribute(
    'aria-valuenow',
    String(Math.round(state.config.reverbValue * 100)),
  );
  await expect(selected('Amp model')).toHaveText('Lead');
  for (const [label, , , , text] of sliders)
    await expect(again.getByRole('slider', { name: label, exact: true })).toHaveAttribute('aria-valuetext', text);
  await expect(again.getByRole('switch', { name: 'Insane', exact: true })).toBeChecked();
  await expect(again.getByRole('switch', { name: 'Chorus on delay', exact: true })).toBeChecked();
});

test('effect sliders end at the client bounds: the ends reach them, the client holds them, nothing goes beyond', async ({
  page,
  request,
  nals,
}) => {
  const { client } = await musicianWithClient(page, request, nals);
  const bounds = (await client.state()).effects?.amp.bounds;
  expect(bounds?.drive).toEqual({ min: 0, max: 30 });
  expect(bounds?.gain).toEqual({ min: -12, max: 12 });

  const dialog = await openConfiguration(page);
  const drive = dialog.getByRole('slider', { name: 'Drive', exact: true });
  await expect(drive).toHaveAttribute('aria-valuemax', '30');
  await drive.focus();
  await drive.press('End');
  await drive.press('ArrowRight');
  await expectClient(client, 'drive', (s) => s.effects?.amp.drive, 30);
  await expect(drive).toHaveAttribute('aria-valuetext', '30');
  const gain = dialog.getByRole('slider', { name: 'Gain', exact: true });
  await expect(gain).toHaveAttribute('aria-valuemin', '-12');
  await gain.focus();
  await gain.press('Home');
  await gain.press('ArrowLeft');
  await expectClient(client, 'gain', (s) => s.effects?.amp.gain, -12);
  await expect(gain).toHaveAttribute('aria-valuetext', `-12${NBSP}dB`);
  // Still the client's figure once the slider stops showing what was sent.
  await page.waitForTimeout(2_000);
  await expect(drive).toHaveAttribute('aria-valuetext', '30');
});

test('a 0.9.0 client has no effects and no preferred frame size: the dialog hides them', async ({
  page,
  request,
  nals,
}) => {
  const { client } = await musicianWithClient(page, request, nals, { version: '0.9.0' });
  const state = await client.state();
  expect(state.version).toBe('0.9.0');
  expect(state.effects).toBeNull();
  expect(state.config.prefAudioFrameSize).toBeNull();

  const dialog = await openConfiguration(page);
  await expect(dialog.getByText(`${state.hello.name} 0.9.0 on ${state.hello.hostname}`)).toBeVisible();
  await expect(dialog.getByLabel('Buffer size', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Effects need audio client 0.10.0 or later (yours: 0.9.0).')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: w.effects })).toHaveCount(0);
  for (const label of ['Preferred frame size', 'Drive', 'Amp model', 'Delay time', 'Pitch']) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveCount(0);
  }
});

test('a client failing to start its audio driver shows the error status, counts it in the logs, lists its code', async ({
  page,
  request,
  nals,
}) => {
  const { token, client } = await musicianWithClient(page, request, nals, { fail: ['AUDIO_DRIVER_NOT_STARTED'] });
  expect((await client.state()).faults).toEqual(['AUDIO_DRIVER_NOT_STARTED']);

  await page.getByRole('button', { name: w.menu, exact: true }).click();
  const logsItem = page.getByRole('menuitem', { name: /^Logs/ });
  await expect(logsItem).toContainText('1');
  await expect(logsItem).toHaveAccessibleName(/1 message/);
  await page.keyboard.press('Escape');

  const logs = await openLogs(page);
  await expect(logs.getByText('AUDIO_DRIVER_NOT_STARTED', { exact: true })).toBeVisible();
  await expect(logs.getByText('The audio driver failed to start.')).toBeVisible();
  await expect(logs.getByText(w.noError)).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The failure lasts, so a page opened later (here: reloaded) learns of it from the client's answer to its hello.
  await page.reload();
  await expectStatus(page, 'error');

  // The configuration dialog warns about the driver as well.
  const dialog = await openConfiguration(page);
  await expect(dialog.getByRole('alert')).toContainText('The audio driver failed to start.');
  await page.keyboard.press('Escape');

  // That client stops (it says bye); a fresh one without any failure has nothing to report.
  await client.stop();
  await expectStatus(page, 'disconnected');
  await nals.start({ token });
  await expectStatus(page, 'connected');
  const clean = await openLogs(page);
  await expect(clean.getByText(w.noError)).toBeVisible();
});
