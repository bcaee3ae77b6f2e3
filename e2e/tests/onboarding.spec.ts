import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { bearer, createConfirmedUser, newUser, signInViaApi, signUpViaApi } from '../support/api.ts';
import { AUDIO_WORDS, nalsTokenOf } from '../support/audio.ts';
import { extractLink, waitForNewMail } from '../support/mail.ts';
import { test } from '../support/nals.ts';
import { screenshotAtWidths } from '../support/screenshots.ts';
import { logInViaUi, openBrowser, submitLogin } from '../support/ui.ts';

// Issue 14, point 4: the first sign-in after the confirmation opens the onboarding; each step ticks itself from what
// the server sees; the hall lists what is left until the checklist is complete.
test('a new musician is led through the onboarding: audio client detected, self-check, profile, then the hall', async ({
  browser,
  request,
  nals,
}) => {
  test.setTimeout(240_000);
  const w = AUDIO_WORDS.en;
  const user = newUser('onb');
  await signUpViaApi(request, user);
  const { context, page } = await openBrowser(browser);
  try {
    await test.step('confirming the email, then signing in for the first time, opens the onboarding', async () => {
      await page.goto(extractLink(await waitForNewMail(user.email), 'validate-account'));
      await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();
      await submitLogin(page, user);
      await expect(page).toHaveURL(/\/studio\/onboarding$/);
      await expect(page).toHaveTitle('Getting started | Tutti');
      await expect(page.getByText('0 of 3 steps done')).toBeVisible();
      await expect(page.getByText('Waiting for the audio client')).toBeVisible();
      await screenshotAtWidths(page, 'onboarding-start', 'en');
    });

    await test.step('starting the audio client shows it detected', async () => {
      await nals.start({ token: await nalsTokenOf(request, user) });
      await expect(page.getByText('Audio client detected.')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('1 of 3 steps done')).toBeVisible({ timeout: 15_000 });
    });

    await test.step('the echo self-check, run from the onboarding, ticks step two', async () => {
      await page.getByRole('link', { name: 'Run the self-check' }).click();
      await expect(page).toHaveURL(/\/nals\/selfcheck$/);
      await page.getByRole('button', { name: w.selfcheckStart }).click();
      await expect(page.getByTestId('selfcheck-verdict')).toBeVisible({ timeout: 60_000 });
      await page.goto('/studio/onboarding');
      await expect(page.getByText('Self-check passed.')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('2 of 3 steps done')).toBeVisible();
    });

    await test.step('the hall lists the step left', async () => {
      await page.goto('/studio/hall');
      await expect(page.getByRole('heading', { name: 'One step left to get started' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Complete your profile' })).toBeVisible();
      await screenshotAtWidths(page, 'onboarding-hall-reminder', 'en');
    });

    await test.step('a country and an instrument complete the profile and the checklist', async () => {
      // The profile page's own journey is my-profile.spec.ts; here the profile is filled in through the API.
      const serial = randomUUID();
      const tokens = await signInViaApi(request, user, serial);
      const headers = bearer(tokens.accessToken, serial);
      const profile = await request.put('/api/v2/me/profile', {
        headers,
        data: { country: 'FR', cityId: null, biography: '', publicProfile: true, socialLinks: [], musicStyles: [] },
      });
      expect(profile.status()).toBe(200);
      const skills = await request.put('/api/v1/me/music-skills', {
        headers,
        data: { instruments: [{ instrument: 'drums', skill: 'medium' }] },
      });
      expect(skills.status()).toBe(200);
      await page.goto('/studio/onboarding');
      await expect(page.getByText('All set: you are ready to rehearse.')).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Done', { exact: true })).toHaveCount(3);
      await screenshotAtWidths(page, 'onboarding-complete', 'en');
    });

    await test.step('the hall no longer shows the checklist', async () => {
      await page.getByRole('link', { name: 'Go to the hall', exact: true }).click();
      await expect(page).toHaveURL(/\/studio\/hall$/);
      await expect(page.getByRole('heading', { name: `Hello, ${user.username}` })).toBeVisible();
      await expect(page.getByRole('heading', { name: /left to get started/ })).toHaveCount(0);
    });
  } finally {
    await context.close();
  }
});

test('the hall’s audio setup step leads to the onboarding, in French', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const user = await createConfirmedUser(request, { prefix: 'onbfr', locale: 'fr' });
  const { context, page } = await openBrowser(browser, { locale: 'fr-FR' });
  try {
    await logInViaUi(page, user, { lang: 'fr' });
    // No audio client yet: one box, its first step, with the way to the guided setup (not the checklist beside it).
    await expect(page.getByRole('heading', { name: 'Installez votre client audio' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /étapes? pour bien démarrer/ })).toHaveCount(0);
    await screenshotAtWidths(page, 'onboarding-hall-setup', 'fr');
    await page.getByRole('link', { name: 'Ou suivez la configuration guidée' }).click();
    await expect(page).toHaveURL(/\/studio\/onboarding$/);
    await expect(page.getByText('Étapes faites : 0 sur 3')).toBeVisible();
    await screenshotAtWidths(page, 'onboarding-start', 'fr');
    await page.getByRole('button', { name: 'Passer pour l’instant' }).click();
    await expect(page).toHaveURL(/\/studio\/hall$/);
  } finally {
    await context.close();
  }
});
