import { AUDIO_WORDS, chooseAudioMenuItem, expectStatus, interceptLaunchLinks, launchLinks } from '../support/audio.ts';
import { BROKER_URL } from '../support/env.ts';
import { expectClient, musicianWithClient, signedInMusician } from '../support/musician.ts';
import { expect, test } from '../support/nals.ts';

const w = AUDIO_WORDS.en;
const REFERENCE_VERSION = '0.11.0';

test('a 0.10.2 client is offered the reference version: upgrade with progress, then back to the previous one', async ({
  page,
  request,
  nals,
}) => {
  test.setTimeout(120_000);
  const { client } = await musicianWithClient(page, request, nals, { version: '0.10.2' });
  const banner = page.getByRole('region', { name: 'Audio client update' });
  await expect(banner).toContainText(w.upgradeAvailable);
  await expect(banner).toContainText(`Version ${REFERENCE_VERSION} is ready for you; you have 0.10.2.`);

  // The download lasts about a second: every value its progress bar takes is recorded, however briefly it shows.
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { __progressSeen: seen });
    const record = () => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Download progress"]');
      if (!bar || bar.getBoundingClientRect().width === 0) return;
      const value = Number(bar.getAttribute('aria-valuenow'));
      if (Number.isFinite(value) && seen[seen.length - 1] !== value) seen.push(value);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  await banner.getByRole('button', { name: w.upgrade }).click();

  await expectClient(client, 'version after the upgrade', (s) => s.version, REFERENCE_VERSION);
  await expect(banner).toContainText(`The audio client was upgraded to version ${REFERENCE_VERSION}.`);
  const progress = await page.evaluate(() => (window as unknown as { __progressSeen: number[] }).__progressSeen);
  expect(progress.length, `progress values shown: ${progress.join(', ')}`).toBeGreaterThanOrEqual(2);
  expect(
    progress.some((v) => v > 0 && v < 100),
    `progress values shown: ${progress.join(', ')}`,
  ).toBe(true);
  expect(
    [...progress].sort((a, b) => a - b),
    'progress never goes back',
  ).toEqual(progress);
  const upgraded = await client.state();
  expect(upgraded.previousVersion).toBe('0.10.2');
  expect(upgraded.downloadedVersions).toContain(REFERENCE_VERSION);
  expect(upgraded.signalCounts.nals_upgrade_ready).toBe(1);

  await banner.getByRole('button', { name: w.restore }).click();
  await expectClient(client, 'version after the rollback', (s) => s.version, '0.10.2');
  await expectStatus(page, 'connected');
  await expect(banner).toContainText(w.upgradeAvailable);
  await expect(banner.getByRole('button', { name: w.upgrade })).toBeVisible();
});

test('a client killed mid-session shows disconnected, and connected again once restarted, without a reload', async ({
  page,
  request,
  nals,
}) => {
  const { token, client } = await musicianWithClient(page, request, nals);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await client.kill();
  // The broker notices the dropped socket and publishes the client's last will (bye).
  await expectStatus(page, 'disconnected');

  const restarted = await nals.start({ token });
  await expectStatus(page, 'connected');
  expect((await restarted.state()).broker.online).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  // The page asked the new client for its settings, as after any hello.
  await expect.poll(async () => (await restarted.state()).signalCounts.current_config ?? 0).toBeGreaterThan(0);
});

test('the self-check runs every step against an echo room and shows the measured round trip', async ({
  page,
  request,
  nals,
}) => {
  test.setTimeout(120_000);
  const { client } = await musicianWithClient(page, request, nals);
  await page.goto('/nals/selfcheck');
  await expect(page).toHaveTitle('Self-check | Tutti');
  await page.getByRole('button', { name: w.selfcheckStart }).click();

  const result = page.getByRole('heading', { name: w.roundTrip });
  await expect(result).toBeVisible({ timeout: 60_000 });
  const steps = page.getByRole('list', { name: 'Self-check in progress' }).getByRole('listitem');
  const expected = [
    'Starting the self-check',
    'Waiting for the audio client',
    `Audio client detected (${REFERENCE_VERSION})`,
    'Starting the echo room',
    'Echo room started',
    'Connecting to the echo room',
    'Connected to the echo room',
    'Measurement finished',
    'Echo room stopped',
    'Audio client disconnected from the echo room',
  ];
  await expect(steps).toHaveText(expected.map((step) => `${step} · done`));
  await expect(page.getByText(/\d+ samples?, from [\d.,]+ to [\d.,]+ ms/)).toBeVisible();

  // The client really went to the room and back: one connection, closed, with pings measured over UDP.
  const state = await client.state();
  expect(state.connection).toBeNull();
  expect(state.signalCounts.cnx).toBe(1);
  expect(state.signalCounts.dis ?? 0).toBeGreaterThanOrEqual(1);
  expect(state.signalCounts.ping ?? 0).toBeGreaterThan(0);
  const shown = Number(/Round trip: ([\d.,]+)/.exec((await result.textContent()) ?? '')?.[1]?.replace(',', ''));
  expect(shown).toBeGreaterThan(0);
  // The verdict (thresholds in docs/decisions/0019): an echo room on this very machine answers in a few ms.
  await expect(page.getByTestId('selfcheck-verdict')).toHaveText(w.verdictExcellent);
});

