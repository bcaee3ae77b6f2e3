import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@tutti/contract/accounts';
import { renderWithProviders } from '../../../../test/render';
import { initialNalsState } from '../../../lib/nals/nals-state';
import { nalsStore } from '../../../lib/nals/nals-store';
import { AudioMenu } from './audio-menu';
import { openConfigDialog, openLogsDialog, openNotInstalledDialog } from './dialogs';

vi.mock('./dialogs', () => ({ openConfigDialog: vi.fn(), openLogsDialog: vi.fn(), openNotInstalledDialog: vi.fn() }));
vi.mock('../../../lib/nals/server-config', () => ({
  useServerConfig: () => ({ data: { queueHost: 'ws://localhost:8083', nalsRefVersion: '0.11.0' } }),
}));
vi.mock('../../../lib/nals/launch', async (original) => ({
  ...(await original<typeof import('../../../lib/nals/launch')>()),
  openProtocolLink: vi.fn(),
}));

const user = { id: 'acc-1', nalsToken: 'tok_1', displayedUsername: 'ana' } as CurrentUser;
const connected = { isConnected: true, name: 'NALS', version: '0.11.0', hostname: 'studio', host: 'h' };

async function openMenu() {
  await userEvent
    .setup({ advanceTimers: vi.advanceTimersByTime })
    .click(screen.getByRole('button', { name: 'Audio configuration' }));
  return screen.findByRole('menu', { hidden: true });
}

/** Mantine hides a dropdown whose target has no layout box (happy-dom lays nothing out): query it as hidden. */
const item = (name: string) => screen.getByRole('menuitem', { name, hidden: true });
const noItem = (name: string) => screen.queryByRole('menuitem', { name, hidden: true });

describe('AudioMenu', () => {
  beforeEach(() => {
    // Real time still passes (Mantine's transitions); the launch's 2000 ms are advanced by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    nalsStore.setState(initialNalsState, true);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('shows the client status: disconnected, connected, error', () => {
    renderWithProviders(<AudioMenu user={user} />);
    expect(screen.getByRole('img', { name: 'Audio client: disconnected' })).toBeInTheDocument();
    act(() => nalsStore.setState(connected));
    expect(screen.getByRole('img', { name: 'Audio client: connected' })).toBeInTheDocument();
    act(() => nalsStore.setState({ hasError: true }));
    expect(screen.getByRole('img', { name: 'Audio client: error' })).toBeInTheDocument();
  });

  it('offers Configure only when the client is connected, and counts the logs', async () => {
    renderWithProviders(<AudioMenu user={user} />);
    await openMenu();
    expect(noItem('Configure')).not.toBeInTheDocument();
    expect(item('Stop')).toBeDisabled();
    expect(item('Download')).toHaveAttribute('href', '/download');

    act(() =>
      nalsStore.setState({
        ...connected,
        messages: [
          { timestamp: 1, code: 'A', isError: true },
          { timestamp: 2, code: 'B', isError: false },
        ],
      }),
    );
    expect(item('Logs 2 messages')).toBeInTheDocument();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(item('Configure'));
    expect(openConfigDialog).toHaveBeenCalled();
  });

  it('opens the logs', async () => {
    renderWithProviders(<AudioMenu user={user} />);
    await openMenu();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(item('Logs'));
    expect(openLogsDialog).toHaveBeenCalled();
  });

  it('launches nals:// and, when no hello comes within 2000 ms, says the client is not installed', async () => {
    const { openProtocolLink } = await import('../../../lib/nals/launch');
    renderWithProviders(<AudioMenu user={user} />);
    await openMenu();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(item('Start'));
    expect(openProtocolLink).toHaveBeenCalledWith('nals://start?token=tok_1&broker=ws%3A%2F%2Flocalhost%3A8083');
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(openNotInstalledDialog).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(openNotInstalledDialog).toHaveBeenCalledOnce();
  });
});
