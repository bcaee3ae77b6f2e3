import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { markAppDownloaded } from '../api/app-downloaded';
import { EMPTY_PROGRESS, installProgressStore } from '../install-progress';
import { currentPlatformClues } from '../platform';
import { DownloadPage } from './download-page';

vi.mock('../../../lib/nals/server-config', () => ({ useServerConfig: () => ({ data: { nalsRefVersion: '0.11.0' } }) }));
vi.mock('../api/app-downloaded', () => ({ markAppDownloaded: vi.fn(async () => undefined) }));
vi.mock('../api/download-address', () => ({
  useDownloadAddress: (os: string) => ({ isPending: false, data: `https://downloads.example/tutti-${os}` }),
}));
vi.mock('../components/nals-releases', () => ({ NalsReleases: () => null }));
vi.mock('../components/token-card', () => ({ TokenCard: () => null }));
vi.mock('../platform', async (original) => ({
  ...(await original<typeof import('../platform')>()),
  currentPlatformClues: vi.fn(),
}));

const UA = {
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1',
};

describe('DownloadPage', () => {
  // The installation's states after a download: download-page-install.test.tsx.
  afterEach(() => {
    installProgressStore.setState(EMPTY_PROGRESS, true);
    vi.clearAllMocks();
  });

  it('puts the visitor’s system first, with its download, and the others after', async () => {
    vi.mocked(currentPlatformClues).mockReturnValue({ userAgent: UA.windows });
    renderWithProviders(<DownloadPage />);
    expect(document.title).toBe('Download | Tutti');
    expect(screen.getByRole('heading', { level: 1, name: 'Download the audio client' })).toBeInTheDocument();
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    const names = regions.map((id) => document.getElementById(id!)?.textContent);
    expect(names).toEqual(['Windows', 'Other systems', 'Linux', 'macOS']);

    const windows = within(screen.getByRole('region', { name: 'Windows' }));
    const button = windows.getByRole('link', { name: 'Download for Windows' });
    expect(button).toHaveAttribute('href', 'https://downloads.example/tutti-windows');
    button.addEventListener('click', (event) => event.preventDefault()); // no navigation in the test
    await userEvent.click(button);
    expect(markAppDownloaded).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: 'Unsupported device' })).not.toBeInTheDocument();
  });

  it('shows the unsupported-device panel to a phone, and every system after it', () => {
    vi.mocked(currentPlatformClues).mockReturnValue({ userAgent: UA.iphone });
    renderWithProviders(<DownloadPage />, { locale: 'fr' });
    expect(screen.getByRole('region', { name: 'Appareil non pris en charge' })).toBeInTheDocument();
    for (const system of ['Linux', 'Windows', 'macOS']) {
      expect(screen.getByRole('region', { name: system })).toBeInTheDocument();
    }
  });
});
