import { expectAccessible } from '../support/a11y.ts';
import { expectStatus } from '../support/audio.ts';
import { signedInMusician } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';

// SPEC section 4: the audio app installation's states, as /download follows them after the download.
test.use({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
});

test('the download shows the installation in progress, kept across pages, then succeeded once the downloaded client starts', async ({
  page,
  request,
  nals,
}, testInfo) => {
  test.setTimeout(150_000);
  const { token } = await signedInMusician(page, request);
  await expectStatus(page, 'disconnected');
  await page.goto('/download');
  await expect(page.getByRole('heading', { level: 1, name: 'Download the audio client' })).toBeVisible();
  // Not installed: nothing downloaded, no client seen; the page only offers the download.
  await expect(page.getByTestId('install-status')).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: 'Linux', exact: true }).getByRole('link', { name: 'Download for Linux' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tutti-nals-\d+\.\d+\.\d+\.mjs$/);
  const program = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(program);

  const inProgress = page.getByRole('region', { name: 'Installation in progress' });
  await expect(inProgress).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Installation in progress' })).toHaveCount(1);
  await expect(inProgress).toContainText(/Time since the download: 00:0\d/);
  await expect(inProgress.getByRole('listitem')).toHaveText([
    "Open the file you downloaded, from your browser's downloads.",
    "Follow the installer's steps. The first time, the audio client asks for your token: it is on this page.",
    "Start Tutti's audio client: this page notices it by itself.",
  ]);
  await expectAccessible(page, 'download page, installation in progress');

  // To the hall and back, through a reload: the browser session keeps the download, and its time runs on.
  await page.goto('/studio/hall');
  await expect(page).toHaveURL(/\/studio\/hall$/);
  await page.goto('/download');
  await expect(inProgress).toBeVisible();
  await expect(inProgress).not.toContainText('Time since the download: 00:00');

  // The musician runs the file they downloaded: it says hello to the page.
  const client = await nals.start({ token, program });
  await expectStatus(page, 'connected');
  const succeeded = page.getByRole('region', { name: 'Installation succeeded' });
  await expect(succeeded).toContainText(
    /Tutti's audio client \d+\.\d+\.\d+ is installed, and its audio driver started\./,
  );
  await expect(page.getByRole('status').filter({ hasText: 'Installation succeeded' })).toHaveCount(1);
  await expect(inProgress).toHaveCount(0);
  const { version } = await client.state();
  await expect(succeeded).toContainText(`Tutti's audio client ${version} is installed`);
  await expectAccessible(page, 'download page, installation succeeded');
});

test.describe('in French', () => {
  // The login page follows the browser's language before the account's.
  test.use({ locale: 'fr-FR' });

  test('a download left without a client for ten minutes says the installation failed, with what to try (in French)', async ({
    page,
    request,
  }) => {
    await signedInMusician(page, request, 'fr');
    await page.goto('/download');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('region', { name: 'Linux', exact: true })
        .getByRole('link', { name: 'Télécharger pour Linux' })
        .click(),
    ]);
    await download.cancel();
    await expect(page.getByRole('region', { name: 'Installation en cours' })).toBeVisible();

    // Ten minutes later, as the tab's session remembers it: the download moved back in time, then the page reloaded.
    await page.evaluate(() => {
      const key = 'nalsInstallProgress';
      const progress = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { download: { at: number } };
      progress.download.at -= 10 * 60_000;
      sessionStorage.setItem(key, JSON.stringify(progress));
    });
    await page.reload();
    const failed = page.getByRole('region', { name: 'Échec de l’installation' });
    await expect(failed).toContainText(
      /Le client audio n’a pas démarré dans les 10\s+minutes qui ont suivi le téléchargement\./,
    );
    await expect(page.getByRole('status').filter({ hasText: 'Échec de l’installation' })).toHaveCount(1);
    await expect(failed.getByRole('link', { name: 'Aide en ligne' })).toHaveAttribute('href', /help/);
    await expect(failed.getByRole('link', { name: 'Télécharger à nouveau' })).toHaveAttribute(
      'href',
      /\/downloads\/nals\//,
    );
    await expectAccessible(page, 'download page, installation failed (fr)');
  });
});
