import { openConfiguration } from '../support/audio.ts';
import { expectClient, musicianWithClient } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';

test('a recording made from the dialog is listed as the client holds it, then deleted from both', async ({
  page,
  request,
  nals,
}, testInfo) => {
  test.setTimeout(120_000);
  // A folder of this test only: other emulators of the run record into the machine's shared one.
  const { client } = await musicianWithClient(page, request, nals, { recordings: testInfo.outputPath('recordings') });
  const dialog = await openConfiguration(page);
  const section = dialog.getByRole('region', { name: 'Recordings' });
  // Opening the dialog asked for the catalog: the client's folder is empty.
  await expect(section.getByText('No recording yet.')).toBeVisible();

  await section.getByRole('button', { name: 'Record to file' }).click();
  await expect
    .poll(async () => (await client.state()).recording?.maxSeconds, { message: 'client recording', timeout: 15_000 })
    .toBe(600);
  const name = (await client.state()).recording?.name ?? '';
  expect(name).toMatch(/\.wav$/);
  // The elapsed time runs: wait for a full second of sound before stopping.
  await expect(section.getByRole('timer', { name: 'Elapsed time' })).toHaveText(/^0:0[1-9] \/ 10:00$/);
  await section.getByRole('button', { name: 'Stop recording' }).click();
  await expectClient(client, 'recording stopped', (s) => s.recording, null);

  // Stopping asked for the catalog again: the new file is listed with its duration, size and date.
  const row = section.getByRole('listitem', { name });
  await expect(row).toContainText(/\d:\d\d · [\d.]+ kB · \d{1,2} \w{3} \d{4}, \d\d:\d\d/);
  const held = (await client.state()).recordings;
  expect(held.map((r) => r.name)).toEqual([name]);
  expect(held[0]?.durationSec).toBeGreaterThanOrEqual(1);

  await row.getByRole('button', { name: 'Delete' }).click();
  await row.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(section.getByText('No recording yet.')).toBeVisible();
  await expectClient(client, 'recordings', (s) => s.recordings.map((r) => r.name), []);
});
