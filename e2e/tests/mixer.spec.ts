import type { Locator } from '@playwright/test';
import { openConfiguration } from '../support/audio.ts';
import { expectClient, musicianWithClient } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';
import { BROWSER_LOCALE, openBrowser } from '../support/ui.ts';

/** Units are written after a no-break space ("300 ms"), which the page's visible text shows as a space. */
const NBSP = '\u00a0';

/** Presses a key on a slider `times` times, as a person nudging it with the keyboard; each press is sent. */
async function nudge(slider: Locator, key: 'ArrowRight' | 'ArrowLeft', times: number): Promise<void> {
  await slider.focus();
  for (let i = 0; i < times; i++) await slider.press(key);
}

/** The value a slider says (aria-valuetext) and the same text next to its name, where a person reads it. */
async function expectShows(dialog: Locator, slider: Locator, text: string): Promise<void> {
  await expect(slider).toHaveAttribute('aria-valuetext', text);
  await expect(dialog.getByText(text, { exact: true }).first()).toBeVisible();
}

test('the delay reads like a mixer: a slider moved with the keyboard shows its unit, lands in the client, and Reset brings the defaults back', async ({
  page,
  request,
  nals,
}) => {
  const { client } = await musicianWithClient(page, request, nals);
  const before = (await client.state()).effects;
  expect(before?.delay).toMatchObject({ timeInSec: 0.3, feedback: 0.3, mixer: 0.25 });

  const dialog = await openConfiguration(page);
  const time = dialog.getByRole('slider', { name: 'Delay time', exact: true });
  const feedback = dialog.getByRole('slider', { name: 'Feedback', exact: true });
  // The client's seconds and fractions, in milliseconds and percent; the slider's ends are the client's bounds.
  await expectShows(dialog, time, `300${NBSP}ms`);
  await expect(time).toHaveAttribute('aria-valuemin', '10');
  await expect(time).toHaveAttribute('aria-valuemax', '2000');
  await expectShows(dialog, feedback, '30%');

  await nudge(time, 'ArrowRight', 3);
  await expectShows(dialog, time, `330${NBSP}ms`);
  await expectClient(client, 'delay time', (s) => s.effects?.delay.timeInSec, 0.33);
  await nudge(feedback, 'ArrowLeft', 5);
  await expectShows(dialog, feedback, '25%');
  await expectClient(client, 'feedback', (s) => s.effects?.delay.feedback, 0.25);
  // Still the client's figure once the slider stops showing what was sent.
  await page.waitForTimeout(2_000);
  await expectShows(dialog, time, `330${NBSP}ms`);

  await dialog.getByRole('button', { name: 'Reset the delay', exact: true }).click();
  await expectClient(client, 'delay after Reset', (s) => s.effects?.delay, before?.delay);
  await expectShows(dialog, time, `300${NBSP}ms`);
  await expectShows(dialog, feedback, '30%');
  // The other effects were left alone.
  expect((await client.state()).effects?.amp).toEqual(before?.amp);
});

test('in French, the chorus and the delay write their figures with a decimal comma and French units', async ({
  browser,
  request,
  nals,
}) => {
  const { context, page } = await openBrowser(browser, { locale: BROWSER_LOCALE.fr });
  const { client } = await musicianWithClient(page, request, nals, {}, 'fr');
  const before = (await client.state()).effects;
  expect(before?.chorus?.rateInHz).toBe(1.5);

  const dialog = await openConfiguration(page, 'fr');
  const rate = dialog.getByRole('slider', { name: 'Vitesse', exact: true });
  const time = dialog.getByRole('slider', { name: 'Durée de l’écho', exact: true });
  await expectShows(dialog, rate, `1,5${NBSP}Hz`);
  await expectShows(dialog, dialog.getByRole('slider', { name: 'Réinjection', exact: true }), `30${NBSP}%`);

  await nudge(rate, 'ArrowRight', 2);
  await expectShows(dialog, rate, `1,7${NBSP}Hz`);
  await expectClient(client, 'chorus rate', (s) => s.effects?.chorus?.rateInHz, 1.7);
  await nudge(time, 'ArrowLeft', 1);
  await expectShows(dialog, time, `290${NBSP}ms`);
  await expectClient(client, 'delay time', (s) => s.effects?.delay.timeInSec, 0.29);

  await dialog.getByRole('button', { name: 'Réinitialiser le chorus', exact: true }).click();
  await expectClient(client, 'chorus after Reset', (s) => s.effects?.chorus, before?.chorus);
  await expectShows(dialog, rate, `1,5${NBSP}Hz`);
  await dialog.getByRole('button', { name: 'Réinitialiser l’écho', exact: true }).click();
  await expectClient(client, 'delay after Reset', (s) => s.effects?.delay.timeInSec, 0.3);
  await expectShows(dialog, time, `300${NBSP}ms`);
  await context.close();
});
