import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { joinRehearsal, quitRehearsal } from '../../../lib/rehearsal-session';
import { initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore } from '../../../lib/nals/nals-store';
import { UpgradeBanner } from './upgrade-banner';

vi.mock('../../../lib/nals/server-config', () => ({ useServerConfig: () => ({ data: { nalsRefVersion: '0.12.0' } }) }));

const TEXT = 'A new version of the audio client is available';

describe('UpgradeBanner', () => {
  beforeEach(() =>
    nalsStore.setState({ ...initialNalsState, isConnected: true, version: '0.11.0', name: 'NALS' }, true),
  );
  afterEach(() => quitRehearsal());

  it('offers the reference version, downloads it with progress, upgrades, then offers the way back', async () => {
    renderWithProviders(<UpgradeBanner />);
    const ui = userEvent.setup();
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.getByText('Version 0.12.0 is ready for you; you have 0.11.0.')).toBeInTheDocument();
    // Nothing to restore before an upgrade.
    expect(screen.queryByRole('button', { name: 'Restore the previous version' })).not.toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Upgrade' }));
    // The commands themselves are the store's (nals-store.test.ts); here, what the banner shows.
    expect(nalsStore.getState().upgrade).toMatchObject({ phase: 'downloading', target: '0.12.0', from: '0.11.0' });
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();

    act(() => nalsStore.setState((s) => ({ upgrade: { ...s.upgrade, progress: 0.5 } })));
    expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute('aria-valuenow', '50');

    act(() =>
      nalsStore.setState((s) => ({
        isConnected: true,
        version: '0.12.0',
        upgrade: { ...s.upgrade, phase: 'upgraded' },
      })),
    );
    expect(screen.getByText('The audio client was upgraded to version 0.12.0.')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Restore the previous version' }));
    expect(nalsStore.getState().upgrade.phase).toBe('restoring');
    expect(screen.getByText(/Restoring the previous version/)).toBeInTheDocument();
  });

  it('shows an error code in an alert', () => {
    nalsStore.setState((s) => ({ upgrade: { ...s.upgrade, phase: 'failed', error: 'DOWNLOAD_FAILED' } }));
    renderWithProviders(<UpgradeBanner />);
    expect(screen.getByRole('alert')).toHaveTextContent('DOWNLOAD_FAILED');
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore the previous version' })).not.toBeInTheDocument();
  });

  it('is dismissible, and hidden during a session or when versions match', async () => {
    const { unmount } = renderWithProviders(<UpgradeBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    unmount();

    nalsStore.setState({ ...initialNalsState, isConnected: true, version: '0.11.0' }, true);
    joinRehearsal('session-1', 'open');
    const second = renderWithProviders(<UpgradeBanner />);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
    act(() => quitRehearsal());
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    second.unmount();

    nalsStore.setState({ version: '0.12.0' });
    renderWithProviders(<UpgradeBanner />);
    expect(screen.queryByText(TEXT)).not.toBeInTheDocument();
  });
});