test('the self-check reads a distant network as too high for tight playing, with the tips for it', async ({
  page,
  request,
  nals,
}) => {
  test.setTimeout(120_000);
  // 60 ms more on every datagram to the room: the round trip is past the 50 ms threshold whatever the machine adds.
  await musicianWithClient(page, request, nals, { latency: 60 });
  await page.goto('/nals/selfcheck');
  await page.getByRole('button', { name: w.selfcheckStart }).click();
  await expect(page.getByTestId('selfcheck-verdict')).toHaveText(w.verdictTooHigh, { timeout: 60_000 });
  const tips = page.getByRole('list', { name: 'To lower the delay' }).getByRole('listitem');
  // The four network tips, then, for a musician whose profile does not tell their connection, the way to tell it.
  await expect(tips).toHaveCount(5);
  await expect(tips.last().getByRole('link', { name: 'Set it in my profile' })).toHaveAttribute('href', '/me?edit=1');
});

test.describe('without an audio client', () => {
  test.use({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  });

  test('Start waits for the client, says it is not installed, leads to the Linux download; its link starts it', async ({
    page,
    request,
    nals,
  }) => {
    await interceptLaunchLinks(page);
    const { token } = await signedInMusician(page, request);
    await expectStatus(page, 'disconnected');

    const clicked = Date.now();
    await chooseAudioMenuItem(page, w.start);
    const dialog = page.getByRole('dialog', { name: w.notInstalled });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    // Nothing answered the launch link within its 2000 ms.
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1_900);
    const links = await launchLinks(page);
    expect(links).toHaveLength(1);
    const link = new URL(links[0] ?? '');
    expect(`${link.protocol}//${link.hostname}`).toBe('nals://start');
    expect(link.searchParams.get('token')).toBe(token);
    expect(link.searchParams.get('broker')).toBe(BROKER_URL);

    await dialog.getByRole('link', { name: w.downloadClient }).click();
    await expect(page).toHaveURL(/\/download$/);
    await expect(page).toHaveTitle('Download | Tutti');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Download the audio client' })).toBeVisible();
    // This computer's build first (a level-2 panel), the others below.
    const featured = page.getByRole('region', { name: 'Linux', exact: true });
    await expect(featured.getByRole('heading', { level: 2, name: 'Linux' })).toBeVisible();
    await expect(featured.getByRole('link', { name: 'Download for Linux' })).toHaveAttribute('href', /^https?:\/\/\S+/);
    const others = page.getByRole('region', { name: 'Other systems' });
    await expect(others.getByRole('heading', { level: 3 })).toHaveText(['Windows', 'macOS']);

    // Once installed, the client the system starts from that very link reaches this page.
    const client = await nals.start({ link: link.href });
    await expectStatus(page, 'connected');
    expect((await client.state()).broker.url).toBe(BROKER_URL);
  });
});

for (const [system, userAgent, panel] of [
  [
    'Windows 64-bit',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
    'Windows',
  ],
  [
    'an iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Unsupported device',
  ],
] as const) {
  test.describe(`on ${system}`, () => {
    test.use({ userAgent });
    test(`/download puts the "${panel}" panel first`, async ({ page, request }) => {
      await signedInMusician(page, request);
      await page.goto('/download');
      await expect(page.getByRole('heading', { level: 2, name: panel, exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: panel, exact: true })).toBeVisible();
    });
  });
}
