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
  const { name = '', startedAt = '' } = (await client.state()).recording ?? {};
  expect(name).toMatch(/\.wav$/);
  // The elapsed time runs (minutes and seconds): wait for a full second of sound before stopping.
  const timer = section.getByRole('timer', { name: 'Elapsed time' });
  await expect(timer).toHaveText(/^00:0[1-9] \/ 10:00$/);
  await section.getByRole('button', { name: 'Stop recording' }).click();
  await expectClient(client, 'recording stopped', (s) => s.recording, null);
  await expect(timer).toHaveCount(0);

  // The notice names the recording as a person would: when it started, in the page's language and time zone.
  const human = await page.evaluate(
    (at) =>
      new Intl.DateTimeFormat('en-GB', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(at)),
    startedAt,
  );
  expect(human).toMatch(/^\w+day \d{1,2} \w+ at \d\d:\d\d$/);
  await expect(section.getByRole('status').filter({ hasText: 'Saved as' })).toHaveText(`Saved as ${human}`);

  // Stopping asked for the catalog again: the new file is listed by its human name (the client's date of the file,
  // the same minute or the next), then its file name, duration and size.
  const row = section.getByRole('listitem', { name });
  await expect(row).toContainText(/^\w+day \d{1,2} \w+ at \d\d:\d\d/);
  await expect(row.getByText(name, { exact: true })).toBeVisible();
  await expect(row).toContainText(/\d:\d\d · [\d.]+ kB/);
  const held = (await client.state()).recordings;
  expect(held.map((r) => r.name)).toEqual([name]);
  expect(held[0]?.durationSec).toBeGreaterThanOrEqual(1);

  await row.getByRole('button', { name: 'Delete' }).click();
  await row.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(section.getByText('No recording yet.')).toBeVisible();
  await expectClient(client, 'recordings', (s) => s.recordings.map((r) => r.name), []);
});
