import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@tutti/contract/common';
import { testUser } from '../../../../test/current-user';
import { renderWithProviders } from '../../../../test/render';
import { AUDIO_DRIVER_NOT_STARTED, initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore, receive } from '../../../lib/nals/nals-store';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../../../lib/runtime-config';
import { setCurrentUser } from '../../../lib/session';
import { openConfigDialog } from '../components/dialogs';
import { NalsRuntime } from '../components/nals-runtime';
import { EMPTY_PROGRESS, installProgressStore, startDownload } from '../install-progress';
import { INSTALL_TIMEOUT_MS } from '../install-state';
import { DownloadPage } from './download-page';

// The page as a signed-in musician has it: the audio client's runtime beside it (its broker link mocked; the tests
// play the client's signals into the page's store), the reference version 0.11.0, on Linux.
vi.mock('../../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../../lib/nals/nals-store')>()),
  connectNals: vi.fn(() => () => undefined),
}));
vi.mock('../../../lib/nals/server-config', () => ({
  useServerConfig: () => ({ data: { queueHost: 'wss://tutti.example:8084', nalsRefVersion: '0.11.0' } }),
}));
vi.mock('../api/app-downloaded', () => ({ markAppDownloaded: vi.fn(async () => undefined) }));
vi.mock('../api/download-address', () => ({
  useDownloadAddress: (os: string) => ({ isPending: false, data: `https://downloads.example/tutti-${os}` }),
}));
vi.mock('../components/dialogs', () => ({ openConfigDialog: vi.fn(), openNotInstalledDialog: vi.fn() }));
vi.mock('../components/nals-releases', () => ({ NalsReleases: () => null }));
vi.mock('../components/token-card', () => ({ TokenCard: () => null }));
vi.mock('../platform', async (original) => ({
  ...(await original<typeof import('../platform')>()),
  currentPlatformClues: () => ({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' }),
}));

const ANA = testUser();
const hello = (version = '0.11.0') =>
  JSON.stringify({ signal: 'hello', data: { name: 'NALS', host: 'h', hostname: 'studio', version } });
const driverError = JSON.stringify({ signal: 'error', data: { code: AUDIO_DRIVER_NOT_STARTED } });
const bye = JSON.stringify({ signal: 'bye' });

const WORDS = {
  en: {
    inProgress: 'Installation in progress',
    succeeded: 'Installation succeeded',
    partial: 'Partially installed',
    failed: 'Installation failed',
    download: 'Download for Linux',
    elapsed: 'Time since the download: 02:05',
    steps: [
      "Open the file you downloaded, from your browser's downloads.",
      "Follow the installer's steps. The first time, the audio client asks for your token: it is on this page.",
      "Start Tutti's audio client: this page notices it by itself.",
    ],
    installed: "Tutti's audio client 0.11.0 is installed, and its audio driver started.",
    driver: 'its audio driver did not start. Check that:',
    older: 'it is older than the current version, 0.11.0.',
    upgrade: 'Download version 0.11.0',
    late: 'The audio client did not start within 10 minutes of the download.',
    tries: ['Run the installer again', 'antivirus', 'Download it again'],
    again: 'Download again',
    help: 'Online help',
  },
  fr: {
    inProgress: 'Installation en cours',
    succeeded: 'Installation réussie',
    partial: 'Installation partielle',
    failed: 'Échec de l’installation',
    download: 'Télécharger pour Linux',
    elapsed: 'Temps écoulé depuis le téléchargement : 02:05',
    steps: [
      'Ouvrez le fichier téléchargé, depuis les téléchargements de votre navigateur.',
      'Suivez les étapes du programme d’installation. La première fois, le client audio demande votre jeton : il est sur cette page.',
      'Lancez le client audio de Tutti : cette page le remarque d’elle-même.',
    ],
    installed: 'Le client audio 0.11.0 de Tutti est installé, et son pilote audio a démarré.',
    driver: 'son pilote audio n’a pas démarré. Vérifiez que :',
    older: 'il est plus ancien que la version actuelle, 0.11.0.',
    upgrade: 'Télécharger la version 0.11.0',
    late: 'Le client audio n’a pas démarré dans les 10 minutes qui ont suivi le téléchargement.',
    tries: ['Relancez le programme d’installation', 'antivirus', 'Téléchargez-le à nouveau'],
    again: 'Télécharger à nouveau',
    help: 'Aide en ligne',
  },
} as const;

function renderPage(locale: Locale) {
  return renderWithProviders(
    <>
      <NalsRuntime user={ANA} />
      <DownloadPage />
    </>,
    { locale },
  );
}
const play = (...signals: string[]) => act(() => signals.forEach((signal) => receive(signal)));
const announced = () => screen.getByRole('status');

describe.each(['en', 'fr'] as const)('DownloadPage: the installation’s state (%s)', (locale) => {
  const w = WORDS[locale];
  beforeEach(() => {
    setCurrentUser(ANA);
    setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, helpUrl: 'https://tutti.example/help' });
  });
  afterEach(() => {
    nalsStore.setState(initialNalsState, true);
    installProgressStore.setState(EMPTY_PROGRESS, true);
    setCurrentUser(null);
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('shows nothing before a download (not installed), "in progress" with what to do after it, then "succeeded"', async () => {
    renderPage(locale);
    expect(screen.queryByTestId('install-status')).not.toBeInTheDocument();
    expect(announced()).toBeEmptyDOMElement();

    const button = screen.getByRole('link', { name: w.download });
    button.addEventListener('click', (event) => event.preventDefault()); // no navigation in the test
    await userEvent.click(button);
    const progress = screen.getByRole('region', { name: w.inProgress });
    expect(announced()).toHaveTextContent(w.inProgress);
    // French puts a no-break space before a colon: compared as any space, as the text queries do.
    const steps = within(progress)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s+/g, ' '));
    expect(steps).toEqual(w.steps);

    play(hello());
    expect(announced()).toHaveTextContent(w.succeeded);
    expect(screen.getByRole('region', { name: w.succeeded })).toHaveTextContent(w.installed);
    expect(screen.queryByRole('region', { name: w.inProgress })).not.toBeInTheDocument();
  });

  it('counts the time since a download made earlier in the session, and fails at the time-out', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00Z'), toFake: ['setInterval', 'clearInterval', 'Date'] });
    startDownload(ANA.id, 'linux', Date.now() - 125_000);
    renderPage(locale);
    expect(screen.getByRole('region', { name: w.inProgress })).toHaveTextContent(w.elapsed);

    act(() => vi.advanceTimersByTime(INSTALL_TIMEOUT_MS - 125_000 - 1_000));
    expect(screen.getByRole('region', { name: w.inProgress })).toHaveTextContent('09:59');
    act(() => vi.advanceTimersByTime(1_000));
    expect(announced()).toHaveTextContent(w.failed);
    expect(screen.queryByRole('region', { name: w.inProgress })).not.toBeInTheDocument();
  });

  it('says "installation failed" with what to try, the download again and the online help', async () => {
    startDownload(ANA.id, 'linux', Date.now() - INSTALL_TIMEOUT_MS - 60_000);
    renderPage(locale);
    const failed = screen.getByRole('region', { name: w.failed });
    expect(announced()).toHaveTextContent(w.failed);
    expect(failed).toHaveTextContent(w.late);
    for (const tip of w.tries) expect(failed).toHaveTextContent(tip);
    expect(within(failed).getByRole('link', { name: w.help })).toHaveAttribute('href', 'https://tutti.example/help');

    const again = within(failed).getByRole('link', { name: w.again });
    expect(again).toHaveAttribute('href', 'https://downloads.example/tutti-linux');
    again.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(again);
    expect(announced()).toHaveTextContent(w.inProgress);
    expect(screen.getByRole('region', { name: w.inProgress })).toBeInTheDocument();
  });

  it('is "partially installed" when the audio driver did not start, with the driver advice', async () => {
    startDownload(ANA.id, 'linux', Date.now() - 30_000);
    renderPage(locale);
    play(hello(), driverError);
    const partial = screen.getByRole('region', { name: w.partial });
    expect(announced()).toHaveTextContent(w.partial);
    expect(partial).toHaveTextContent(w.driver);
    expect(partial).not.toHaveTextContent(w.older);
    await userEvent.click(within(partial).getByRole('button'));
    expect(openConfigDialog).toHaveBeenCalledOnce();

    // Stopped (bye), it stays partially installed until a hello says otherwise.
    play(bye);
    expect(screen.getByRole('region', { name: w.partial })).toHaveTextContent(w.driver);
    play(hello());
    expect(screen.getByRole('region', { name: w.succeeded })).toBeInTheDocument();
  });

  it('is "partially installed" with a version older than the reference one, and offers the current one', async () => {
    renderPage(locale);
    play(hello('0.10.2'));
    const partial = screen.getByRole('region', { name: w.partial });
    expect(partial).toHaveTextContent(w.older);
    expect(partial).not.toHaveTextContent(w.driver);
    const upgrade = within(partial).getByRole('link', { name: w.upgrade });
    upgrade.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(upgrade);
    // The old client still runs; once the installer stops it, the page waits for the new one.
    expect(screen.getByRole('region', { name: w.partial })).toBeInTheDocument();
    play(bye);
    expect(screen.getByRole('region', { name: w.inProgress })).toBeInTheDocument();
    play(hello());
    expect(screen.getByRole('region', { name: w.succeeded })).toBeInTheDocument();
  });
});
