import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../../../test/current-user';
import { renderWithProviders } from '../../../../../test/render';
import { AUDIO_DRIVER_NOT_STARTED, initialNalsState } from '../../../../lib/nals/nals-state';
import { nalsStore, receive } from '../../../../lib/nals/nals-store';
import { setCurrentUser } from '../../../../lib/session';
import { EMPTY_PROGRESS, installProgressStore, startDownload } from '../../install-progress';
import { INSTALL_TIMEOUT_MS } from '../../install-state';
import { NalsRuntime } from '../nals-runtime';
import { AudioClientStep } from './audio-client-step';

// The onboarding's first step with the audio client's runtime beside it, as on the page (broker link mocked).
vi.mock('../../../../lib/nals/nals-store', async (original) => ({
  ...(await original<typeof import('../../../../lib/nals/nals-store')>()),
  connectNals: vi.fn(() => () => undefined),
}));
vi.mock('../../../../lib/nals/server-config', () => ({
  useServerConfig: () => ({ data: { queueHost: 'wss://tutti.example:8084', nalsRefVersion: '0.11.0' } }),
}));
vi.mock('../../api/app-downloaded', () => ({ markAppDownloaded: vi.fn(async () => undefined) }));
vi.mock('../../api/download-address', () => ({
  useDownloadAddress: (os: string) => ({ isPending: false, data: `https://downloads.example/tutti-${os}` }),
}));
vi.mock('../dialogs', () => ({ openConfigDialog: vi.fn(), openNotInstalledDialog: vi.fn() }));
vi.mock('../../platform', async (original) => ({
  ...(await original<typeof import('../../platform')>()),
  currentPlatformClues: () => ({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0' }),
}));

const ANA = testUser({ audioClientSeen: false });
const hello = JSON.stringify({
  signal: 'hello',
  data: { name: 'NALS', host: 'h', hostname: 'studio', version: '0.11.0' },
});
const driverError = JSON.stringify({ signal: 'error', data: { code: AUDIO_DRIVER_NOT_STARTED } });

const WORDS = {
  en: {
    download: 'Download for Windows',
    copy: 'Copy the token',
    inProgress: 'Installation in progress',
    succeeded: 'Installation succeeded',
    partial: 'Partially installed',
    failed: 'Installation failed',
    detected: 'Audio client detected.',
    again: 'Download again',
    driver: 'its audio driver did not start',
  },
  fr: {
    download: 'Télécharger pour Windows',
    copy: 'Copier le jeton',
    inProgress: 'Installation en cours',
    succeeded: 'Installation réussie',
    partial: 'Installation partielle',
    failed: 'Échec de l’installation',
    detected: 'Client audio détecté.',
    again: 'Télécharger à nouveau',
    driver: 'son pilote audio n’a pas démarré',
  },
} as const;

function renderStep(locale: 'en' | 'fr') {
  return renderWithProviders(
    <ol>
      <NalsRuntime user={ANA} />
      <AudioClientStep number={1} done={false} />
    </ol>,
    { locale },
  );
}

describe.each(['en', 'fr'] as const)('AudioClientStep: the installation’s state (%s)', (locale) => {
  const w = WORDS[locale];
  beforeEach(() => setCurrentUser(ANA));
  afterEach(() => {
    nalsStore.setState(initialNalsState, true);
    installProgressStore.setState(EMPTY_PROGRESS, true);
    setCurrentUser(null);
    vi.clearAllMocks();
  });

  it('offers the download, then follows the installation in its place until the client says hello', async () => {
    renderStep(locale);
    expect(screen.queryByTestId('install-status')).not.toBeInTheDocument();
    const button = screen.getByRole('link', { name: w.download });
    button.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(button);

    expect(screen.getByRole('status')).toHaveTextContent(w.inProgress);
    expect(screen.getByRole('region', { name: w.inProgress })).toBeInTheDocument();
    // Downloaded: no second download button, but the token the installer asks for is still there.
    expect(screen.queryByRole('link', { name: w.download })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: w.copy })).toBeInTheDocument();

    act(() => receive(hello));
    expect(screen.getByRole('status')).toHaveTextContent(w.succeeded);
    expect(screen.getByText(w.detected)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: w.succeeded })).toHaveTextContent('0.11.0');
  });

  it('says the installation failed after the time-out, with the download again; partially installed after it', () => {
    startDownload(ANA.id, 'windows', Date.now() - INSTALL_TIMEOUT_MS);
    renderStep(locale);
    const failed = screen.getByRole('region', { name: w.failed });
    expect(screen.getByRole('status')).toHaveTextContent(w.failed);
    expect(within(failed).getByRole('link', { name: w.again })).toHaveAttribute(
      'href',
      'https://downloads.example/tutti-windows',
    );
    expect(screen.queryByRole('link', { name: w.download })).not.toBeInTheDocument();

    act(() => {
      receive(hello);
      receive(driverError);
    });
    expect(screen.getByRole('status')).toHaveTextContent(w.partial);
    expect(screen.getByRole('region', { name: w.partial })).toHaveTextContent(w.driver);
  });
});
