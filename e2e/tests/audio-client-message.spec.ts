import { expectStatus } from '../support/audio.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { expectClient, signedInMusician } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';
import { apiSessionOf, createOpenRehearsalViaApi, SESSION_WORDS } from '../support/sessions.ts';

const w = SESSION_WORDS.en;

/**
 * Decision 0033: the audio client relays a one-line note given to it at start (`private_chat_message {from, text}`);
 * the rehearsal manager shows it as plain text, dismissible. It is not a private conversation: nothing reaches the
 * server.
 */
test('the audio client’s note shows in the rehearsal manager as plain text, until dismissed', async ({
  page,
  request,
  nals,
}) => {
  test.setTimeout(120_000);
  const { user, token } = await signedInMusician(page, request);
  const session = await createOpenRehearsalViaApi(request, await apiSessionOf(request, user), {
    name: `Note ${user.username.slice(-4)}`,
    public: false,
  });
  await page.goto(`/studio/open-rehearsal/${session.id}`);
  await expectStatus(page, 'disconnected');
  // The page is listening before the client starts: the note comes once, right after its first hello.
  const client = await nals.start({ token, chat: { from: 'Studio B', text: '<b>Soundcheck</b> at 8' } });
  await expectStatus(page, 'connected');
  await expectClient(client, 'note relayed', (s) => s.signalCounts['private_chat_message'], 1);
  await page.getByRole('button', { name: w.join }).click();
  await expect(page.getByRole('heading', { name: w.manager })).toBeVisible();
  const note = page.getByTestId('audio-client-message');
  await expect(note).toContainText('Message from the audio client');
  await expect(note).toContainText('From Studio B: <b>Soundcheck</b> at 8');
  await expect(note.locator('b')).toHaveCount(0);
  await screenshotAtWidths(page, 'audio-client-message', 'en');
  await note.getByRole('button', { name: 'Dismiss the message' }).click();
  await expect(note).toHaveCount(0);
});
